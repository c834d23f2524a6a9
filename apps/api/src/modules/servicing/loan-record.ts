import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  IllegalTransition,
  LoanActionRefused,
  applyOrderEvent,
  manilaDate,
  type Loan,
  type LoanEvent,
  type LoanOutcome,
  type LoanTransaction,
  type ChargePauseReason,
  type MessageEvent,
  type MessageParams,
  type OrderStatus,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  ledgerEntries,
  loanChargePauses,
  loanTransactions,
  loanWriteOffs,
  orderEvents,
  orders,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import { recordMessage } from '../messages/record-message.ts';

export type OrderRow = typeof orders.$inferSelect;

/**
 * An order that was ever paid out, as its history says: `orders.disbursed_at` is cleared when the
 * transfer bounces back (and set again by a new payout), but the books and the credit bureau saw
 * the loan while it stood, and must see how it ended (BE-13, BE-15).
 */
/**
 * THE order of a loan's history: as written (creation time, then seq: one event writes several rows
 * at the same instant, in the order the loan's rules made them). Statements, the credit file, the
 * books and the console all read it this way.
 */
export const HISTORY_ORDER = [asc(loanTransactions.createdAt), asc(loanTransactions.seq)] as const;

export const everPaidOut = sql`exists (select 1 from ${loanTransactions} where ${loanTransactions.orderId} = ${orders.id} and ${loanTransactions.type} = 'disbursement')`;
/** A loan as read from the database: its order row and the domain's view of its history. */
export type LoadedLoan = { order: OrderRow; loan: Loan };
/** What a loan's history needs of each `loan_transactions` row. */
export type LoanHistoryRow = Pick<
  typeof loanTransactions.$inferSelect,
  | 'type'
  | 'principal'
  | 'interest'
  | 'fees'
  | 'lateCharge'
  | 'penalty'
  | 'cash'
  | 'businessDate'
  | 'dueDate'
  | 'days'
> &
  /** read with the history where a later event names its transactions (CO-02: settledBeforeExtensions) */
  Partial<Pick<typeof loanTransactions.$inferSelect, 'idempotencyKey'>>;

/** The order columns a loan is read from (`loanFromRows` reads these and no other). */
export const LOAN_ORDER_COLUMNS = [
  'id',
  'status',
  'productVersion',
  'principal',
  'termDays',
  'dailyInterestPpm',
  'interest',
  'serviceFee',
  'coupon',
  'creditReportingFee',
  'tax',
  'documentaryStampTax',
  'lenderDocumentaryStampTax',
  'netProceeds',
  'totalRepayment',
  'lateCharge',
  'penaltyDailyPpm',
  'extensionFeeBp',
  'extensionDays',
  'disbursedAt',
  'dueDate',
] as const satisfies readonly (keyof OrderRow)[];
export type LoanOrderRow = Pick<OrderRow, (typeof LOAN_ORDER_COLUMNS)[number]>;

/**
 * The bridge between the loan's pure life (packages/domain applyOrderEvent) and the database: read
 * a loan into the domain's shape, and persist an outcome (order changes, event history, loan
 * transactions and their ledger postings, suspense) inside the caller's transaction.
 */
export function loanFromRows(
  order: LoanOrderRow,
  history: readonly LoanHistoryRow[],
  pauses: readonly ChargePauseRow[] = [],
): Loan {
  return {
    id: order.id,
    status: order.status as OrderStatus,
    quote: {
      productVersion: order.productVersion,
      principal: order.principal,
      termDays: order.termDays,
      dailyInterestPpm: order.dailyInterestPpm,
      interest: order.interest,
      serviceFee: order.serviceFee,
      coupon: order.coupon,
      creditReportingFee: order.creditReportingFee,
      tax: order.tax,
      documentaryStampTax: order.documentaryStampTax,
      lenderDocumentaryStampTax: order.lenderDocumentaryStampTax,
      netProceeds: order.netProceeds,
      totalRepayment: order.totalRepayment,
      financeCharge:
        order.interest + order.serviceFee + order.creditReportingFee + order.tax + order.documentaryStampTax,
    },
    terms: {
      lateCharge: order.lateCharge,
      penaltyDailyPpm: order.penaltyDailyPpm,
      extensionFeeBp: order.extensionFeeBp,
      extensionDays: order.extensionDays,
    },
    disbursedOn: order.disbursedAt ? manilaDate(order.disbursedAt) : null,
    disbursedAt: order.disbursedAt,
    dueDate: order.dueDate,
    transactions: history.map((t): LoanTransaction => ({
      type: t.type as LoanTransaction['type'],
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
      ...(t.idempotencyKey ? { key: t.idempotencyKey } : {}),
    })),
    chargePauses: pauses.map((p) => ({
      from: p.fromDate,
      until: p.untilDate,
      ...(p.reason ? { reason: p.reason as ChargePauseReason } : {}),
    })),
  };
}

/** What a loan needs of each `loan_charge_pauses` row (BE-10). */
export type ChargePauseRow = Pick<typeof loanChargePauses.$inferSelect, 'fromDate' | 'untilDate'> & {
  reason?: string;
};

/** The charge pauses of these loans, by order id (one query for a page of loans). */
export async function chargePausesOf(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, ChargePauseRow[]>> {
  const byOrder = new Map<string, ChargePauseRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: loanChargePauses.orderId,
      fromDate: loanChargePauses.fromDate,
      untilDate: loanChargePauses.untilDate,
    })
    .from(loanChargePauses)
    .where(inArray(loanChargePauses.orderId, [...orderIds]))
    .orderBy(asc(loanChargePauses.fromDate));
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  return byOrder;
}

/** Reads one loan with its history; `lock` takes the order row for the rest of the transaction. */
export async function loadLoan(
  db: Db | Tx,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<LoadedLoan | null> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = options.lock ? await query.for('update') : await query;
  if (!order) return null;
  return (await loansOf(db, [order])).get(orderId)!;
}

/**
 * Many loans at once (a queue page, a day job's list): what loadLoan gives for each id, read in a
 * fixed number of queries whatever their number instead of four per loan. Ids not found are absent.
 */
export async function loadLoans(db: Db | Tx, orderIds: readonly string[]): Promise<Map<string, LoadedLoan>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  return loansOf(db, await db.select().from(orders).where(inArray(orders.id, ids)));
}

async function loansOf(db: Db | Tx, rows: readonly OrderRow[]): Promise<Map<string, LoadedLoan>> {
  const ids = rows.map((o) => o.id);
  const history = await db
    .select()
    .from(loanTransactions)
    .where(inArray(loanTransactions.orderId, ids))
    .orderBy(...HISTORY_ORDER);
  const historyOf = new Map<string, LoanHistoryRow[]>();
  for (const h of history) {
    const rows = historyOf.get(h.orderId);
    if (rows) rows.push(h);
    else historyOf.set(h.orderId, [h]);
  }
  const pauses = await chargePausesOf(db, ids);
  const writeOffs = await writeOffsOf(db, ids);
  const found = new Map<string, LoadedLoan>();
  for (const order of rows) {
    const loan = loanFromRows(order, historyOf.get(order.id) ?? [], pauses.get(order.id));
    found.set(order.id, { order, loan: { ...loan, writeOff: writeOffs.get(order.id) ?? null } });
  }
  return found;
}

/**
 * BE-15: the loans' write-offs, each with how much of it has been released from the allowance since
 * (from the ledger): by repayments (to recovery income) and by waivers and BE-10 reversals of
 * charges (the domain's writtenOffBooks). Counting the repayments alone left the waived part to be
 * released a second time by the next payment beyond the written-off balance (an extension fee),
 * and the allowance ended in debit.
 */
async function writeOffsOf(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, NonNullable<Loan['writeOff']>>> {
  const written = await db
    .select({ orderId: loanWriteOffs.orderId, amount: loanWriteOffs.amount })
    .from(loanWriteOffs)
    .where(inArray(loanWriteOffs.orderId, [...orderIds]));
  const found = new Map<string, NonNullable<Loan['writeOff']>>();
  if (written.length === 0) return found;
  const recovered = await db
    .select({
      orderId: ledgerEntries.orderId,
      // the write-off's own line is -amount; every release since adds back
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(
          ledgerEntries.orderId,
          written.map((w) => w.orderId),
        ),
        eq(ledgerEntries.account, 'allowance_written_off'),
      ),
    )
    .groupBy(ledgerEntries.orderId);
  const allowanceOf = new Map(recovered.map((r) => [r.orderId, BigInt(r.total)]));
  for (const w of written)
    found.set(w.orderId, {
      amount: w.amount,
      recovered: w.amount + (allowanceOf.get(w.orderId) ?? -w.amount),
    });
  return found;
}

/**
 * Persists what applyOrderEvent decided. Every posting is keyed by its business event, so applying
 * the same outcome twice (a replayed webhook, a re-run job) posts nothing the second time; the loan
 * transaction row is written only together with a posting that was new.
 */
export async function persistLoanOutcome(
  tx: Tx,
  order: OrderRow,
  outcome: LoanOutcome,
  at: Date,
  detail: Record<string, unknown> = {},
): Promise<{ posted: number }> {
  let posted = 0;
  for (const t of outcome.transactions) {
    const posting = await postLedgerTransaction(tx, {
      kind: t.type,
      idempotencyKey: t.key,
      customerId: order.customerId,
      orderId: order.id,
      reference: order.id,
      entries: t.entries,
      at,
    });
    if (!posting.posted) continue;
    posted++;
    await tx.insert(loanTransactions).values({
      id: randomUUID(),
      orderId: order.id,
      customerId: order.customerId,
      type: t.type,
      principal: t.portions.principal,
      interest: t.portions.interest,
      fees: t.portions.fees,
      lateCharge: t.portions.lateCharge,
      penalty: t.portions.penalty,
      cash: t.cash,
      businessDate: t.businessDate,
      dueDate: t.dueDate,
      days: t.days ?? null,
      idempotencyKey: t.key,
      ledgerTransactionId: posting.transactionId,
      createdAt: at,
    });
  }
  if (outcome.held) {
    const posting = await postLedgerTransaction(tx, {
      kind: 'suspense',
      idempotencyKey: outcome.held.key,
      customerId: order.customerId,
      orderId: order.id,
      reference: order.id,
      entries: outcome.held.entries,
      at,
    });
    if (posting.posted) posted++;
  }
  const changes = outcome.changes;
  if (Object.keys(changes).length > 0) {
    await tx
      .update(orders)
      .set({
        ...(changes.status ? { status: changes.status } : {}),
        ...(changes.dueDate !== undefined ? { dueDate: changes.dueDate } : {}),
        ...(changes.disbursedOn !== undefined
          ? { disbursedAt: changes.disbursedOn === null ? null : at }
          : {}),
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
  }
  if (outcome.transition) {
    await tellBorrower(tx, order, outcome, at);
    await tx.insert(orderEvents).values({
      id: randomUUID(),
      orderId: order.id,
      event: outcome.transition,
      fromStatus: order.status,
      toStatus: outcome.status,
      detail,
      occurredAt: at,
    });
  }
  return { posted };
}

/** An undone loan's message: why, and what is owed back to the borrower (its refunds payable). */
function payoutReturnedParams(outcome: LoanOutcome): MessageParams {
  const refunded = -outcome.transactions
    .flatMap((t) => t.entries)
    .reduce((sum, e) => (e.account === 'refunds_payable' ? sum + e.amount : sum), 0n);
  return { cancelReason: 'payout_returned', ...(refunded > 0n ? { amount: refunded.toString() } : {}) };
}

/** EN-08: the borrower hears of every change of their loan, in the same transaction as the change. */
async function tellBorrower(tx: Tx, order: OrderRow, outcome: LoanOutcome, at: Date): Promise<void> {
  const cash = outcome.transactions.reduce((sum, t) => (t.cash > 0n ? sum + t.cash : sum), 0n);
  const dueDate = outcome.changes.dueDate ?? order.dueDate ?? undefined;
  const message: { event: MessageEvent; params: MessageParams } | null =
    outcome.transition === 'payout_succeeded'
      ? { event: 'loan_disbursed', params: { amount: order.netProceeds.toString(), date: dueDate } }
      : outcome.transition === 'payout_failed' || outcome.transition === 'payout_reversed'
        ? { event: 'payout_failed', params: {} }
        : outcome.transition === 'repaid_in_full'
          ? { event: 'loan_repaid', params: { amount: cash.toString() } }
          : outcome.transition === 'extension_paid'
            ? { event: 'loan_extended', params: { amount: cash.toString(), date: dueDate } }
            : outcome.transition === 'cancelled_by_operator'
              ? { event: 'loan_cancelled', params: cash > 0n ? { amount: cash.toString() } : {} }
              : outcome.transition === 'payout_reversal_unwound'
                ? { event: 'loan_cancelled', params: payoutReturnedParams(outcome) }
                : null;
  if (!message) return;
  const source = outcome.transactions[0]?.key ?? at.toISOString();
  await recordMessage(tx, {
    customerId: order.customerId,
    orderId: order.id,
    ...message,
    dedupeKey: `loan:${order.id}:${outcome.transition}:${source}`,
    at,
  });
}

/** Applies one event to one loan in one transaction; an event its state does not take is a 409. */
export function decide(loan: Loan, event: LoanEvent): LoanOutcome {
  try {
    return applyOrderEvent(loan, event);
  } catch (error) {
    if (error instanceof IllegalTransition) throw new AppError('ORDER_STATE_CONFLICT');
    if (error instanceof LoanActionRefused) throw new AppError(error.code);
    throw error;
  }
}

export async function applyLoanEvent(
  db: Db,
  orderId: string,
  event: LoanEvent,
  at: Date,
  detail: Record<string, unknown> = {},
): Promise<LoanOutcome> {
  return db.transaction(async (tx) => {
    const found = await loadLoan(tx, orderId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    const outcome = decide(found.loan, event);
    await persistLoanOutcome(tx, found.order, outcome, at, detail);
    return outcome;
  });
}
