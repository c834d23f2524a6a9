import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { IllegalTransition, applyOrderEvent, manilaDate, type Loan, type LoanEvent, type LoanOutcome, type LoanTransaction, type OrderStatus } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { loanTransactions, orderEvents, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';

export type OrderRow = typeof orders.$inferSelect;

/**
 * The bridge between the loan's pure life (packages/domain applyOrderEvent) and the database: read
 * a loan into the domain's shape, and persist an outcome (order changes, event history, loan
 * transactions and their ledger postings, suspense) inside the caller's transaction.
 */
export function loanFromRows(order: OrderRow, history: readonly (typeof loanTransactions.$inferSelect)[]): Loan {
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
      financeCharge: order.interest + order.serviceFee + order.creditReportingFee + order.tax + order.documentaryStampTax,
    },
    terms: { lateCharge: order.lateCharge, penaltyDailyPpm: order.penaltyDailyPpm, extensionFeeBp: order.extensionFeeBp, extensionDays: order.extensionDays },
    disbursedOn: order.disbursedAt ? manilaDate(order.disbursedAt) : null,
    dueDate: order.dueDate,
    transactions: history.map(
      (t): LoanTransaction => ({
        type: t.type as LoanTransaction['type'],
        portions: { principal: t.principal, interest: t.interest, fees: t.fees, lateCharge: t.lateCharge, penalty: t.penalty },
        cash: t.cash,
        businessDate: t.businessDate,
        dueDate: t.dueDate,
        ...(t.days !== null ? { days: t.days } : {}),
      }),
    ),
  };
}

/** Reads one loan with its history; `lock` takes the order row for the rest of the transaction. */
export async function loadLoan(db: Db | Tx, orderId: string, options: { lock?: boolean } = {}): Promise<{ order: OrderRow; loan: Loan } | null> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = options.lock ? await query.for('update') : await query;
  if (!order) return null;
  const history = await db.select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId)).orderBy(asc(loanTransactions.createdAt), asc(loanTransactions.idempotencyKey));
  return { order, loan: loanFromRows(order, history) };
}

/**
 * Persists what applyOrderEvent decided. Every posting is keyed by its business event, so applying
 * the same outcome twice (a replayed webhook, a re-run job) posts nothing the second time; the loan
 * transaction row is written only together with a posting that was new.
 */
export async function persistLoanOutcome(tx: Tx, order: OrderRow, outcome: LoanOutcome, at: Date, detail: Record<string, unknown> = {}): Promise<{ posted: number }> {
  let posted = 0;
  for (const t of outcome.transactions) {
    const posting = await postLedgerTransaction(tx, { kind: t.type, idempotencyKey: t.key, customerId: order.customerId, orderId: order.id, reference: order.id, entries: t.entries, at });
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
    const posting = await postLedgerTransaction(tx, { kind: 'suspense', idempotencyKey: outcome.held.key, customerId: order.customerId, orderId: order.id, reference: order.id, entries: outcome.held.entries, at });
    if (posting.posted) posted++;
  }
  const changes = outcome.changes;
  if (Object.keys(changes).length > 0) {
    await tx
      .update(orders)
      .set({
        ...(changes.status ? { status: changes.status } : {}),
        ...(changes.dueDate !== undefined ? { dueDate: changes.dueDate } : {}),
        ...(changes.disbursedOn !== undefined ? { disbursedAt: changes.disbursedOn === null ? null : at } : {}),
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
  }
  if (outcome.transition) {
    await tx.insert(orderEvents).values({ id: randomUUID(), orderId: order.id, event: outcome.transition, fromStatus: order.status, toStatus: outcome.status, detail, occurredAt: at });
  }
  return { posted };
}

/** Applies one event to one loan in one transaction; an event its state does not take is a 409. */
export function decide(loan: Loan, event: LoanEvent): LoanOutcome {
  try {
    return applyOrderEvent(loan, event);
  } catch (error) {
    if (error instanceof IllegalTransition) throw new AppError('ORDER_STATE_CONFLICT');
    throw error;
  }
}

export async function applyLoanEvent(db: Db, orderId: string, event: LoanEvent, at: Date, detail: Record<string, unknown> = {}): Promise<LoanOutcome> {
  return db.transaction(async (tx) => {
    const found = await loadLoan(tx, orderId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    const outcome = decide(found.loan, event);
    await persistLoanOutcome(tx, found.order, outcome, at, detail);
    return outcome;
  });
}
