import { desc, eq } from 'drizzle-orm';
import { orders, payouts } from '../../db/schema/index.ts';
import { PayoutSendError } from '../../providers/payout/payout-provider.ts';
import { amlHold } from '../aml/screen-customer.ts';
import { applyPayoutResult } from './apply-payout-result.ts';
import type { OrdersContext } from './orders-context.ts';

/**
 * The disbursement job (BE-05, ST-04, BE-14): sends the latest pending payout attempt of an order,
 * unless an AML possible match on the borrower is open. The send
 * happens outside any database transaction, with the attempt id as the provider's idempotency key,
 * so running the job twice (or after a crash between send and record) never pays twice.
 */
export async function disburseOrder(
  ctx: Pick<OrdersContext, 'db' | 'clock' | 'log' | 'payouts'>,
  input: {
    orderId: string;
    /** the minute sweep: a payout still held says so once (from its job), not every minute */
    sweep?: boolean;
  },
): Promise<string> {
  const { orderId } = input;
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'disbursing') return 'not-disbursing';
  const [payout] = await ctx.db
    .select()
    .from(payouts)
    .where(eq(payouts.orderId, orderId))
    .orderBy(desc(payouts.attempt))
    .limit(1);
  if (!payout || payout.state !== 'pending') return `attempt-${payout?.state ?? 'missing'}`;
  // BE-14: a list re-imported after the order was booked may name the borrower; no money leaves
  // while the possible match is open. The attempt stays pending: the minute sweep sends it once the
  // AML queue clears the match (a confirmed match keeps it held, for the STR and the authorities).
  if (await amlHold(ctx.db, order.customerId)) {
    ctx.log[input.sweep ? 'debug' : 'warn'](
      { orderId, payoutId: payout.id },
      'payout held: AML screening match under review',
    );
    return 'aml-hold';
  }
  const d = payout.destination as Record<string, string | undefined>;
  try {
    const result = await ctx.payouts.send({
      idempotencyKey: payout.id,
      referenceId: payout.id,
      channel: d.channel as 'bank' | 'ewallet' | 'remittance',
      providerCode: String(d.providerCode),
      accountNumber: d.account,
      accountHolderName: [d.payeeFirstName, d.payeeMiddleName, d.payeeLastName].filter(Boolean).join(' '),
      amount: payout.amount,
      description: `Loan proceeds ${order.id.slice(0, 8)}`,
    });
    await applyPayoutResult(ctx, {
      payoutId: payout.id,
      outcome: {
        state: result.state,
        providerPayoutId: result.providerPayoutId,
        failureCode: result.failureCode,
        claimCode: result.claimCode,
      },
    });
    return result.state;
  } catch (error) {
    if (error instanceof PayoutSendError && !error.retryable) {
      ctx.log.warn({ orderId, payoutId: payout.id, err: error }, 'payout refused by the provider');
      await applyPayoutResult(ctx, {
        payoutId: payout.id,
        outcome: { state: 'failed', failureCode: 'PROVIDER_REFUSED' },
      });
      return 'failed';
    }
    throw error; // retryable: the job queue tries again with backoff
  }
}

/**
 * The minute sweep: every order still disbursing is driven again (disburseOrder sends only a
 * pending attempt, so an order already paid or waiting on the provider is left alone). Each order's
 * job is queued in the same transaction as the order itself, so the sweep is no longer what stands
 * between a committed order and its payout after a crash; it stays for the two cases that job
 * cannot cover: an order booked by a process running without the queue (JOBS=0: `sendInTx` has no
 * queue to write to), and a job that used up its retries while the provider was down.
 */
export async function disbursePendingOrders(
  ctx: Pick<OrdersContext, 'db' | 'clock' | 'log' | 'payouts'>,
): Promise<number> {
  const pending = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'disbursing'));
  for (const { id } of pending) {
    // ST-01: one order the provider cannot take yet must not hold back every borrower after it;
    // its attempt stays pending, and the next sweep (or its own job's retry) sends it again.
    try {
      await disburseOrder(ctx, { orderId: id, sweep: true });
    } catch (error) {
      ctx.log.warn({ orderId: id, err: error }, 'payout not sent by the sweep: the next sweep tries again');
    }
  }
  return pending.length;
}
