import { asc, eq, sql } from 'drizzle-orm';
import {
  manilaDate,
  type LedgerMovement,
  type LoanTransactionType,
  type PortfolioLoan,
} from '@pisonow/domain';
import { ledgerEntries, ledgerTransactions, loanTransactions, orders } from '../../db/schema/index.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { HISTORY_ORDER, everPaidOut } from '../servicing/loan-record.ts';

/**
 * What the BE-15 reports read, and nothing else: every loan paid out with its typed history
 * (loan_transactions, by business date), and the ledger's lines summed by account and day.
 * Read-only: no report writes anything but its audit entry.
 */
export async function loadPortfolioLoans(ctx: Pick<ConsoleContext, 'db'>): Promise<PortfolioLoan[]> {
  const loans = await ctx.db
    .select({
      id: orders.id,
      status: orders.status,
      disbursedAt: orders.disbursedAt,
      termDays: orders.termDays,
      principal: orders.principal,
    })
    .from(orders)
    .where(everPaidOut)
    .orderBy(asc(orders.id));
  if (loans.length === 0) return [];
  const history = await ctx.db
    .select()
    .from(loanTransactions)
    .orderBy(...HISTORY_ORDER);
  const byOrder = new Map<string, PortfolioLoan['transactions'][number][]>();
  for (const t of history) {
    const list = byOrder.get(t.orderId) ?? [];
    list.push({
      type: t.type as LoanTransactionType,
      portions: {
        principal: t.principal,
        interest: t.interest,
        fees: t.fees,
        lateCharge: t.lateCharge,
        penalty: t.penalty,
      },
      cash: t.cash,
      businessDate: t.businessDate,
      dueDate: t.dueDate,
      ...(t.days !== null ? { days: t.days } : {}),
    });
    byOrder.set(t.orderId, list);
  }
  return loans.map((o) => ({
    id: o.id,
    disbursedOn: o.disbursedAt ? manilaDate(o.disbursedAt) : null,
    termDays: o.termDays,
    principal: o.principal,
    transactions: byOrder.get(o.id) ?? [],
  }));
}

/**
 * The ledger's lines up to `to`, summed by account, day and side (debits and credits apart). A
 * posting's day is the Manila date it was posted: the books' date, the one the month-end closure
 * locks (migration 0024), so a closed month's figures never change afterwards. (A payment reported
 * late counts on the payer's day in the loan's own history, BE-10, and on the day it was booked
 * here; the reconciliation with the loans can differ by such payments at a month's edge.)
 */
export async function loadLedgerMovements(
  ctx: Pick<ConsoleContext, 'db'>,
  to: string,
): Promise<LedgerMovement[]> {
  const day = sql<string>`to_char((${ledgerTransactions.postedAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const side = sql<boolean>`(${ledgerEntries.amount} > 0)`;
  const rows = await ctx.db
    .select({
      account: ledgerEntries.account,
      day,
      amount: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .groupBy(ledgerEntries.account, day, side);
  return rows
    .map((r) => ({ account: r.account, date: r.day, amount: BigInt(r.amount) }))
    .filter((m) => m.date <= to && m.amount !== 0n);
}

/** The ledger's principal receivable at the end of `asOf` (the reconciliation figure). */
export function principalReceivableAsOf(movements: readonly LedgerMovement[], asOf: string): bigint {
  return movements
    .filter((m) => m.account === 'principal_receivable' && m.date <= asOf)
    .reduce((s, m) => s + m.amount, 0n);
}
