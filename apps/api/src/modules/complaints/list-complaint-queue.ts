import { asc, count, desc, eq, ne, sql, and, lt } from 'drizzle-orm';
import { manilaDate, type ConsoleComplaintList } from '@pisonow/domain';
import { complaints, customers } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import { consoleComplaintItem } from './complaint-view.ts';
import type { ComplaintsContext } from './complaints-context.ts';

/**
 * GET /api/console/complaints (BE-11): the complaint queue. Unresolved complaints first, the nearest
 * promised date first (overdue ones at the top), then resolved ones newest first; each with its days
 * left and an overdue flag. Borrowers' words and phone numbers are personal data: one audit entry
 * per view.
 */
export async function listComplaintQueue(
  ctx: ComplaintsContext,
  input: { actor: Actor; limit: number },
): Promise<ConsoleComplaintList> {
  const now = ctx.clock.now();
  const resolved = sql`(${complaints.status} = 'resolved')`;
  const rows = await ctx.db
    .select({ c: complaints, phone: customers.phone })
    .from(complaints)
    .innerJoin(customers, eq(customers.id, complaints.customerId))
    .orderBy(
      asc(resolved),
      sql`case when ${complaints.status} = 'resolved' then null else ${complaints.resolveBy} end asc nulls last`,
      desc(complaints.updatedAt),
      asc(complaints.ticketNumber),
    )
    .limit(input.limit);
  const [open] = await ctx.db
    .select({ n: count() })
    .from(complaints)
    .where(ne(complaints.status, 'resolved'));
  const [late] = await ctx.db
    .select({ n: count() })
    .from(complaints)
    .where(and(ne(complaints.status, 'resolved'), lt(complaints.resolveBy, manilaDate(now))));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'complaint.list',
    targetType: 'complaint',
    detail: { shown: rows.length },
  });
  return {
    items: rows.map((r) => consoleComplaintItem(r.c, r.phone, now)),
    open: Number(open?.n ?? 0),
    overdue: Number(late?.n ?? 0),
  };
}
