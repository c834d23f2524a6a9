import { and, desc, eq, sql } from 'drizzle-orm';
import type { SuspenseQueueResponse } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, providerWebhooks } from '../../db/schema/index.ts';

/**
 * BE-05: money that arrived naming no borrower (its reference is not one of our ids: a payment link
 * made in the provider's dashboard). The collection webhook records such an event as `unknown` and
 * books it to suspense with no borrower and no loan under `suspense:webhook:<provider>:<event>`;
 * joined by that key, each payment is listed once however often it was delivered, and an unknown
 * event that brought no money (an expiry, a failure) posted nothing and is not listed.
 *
 * Read-only for now: nothing resolves this money yet (matching it to a borrower, or refunding it to
 * the payer, is a later change; it will need a resolution record of its own, since there is no
 * repayment row to mark). So the newest come first, and the oldest fall off the list's end rather
 * than hiding new money behind money already being chased.
 */
export async function listUnmatchedPayments(db: Db): Promise<SuspenseQueueResponse['unmatched']> {
  const rows = await db
    .select({
      provider: providerWebhooks.provider,
      providerEventId: providerWebhooks.providerEventId,
      providerCollectionId: ledgerTransactions.reference,
      amount: ledgerEntries.amount,
      receivedAt: providerWebhooks.receivedAt,
    })
    .from(providerWebhooks)
    .innerJoin(
      ledgerTransactions,
      eq(
        ledgerTransactions.idempotencyKey,
        sql`'suspense:webhook:' || ${providerWebhooks.provider} || ':' || ${providerWebhooks.providerEventId}`,
      ),
    )
    // the cash side of the posting: what the payer paid, positive
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.transactionId, ledgerTransactions.id),
        eq(ledgerEntries.account, 'cash_at_provider'),
      ),
    )
    .where(and(eq(providerWebhooks.kind, 'collection'), eq(providerWebhooks.result, 'unknown')))
    .orderBy(desc(providerWebhooks.receivedAt))
    .limit(200);
  return rows.map((r) => ({
    provider: r.provider,
    providerEventId: r.providerEventId,
    providerCollectionId: r.providerCollectionId,
    amount: r.amount.toString(),
    receivedAt: r.receivedAt.toISOString(),
  }));
}
