import { eq } from 'drizzle-orm';
import {
  complaintNoticeText,
  type ConsoleComplaintItem,
  type ConsoleComplaintProgress,
} from '@pisonow/domain';
import { complaints, customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import { recordMessage } from '../messages/record-message.ts';
import { consoleComplaintItem } from './complaint-view.ts';
import type { ComplaintsContext } from './complaints-context.ts';

/**
 * POST /api/console/complaints/:complaintId/progress (BE-11): an operator marks a complaint in
 * progress (with an optional note to the borrower) or resolved (with the answer, required). In one
 * transaction: the change, its audit entry (before and after), and a message to the borrower in the
 * message centre, rendered in whatever language they read it in. A resolved complaint is closed:
 * changing it again is refused (COMPLAINT_CLOSED), audited as such.
 */
export async function progressComplaint(
  ctx: ComplaintsContext,
  input: { actor: Actor; complaintId: string; request: ConsoleComplaintProgress },
): Promise<ConsoleComplaintItem> {
  type Outcome = { item: ConsoleComplaintItem } | { error: 'NOT_FOUND' | 'COMPLAINT_CLOSED' };
  const result = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const [row] = await tx
      .select({ c: complaints, phone: customers.phone })
      .from(complaints)
      .innerJoin(customers, eq(customers.id, complaints.customerId))
      .where(eq(complaints.id, input.complaintId))
      .for('update');
    const audit = { action: 'complaint.progress', targetType: 'complaint', targetId: input.complaintId };
    if (!row) {
      await recordAudit(tx, ctx.clock, input.actor, { ...audit, outcome: 'not_found' });
      return { error: 'NOT_FOUND' };
    }
    const before = { status: row.c.status, response: row.c.response };
    if (row.c.status === 'resolved') {
      await recordAudit(tx, ctx.clock, input.actor, { ...audit, outcome: 'denied', before });
      return { error: 'COMPLAINT_CLOSED' };
    }
    const { status } = input.request;
    const response = input.request.response?.length ? input.request.response : null;
    const [updated] = await tx
      .update(complaints)
      .set({
        status,
        response: response ?? row.c.response,
        respondedBy: input.actor.operatorId,
        updatedAt: now,
        resolvedAt: status === 'resolved' ? now : null,
      })
      .where(eq(complaints.id, input.complaintId))
      .returning();
    await recordAudit(tx, ctx.clock, input.actor, {
      ...audit,
      before,
      after: { status: updated!.status, response: updated!.response },
      detail: { ticketNumber: row.c.ticketNumber },
    });
    // the borrower hears of every change of status, and of every note written to them
    if (before.status !== status || response) {
      await recordMessage(tx, {
        customerId: row.c.customerId,
        event: 'operator_notice',
        kind: 'notify',
        params: { text: complaintNoticeText(status, row.c.ticketNumber, response) },
        dedupeKey: `complaint:${row.c.id}:${status}:${now.getTime()}`,
        at: now,
      });
    }
    return { item: consoleComplaintItem(updated!, row.phone, now) };
  });
  if (!('item' in result)) throw new AppError(result.error);
  return result.item;
}
