import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ConsoleFeedbackItem, ConsoleFeedbackList } from '@pisonow/domain';
import { customers, feedback } from '../../db/schema/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';

type FeedbackRow = typeof feedback.$inferSelect;
export const feedbackItem = (f: FeedbackRow, phone: string): ConsoleFeedbackItem => ({
  id: f.id,
  customerId: f.customerId,
  phone,
  body: f.body,
  locale: f.locale,
  createdAt: f.createdAt.toISOString(),
  handledAt: f.handledAt?.toISOString() ?? null,
  handledBy: f.handledBy,
  handlingNote: f.handlingNote,
});

export async function feedbackWithPhone(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ f: feedback, phone: customers.phone })
    .from(feedback)
    .innerJoin(customers, eq(customers.id, feedback.customerId))
    .where(eq(feedback.id, id));
  return row;
}

/**
 * GET /api/console/feedback (BE-08, VAL-11): the feedback queue, open items oldest first (the one
 * waiting longest comes first), handled ones newest first. Borrowers' words and phone numbers are
 * personal data: one audit entry per view.
 */
export async function listFeedback(
  ctx: ConsoleContext,
  input: { actor: Actor; status: 'open' | 'handled'; limit: number },
): Promise<ConsoleFeedbackList> {
  const open = input.status === 'open';
  const rows = await ctx.db
    .select({ f: feedback, phone: customers.phone })
    .from(feedback)
    .innerJoin(customers, eq(customers.id, feedback.customerId))
    .where(open ? isNull(feedback.handledAt) : isNotNull(feedback.handledAt))
    .orderBy(open ? asc(feedback.createdAt) : desc(feedback.handledAt))
    .limit(input.limit);
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(feedback)
    .where(and(isNull(feedback.handledAt)));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'feedback.list',
    targetType: 'feedback',
    detail: { status: input.status, shown: rows.length },
  });
  return { items: rows.map((r) => feedbackItem(r.f, r.phone)), open: Number(waiting?.n ?? 0) };
}
