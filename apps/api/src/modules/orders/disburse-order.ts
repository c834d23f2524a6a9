import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, payouts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { PayoutSendError, type PayoutProvider } from '../../providers/payout/payout-provider.ts';
import { applyPayoutResult } from './apply-payout-result.ts';

/**
 * The disbursement job (BE-05, ST-04): sends the latest pending payout attempt of an order. The send
 * happens outside any database transaction, with the attempt id as the provider's idempotency key,
 * so running the job twice (or after a crash between send and record) never pays twice.
 */
export async function disburseOrder(deps: { db: Db; clock: Clock; payouts: PayoutProvider; log: FastifyBaseLogger }, orderId: string): Promise<string> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'disbursing') return 'not-disbursing';
  const [payout] = await deps.db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(desc(payouts.attempt)).limit(1);
  if (!payout || payout.state !== 'pending') return `attempt-${payout?.state ?? 'missing'}`;
  const d = payout.destination as Record<string, string | undefined>;
  try {
    const result = await deps.payouts.send({
      idempotencyKey: payout.id,
      referenceId: payout.id,
      channel: d.channel as 'bank' | 'ewallet' | 'remittance',
      providerCode: String(d.providerCode),
      accountNumber: d.account,
      accountHolderName: [d.payeeFirstName, d.payeeMiddleName, d.payeeLastName].filter(Boolean).join(' '),
      amount: payout.amount,
      description: `Loan proceeds ${order.id.slice(0, 8)}`,
    });
    await applyPayoutResult(deps.db, payout.id, { state: result.state, providerPayoutId: result.providerPayoutId, failureCode: result.failureCode, claimCode: result.claimCode }, deps.clock.now());
    return result.state;
  } catch (error) {
    if (error instanceof PayoutSendError && !error.retryable) {
      deps.log.warn({ orderId, payoutId: payout.id, err: error }, 'payout refused by the provider');
      await applyPayoutResult(deps.db, payout.id, { state: 'failed', failureCode: 'PROVIDER_REFUSED' }, deps.clock.now());
      return 'failed';
    }
    throw error; // retryable: the job queue tries again with backoff
  }
}
