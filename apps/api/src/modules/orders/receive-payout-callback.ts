import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutCallbacks, payouts } from '../../db/schema/index.ts';
import type { PayoutProvider } from '../../providers/payout/payout-provider.ts';
import { applyPayoutResult } from './apply-payout-result.ts';

/**
 * A provider webhook about a payout (BE-05). Forged callbacks (bad token) are refused; each
 * (payout, state) is recorded once, so a replayed callback changes nothing; the payout must be
 * ours and, once the provider id is known, must match it.
 */
export async function receivePayoutCallback(deps: { db: Db; provider: PayoutProvider }, headers: Record<string, string | string[] | undefined>, body: unknown, now: Date): Promise<'forged' | 'replayed' | 'unknown' | 'applied' | 'ignored'> {
  const callback = deps.provider.verifyCallback(headers, body);
  if (!callback) return 'forged';
  const recorded = await deps.db
    .insert(payoutCallbacks)
    .values({ id: randomUUID(), provider: deps.provider.name, providerPayoutId: callback.providerPayoutId, state: callback.state, receivedAt: now, body: body ?? null })
    .onConflictDoNothing()
    .returning({ id: payoutCallbacks.id });
  if (recorded.length === 0) return 'replayed';
  const [payout] = await deps.db.select().from(payouts).where(and(eq(payouts.id, callback.referenceId), eq(payouts.provider, deps.provider.name)));
  if (!payout || (payout.providerPayoutId && payout.providerPayoutId !== callback.providerPayoutId)) return 'unknown';
  return applyPayoutResult(deps.db, payout.id, { state: callback.state, providerPayoutId: callback.providerPayoutId, failureCode: callback.failureCode, reference: callback.networkReference }, now);
}
