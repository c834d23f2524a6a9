import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import {
  SERVICING_STATUSES,
  cashPaidOn,
  type PayoutActionResponse,
  type PayoutQueueResponse,
  type PayoutUnwindResponse,
} from '@pisonow/domain';
import {
  ledgerTransactions,
  orders,
  paymentDisputes,
  payouts,
  refunds,
  repayments,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { decide, loadLoan, persistLoanOutcome } from '../servicing/loan-record.ts';
import { recordAutomaticReloanPayout } from '../easy-reloan/easy-reloan-record.ts';
import { recordAudit, type Actor } from './audit.ts';
import { auditedAction, destinationSummary, type MoneyContext } from './money-context.ts';
import { heldMoney } from './suspense.ts';

/** An attempt whose money is not with the borrower: refused, or paid and bounced back (undone). */
const PAYOUT_CAME_BACK: readonly string[] = ['failed', 'reversed'];

/**
 * GET /api/console/money/payouts: what finance must look at (BE-05, ST-04): orders whose latest
 * payout attempt failed, attempts the provider accepted but has not confirmed for too long, and
 * transfers that came back after the borrower had already paid something (the loan could not be
 * undone by itself; the returned money is held in suspense against the order).
 */
export async function listPayoutQueue(
  ctx: MoneyContext,
  input: { actor: Actor },
): Promise<PayoutQueueResponse> {
  const stuckBefore = new Date(ctx.clock.now().getTime() - ctx.payoutStuckMinutes * 60_000);
  const rows = await ctx.db
    .select({ payout: payouts, orderStatus: orders.status, customerId: orders.customerId })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .where(
      or(
        // failed, or bounced back and undone: the order waits for a new account (or is cancelled)
        and(inArray(payouts.state, PAYOUT_CAME_BACK), eq(orders.status, 'payout_failed')),
        and(eq(payouts.state, 'accepted'), lt(payouts.updatedAt, stuckBefore)),
        // came back after the borrower had paid something: the money waits in suspense for finance
        // (until finance undoes the loan: it ends cancelled, and leaves the queue)
        and(eq(payouts.state, 'reversed'), inArray(orders.status, [...SERVICING_STATUSES, 'settled'])),
      ),
    )
    .orderBy(desc(payouts.updatedAt))
    .limit(500);
  // a failed attempt matters only while it is the order's latest
  const latest = new Map<string, number>();
  if (rows.length > 0) {
    const all = await ctx.db
      .select({ orderId: payouts.orderId, attempt: payouts.attempt })
      .from(payouts)
      .where(inArray(payouts.orderId, [...new Set(rows.map((r) => r.payout.orderId))]));
    for (const a of all) latest.set(a.orderId, Math.max(latest.get(a.orderId) ?? 0, a.attempt));
  }
  const items = rows
    .filter((r) => r.payout.attempt === latest.get(r.payout.orderId))
    .map((r) => ({
      orderId: r.payout.orderId,
      customerId: r.customerId,
      orderStatus: r.orderStatus,
      payoutId: r.payout.id,
      attempt: r.payout.attempt,
      state: r.payout.state,
      amount: r.payout.amount.toString(),
      failureCode: r.payout.failureCode,
      destination: destinationSummary(r.payout.destination),
      createdAt: r.payout.createdAt.toISOString(),
      updatedAt: r.payout.updatedAt.toISOString(),
    }));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'money.payouts.view',
    targetType: 'queue',
    detail: { count: items.length },
  });
  return { stuckAfterMinutes: ctx.payoutStuckMinutes, payouts: items };
}

async function attemptsOf(tx: Tx, orderId: string) {
  return tx.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(desc(payouts.attempt));
}

function view(
  order: { id: string; status: string },
  payout: typeof payouts.$inferSelect,
): PayoutActionResponse {
  return {
    orderId: order.id,
    orderStatus: order.status,
    payoutId: payout.id,
    attempt: payout.attempt,
    payoutState: payout.state,
  };
}

/**
 * POST /api/console/money/payouts/:orderId/retry: pays a failed order out again, to the same
 * account, as a NEW attempt (a new provider idempotency key) through the automatic path: the order
 * takes `payout_account_fixed` back to disbursing and the disbursement job is queued in the same
 * transaction, then run at once. Naturally idempotent: the request names the failed attempt, and a
 * second submit finds a newer attempt and answers with it.
 */
export async function retryPayout(
  ctx: MoneyContext,
  input: { actor: Actor; orderId: string; payoutId: string; reason: string },
): Promise<PayoutActionResponse> {
  const now = ctx.clock.now();
  const what = { action: 'money.payout.retry', targetType: 'order', targetId: input.orderId };
  const outcome = await auditedAction(ctx, input.actor, what, async (tx) => {
    const found = await loadLoan(tx, input.orderId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    const attempts = await attemptsOf(tx, input.orderId);
    const failed = attempts.find((p) => p.id === input.payoutId);
    if (!failed) throw new AppError('NOT_FOUND');
    const latest = attempts[0]!;
    if (latest.attempt > failed.attempt)
      return {
        result: { response: view(found.order, latest), replayed: true },
        audit: { replayed: true, detail: { payoutId: latest.id, reason: input.reason } },
      };
    if (found.order.status !== 'payout_failed' || !PAYOUT_CAME_BACK.includes(failed.state))
      throw new AppError('PAYOUT_NOT_FAILED');
    const decided = decide(found.loan, { type: 'payout_account_fixed', at: now });
    const retry = {
      id: randomUUID(),
      orderId: found.order.id,
      attempt: failed.attempt + 1,
      provider: ctx.payouts.name,
      state: 'pending',
      amount: found.order.netProceeds,
      destination: found.order.payoutDestination,
      providerPayoutId: null,
      failureCode: null,
      claimCode: null,
      reference: null,
      createdAt: now,
      updatedAt: now,
    };
    await tx.insert(payouts).values(retry);
    await persistLoanOutcome(tx, found.order, decided, now, {
      by: 'console',
      operatorId: input.actor.operatorId,
      retryOf: failed.id,
    });
    await ctx.jobs.sendInTx(
      tx,
      JOBS.disburseOrder,
      { orderId: found.order.id },
      { singletonKey: found.order.id },
    );
    return {
      result: { response: view({ id: found.order.id, status: decided.status }, retry), replayed: false },
      audit: {
        before: { orderStatus: found.order.status, payoutId: failed.id, failureCode: failed.failureCode },
        after: { orderStatus: decided.status, payoutId: retry.id, attempt: retry.attempt },
        detail: { reason: input.reason },
      },
    };
  });
  if (outcome.replayed) return outcome.response;
  // the job is queued; sending now gives finance the provider's answer on the spot (the attempt id
  // is the provider's idempotency key, so the job sending it again cannot pay twice)
  try {
    await disburseOrder(ctx, { orderId: input.orderId });
  } catch (error) {
    ctx.log.warn(
      { orderId: input.orderId, err: error },
      'console payout retry: the send will be retried by the job',
    );
  }
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, outcome.response.payoutId));
  return view(order!, payout!);
}

/**
 * POST /api/console/money/payouts/:orderId/cancel: a failed order is not paid out after all (the
 * borrower asked, or the account cannot be fixed). Only a failed order: an attempt still at the
 * provider could yet pay out. The borrower is told, as with every change of their loan (EN-08).
 * Naturally idempotent: a cancelled order stays cancelled.
 */
export async function cancelPayout(
  ctx: MoneyContext,
  input: { actor: Actor; orderId: string; payoutId: string; reason: string },
): Promise<PayoutActionResponse> {
  const now = ctx.clock.now();
  const what = { action: 'money.payout.cancel', targetType: 'order', targetId: input.orderId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const found = await loadLoan(tx, input.orderId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    const attempts = await attemptsOf(tx, input.orderId);
    const failed = attempts.find((p) => p.id === input.payoutId);
    if (!failed) throw new AppError('NOT_FOUND');
    if (found.order.status === 'cancelled' && attempts[0]!.id === failed.id)
      return {
        result: view(found.order, failed),
        audit: { replayed: true, detail: { reason: input.reason } },
      };
    if (
      found.order.status !== 'payout_failed' ||
      attempts[0]!.id !== failed.id ||
      !PAYOUT_CAME_BACK.includes(failed.state)
    )
      throw new AppError('PAYOUT_NOT_FAILED');
    const decided = decide(found.loan, { type: 'cancelled_by_operator', at: now });
    await persistLoanOutcome(tx, found.order, decided, now, {
      by: 'console',
      operatorId: input.actor.operatorId,
      payoutId: failed.id,
    });
    // ST-09: an automatic re-loan cancelled unpaid breaks the ladder (once per order: its failure
    // usually did already)
    await recordAutomaticReloanPayout(tx, {
      orderId: found.order.id,
      customerId: found.order.customerId,
      now,
      paidOut: false,
    });
    return {
      result: view({ id: found.order.id, status: decided.status }, failed),
      audit: {
        before: { orderStatus: found.order.status },
        after: { orderStatus: decided.status },
        detail: { reason: input.reason, payoutId: failed.id },
      },
    };
  });
}

/**
 * POST /api/console/money/payouts/:orderId/unwind: a paid-out transfer came back after the
 * borrower had paid something, so the loan could not be undone by itself and the returned net
 * proceeds wait in suspense (payout_reversed). The borrower never had the money: finance undoes
 * the loan (the pure payout_reversal_unwound event: it ends cancelled, nothing owed, its income
 * and coupons taken back, the proceeds released from suspense) and every payment the borrower made
 * on it becomes a refund to execute (refunds payable), one per payment, in the same transaction.
 * The borrower is told. Naturally idempotent: the request names the attempt that came back, and a
 * second submit finds the loan already undone and answers the same.
 */
export async function unwindReversedPayout(
  ctx: MoneyContext,
  input: { actor: Actor; orderId: string; payoutId: string; reason: string },
): Promise<PayoutUnwindResponse> {
  const now = ctx.clock.now();
  const what = { action: 'money.payout.unwind', targetType: 'order', targetId: input.orderId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const found = await loadLoan(tx, input.orderId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    const attempts = await attemptsOf(tx, input.orderId);
    const returned = attempts.find((p) => p.id === input.payoutId);
    if (!returned) throw new AppError('NOT_FOUND');
    const answer = (status: string, refunded: bigint, refundIds: string[]): PayoutUnwindResponse => ({
      ...view({ id: found.order.id, status }, returned),
      refunded: refunded.toString(),
      refundIds,
    });
    const unwindKey = `unwound:${returned.id}`;
    const [done] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, unwindKey));
    if (done) {
      const made = await tx
        .select({ id: refunds.id, amount: refunds.amount })
        .from(refunds)
        .innerJoin(repayments, eq(repayments.id, refunds.repaymentId))
        .where(and(eq(refunds.orderId, found.order.id), eq(refunds.reason, 'payout_returned')))
        // the payments' order, as the first answer listed them
        .orderBy(asc(repayments.createdAt), asc(repayments.id));
      return {
        result: answer(
          found.order.status,
          made.reduce((s, r) => s + r.amount, 0n),
          made.map((r) => r.id),
        ),
        audit: { replayed: true, detail: { reason: input.reason, payoutId: returned.id } },
      };
    }
    // only the order's latest attempt, bounced back, with its proceeds held (not undone by itself)
    const [held] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `suspense:payout-reversed:${returned.id}`));
    if (returned.state !== 'reversed' || attempts[0]!.id !== returned.id || !held)
      throw new AppError('PAYOUT_REVERSAL_NOT_HELD');
    // a payment the borrower reported and support has not decided yet (BE-10) is decided first, as
    // before a write-off: matched, it is one of the payments refunded; undone, the loan could no
    // longer take it, and a rejection would tell the borrower that late charges run again
    const [disputed] = await tx
      .select({ id: paymentDisputes.id })
      .from(paymentDisputes)
      .where(and(eq(paymentDisputes.orderId, found.order.id), eq(paymentDisputes.status, 'open')));
    if (disputed) throw new AppError('PAYOUT_REVERSAL_DISPUTE_OPEN');
    const decided = decide(found.loan, { type: 'payout_reversal_unwound', payoutId: returned.id, at: now });
    // what the loan's history says was paid in cash must be what the payments recorded brought
    const payments = await tx
      .select()
      .from(repayments)
      .where(and(eq(repayments.orderId, found.order.id), eq(repayments.state, 'paid')))
      .orderBy(asc(repayments.createdAt), asc(repayments.id));
    const paid = cashPaidOn(found.loan);
    const brought = payments.map((r) => ({ repayment: r, amount: heldMoney(r).amount }));
    if (brought.reduce((s, p) => s + p.amount, 0n) !== paid)
      throw new AppError('PAYOUT_REVERSAL_PAYMENTS_MISMATCH');
    await persistLoanOutcome(tx, found.order, decided, now, {
      by: 'console',
      operatorId: input.actor.operatorId,
      payoutId: returned.id,
      refunded: paid.toString(),
    });
    // ST-09: an automatic re-loan undone breaks the streak, as one cancelled unpaid does (the reward
    // coupon its payout granted stays with the borrower: taking a granted coupon back is not done)
    await recordAutomaticReloanPayout(tx, {
      orderId: found.order.id,
      customerId: found.order.customerId,
      now,
      paidOut: false,
    });
    // the refunds finance executes: to the borrower's payout account on the order (the one that
    // bounced: the console asks finance to confirm the account with the borrower first, and can
    // send a refund to the borrower's current account instead, suspense.ts useCurrentRefundAccount)
    const refundIds: string[] = [];
    for (const { repayment, amount } of brought) {
      const id = randomUUID();
      refundIds.push(id);
      await tx.insert(refunds).values({
        id,
        repaymentId: repayment.id,
        orderId: found.order.id,
        customerId: found.order.customerId,
        amount,
        reason: 'payout_returned',
        destination: found.order.payoutDestination,
        state: 'to_execute',
        decidedBy: input.actor.operatorId!,
        createdAt: now,
      });
      await tx
        .update(repayments)
        .set({ state: 'refunded', updatedAt: now })
        .where(eq(repayments.id, repayment.id));
    }
    return {
      result: answer(decided.status, paid, refundIds),
      audit: {
        before: { orderStatus: found.order.status, payoutId: returned.id },
        after: { orderStatus: decided.status, refunded: paid.toString(), refundIds },
        detail: { reason: input.reason },
      },
    };
  });
}
