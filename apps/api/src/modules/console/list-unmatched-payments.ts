import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SuspenseQueueResponse } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  operators,
  providerWebhooks,
  unmatchedResolutions,
} from '../../db/schema/index.ts';
import { payerRefundInForceSql, payerRefundsInForce } from './unmatched-money.ts';

/**
 * BE-05: money that arrived naming no borrower (its reference is not one of our ids: a payment link
 * made in the provider's dashboard). The collection webhook records such an event as `unknown` and
 * books it to suspense with no borrower and no loan under `suspense:webhook:<provider>:<event>`;
 * joined by that key, each payment is listed once however often it was delivered, and an unknown
 * event that brought no money (an expiry, a failure) posted nothing and is not listed.
 *
 * Finance assigns such money to the borrower who paid (assignUnmatchedPayment: it becomes their
 * held money, listed with the held money above), or, when the payer is no borrower of ours, drafts
 * a refund to them that an admin approves (refund-unmatched-payment.ts). Those still unresolved
 * come first, newest first, so money being chased is never hidden behind money already matched;
 * those resolved follow, newest first, with who assigned them, when, to whom and why, and the
 * oldest fall off the list's end. An assignment undone (a wrong borrower) leaves the money
 * unresolved again, listed with its history.
 */
export async function listUnmatchedPayments(db: Db): Promise<SuspenseQueueResponse['unmatched']> {
  const rows = await db
    .select({
      provider: providerWebhooks.provider,
      providerEventId: providerWebhooks.providerEventId,
      providerCollectionId: ledgerTransactions.reference,
      amount: ledgerEntries.amount,
      id: providerWebhooks.id,
      receivedAt: providerWebhooks.receivedAt,
      resolution: unmatchedResolutions,
      by: operators.email,
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
    .leftJoin(
      unmatchedResolutions,
      and(eq(unmatchedResolutions.webhookId, providerWebhooks.id), isNull(unmatchedResolutions.undoneAt)),
    )
    .leftJoin(operators, eq(operators.id, unmatchedResolutions.operatorId))
    .where(and(eq(providerWebhooks.kind, 'collection'), eq(providerWebhooks.result, 'unknown')))
    // resolved last: assigned, or a refund to its payer in force (unmatched-money.ts)
    .orderBy(
      asc(
        sql`${unmatchedResolutions.webhookId} is not null or ${payerRefundInForceSql(providerWebhooks.id)}`,
      ),
      desc(providerWebhooks.receivedAt),
    )
    .limit(200);
  // assignments undone, each with who made it and who undid it: the history of each listed item
  const made = alias(operators, 'assigner');
  const undid = alias(operators, 'undoer');
  const undone = rows.length
    ? await db
        .select({ resolution: unmatchedResolutions, by: made.email, undoneBy: undid.email })
        .from(unmatchedResolutions)
        .innerJoin(made, eq(made.id, unmatchedResolutions.operatorId))
        .innerJoin(undid, eq(undid.id, unmatchedResolutions.undoneBy))
        .where(
          inArray(
            unmatchedResolutions.webhookId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(unmatchedResolutions.createdAt))
    : [];
  const payerRefunds = await payerRefundsInForce(
    db,
    rows.map((r) => r.id),
  );
  const payerRefundOf = (id: string): SuspenseQueueResponse['unmatched'][number]['payerRefund'] => {
    const found = payerRefunds.get(id);
    if (!found) return null;
    const d = (found.request.payload as { destination: Record<string, string> }).destination;
    return {
      approvalRequestId: found.request.id,
      state: !found.refund
        ? 'pending_approval'
        : found.refund.state === 'executed'
          ? 'executed'
          : 'to_execute',
      refundId: found.refund?.id ?? null,
      payeeName: d.payeeName ?? '',
      destination: {
        channel: d.channel ?? '',
        providerCode: d.providerCode ?? '',
        accountLast4: (d.account ?? '').slice(-4),
      },
      reason: found.request.reason,
      by: found.makerEmail,
      at: found.request.createdAt.toISOString(),
    };
  };
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    providerEventId: r.providerEventId,
    providerCollectionId: r.providerCollectionId,
    amount: r.amount.toString(),
    receivedAt: r.receivedAt.toISOString(),
    resolution: r.resolution
      ? {
          action: 'assigned' as const,
          customerId: r.resolution.customerId,
          orderId: r.resolution.orderId,
          repaymentId: r.resolution.repaymentId,
          reason: r.resolution.reason,
          by: r.by ?? '',
          at: r.resolution.createdAt.toISOString(),
        }
      : null,
    payerRefund: payerRefundOf(r.id),
    history: undone
      .filter((u) => u.resolution.webhookId === r.id)
      .map(({ resolution: u, by, undoneBy }) => ({
        action: 'assigned' as const,
        customerId: u.customerId,
        orderId: u.orderId,
        repaymentId: u.repaymentId,
        reason: u.reason,
        by,
        at: u.createdAt.toISOString(),
        undone: { by: undoneBy, at: u.undoneAt!.toISOString(), reason: u.undoReason ?? '' },
      })),
  }));
}
