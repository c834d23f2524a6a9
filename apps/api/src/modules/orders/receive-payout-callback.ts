import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { payoutCallbacks, payouts, providerWebhooks } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { isUuid } from '../../lib/uuid.ts';
import { storableJson } from '../../lib/storable-json.ts';
import { applyPayoutResultInTx } from './apply-payout-result.ts';
import type { OrdersContext } from './orders-context.ts';

/**
 * A provider webhook about a payout (BE-05). Forged callbacks (bad signature or token) are refused.
 * Verified, de-duplicated by the provider's event id (provider_webhooks, as the collection webhook
 * is), recorded and applied in ONE database transaction, all or nothing: a failure midway leaves
 * nothing recorded and answers 5xx, so the provider's retry applies it then; a replay of the same
 * event finds its record, changes nothing and is answered 2xx. Beneath it, each (payout, state) is
 * recorded once (payout_callbacks): another event reporting a state the payout already reported is
 * the same business fact and changes nothing either. The payout must be ours and,
 * once the provider id is known, must match it. An authentic callback we cannot read (a status we
 * do not act on) is recorded as `unread` and answered 2xx, not refused like a forgery; what is
 * stored has its NUL characters replaced (lib/storable-json.ts), which PostgreSQL cannot hold.
 */
export async function receivePayoutCallback(
  ctx: Pick<OrdersContext, 'db' | 'clock' | 'payouts'>,
  input: { headers: Record<string, string | string[] | undefined>; body: unknown },
): Promise<'forged' | 'replayed' | 'unknown' | 'applied' | 'ignored' | 'unread'> {
  const now = ctx.clock.now();
  const read = ctx.payouts.verifyCallback(input.headers, input.body);
  if (!read && !ctx.payouts.isAuthentic(input.headers, input.body)) return 'forged';
  const body = storableJson(input.body);
  if (!read) {
    await ctx.db
      .insert(providerWebhooks)
      .values({
        id: randomUUID(),
        kind: 'payout',
        provider: ctx.payouts.name,
        providerEventId: `unread:${sha256Hex(JSON.stringify(body) ?? '')}`,
        result: 'unread',
        body: body ?? null,
        receivedAt: now,
      })
      .onConflictDoNothing();
    return 'unread';
  }
  const callback = storableJson(read);
  return ctx.db.transaction(async (tx) => {
    const recordId = randomUUID();
    const received = await tx
      .insert(providerWebhooks)
      .values({
        id: recordId,
        kind: 'payout',
        provider: ctx.payouts.name,
        providerEventId: callback.providerEventId,
        result: 'received',
        body: body ?? null,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: providerWebhooks.id });
    if (received.length === 0) return 'replayed' as const;
    const finish = async <R extends 'replayed' | 'unknown' | 'applied' | 'ignored'>(result: R) => {
      await tx.update(providerWebhooks).set({ result }).where(eq(providerWebhooks.id, recordId));
      return result;
    };
    const recorded = await tx
      .insert(payoutCallbacks)
      .values({
        id: randomUUID(),
        provider: ctx.payouts.name,
        providerPayoutId: callback.providerPayoutId,
        state: callback.state,
        receivedAt: now,
        body: body ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: payoutCallbacks.id });
    if (recorded.length === 0) return finish('replayed');
    // a reference that is not one of our ids (a transfer made by hand in the provider's dashboard)
    // is not ours: recorded above, applied to nothing
    const [payout] = isUuid(callback.referenceId)
      ? await tx
          .select()
          .from(payouts)
          .where(and(eq(payouts.id, callback.referenceId), eq(payouts.provider, ctx.payouts.name)))
      : [];
    if (!payout || (payout.providerPayoutId && payout.providerPayoutId !== callback.providerPayoutId))
      return finish('unknown');
    const applied = await applyPayoutResultInTx(
      tx,
      payout.id,
      {
        state: callback.state,
        providerPayoutId: callback.providerPayoutId,
        failureCode: callback.failureCode,
        reference: callback.networkReference,
      },
      now,
    );
    return finish(applied);
  });
}
