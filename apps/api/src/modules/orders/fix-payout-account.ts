import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { applicationEvents, applicationSteps, orderEvents, orders, payouts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { contractsFor } from '../application/application-context.ts';
import { validationError } from '../application/validation-error.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { samePayoutDestination, samePayoutDetails } from '../servicing/change-payout-account.ts';
import { decide, loadLoan, persistLoanOutcome } from '../servicing/loan-record.ts';
import type { OrdersContext } from './orders-context.ts';

/**
 * ST-04: after a failed payout the borrower enters a working account; the same order is paid out
 * again as a new attempt (a new idempotency key), never twice. VAL-07: the new account must differ
 * from the one that failed, payee names included (VAL-14: a name the provider refused is corrected
 * on the same account). The application's payout step is updated too, for later orders. The
 * new attempt's disbursement job is queued by the same transaction.
 *
 * Issue 7: the status change is the domain's `payout_account_fixed` event (applyOrderEvent),
 * persisted as every lifecycle event is (persistLoanOutcome: status and `order_events` row) in the
 * same transaction as the new attempt. A double tap (the same details again, once the first has
 * moved the order on) answers as the first did and writes nothing: the order row is locked while
 * deciding, so two taps at once are one event and one attempt.
 */
export async function fixPayoutAccount(
  ctx: Pick<OrdersContext, 'db' | 'clock' | 'payouts' | 'jobs'>,
  input: { customerId: string; orderId: string; body: unknown },
) {
  const { customerId, orderId, body } = input;
  const now = ctx.clock.now();
  const parsed = (await contractsFor(ctx.db, customerId, now)).bankInfo.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const destination = parsed.data as Record<string, unknown>;

  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(ownedBy(orders, customerId, eq(orders.id, orderId)))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND');
    const old = order.payoutDestination;
    if (order.status !== 'payout_failed') {
      // the double tap: the tap before took this very destination and moved the order on (its new
      // attempt may even have paid out already); a cancelled order takes nothing. Anything else,
      // a corrected payee name included, is not a repeat: the borrower waits for the attempt
      if (sameDetails(old, destination) && order.status !== 'cancelled' && (await fixedBefore(tx, order.id)))
        return;
      throw new AppError('PAYOUT_NOT_FAILED');
    }
    // VAL-07 with VAL-14: a corrected payee name on the same account is a new destination
    if (samePayoutDestination(old, destination)) {
      throw new AppError('PAYOUT_UNCHANGED', {
        status: 400,
        details: [{ field: 'account', code: 'PAYOUT_UNCHANGED' }],
      });
    }
    const [last] = await tx
      .select({ attempt: payouts.attempt })
      .from(payouts)
      .where(eq(payouts.orderId, order.id))
      .orderBy(desc(payouts.attempt))
      .limit(1);
    const found = (await loadLoan(tx, order.id))!;
    const decided = decide(found.loan, { type: 'payout_account_fixed', at: now });
    const attempt = (last?.attempt ?? 0) + 1;
    await persistLoanOutcome(tx, found.order, decided, now, { by: 'borrower', attempt });
    await tx
      .update(orders)
      .set({ payoutDestination: destination, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx.insert(payouts).values({
      id: randomUUID(),
      orderId: order.id,
      attempt,
      provider: ctx.payouts.name,
      state: 'pending',
      amount: order.netProceeds,
      destination,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(applicationSteps)
      .set({ data: destination, updatedAt: now })
      .where(
        and(eq(applicationSteps.applicationId, order.applicationId), eq(applicationSteps.step, 'bankInfo')),
      );
    await tx.insert(applicationEvents).values({
      id: randomUUID(),
      applicationId: order.applicationId,
      type: 'payout_account_changed',
      step: 'bankInfo',
      at: now,
      detail: { orderId: order.id },
    });
    await ctx.jobs.sendInTx(tx, JOBS.disburseOrder, { orderId: order.id }, { singletonKey: order.id });
  });
}

/**
 * The same details field for field (what was parsed from the borrower's form, as stored; a blank
 * field the same as one left out): only a repeat of exactly the submit that moved the order on is
 * answered as a double tap.
 */
function sameDetails(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return samePayoutDetails(a, b, [...new Set([...Object.keys(a), ...Object.keys(b)])]);
}

/** Whether the order was ever given a new payout account (its `payout_account_fixed` event). */
async function fixedBefore(tx: Tx, orderId: string): Promise<boolean> {
  const [event] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, 'payout_account_fixed')))
    .limit(1);
  return !!event;
}
