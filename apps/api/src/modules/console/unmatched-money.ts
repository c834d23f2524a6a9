import { and, eq, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  approvalRequests,
  ledgerEntries,
  ledgerTransactions,
  operators,
  providerWebhooks,
  refunds,
  unmatchedResolutions,
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

/** Whether an assignment to a borrower is in force on this money (one undone no longer holds it). */
export async function assignmentInForce(tx: Tx, webhookId: string): Promise<boolean> {
  const [assigned] = await tx
    .select({ id: unmatchedResolutions.id })
    .from(unmatchedResolutions)
    .where(and(eq(unmatchedResolutions.webhookId, webhookId), isNull(unmatchedResolutions.undoneAt)));
  return !!assigned;
}

/**
 * THE rule of a refund to a payer that resolves money naming no borrower: a draft waiting for an
 * admin, or a refund an admin approved that is not cancelled. A rejected draft, or a refund
 * cancelled because it could not be sent, leaves the money unresolved. As SQL over a webhook
 * record's id (the unmatched list sorts by it); payerRefundsInForce reads the same rule's rows.
 */
export function payerRefundInForceSql(webhookId: SQLWrapper): SQL {
  return sql`(exists (
      select 1 from ${approvalRequests}
      where ${approvalRequests.kind} = ${PAYER_REFUND_KIND} and ${approvalRequests.state} = 'pending'
        and ${approvalRequests.payload}->>'webhookId' = ${webhookId}::text)
    or exists (
      select 1 from ${refunds}
      where ${refunds.webhookId} = ${webhookId} and ${refunds.state} <> 'cancelled'))`;
}

export interface PayerRefundInForce {
  /** the draft: waiting, or the one approved that made the refund */
  request: typeof approvalRequests.$inferSelect;
  /** the operator who drafted it */
  makerEmail: string;
  /** the refund approved that stands; null while the draft waits */
  refund: typeof refunds.$inferSelect | null;
}

/** The refunds to payers in force on these moneys (payerRefundInForceSql's rule), by webhook record. */
export async function payerRefundsInForce(
  tx: Tx | Db,
  webhookIds: readonly string[],
): Promise<Map<string, PayerRefundInForce>> {
  const found = new Map<string, PayerRefundInForce>();
  if (webhookIds.length === 0) return found;
  const pending = await tx
    .select({ request: approvalRequests, makerEmail: operators.email })
    .from(approvalRequests)
    .innerJoin(operators, eq(operators.id, approvalRequests.makerId))
    .where(
      and(
        eq(approvalRequests.kind, PAYER_REFUND_KIND),
        eq(approvalRequests.state, 'pending'),
        inArray(sql`${approvalRequests.payload}->>'webhookId'`, [...webhookIds]),
      ),
    );
  for (const p of pending)
    found.set((p.request.payload as { webhookId: string }).webhookId, { ...p, refund: null });
  const standing = await tx
    .select({ refund: refunds, request: approvalRequests, makerEmail: operators.email })
    .from(refunds)
    .innerJoin(approvalRequests, eq(approvalRequests.id, refunds.approvalRequestId))
    .innerJoin(operators, eq(operators.id, approvalRequests.makerId))
    .where(and(inArray(refunds.webhookId, [...webhookIds]), ne(refunds.state, 'cancelled')));
  // a refund standing is what resolves the money, whatever draft waits beside it (none can)
  for (const s of standing) found.set(s.refund.webhookId!, s);
  return found;
}

/** The refund to a payer in force on this money, if any. */
export async function payerRefundInForce(tx: Tx | Db, webhookId: string): Promise<PayerRefundInForce | null> {
  return (await payerRefundsInForce(tx, [webhookId])).get(webhookId) ?? null;
}
