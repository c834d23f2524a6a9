import { and, eq } from 'drizzle-orm';
import type { UnmatchedUndoResponse } from '@pisonow/domain';
import { operators, repayments, suspenseResolutions, unmatchedResolutions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import type { Actor } from './audit.ts';
import { findUnmatched } from './unmatched-money.ts';
import { auditedAction, type MoneyContext } from './money-context.ts';

/**
 * POST /api/console/money/unmatched/:unmatchedId/undo (BE-05): an assignment of money naming no
 * borrower made by mistake (a wrong phone number typed) is undone, so the money is not that
 * borrower's any more and can be assigned to the one who paid. Only while the held money it became
 * is untouched: once applied to the loan or refunded (even a refund not yet sent) it is refused
 * (409 UNMATCHED_HELD_MONEY_RESOLVED), since money has moved on that borrower's loan or towards
 * their account and is put right from there.
 *
 * One transaction: one balanced ledger move back, from suspense on the borrower's loan to the
 * suspense line that names nobody; the held repayment closed as `expired` (an attempt that brought
 * no money to this loan: it leaves the suspense queue, Apply and Refund refuse it, and the
 * borrower's records no longer list it, see repayment-view.ts); the assignment kept with who undid
 * it, when and why, so the unmatched list shows its history. The request names the assignment by
 * the held repayment it made, so a late duplicate never undoes a later assignment: the same
 * request again answers what was done.
 */
export async function undoUnmatchedAssignment(
  ctx: MoneyContext,
  input: { actor: Actor; unmatchedId: string; repaymentId: string; reason: string },
): Promise<UnmatchedUndoResponse> {
  const now = ctx.clock.now();
  const what = {
    action: 'money.unmatched.undo',
    targetType: 'unmatched_payment',
    targetId: input.unmatchedId,
  };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    // the same row the assignment queues on: an undo and a new assignment never interleave
    const { hook } = await findUnmatched(tx, input.unmatchedId, { lock: true });
    const [assigned] = await tx
      .select()
      .from(unmatchedResolutions)
      .where(
        and(
          eq(unmatchedResolutions.webhookId, hook.id),
          eq(unmatchedResolutions.repaymentId, input.repaymentId),
        ),
      );
    if (!assigned) throw new AppError('NOT_FOUND');
    if (assigned.undoneAt && assigned.undoneBy) {
      const [by] = await tx
        .select({ email: operators.email })
        .from(operators)
        .where(eq(operators.id, assigned.undoneBy));
      return {
        result: view(hook.id, assigned, by?.email ?? '', assigned.undoneAt),
        audit: { replayed: true, detail: { reason: input.reason } },
      };
    }
    // the lock Apply and Refund take (lockHeld): whichever comes first wins, the other is refused
    const [held] = await tx
      .select()
      .from(repayments)
      .where(eq(repayments.id, assigned.repaymentId))
      .for('update');
    const [resolved] = await tx
      .select({ action: suspenseResolutions.action })
      .from(suspenseResolutions)
      .where(eq(suspenseResolutions.repaymentId, assigned.repaymentId));
    if (!held || held.state !== 'held' || resolved) throw new AppError('UNMATCHED_HELD_MONEY_RESOLVED');

    await postLedgerTransaction(tx, {
      kind: 'suspense_unassigned',
      idempotencyKey: `suspense-unassigned:${hook.id}:${assigned.repaymentId}`,
      customerId: assigned.customerId,
      orderId: assigned.orderId,
      reference: assigned.repaymentId,
      entries: [
        { account: 'suspense', amount: assigned.amount },
        { account: 'suspense', amount: -assigned.amount, customerId: null, orderId: null },
      ],
      at: now,
    });
    await tx
      .update(repayments)
      .set({ state: 'expired', updatedAt: now })
      .where(eq(repayments.id, assigned.repaymentId));
    await tx
      .update(unmatchedResolutions)
      .set({ undoneAt: now, undoneBy: input.actor.operatorId!, undoReason: input.reason })
      .where(eq(unmatchedResolutions.id, assigned.id));
    const [me] = await tx
      .select({ email: operators.email })
      .from(operators)
      .where(eq(operators.id, input.actor.operatorId!));
    return {
      result: view(hook.id, assigned, me?.email ?? '', now),
      audit: {
        before: { action: 'assigned', customerId: assigned.customerId, repaymentState: held.state },
        after: { action: 'undone', repaymentState: 'expired' },
        detail: {
          reason: input.reason,
          amount: assigned.amount.toString(),
          customerId: assigned.customerId,
          orderId: assigned.orderId,
          repaymentId: assigned.repaymentId,
        },
      },
    };
  });
}

function view(
  id: string,
  r: { customerId: string; orderId: string; repaymentId: string; amount: bigint },
  by: string,
  at: Date,
): UnmatchedUndoResponse {
  return {
    id,
    customerId: r.customerId,
    orderId: r.orderId,
    repaymentId: r.repaymentId,
    amount: r.amount.toString(),
    undoneBy: by,
    undoneAt: at.toISOString(),
  };
}
