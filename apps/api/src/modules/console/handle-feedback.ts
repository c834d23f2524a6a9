import { and, eq, isNull } from 'drizzle-orm';
import type { ConsoleFeedbackItem } from '@pisonow/domain';
import { feedback } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { feedbackItem, feedbackWithPhone } from './list-feedback.ts';

/**
 * POST /api/console/feedback/:feedbackId/handle (BE-08): marks one piece of feedback dealt with,
 * with a note. Handled once: a second submit (a double click, or another operator at the same time)
 * changes nothing and gets the first handling back. Audited with before and after, in the same
 * transaction as the change.
 */
export async function handleFeedback(
  ctx: ConsoleContext,
  input: { actor: Actor; feedbackId: string; note: string },
): Promise<ConsoleFeedbackItem> {
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const changed = await tx
      .update(feedback)
      .set({ handledAt: now, handledBy: input.actor.operatorId, handlingNote: input.note })
      .where(and(eq(feedback.id, input.feedbackId), isNull(feedback.handledAt)))
      .returning({ id: feedback.id });
    const row = await feedbackWithPhone(tx, input.feedbackId);
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'feedback.handle',
      targetType: 'feedback',
      targetId: input.feedbackId,
      outcome: row ? 'ok' : 'not_found',
      before: row ? { handledAt: changed.length ? null : (row.f.handledAt?.toISOString() ?? null) } : null,
      after: row
        ? { handledAt: row.f.handledAt?.toISOString() ?? null, handlingNote: row.f.handlingNote }
        : null,
      detail: { alreadyHandled: row ? changed.length === 0 : null },
    });
    return row ? feedbackItem(row.f, row.phone) : null;
  });
  if (!result) throw new AppError('NOT_FOUND');
  return result;
}
