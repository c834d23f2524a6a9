import { and, eq, isNull } from 'drizzle-orm';
import { addDays, manilaDate, type ConsoleDisputeView, type ResolveDisputeRequest } from '@pisonow/domain';
import { loanChargePauses, paymentDisputes, repayments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordMessage } from '../messages/record-message.ts';
import type { Actor } from './audit.ts';
import type { DisputesContext } from './disputes-context.ts';
import { consoleDisputeViews, selectDisputes } from './list-disputes.ts';
import { auditedAction } from './money-context.ts';
import { applyHeldRepayment } from './suspense.ts';

/**
 * POST /api/console/disputes/:disputeId/resolve (BE-10), finance. Matched: the borrower's money
 * held in suspense is applied to the loan as of the payer's paid-at time (the suspense queue's own
 * Apply, in this transaction). Rejected: with one of the closed reasons, which the borrower reads
 * in their language. Either way the charge pause ends after today (the day of the decision is
 * still paused) and the borrower is told in the message centre; the dispute, the pause, the money
 * and the message commit together with one audit entry, or nothing does.
 */
export async function resolveDispute(
  ctx: DisputesContext,
  input: { actor: Actor; disputeId: string; request: ResolveDisputeRequest },
): Promise<ConsoleDisputeView> {
  const now = ctx.clock.now();
  const today = manilaDate(now);
  const { request } = input;
  const what = { action: 'dispute.resolve', targetType: 'payment_dispute', targetId: input.disputeId };
  await auditedAction(ctx, input.actor, what, async (tx) => {
    const [dispute] = await tx
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.id, input.disputeId))
      .for('update');
    if (!dispute) throw new AppError('NOT_FOUND');
    // a second submit of the same decision (double click, retry) is answered as done
    if (dispute.status === request.outcome)
      return { result: null, audit: { replayed: true, detail: { orderId: dispute.orderId } } };
    if (dispute.status !== 'open') throw new AppError('DISPUTE_ALREADY_RESOLVED');
    let applied: { amount: bigint } | null = null;
    if (request.outcome === 'matched') {
      // only this borrower's money can settle this borrower's dispute
      const [held] = await tx
        .select({ customerId: repayments.customerId })
        .from(repayments)
        .where(eq(repayments.id, request.repaymentId));
      if (!held || held.customerId !== dispute.customerId) throw new AppError('NOT_FOUND');
      const { result } = await applyHeldRepayment(tx, {
        actor: input.actor,
        repaymentId: request.repaymentId,
        purpose: request.purpose,
        reason: `dispute ${dispute.id}: ${request.note}`,
        now,
        log: ctx.log,
      });
      applied = { amount: BigInt(result.amount) };
    }
    await tx
      .update(paymentDisputes)
      .set({
        status: request.outcome,
        rejectionReason: request.outcome === 'rejected' ? request.reason : null,
        repaymentId: request.outcome === 'matched' ? request.repaymentId : null,
        note: request.note,
        resolvedBy: input.actor.operatorId,
        resolvedAt: now,
      })
      .where(eq(paymentDisputes.id, dispute.id));
    await tx
      .update(loanChargePauses)
      .set({ untilDate: addDays(today, 1), endedAt: now })
      .where(and(eq(loanChargePauses.disputeId, dispute.id), isNull(loanChargePauses.untilDate)));
    await recordMessage(tx, {
      customerId: dispute.customerId,
      orderId: dispute.orderId,
      event: request.outcome === 'matched' ? 'payment_dispute_matched' : 'payment_dispute_rejected',
      params:
        request.outcome === 'matched'
          ? { amount: (applied?.amount ?? dispute.amount).toString() }
          : { reason: request.reason },
      dedupeKey: `dispute:${dispute.id}`,
      at: now,
    });
    return {
      result: null,
      audit: {
        before: { status: 'open' },
        after: { status: request.outcome },
        detail: {
          orderId: dispute.orderId,
          note: request.note,
          ...(request.outcome === 'matched'
            ? { repaymentId: request.repaymentId, purpose: request.purpose }
            : { reason: request.reason }),
        },
      },
    };
  });
  const rows = await selectDisputes(ctx).where(eq(paymentDisputes.id, input.disputeId));
  return (await consoleDisputeViews(ctx, rows))[0]!;
}
