import type { Centavos } from '../money.ts';
import { addDays, daysBetween, manilaDate } from '../time.ts';
import type { HeldReason, RepaymentPurpose } from '../contracts/servicing.ts';
import { capCharge, overdueChargesAfter, scheduleBreaches } from './compliance.ts';
import { balanced, disbursementEntries, type LedgerEntry } from './ledger.ts';
import { addBalances, allocateRepayment, balance, loanTransactionEntries, outstandingOf, totalOf, type Balance, type LoanTransaction } from './loan-account.ts';
import { IllegalTransition, nextStatus, type OrderEvent, type OrderStatus } from './order-state.ts';
import type { Quote } from './pricing.ts';

/**
 * A loan's life as pure logic (issue 7): an event goes in; the new status, the changes to the
 * order, the loan transactions with their ledger entries, and any money held in suspense come out.
 * The API only persists the outcome, in one database transaction. Nothing here reads a clock or a
 * database: every instant and day comes in with the event.
 */

/** The servicing terms a loan was booked with (copied from its product version, CO-06). */
export interface LoanTerms {
  lateCharge: Centavos;
  penaltyDailyPpm: number;
  extensionFeeBp: number;
  extensionDays: number;
}

export interface Loan {
  id: string;
  status: OrderStatus;
  quote: Quote;
  terms: LoanTerms;
  /** Manila date the money arrived; null before disbursement */
  disbursedOn: string | null;
  dueDate: string | null;
  transactions: readonly LoanTransaction[];
}

export type LoanEvent =
  | { type: 'payout_succeeded'; payoutId: string; at: Date }
  | { type: 'payout_failed'; payoutId: string; at: Date }
  | { type: 'payout_account_fixed'; at: Date }
  | { type: 'payout_reversed'; payoutId: string; at: Date }
  /** the day job: due and overdue transitions and overdue charges up to `today` (a Manila date) */
  | { type: 'day_passed'; today: string }
  /** money arrived for this loan; `paidAt` is when the payer paid (BE-10), not when we heard */
  | { type: 'payment_received'; purpose: RepaymentPurpose; amount: Centavos; paidAt: Date; reference: string }
  | { type: 'cancelled_by_operator'; at: Date };

/** A loan transaction to persist, with its ledger entries and the key that makes posting it idempotent. */
export interface PostedLoanTransaction extends LoanTransaction {
  key: string;
  entries: LedgerEntry[];
}

export interface LoanOutcome {
  status: OrderStatus;
  /** the state-machine event taken, if the status changed or was confirmed */
  transition: OrderEvent | null;
  changes: { status?: OrderStatus; disbursedOn?: string | null; dueDate?: string | null };
  transactions: PostedLoanTransaction[];
  /** money that arrived but could not be applied: posted to suspense, never lost */
  held: { amount: Centavos; reason: HeldReason; key: string; entries: LedgerEntry[] } | null;
}

const SERVICING: readonly OrderStatus[] = ['repaying', 'extended', 'overdue'];

/** THE due-date rule: the Manila date the money arrived plus the term in days. */
export function dueDate(disbursedAt: Date, termDays: number): string {
  return addDays(manilaDate(disbursedAt), termDays);
}

/** Disbursement: the quote's lines, plus the term's interest booked as owed and earned. */
export function disbursementLoanEntries(q: Quote): LedgerEntry[] {
  return balanced([...disbursementEntries(q), { account: 'interest_receivable', amount: q.interest }, { account: 'interest_income', amount: -q.interest }]);
}

const sum = (txs: readonly LoanTransaction[], pick: (t: LoanTransaction) => Centavos) => txs.reduce((s, t) => s + pick(t), 0n);
const OVERDUE_POSTINGS = new Set(['late_charge', 'penalty_accrual', 'reversal']);

/** Late charge and penalty posted against the due date in force (net of charges taken back). */
function chargesPostedFor(loan: Loan): { lateCharge: Centavos; penalty: Centavos } {
  const mine = loan.transactions.filter((t) => OVERDUE_POSTINGS.has(t.type) && t.dueDate === loan.dueDate);
  return { lateCharge: sum(mine, (t) => t.portions.lateCharge), penalty: sum(mine, (t) => t.portions.penalty) };
}

/** Everything the loan has cost so far (the 100%-of-principal cap counts all of it). */
export function costSoFar(loan: Loan): Centavos {
  const overdue = sum(loan.transactions.filter((t) => OVERDUE_POSTINGS.has(t.type)), (t) => t.portions.lateCharge + t.portions.penalty);
  const extensionFees = sum(loan.transactions.filter((t) => t.type === 'extension_fee'), (t) => t.portions.fees);
  return loan.quote.financeCharge + extensionFees + overdue;
}

/** The amount penalties are computed on: what is owed apart from the charges themselves. */
function amountDueForCharges(outstanding: Balance): Centavos {
  return outstanding.principal + outstanding.interest + outstanding.fees;
}

function tx(loan: Loan, type: LoanTransaction['type'], portions: Balance, businessDate: string, key: string, extra: { cash?: Centavos; days?: number } = {}): PostedLoanTransaction {
  const t: LoanTransaction = { type, portions, cash: extra.cash ?? 0n, businessDate, dueDate: loan.dueDate, ...(extra.days !== undefined ? { days: extra.days } : {}) };
  return { ...t, key, entries: balanced(loanTransactionEntries(t)) };
}

/**
 * The overdue charges that bring the loan to what it owes as of `day`: accruals when behind,
 * a reversal when more was posted than was owed on that day (a payment made before the day job
 * accrued, reported late: BE-10). `direction` limits to one kind.
 */
function overdueAdjustments(loan: Loan, day: string, keyPrefix: string, direction: 'up' | 'both'): PostedLoanTransaction[] {
  if (!loan.dueDate || !SERVICING.includes(loan.status)) return [];
  const overdueDays = Math.max(0, daysBetween(loan.dueDate, day));
  const base = amountDueForCharges(outstandingOf(loan.transactions));
  const target = overdueChargesAfter(loan.terms, base, overdueDays);
  const posted = chargesPostedFor(loan);
  let late = target.lateCharge - posted.lateCharge;
  let penalty = target.penalty - posted.penalty;
  const out: PostedLoanTransaction[] = [];
  const up = (late > 0n ? late : 0n) + (penalty > 0n ? penalty : 0n);
  if (up > 0n) {
    // the total-cost cap: only what still fits under 100% of principal is charged, late charge first
    let room = capCharge(loan.quote.principal, costSoFar(loan), up);
    const lateUp = late > 0n ? (late < room ? late : room) : 0n;
    room -= lateUp;
    const penaltyUp = penalty > 0n ? (penalty < room ? penalty : room) : 0n;
    if (lateUp > 0n) out.push(tx(loan, 'late_charge', balance({ lateCharge: lateUp }), day, `${keyPrefix}:late_charge`));
    if (penaltyUp > 0n) out.push(tx(loan, 'penalty_accrual', balance({ penalty: penaltyUp }), day, `${keyPrefix}:penalty`));
  }
  if (direction === 'both') {
    late = late < 0n ? late : 0n;
    penalty = penalty < 0n ? penalty : 0n;
    if (late + penalty < 0n) out.push(tx(loan, 'reversal', balance({ lateCharge: late, penalty }), day, `${keyPrefix}:reversal`));
  }
  return out;
}

const withTransactions = (loan: Loan, txs: readonly LoanTransaction[]): Loan => ({ ...loan, transactions: [...loan.transactions, ...txs] });

/** The loan as it stands on `day` (charges brought up to that day), for quotes and views. */
export function loanAsOf(loan: Loan, day: string): Loan {
  return withTransactions(loan, overdueAdjustments(loan, day, 'view', 'both'));
}

/** How many days overdue the loan is on `day` (0 when not overdue). */
export function overdueDaysOn(loan: Pick<Loan, 'status' | 'dueDate'>, day: string): number {
  if (!loan.dueDate || !SERVICING.includes(loan.status)) return 0;
  return Math.max(0, daysBetween(loan.dueDate, day));
}

export interface ExtensionQuote {
  available: boolean;
  blockedBy: 'status' | 'caps' | null;
  fee: Centavos;
  overdueCharges: Centavos;
  amount: Centavos;
  newDueDate: string | null;
}

/**
 * CO-02: what an extension paid on `day` costs and does. The fee comes from the loan's terms; the
 * due date moves `extensionDays` past the later of the due date and that day; the late charge
 * and penalty so far are paid with it (no overdue fees for the extended period); principal is
 * unchanged. Refused when the extended schedule would breach any cap (`scheduleBreaches`).
 */
export function extensionQuote(loan: Loan, day: string): ExtensionQuote {
  const current = loanAsOf(loan, day);
  const fee = (loan.quote.principal * BigInt(loan.terms.extensionFeeBp)) / 10_000n;
  const outstanding = outstandingOf(current.transactions);
  const overdueCharges = outstanding.lateCharge + outstanding.penalty;
  const blocked = (blockedBy: 'status' | 'caps'): ExtensionQuote => ({ available: false, blockedBy, fee, overdueCharges, amount: fee + overdueCharges, newDueDate: null });
  if (!SERVICING.includes(loan.status) || !loan.dueDate || !loan.disbursedOn || fee <= 0n || loan.terms.extensionDays <= 0) return blocked('status');
  const from = daysBetween(loan.dueDate, day) > 0 ? day : loan.dueDate;
  const newDueDate = addDays(from, loan.terms.extensionDays);
  const previous = current.transactions
    .filter((t) => t.type === 'extension_fee')
    .map((t) => ({ fee: t.portions.fees, days: t.days ?? loan.terms.extensionDays, paidOnDay: daysBetween(loan.disbursedOn!, t.businessDate) }));
  const breaches = scheduleBreaches({
    principal: loan.quote.principal,
    netProceeds: loan.quote.netProceeds,
    interest: loan.quote.interest,
    upFrontCharges: loan.quote.financeCharge - loan.quote.interest,
    termDays: loan.quote.termDays,
    extensions: [...previous, { fee, days: daysBetween(loan.dueDate, newDueDate), paidOnDay: daysBetween(loan.disbursedOn, day) }],
    overdueCharges: costSoFar(current) - loan.quote.financeCharge - previous.reduce((s, e) => s + e.fee, 0n),
  });
  if (breaches.length > 0) return blocked('caps');
  return { available: true, blockedBy: null, fee, overdueCharges, amount: fee + overdueCharges, newDueDate };
}

/** The amount that settles the loan in full if paid on `day` (VAL-15). */
export function amountDueOn(loan: Loan, day: string): Centavos {
  if (!SERVICING.includes(loan.status)) return 0n;
  return totalOf(outstandingOf(loanAsOf(loan, day).transactions));
}

function unchanged(loan: Loan): LoanOutcome {
  return { status: loan.status, transition: null, changes: {}, transactions: [], held: null };
}

function transition(loan: Loan, event: OrderEvent): { status: OrderStatus; transition: OrderEvent; changes: { status: OrderStatus } } {
  const status = nextStatus(loan.status, event); // throws IllegalTransition
  return { status, transition: event, changes: { status } };
}

function hold(loan: Loan, amount: Centavos, reason: HeldReason, reference: string): LoanOutcome {
  const entries = balanced([
    { account: 'cash_at_provider', amount },
    { account: 'suspense', amount: -amount },
  ]);
  return { ...unchanged(loan), held: { amount, reason, key: `suspense:${reference}`, entries } };
}

/**
 * THE loan event function. Throws IllegalTransition for an event the loan's state does not take
 * (the API answers 409 ORDER_STATE_CONFLICT); money never throws: a payment that cannot be applied
 * is held in suspense with the reason.
 */
export function applyOrderEvent(loan: Loan, event: LoanEvent): LoanOutcome {
  switch (event.type) {
    case 'payout_succeeded': {
      const t = transition(loan, 'payout_succeeded');
      const disbursedOn = manilaDate(event.at);
      const due = dueDate(event.at, loan.quote.termDays);
      const q = loan.quote;
      const disbursement: PostedLoanTransaction = {
        type: 'disbursement',
        portions: balance({ principal: q.principal, interest: q.interest }),
        cash: q.netProceeds,
        businessDate: disbursedOn,
        dueDate: due,
        key: `disbursement:${event.payoutId}`,
        entries: disbursementLoanEntries(q),
      };
      return { ...t, changes: { ...t.changes, disbursedOn, dueDate: due }, transactions: [disbursement], held: null };
    }
    case 'payout_failed':
      return { ...transition(loan, 'payout_failed'), transactions: [], held: null };
    case 'payout_account_fixed':
      return { ...transition(loan, 'payout_account_fixed'), transactions: [], held: null };
    case 'payout_reversed': {
      const t = transition(loan, 'payout_reversed');
      // The money came back before anything else happened: the disbursement is undone exactly.
      if (loan.transactions.some((x) => x.type !== 'disbursement')) throw new IllegalTransition(loan.status, 'payout_reversed');
      const outstanding = outstandingOf(loan.transactions);
      const reversal: PostedLoanTransaction = {
        type: 'reversal',
        portions: balance({ principal: -outstanding.principal, interest: -outstanding.interest }),
        cash: -loan.quote.netProceeds,
        businessDate: manilaDate(event.at),
        dueDate: loan.dueDate,
        key: `reversal:${event.payoutId}`,
        entries: disbursementLoanEntries(loan.quote).map((e) => ({ account: e.account, amount: -e.amount })),
      };
      return { ...t, changes: { ...t.changes, disbursedOn: null, dueDate: null }, transactions: [reversal], held: null };
    }
    case 'cancelled_by_operator':
      return { ...transition(loan, 'cancelled_by_operator'), transactions: [], held: null };
    case 'day_passed': {
      if (!SERVICING.includes(loan.status) || !loan.dueDate) return unchanged(loan);
      const passed = daysBetween(loan.dueDate, event.today) > 0 && loan.status !== 'overdue';
      const next: Loan = passed ? { ...loan, status: 'overdue' } : loan;
      const charges = overdueAdjustments(next, event.today, `overdue:${loan.id}:${event.today}`, 'up');
      if (!passed) return { ...unchanged(loan), transactions: charges };
      return { ...transition(loan, 'due_date_passed'), transactions: charges, held: null };
    }
    case 'payment_received': {
      if (event.amount <= 0n) throw new RangeError('a payment must be positive');
      const ref = event.reference;
      if (!SERVICING.includes(loan.status)) return hold(loan, event.amount, loan.status === 'settled' ? 'already_settled' : 'not_repayable', ref);
      const paidDay = manilaDate(event.paidAt);
      // BE-10: the loan as it stood on the day the payer paid, whatever was posted since
      const adjustments = overdueAdjustments(loan, paidDay, `payment:${ref}:asof`, 'both');
      const asOf = withTransactions(loan, adjustments);
      const outstanding = outstandingOf(asOf.transactions);
      if (event.purpose === 'full') {
        if (event.amount !== totalOf(outstanding)) return hold(loan, event.amount, 'amount_mismatch', ref);
        const { portions } = allocateRepayment(outstanding, event.amount);
        const repayment = tx(asOf, 'repayment', portions, paidDay, `payment:${ref}`, { cash: event.amount });
        const t = transition(loan, 'repaid_in_full');
        return { ...t, transactions: [...adjustments, repayment], held: null };
      }
      const quote = extensionQuote(asOf, paidDay);
      if (!quote.available || !quote.newDueDate) return hold(loan, event.amount, 'not_repayable', ref);
      if (event.amount !== quote.amount) return hold(loan, event.amount, 'amount_mismatch', ref);
      const days = daysBetween(loan.dueDate!, quote.newDueDate);
      const fee = tx(asOf, 'extension_fee', balance({ fees: quote.fee }), paidDay, `payment:${ref}:extension_fee`, { days });
      const afterFee = addBalances(outstanding, fee.portions);
      const { portions } = allocateRepayment(afterFee, event.amount);
      const repayment = tx(asOf, 'repayment', portions, paidDay, `payment:${ref}`, { cash: event.amount });
      const t = transition(loan, 'extension_paid');
      return { ...t, changes: { ...t.changes, dueDate: quote.newDueDate }, transactions: [...adjustments, fee, repayment], held: null };
    }
  }
}
