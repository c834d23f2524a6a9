import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  approvalRequests,
  ledgerEntries,
  ledgerTransactions,
  providerWebhooks,
  refunds,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** the approval request that drafts a refund to a payer who is no borrower */
export const PAYER_REFUND_KIND = 'payer_refund';

/**
 * BE-05: money that named no borrower, as every console action on it finds it: by the id of the
 * unmatched list (its webhook record), with its suspense posting, and what resolves it besides an
 * assignment (a refund to its payer).
 */

/** The suspense posting of money naming no borrower, as the collection webhook keys it. */
export function unmatchedSuspenseKey(provider: string, providerEventId: string): string {
  return `suspense:webhook:${provider}:${providerEventId}`;
}

/**
 * The money naming no borrower behind an id of the unmatched list: the webhook record (locked when
 * asked: the row every action on this money queues on) and its suspense posting.
 */
export async function findUnmatched(tx: Tx, unmatchedId: string, options: { lock: boolean }) {
  const query = tx.select().from(providerWebhooks).where(eq(providerWebhooks.id, unmatchedId));
  const [hook] = options.lock ? await query.for('update') : await query;
  if (!hook || hook.kind !== 'collection' || hook.result !== 'unknown') throw new AppError('NOT_FOUND');
  const [posting] = await tx
    .select({ reference: ledgerTransactions.reference, amount: ledgerEntries.amount })
    .from(ledgerTransactions)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.transactionId, ledgerTransactions.id),
        eq(ledgerEntries.account, 'cash_at_provider'),
      ),
    )
    .where(eq(ledgerTransactions.idempotencyKey, unmatchedSuspenseKey(hook.provider, hook.providerEventId)));
  // an unknown event that brought no money (an expiry, a failure) has nothing to assign
  if (!posting) throw new AppError('NOT_FOUND');
  return { hook, posting };
}

/**
 * The refund to a payer that resolves this money, if any: a draft waiting for an admin, or a refund
 * an admin approved that is not cancelled. A rejected draft, or a refund cancelled because it could
 * not be sent, leaves the money unresolved.
 */
export async function payerRefundInForce(
  tx: Tx | Db,
  webhookId: string,
): Promise<{ approvalRequestId: string; refundId: string | null } | null> {
  const [pending] = await tx
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, PAYER_REFUND_KIND),
        eq(approvalRequests.state, 'pending'),
        sql`${approvalRequests.payload}->>'webhookId' = ${webhookId}`,
      ),
    );
  if (pending) return { approvalRequestId: pending.id, refundId: null };
  const [refund] = await tx
    .select({ id: refunds.id, approvalRequestId: refunds.approvalRequestId })
    .from(refunds)
    .where(and(eq(refunds.webhookId, webhookId), ne(refunds.state, 'cancelled')));
  return refund ? { approvalRequestId: refund.approvalRequestId!, refundId: refund.id } : null;
}
