import { eq } from 'drizzle-orm';
import { disbursementEntries, manilaDate, nextStatus, type OrderStatus, type Quote } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, orders, payouts } from '../../db/schema/index.ts';
import { MS, addMs } from '../../lib/clock.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import type { PayoutState } from '../../providers/payout/payout-provider.ts';

export interface PayoutOutcome {
  state: PayoutState;
  providerPayoutId?: string | undefined;
  failureCode?: string | undefined;
  claimCode?: string | undefined;
  reference?: string | undefined;
}

const TERMINAL = new Set(['succeeded', 'failed', 'reversed']);

/**
 * Applies what the provider said about one payout attempt, from the send itself or from a webhook,
 * in one transaction with the order's state change and the ledger posting. Idempotent: a state the
 * attempt already has changes nothing, and a stale answer about an old attempt is ignored.
 */
export async function applyPayoutResult(db: Db, payoutId: string, outcome: PayoutOutcome, now: Date): Promise<'applied' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) return 'ignored';
    const [order] = await tx.select().from(orders).where(eq(orders.id, payout.orderId)).for('update');
    if (!order) return 'ignored';
    if (payout.state === outcome.state) return 'ignored';
    // Only a success can later be reversed; other terminal states are final.
    if (TERMINAL.has(payout.state) && !(payout.state === 'succeeded' && outcome.state === 'reversed')) return 'ignored';

    const patch = {
      state: outcome.state,
      updatedAt: now,
      providerPayoutId: outcome.providerPayoutId ?? payout.providerPayoutId,
      failureCode: outcome.failureCode ?? payout.failureCode,
      claimCode: outcome.claimCode ?? payout.claimCode,
      reference: outcome.reference ?? payout.reference ?? outcome.providerPayoutId ?? payout.providerPayoutId,
    };
    await tx.update(payouts).set(patch).where(eq(payouts.id, payout.id));
    if (outcome.state === 'accepted') return 'applied';

    const status = order.status as OrderStatus;
    const quote: Quote = {
      productVersion: order.productVersion,
      principal: order.principal,
      termDays: order.termDays,
      dailyInterestPpm: order.dailyInterestPpm,
      interest: order.interest,
      serviceFee: order.serviceFee,
      coupon: order.coupon,
      creditReportingFee: order.creditReportingFee,
      tax: order.tax,
      netProceeds: order.netProceeds,
      totalRepayment: order.totalRepayment,
      financeCharge: order.interest + order.serviceFee + order.creditReportingFee + order.tax,
    };
    if (outcome.state === 'succeeded' && status === 'disbursing') {
      await tx
        .update(orders)
        .set({ status: nextStatus(status, 'payout_succeeded'), disbursedAt: now, dueDate: manilaDate(addMs(now, order.termDays * MS.day)), updatedAt: now })
        .where(eq(orders.id, order.id));
      await postLedgerTransaction(tx, { kind: 'disbursement', idempotencyKey: `disbursement:${payout.id}`, customerId: order.customerId, reference: order.id, entries: disbursementEntries(quote), at: now });
    } else if (outcome.state === 'failed' && status === 'disbursing') {
      await tx.update(orders).set({ status: nextStatus(status, 'payout_failed'), updatedAt: now }).where(eq(orders.id, order.id));
    } else if (outcome.state === 'reversed' && status === 'repaying') {
      // The money came back: undo this attempt's disbursement entries, the borrower fixes the account.
      await tx.update(orders).set({ status: nextStatus(status, 'payout_reversed'), disbursedAt: null, dueDate: null, updatedAt: now }).where(eq(orders.id, order.id));
      const [original] = await tx.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, `disbursement:${payout.id}`));
      if (original) {
        const lines = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, original.id));
        await postLedgerTransaction(tx, {
          kind: 'disbursement_reversal',
          idempotencyKey: `reversal:${payout.id}`,
          customerId: order.customerId,
          reference: order.id,
          entries: lines.map((l) => ({ account: l.account as Parameters<typeof postLedgerTransaction>[1]['entries'][number]['account'], amount: -l.amount })),
          at: now,
        });
      }
    }
    return 'applied';
  });
}

