import type { Centavos } from '../money.ts';
import { addDays, daysBetween, manilaDate } from '../time.ts';
import type { HeldReason, RepaymentPurpose } from '../contracts/servicing.ts';
import { capCharge, overdueChargesAfter, scheduleBreaches } from './compliance.ts';
import { balanced, disbursementEntries, type LedgerEntry } from './ledger.ts';
import {
  addBalances,
  allocateRepayment,
  balance,
  extensionsInForce,
  loanTransactionEntries,
  negate,
  outstandingOf,
  totalOf,
  type Balance,
  type LoanTransaction,
} from './loan-account.ts';
import {
  IllegalTransition,
  nextStatus,
  isServicing,
  type OrderEvent,
  type OrderStatus,
} from './order-state.ts';
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
  /** the instant the money arrived (CO-05 counts its 24 hours from it); absent where not needed */
  disbursedAt?: Date | null;
  dueDate: string | null;
  transactions: readonly LoanTransaction[];
  /** BE-10, BE-15: stretches of days on which overdue charges do not run (none when absent) */
  chargePauses?: readonly ChargePause[];
  /**
   * BE-15: the loan was written off: `amount` taken off the books (credit loss) and `recovered` of
   * it collected since. The borrower still owes the balance; each later repayment also releases
   * what it brings, up to the amount written off, from the allowance to recovery income, and a
   * waiver or a BE-10 reversal of charges takes them off the allowance (see writtenOffBooks).
   */
  writeOff?: { amount: Centavos; recovered: Centavos } | null;
}

/** BE-15: a loan may be written off once it is this many days past due (finance policy; counsel and the auditor confirm). */
export const WRITE_OFF_MIN_DAYS_PAST_DUE = 90;

/** BE-15: whether the loan can be written off on `day`, and the book value it would take off. */
export function writeOffQuote(loan: Loan, day: string): { eligible: boolean; amount: Centavos } {
  const amount = totalOf(outstandingOf(loanAsOf(loan, day).transactions));
  const eligible =
    loan.status === 'overdue' &&
    !loan.writeOff &&
    amount > 0n &&
    overdueDaysOn(loan, day) >= WRITE_OFF_MIN_DAYS_PAST_DUE;
  return { eligible, amount };
}

/**
 * BE-15: the ledger entries of a write-off: the loan's book value to credit loss, against the
 * allowance (the receivables themselves stay: the borrower still owes them).
 */
export function writeOffEntries(amount: Centavos): LedgerEntry[] {
  return balanced([
    { account: 'credit_loss_expense', amount },
    { account: 'allowance_written_off', amount: -amount },
  ]);
}

/**
 * BE-15: what a written-off loan's later transactions do to the allowance. The write-off took the
 * whole balance, charges included, to credit loss against `allowance_written_off`, so:
 * - a repayment releases what it brings from the allowance to recovery income;
 * - a waiver (charges forgiven) or a BE-10 reversal (charges taken back) takes the charges off the
 *   allowance instead of undoing their income: the write-off already counted them as lost, so
 *   undoing the income as well would count the loss twice and leave the allowance holding a
 *   balance the borrower no longer owes (it would never come back to zero).
 * Never more than was written off and not released yet.
 */
function writtenOffBooks(loan: Loan, outcome: LoanOutcome): LoanOutcome {
  if (!loan.writeOff) return outcome;
  let room = loan.writeOff.amount - loan.writeOff.recovered;
  if (room <= 0n) return outcome;
  const release = (wanted: Centavos): Centavos => {
    const x = wanted < room ? wanted : room;
    room -= x;
    return x;
  };
  const transactions = outcome.transactions.map((t) => {
    if (room <= 0n) return t;
    if (t.type === 'repayment' && t.cash > 0n) {
      const x = release(t.cash);
      return {
        ...t,
        entries: balanced([
          ...t.entries,
          { account: 'allowance_written_off', amount: x },
          { account: 'recovery_income', amount: -x },
        ]),
      };
    }
    const charges = -(t.portions.lateCharge + t.portions.penalty);
    if ((t.type === 'waiver' || t.type === 'reversal') && charges > 0n) {
      const x = release(charges);
      return {
        ...t,
        entries: balanced([
          ...t.entries.map((e) => (e.account === 'penalty_income' ? { ...e, amount: e.amount - x } : e)),
          { account: 'allowance_written_off', amount: x },
        ]),
      };
    }
    return t;
  });
  return { ...outcome, transactions };
}

/**
 * A stretch of days on which no late charge or penalty runs (BE-10: an open payment dispute;
 * BE-15: an approved hardship plan). Manila dates: `from` inclusive, `until` exclusive, null while
 * the pause is open. The API keeps a loan's pauses from overlapping (a new one starts no earlier
 * than the last one ended), so paused days are the sum of each pause's days.
 */
export interface ChargePause {
  from: string;
  until: string | null;
  /** why: a payment dispute (BE-10), a hardship plan or a write-off (BE-15) */
  reason?: ChargePauseReason;
}

export const CHARGE_PAUSE_REASONS = ['dispute', 'hardship', 'write_off'] as const;
export type ChargePauseReason = (typeof CHARGE_PAUSE_REASONS)[number];

/** BE-15: the longest a hardship plan may stop charges for, in days from its approval. */
export const HARDSHIP_MAX_DAYS = 90;

/**
 * The overdue days that are charged on `day`: the days after the due date up to and including
 * `day` that no pause covers. The day job's SQL (accrualStatement) computes the same number.
 */
export function chargeableOverdueDays(loan: Pick<Loan, 'dueDate' | 'chargePauses'>, day: string): number {
  if (!loan.dueDate) return 0;
  const overdue = Math.max(0, daysBetween(loan.dueDate, day));
  if (overdue === 0) return 0;
  const first = addDays(loan.dueDate, 1);
  const end = addDays(day, 1);
  let paused = 0;
  for (const p of loan.chargePauses ?? []) {
    const from = p.from > first ? p.from : first;
    const until = p.until === null || p.until > end ? end : p.until;
    paused += Math.max(0, daysBetween(from, until));
  }
  return Math.max(0, overdue - paused);
}

/**
 * Whether charges are paused as of `day` (the bill says so): a pause is still open (it starts the
 * day after the report, see openPaymentDispute), or `day` falls inside one.
 */
export function chargesPausedOn(loan: Pick<Loan, 'chargePauses'>, day: string): boolean {
  return chargePauseOn(loan, day) !== null;
}

/** The pause that stops charges as of `day` (see chargesPausedOn), or null. */
export function chargePauseOn(loan: Pick<Loan, 'chargePauses'>, day: string): ChargePause | null {
  return (loan.chargePauses ?? []).find((p) => p.until === null || (p.from <= day && day < p.until)) ?? null;
}

export type LoanEvent =
  | { type: 'payout_succeeded'; payoutId: string; at: Date }
  | { type: 'payout_failed'; payoutId: string; at: Date }
  | { type: 'payout_account_fixed'; at: Date }
  | { type: 'payout_reversed'; payoutId: string; at: Date }
  /** the day job: due and overdue transitions and overdue charges up to `today` (a Manila date) */
  | { type: 'day_passed'; today: string }
  /** money arrived for this loan; `paidAt` is when the payer paid (BE-10), not when we heard */
  | {
      type: 'payment_received';
      purpose: RepaymentPurpose;
      amount: Centavos;
      paidAt: Date;
      reference: string;
      /**
       * A repayment coupon reserved on this attempt (EN-07): it pays `amount` of what is due (never
       * more), as a `coupon` transaction keyed `coupon:<reference>`, and the payment must be the rest.
       * A payment that is held applies no coupon.
       */
      coupon?: { amount: Centavos; reference: string };
      /**
       * CO-02: for an extension, the due date it was quoted to move (what its disclosure showed).
       * If another extension has moved the due date since, this payment is the same extension paid
       * twice: held as a duplicate, never applied as an extension its payer was not shown.
       */
      extendsDueDate?: string;
      /**
       * CO-02, BE-10: the extensions applied to this loan by a payment of their own, each with its
       * payer's paid-at time (the API reads them from the paid extension attempts). A full payment
       * paid before some of them that settled the loan as of its paid-at reverses them
       * (settledBeforeExtensions); absent, nothing is reversed.
       */
      extensionsPaid?: readonly { reference: string; paidAt: Date }[];
    }
  /**
   * CO-05: an operator cancels the order. Before any money went out (disbursing, payout failed) it
   * simply ends. A loan paid out is cancelled only within CANCELLATION_WINDOW_MS of the money
   * arriving, and only with the money the borrower returned (`returned`: exactly the net proceeds,
   * already received and held in suspense): the loan is unwound, fees and interest reversed.
   */
  | {
      type: 'cancelled_by_operator';
      at: Date;
      returned?: { amount: Centavos; paidAt: Date; reference: string };
    }
  /**
   * Finance applies money held in suspense to the loan, counted as of the payer's paid-at time
   * (BE-10): `full` and `extension` as a payment of that purpose would have been; `partial` pays
   * down what is owed in the allocation order without changing the status. Money paid before an
   * extension that cannot be reversed counts as the loan stands on `appliedAt`'s day instead (see
   * suspenseApplied).
   */
  | {
      type: 'suspense_applied';
      purpose: RepaymentPurpose | 'partial';
      amount: Centavos;
      paidAt: Date;
      reference: string;
      /**
       * CO-02, BE-10: the extensions paid on the loan with their payers' paid-at, as the webhook
       * lists them for a full payment (the API's one formula, extensionsPaidOn): a full payment
       * applied from held money reverses the ones paid after it exactly as the webhook would have.
       */
      extensionsPaid?: readonly { reference: string; paidAt: Date }[];
      /** when finance applies it: the day the loan is settled on when the reversal cannot be built */
      appliedAt?: Date;
    }
  /**
   * Finance's decision on a paid-out transfer that came back after the borrower had paid something
   * (payout_reversed could not undo the loan by itself and held the returned net proceeds in
   * suspense): the borrower never had the money, so the loan is undone and ends cancelled, and
   * everything the borrower paid is owed back to them (refunds payable).
   */
  | { type: 'payout_reversal_unwound'; payoutId: string; at: Date }
  /** an operator forgives late charge and penalty already charged (the console's waiver) */
  | { type: 'charges_waived'; lateCharge: Centavos; penalty: Centavos; at: Date; reference: string };

/** CO-05: a loan can be cancelled within 24 hours of the money arriving. */
export const CANCELLATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** An operator's money action the loan refuses; `code` is an error code of the catalogue. */
export class LoanActionRefused extends Error {
  readonly code:
    | 'CANCELLATION_WINDOW_PASSED'
    | 'CANCELLATION_AMOUNT_MISMATCH'
    | 'SUSPENSE_CANNOT_APPLY'
    | 'WAIVER_EXCEEDS_CHARGES'
    | 'PAYOUT_REVERSAL_CANNOT_UNWIND';
  constructor(code: LoanActionRefused['code']) {
    super(code);
    this.code = code;
  }
}

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
  /**
   * CO-02, BE-10: extensions a full payment paid before them reversed (settledBeforeExtensions):
   * each one's payment is held money now (in suspense, inside the outcome's transactions), for
   * finance to refund; the API marks its attempt held as `already_settled`. `coupon`: the repayment
   * coupon that paid part of it (its reference, as the extension's event gave it, and the amount
   * it paid), taken back from the loan: the API gives it back to the borrower
   */
  reversedExtensions?: {
    reference: string;
    amount: Centavos;
    coupon?: { reference: string; amount: Centavos };
  }[];
  /**
   * CO-02, BE-10: of held money finance applied (suspense_applied), what the loan did not need. It
   * stays in suspense (nothing is posted for it) and the API keeps it held on a record of its own,
   * for a refund. Absent when all of it was applied.
   */
  leftHeld?: Centavos;
}

/** THE due-date rule: the Manila date the money arrived plus the term in days. */
export function dueDate(disbursedAt: Date, termDays: number): string {
  return addDays(manilaDate(disbursedAt), termDays);
}

/** Disbursement: the quote's lines, plus the term's interest booked as owed and earned. */
export function disbursementLoanEntries(q: Quote): LedgerEntry[] {
  return balanced([
    ...disbursementEntries(q),
    { account: 'interest_receivable', amount: q.interest },
    { account: 'interest_income', amount: -q.interest },
  ]);
}

const sum = (txs: readonly LoanTransaction[], pick: (t: LoanTransaction) => Centavos) =>
  txs.reduce((s, t) => s + pick(t), 0n);
const OVERDUE_POSTINGS = new Set(['late_charge', 'penalty_accrual', 'reversal']);
/** What a loan may hold and still be undone by its payout coming back: nothing the borrower paid. */
const UNDONE_BY_PAYOUT_REVERSAL = new Set<LoanTransaction['type']>([
  'disbursement',
  'late_charge',
  'penalty_accrual',
  'waiver',
  'reversal',
]);

/** Late charge and penalty posted against the due date in force (net of charges taken back). */
function chargesPostedFor(loan: Loan): { lateCharge: Centavos; penalty: Centavos } {
  const mine = loan.transactions.filter((t) => OVERDUE_POSTINGS.has(t.type) && t.dueDate === loan.dueDate);
  return {
    lateCharge: sum(mine, (t) => t.portions.lateCharge),
    penalty: sum(mine, (t) => t.portions.penalty),
  };
}

/** Everything the loan has cost so far (the 100%-of-principal cap counts all of it). */
export function costSoFar(loan: Loan): Centavos {
  const overdue = sum(
    loan.transactions.filter((t) => OVERDUE_POSTINGS.has(t.type)),
    (t) => t.portions.lateCharge + t.portions.penalty,
  );
  // a reversed extension's fee (a reversal of fees: settledBeforeExtensions) costs nothing
  const extensionFees = sum(
    loan.transactions.filter((t) => t.type === 'extension_fee' || t.type === 'reversal'),
    (t) => t.portions.fees,
  );
  return loan.quote.financeCharge + extensionFees + overdue;
}

/** The amount penalties are computed on: what is owed apart from the charges themselves. */
function amountDueForCharges(outstanding: Balance): Centavos {
  return outstanding.principal + outstanding.interest + outstanding.fees;
}

function tx(
  loan: Loan,
  type: LoanTransaction['type'],
  portions: Balance,
  businessDate: string,
  key: string,
  extra: { cash?: Centavos; days?: number } = {},
): PostedLoanTransaction {
  const t: LoanTransaction = {
    type,
    portions,
    cash: extra.cash ?? 0n,
    businessDate,
    dueDate: loan.dueDate,
    ...(extra.days !== undefined ? { days: extra.days } : {}),
  };
  return { ...t, key, entries: balanced(loanTransactionEntries(t)) };
}

/**
 * The overdue charges that bring the loan to what it owes as of `day`: accruals when behind,
 * a reversal when more was posted than was owed on that day (a payment made before the day job
 * accrued, reported late: BE-10), at most what is still owed of each charge. `direction` limits to
 * one kind.
 */
function overdueAdjustments(
  loan: Loan,
  day: string,
  keyPrefix: string,
  direction: 'up' | 'both',
): PostedLoanTransaction[] {
  if (!loan.dueDate || !isServicing(loan.status)) return [];
  const overdueDays = chargeableOverdueDays(loan, day);
  const owed = outstandingOf(loan.transactions);
  const target = overdueChargesAfter(loan.terms, amountDueForCharges(owed), overdueDays);
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
    if (lateUp > 0n)
      out.push(tx(loan, 'late_charge', balance({ lateCharge: lateUp }), day, `${keyPrefix}:late_charge`));
    if (penaltyUp > 0n)
      out.push(tx(loan, 'penalty_accrual', balance({ penalty: penaltyUp }), day, `${keyPrefix}:penalty`));
  }
  if (direction === 'both') {
    // Never more than is still owed of each charge: what a waiver forgave (or a payment paid) is
    // already off the balance, and taking it back again would leave a negative charge and lower
    // the amount due below what the payer owed on the day they paid (BE-10).
    const takeBack = (excess: Centavos, left: Centavos): Centavos => {
      if (excess >= 0n || left <= 0n) return 0n;
      return -excess < left ? excess : -left;
    };
    late = takeBack(late, owed.lateCharge);
    penalty = takeBack(penalty, owed.penalty);
    if (late + penalty < 0n)
      out.push(tx(loan, 'reversal', balance({ lateCharge: late, penalty }), day, `${keyPrefix}:reversal`));
  }
  return out;
}

const withTransactions = (loan: Loan, txs: readonly LoanTransaction[]): Loan => ({
  ...loan,
  transactions: [...loan.transactions, ...txs],
});

/** The loan as it stands on `day` (charges brought up to that day), for quotes and views. */
export function loanAsOf(loan: Loan, day: string): Loan {
  return withTransactions(loan, overdueAdjustments(loan, day, 'view', 'both'));
}

/** How many days overdue the loan is on `day` (0 when not overdue). */
export function overdueDaysOn(loan: Pick<Loan, 'status' | 'dueDate'>, day: string): number {
  if (!loan.dueDate || !isServicing(loan.status)) return 0;
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
  const blocked = (blockedBy: 'status' | 'caps'): ExtensionQuote => ({
    available: false,
    blockedBy,
    fee,
    overdueCharges,
    amount: fee + overdueCharges,
    newDueDate: null,
  });
  if (
    !isServicing(loan.status) ||
    !loan.dueDate ||
    !loan.disbursedOn ||
    fee <= 0n ||
    loan.terms.extensionDays <= 0
  )
    return blocked('status');
  const from = daysBetween(loan.dueDate, day) > 0 ? day : loan.dueDate;
  const newDueDate = addDays(from, loan.terms.extensionDays);
  const previous = extensionsInForce(current.transactions).map((t) => ({
    fee: t.portions.fees,
    days: t.days ?? loan.terms.extensionDays,
    paidOnDay: daysBetween(loan.disbursedOn!, t.businessDate),
  }));
  const breaches = scheduleBreaches({
    principal: loan.quote.principal,
    netProceeds: loan.quote.netProceeds,
    interest: loan.quote.interest,
    upFrontCharges: loan.quote.financeCharge - loan.quote.interest,
    termDays: loan.quote.termDays,
    extensions: [
      ...previous,
      { fee, days: daysBetween(loan.dueDate, newDueDate), paidOnDay: daysBetween(loan.disbursedOn, day) },
    ],
    overdueCharges: costSoFar(current) - loan.quote.financeCharge - previous.reduce((s, e) => s + e.fee, 0n),
  });
  if (breaches.length > 0) return blocked('caps');
  return { available: true, blockedBy: null, fee, overdueCharges, amount: fee + overdueCharges, newDueDate };
}

/** The amount that settles the loan in full if paid on `day` (VAL-15). */
export function amountDueOn(loan: Loan, day: string): Centavos {
  if (!isServicing(loan.status)) return 0n;
  return totalOf(outstandingOf(loanAsOf(loan, day).transactions));
}

function unchanged(loan: Loan): LoanOutcome {
  return { status: loan.status, transition: null, changes: {}, transactions: [], held: null };
}

function transition(
  loan: Loan,
  event: OrderEvent,
): { status: OrderStatus; transition: OrderEvent; changes: { status: OrderStatus } } {
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
  return writtenOffBooks(loan, decideOrderEvent(loan, event));
}

function decideOrderEvent(loan: Loan, event: LoanEvent): LoanOutcome {
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
      return {
        ...t,
        changes: { ...t.changes, disbursedOn, dueDate: due },
        transactions: [disbursement],
        held: null,
      };
    }
    case 'payout_failed':
      return { ...transition(loan, 'payout_failed'), transactions: [], held: null };
    case 'payout_account_fixed':
      return { ...transition(loan, 'payout_account_fixed'), transactions: [], held: null };
    case 'payout_reversed': {
      // The borrower never received the money, so the loan is undone exactly: the disbursement, and
      // any late charge and penalty charged meanwhile (the transfer can bounce after the due date).
      // Once the borrower has paid anything, or the loan is closed, undoing it is a decision for
      // finance; so is a loan that carries more than its transactions: a write-off (its own
      // postings and record), or a charge pause still running (a dispute, a hardship plan) that
      // would pause the loan paid out again. Money never throws: the returned proceeds are held in
      // suspense against the order (the console's payout queue lists the attempt).
      const today = manilaDate(event.at);
      if (
        !(loan.status === 'repaying' || loan.status === 'overdue') ||
        loan.transactions.some((x) => !UNDONE_BY_PAYOUT_REVERSAL.has(x.type)) ||
        loan.writeOff ||
        (loan.chargePauses ?? []).some((p) => p.until === null || p.until > today)
      )
        return hold(loan, loan.quote.netProceeds, 'not_repayable', `payout-reversed:${event.payoutId}`);
      const t = transition(loan, 'payout_reversed');
      const portions = negate(outstandingOf(loan.transactions));
      const reversal: PostedLoanTransaction = {
        type: 'reversal',
        portions,
        cash: -loan.quote.netProceeds,
        businessDate: manilaDate(event.at),
        dueDate: loan.dueDate,
        key: `reversal:${event.payoutId}`,
        entries: payoutReversalEntries(loan.quote, portions),
      };
      return {
        ...t,
        changes: { ...t.changes, disbursedOn: null, dueDate: null },
        transactions: [reversal],
        held: null,
      };
    }
    case 'cancelled_by_operator':
      return cancellation(loan, event);
    case 'suspense_applied':
      return suspenseApplied(loan, event);
    case 'charges_waived':
      return chargesWaived(loan, event);
    case 'payout_reversal_unwound':
      return payoutReversalUnwound(loan, event);
    case 'day_passed': {
      if (!isServicing(loan.status) || !loan.dueDate) return unchanged(loan);
      const passed = daysBetween(loan.dueDate, event.today) > 0 && loan.status !== 'overdue';
      const next: Loan = passed ? { ...loan, status: 'overdue' } : loan;
      const charges = overdueAdjustments(next, event.today, `overdue:${loan.id}:${event.today}`, 'up');
      if (!passed) return { ...unchanged(loan), transactions: charges };
      return { ...transition(loan, 'due_date_passed'), transactions: charges, held: null };
    }
    case 'payment_received': {
      if (event.amount <= 0n) throw new RangeError('a payment must be positive');
      const ref = event.reference;
      if (!isServicing(loan.status))
        return hold(loan, event.amount, loan.status === 'settled' ? 'already_settled' : 'not_repayable', ref);
      const paidDay = manilaDate(event.paidAt);
      // BE-10: the loan as it stood on the day the payer paid, whatever was posted since
      const adjustments = overdueAdjustments(loan, paidDay, `payment:${ref}:asof`, 'both');
      const asOf = withTransactions(loan, adjustments);
      const outstanding = outstandingOf(asOf.transactions);
      const couponFor = (owed: Balance): PostedLoanTransaction[] => {
        if (!event.coupon) return [];
        const take = event.coupon.amount < totalOf(owed) ? event.coupon.amount : totalOf(owed);
        if (take <= 0n) return [];
        const { portions } = allocateRepayment(owed, take);
        return [tx(asOf, 'coupon', portions, paidDay, `coupon:${event.coupon.reference}`)];
      };
      const portionsOf = (ts: PostedLoanTransaction[]) =>
        ts.reduce((s, t) => addBalances(s, t.portions), balance());
      if (event.purpose === 'full') {
        const beforeExtensions = settledBeforeExtensions(loan, event);
        if (beforeExtensions) return beforeExtensions;
        return (
          settledAsOf(loan, asOf, adjustments, event) ?? hold(loan, event.amount, 'amount_mismatch', ref)
        );
      }
      if (event.extendsDueDate !== undefined && event.extendsDueDate !== loan.dueDate)
        return hold(loan, event.amount, 'duplicate', ref);
      const quote = extensionQuote(asOf, paidDay);
      if (!quote.available || !quote.newDueDate) return hold(loan, event.amount, 'not_repayable', ref);
      const days = daysBetween(loan.dueDate!, quote.newDueDate);
      const fee = tx(
        asOf,
        'extension_fee',
        balance({ fees: quote.fee }),
        paidDay,
        `payment:${ref}:extension_fee`,
        { days },
      );
      const afterFee = addBalances(outstanding, fee.portions);
      // the coupon pays part of what the extension asks for now (the fee and the charges so far)
      const dueNow = allocateRepayment(afterFee, quote.amount).portions;
      const coupon = couponFor(negate(dueNow));
      if (event.amount !== quote.amount + totalOf(portionsOf(coupon)))
        return hold(loan, event.amount, 'amount_mismatch', ref);
      const afterCoupon = addBalances(afterFee, portionsOf(coupon));
      const { portions } = allocateRepayment(afterCoupon, event.amount);
      const repayment = tx(asOf, 'repayment', portions, paidDay, `payment:${ref}`, { cash: event.amount });
      const t = transition(loan, 'extension_paid');
      return {
        ...t,
        changes: { ...t.changes, dueDate: quote.newDueDate },
        transactions: [...adjustments, fee, ...coupon, repayment],
        held: null,
      };
    }
  }
}

type PaymentReceived = Extract<LoanEvent, { type: 'payment_received' }>;

/**
 * A full payment applied to the loan as it stood when the payer paid (`asOf`: the loan with
 * `adjustments`, the charges brought to the paid-at day): a reserved coupon pays its part, and the
 * payment must be exactly the rest. Null when it is another amount (the caller holds it).
 */
function settledAsOf(
  loan: Loan,
  asOf: Loan,
  adjustments: readonly PostedLoanTransaction[],
  event: PaymentReceived,
  extra: { before?: readonly PostedLoanTransaction[]; dueDate?: string | null } = {},
): LoanOutcome | null {
  const paidDay = manilaDate(event.paidAt);
  const outstanding = outstandingOf(asOf.transactions);
  const coupon: PostedLoanTransaction[] = [];
  if (event.coupon) {
    const take = event.coupon.amount < totalOf(outstanding) ? event.coupon.amount : totalOf(outstanding);
    if (take > 0n) {
      const { portions } = allocateRepayment(outstanding, take);
      coupon.push(tx(asOf, 'coupon', portions, paidDay, `coupon:${event.coupon.reference}`));
    }
  }
  const afterCoupon = coupon.reduce((b, t) => addBalances(b, t.portions), outstanding);
  if (event.amount !== totalOf(afterCoupon)) return null;
  const { portions } = allocateRepayment(afterCoupon, event.amount);
  const repayment = tx(asOf, 'repayment', portions, paidDay, `payment:${event.reference}`, {
    cash: event.amount,
  });
  const t = transition(loan, 'repaid_in_full');
  return {
    ...t,
    changes: extra.dueDate !== undefined ? { ...t.changes, dueDate: extra.dueDate } : t.changes,
    transactions: [...(extra.before ?? []), ...adjustments, ...coupon, repayment],
    held: null,
  };
}

/** What may stand in a loan's history after an extension that a payment made before it reverses. */
const AFTER_REVERSED_EXTENSION = new Set<LoanTransaction['type']>([
  'late_charge',
  'penalty_accrual',
  'reversal',
  'waiver',
]);

/**
 * CO-02, BE-10 (issue 7 review). A full payment made at T1 whose webhook arrives after one or more
 * extensions paid at T2 > T1 (another channel): as of T1 the loan was repaid, so the borrower paid
 * for an extension of a loan that was already settled. When the payment is exactly what was due as
 * of T1 under the terms before those extensions, they are reversed and the payment settles the loan
 * as of T1; the loan ends as if they had never been paid, and their money is held for a refund.
 * An extension may have been paid by the borrower's own attempt (key `payment:<attempt>`), partly
 * with a repayment coupon, or by finance from held money (`payment:suspense:<held repayment>`, listed
 * with the held money's paid-at). Returned in this order:
 *   1. for each reversed extension, oldest first: a `reversal` of its fee (fee receivable and fee
 *      income undone; key `extension-reversed:<ref>:fee`), its coupon taken back (a `coupon` with
 *      the opposite portions: the coupon's expense credited back, the coupon the borrower's again;
 *      `extension-reversed:<ref>:coupon`) and its payment returned, a `repayment` with negative
 *      cash (what it paid is owed again, its cash moves to suspense: held money;
 *      `extension-reversed:<ref>:payment`), all dated as the extension was;
 *   2. the late charge and penalty charged against the due dates those extensions set (all for days
 *      after T1) taken back, a `reversal` per due date (`payment:<ref>:extended:<due date>:reversal`);
 *   3. the charges against the restored due date brought to T1, as for any late webhook (BE-10:
 *      overdueAdjustments, `payment:<ref>:asof:…`);
 *   4. a reserved coupon, then the repayment; the due date restored, the loan settled.
 * Null (the ordinary rules decide) only when no extension in the history was paid after T1: none
 * listed as paid after it, none booked as of a later day. Otherwise the loan is never settled as it
 * stands extended (that kept an extension bought after the loan was repaid, and its fee as income):
 * another amount than was due as of T1 is held as `amount_mismatch`; a history the reversal cannot
 * undo (a payment or an extension between, not one of those listed; a written-off loan, whose
 * allowance postings are not unwound here) holds the payment as `paid_before_extension`, the loan
 * left as it is, for finance to refund it or apply it as the loan stands on the day they do
 * (suspenseApplied: appliedAsItStands).
 */
function settledBeforeExtensions(loan: Loan, event: PaymentReceived): LoanOutcome | null {
  const paidDay = manilaDate(event.paidAt);
  const later = [
    ...new Set(
      (event.extensionsPaid ?? [])
        .filter((e) => e.paidAt.getTime() > event.paidAt.getTime())
        .map((e) => e.reference),
    ),
  ];
  const feeKey = (ref: string) => `payment:${ref}:extension_fee`;
  const laterRef = (t: LoanTransaction) =>
    t.type === 'extension_fee' ? later.find((ref) => t.key === feeKey(ref)) : undefined;
  // an extension booked as of a day after the payer paid was paid after them, listed or not
  const start = loan.transactions.findIndex(
    (t) => laterRef(t) !== undefined || (t.type === 'extension_fee' && t.businessDate > paidDay),
  );
  if (start < 0 || !isServicing(loan.status)) return null;
  const cannotReverse = () => hold(loan, event.amount, 'paid_before_extension', event.reference);
  if (loan.writeOff) return cannotReverse();
  const since = loan.transactions.slice(start);
  const reversed: {
    ref: string;
    fee: LoanTransaction;
    coupon?: LoanTransaction;
    payment?: LoanTransaction;
  }[] = [];
  for (const t of since) {
    if (t.type === 'extension_fee') {
      const ref = laterRef(t);
      if (!ref) return cannotReverse(); // an extension nobody listed as paid after the payment
      reversed.push({ ref, fee: t });
    } else if (t.type === 'coupon') {
      // a repayment coupon pays part of an extension between its fee and its payment (the event's order)
      const mine = reversed.at(-1);
      if (!mine || mine.coupon || mine.payment) return cannotReverse();
      mine.coupon = t;
    } else if (t.type === 'repayment') {
      const mine = reversed.find((x) => t.key === `payment:${x.ref}`);
      if (!mine || mine.payment || t.cash <= 0n) return cannotReverse(); // another payment
      mine.payment = t;
    } else if (!AFTER_REVERSED_EXTENSION.has(t.type)) return cannotReverse();
    else if (t.portions.principal !== 0n || t.portions.interest !== 0n || t.portions.fees !== 0n)
      return cannotReverse(); // only charges may have moved since
  }
  if (reversed.some((x) => !x.payment)) return cannotReverse();
  const restoredDue = since[0]!.dueDate;
  const undone: PostedLoanTransaction[] = [];
  const takenBack = (t: LoanTransaction, key: string): PostedLoanTransaction => ({
    ...t,
    key,
    entries: balanced(loanTransactionEntries(t)),
  });
  for (const { ref, fee, coupon, payment } of reversed) {
    const feeBack: LoanTransaction = {
      type: 'reversal',
      portions: balance({ fees: -fee.portions.fees }),
      cash: 0n,
      businessDate: fee.businessDate,
      dueDate: fee.dueDate,
    };
    undone.push(takenBack(feeBack, `extension-reversed:${ref}:fee`));
    if (coupon) {
      // the coupon paid nothing after all: its expense is undone and the API gives it back
      const couponBack: LoanTransaction = {
        type: 'coupon',
        portions: negate(coupon.portions),
        cash: 0n,
        businessDate: coupon.businessDate,
        dueDate: coupon.dueDate,
      };
      undone.push(takenBack(couponBack, `extension-reversed:${ref}:coupon`));
    }
    const paid = payment!;
    const back: LoanTransaction = {
      type: 'repayment',
      portions: negate(paid.portions),
      cash: -paid.cash,
      businessDate: paid.businessDate,
      dueDate: paid.dueDate,
    };
    // the cash stays at the provider and becomes held money (suspense) instead of paying the loan
    const entries = loanTransactionEntries(back).map((e) =>
      e.account === 'cash_at_provider' ? { account: 'suspense' as const, amount: e.amount } : e,
    );
    undone.push({ ...back, key: `extension-reversed:${ref}:payment`, entries: balanced(entries) });
  }
  // the charges of the extended due dates: every day of them is after T1
  let restored: Loan = withTransactions({ ...loan, dueDate: restoredDue }, undone);
  const extendedDues = [
    ...new Set(
      since.filter((t) => OVERDUE_POSTINGS.has(t.type) && t.dueDate !== restoredDue).map((t) => t.dueDate),
    ),
  ];
  for (const due of extendedDues) {
    const mine = restored.transactions.filter((t) => OVERDUE_POSTINGS.has(t.type) && t.dueDate === due);
    const owed = outstandingOf(restored.transactions);
    const back = (posted: Centavos, left: Centavos): Centavos => {
      const x = posted < left ? posted : left;
      return x > 0n ? -x : 0n;
    };
    const late = back(
      sum(mine, (t) => t.portions.lateCharge),
      owed.lateCharge,
    );
    const penalty = back(
      sum(mine, (t) => t.portions.penalty),
      owed.penalty,
    );
    if (late + penalty === 0n) continue;
    const charges = tx(
      { ...restored, dueDate: due },
      'reversal',
      balance({ lateCharge: late, penalty }),
      paidDay,
      `payment:${event.reference}:extended:${due}:reversal`,
    );
    undone.push(charges);
    restored = withTransactions(restored, [charges]);
  }
  const adjustments = overdueAdjustments(restored, paidDay, `payment:${event.reference}:asof`, 'both');
  const outcome = settledAsOf(loan, withTransactions(restored, adjustments), adjustments, event, {
    before: undone,
    dueDate: restoredDue,
  });
  // another amount than was due as of T1: held, never settled on the extended loan
  if (!outcome) return hold(loan, event.amount, 'amount_mismatch', event.reference);
  return {
    ...outcome,
    reversedExtensions: reversed.map(({ ref, coupon, payment }) => ({
      reference: ref,
      amount: payment!.cash,
      ...(coupon
        ? {
            coupon: {
              reference: coupon.key?.startsWith('coupon:') ? coupon.key.slice('coupon:'.length) : '',
              amount: -totalOf(coupon.portions),
            },
          }
        : {}),
    })),
  };
}

/**
 * CO-05. Nothing paid out (disbursing, payout failed): the order ends, nothing to post. Paid out:
 * the borrower returns exactly what arrived (the net proceeds) within 24 hours and the loan is
 * unwound: principal and interest receivable cleared, interest, fees and the tax on fees reversed,
 * a coupon's expense taken back; the returned money leaves suspense. Cancelling costs the borrower
 * nothing; the documentary stamp tax stays owed to the BIR (it is a tax on the executed
 * instrument), and the borrower's share of it becomes the lender's expense.
 */
function cancellation(loan: Loan, event: Extract<LoanEvent, { type: 'cancelled_by_operator' }>): LoanOutcome {
  const t = transition(loan, 'cancelled_by_operator'); // throws IllegalTransition
  if (loan.status !== 'repaying') {
    if (event.returned) throw new IllegalTransition(loan.status, 'cancelled_by_operator');
    return { ...t, transactions: [], held: null };
  }
  // only a loan untouched since its disbursement is unwound (nothing charged, paid or waived yet)
  if (!loan.disbursedAt || loan.transactions.some((x) => x.type !== 'disbursement'))
    throw new IllegalTransition(loan.status, 'cancelled_by_operator');
  const returned = event.returned;
  if (!returned) throw new LoanActionRefused('CANCELLATION_AMOUNT_MISMATCH');
  // the borrower's return must arrive within the window (the payer's paid-at time counts, BE-10)
  if (returned.paidAt.getTime() - loan.disbursedAt.getTime() > CANCELLATION_WINDOW_MS)
    throw new LoanActionRefused('CANCELLATION_WINDOW_PASSED');
  const q = loan.quote;
  if (returned.amount !== q.netProceeds) throw new LoanActionRefused('CANCELLATION_AMOUNT_MISMATCH');
  const outstanding = outstandingOf(loan.transactions);
  const undone = disbursementLoanEntries(q)
    .filter((e) => !['cash_at_provider', 'dst_expense', 'dst_payable'].includes(e.account))
    .map((e) => ({ account: e.account, amount: -e.amount }));
  const entries = balanced([
    { account: 'suspense', amount: returned.amount },
    ...undone,
    { account: 'dst_expense', amount: q.documentaryStampTax },
  ]);
  const reversal: PostedLoanTransaction = {
    type: 'reversal',
    portions: negate(outstanding),
    cash: returned.amount,
    businessDate: manilaDate(returned.paidAt),
    dueDate: loan.dueDate,
    key: `cancellation:${loan.id}`,
    entries,
  };
  return { ...t, transactions: [reversal], held: null };
}

/**
 * Money already held in suspense, applied to the loan. The payment rules are the automatic path's
 * (applyOrderEvent's payment_received, as of the payer's paid-at time); only the source of the cash
 * differs: it leaves suspense instead of arriving at the provider. Money that does not fit (more
 * than is owed, another amount than the purpose asks) is refused, never held a second time.
 */
function suspenseApplied(loan: Loan, event: Extract<LoanEvent, { type: 'suspense_applied' }>): LoanOutcome {
  if (event.amount <= 0n) throw new LoanActionRefused('SUSPENSE_CANNOT_APPLY');
  const fromSuspense = (t: PostedLoanTransaction): PostedLoanTransaction =>
    t.type === 'repayment'
      ? {
          ...t,
          entries: t.entries.map((e) =>
            e.account === 'cash_at_provider' ? { account: 'suspense', amount: e.amount } : e,
          ),
        }
      : t;
  const asFullPayment: PaymentReceived = {
    type: 'payment_received',
    purpose: 'full',
    amount: event.amount,
    paidAt: event.paidAt,
    reference: event.reference,
    ...(event.extensionsPaid ? { extensionsPaid: event.extensionsPaid } : {}),
  };
  // CO-02, BE-10: money paid before an extension whose reversal cannot be built (a payment between,
  // a written-off loan) would otherwise stay in suspense for good: as of its paid-at it settles a
  // loan whose history since cannot be undone, and it covers everything owed, so `partial` refuses
  // it too. It counts as the loan stands on the day finance applies it.
  const today = event.appliedAt ? manilaDate(event.appliedAt) : null;
  if (
    today !== null &&
    event.purpose !== 'extension' &&
    settledBeforeExtensions(loan, asFullPayment)?.held?.reason === 'paid_before_extension'
  )
    return appliedAsItStands(loan, event, today, fromSuspense);
  if (event.purpose !== 'partial') {
    // decideOrderEvent, not applyOrderEvent: the written-off books are adjusted once, by the caller
    // (applied here too, a written-off loan's recovery was posted twice). A full payment made
    // before extensions paid after it reverses them as the webhook would (settledBeforeExtensions)
    const outcome = decideOrderEvent(
      loan,
      event.purpose === 'full' ? asFullPayment : { ...asFullPayment, purpose: event.purpose },
    );
    if (outcome.held) throw new LoanActionRefused('SUSPENSE_CANNOT_APPLY');
    return { ...outcome, transactions: outcome.transactions.map(fromSuspense) };
  }
  if (!isServicing(loan.status)) throw new LoanActionRefused('SUSPENSE_CANNOT_APPLY');
  const paidDay = manilaDate(event.paidAt);
  const ref = event.reference;
  const adjustments = overdueAdjustments(loan, paidDay, `payment:${ref}:asof`, 'both');
  const asOf = withTransactions(loan, adjustments);
  const owed = outstandingOf(asOf.transactions);
  // a partial payment leaves something owed: the whole amount is `full`, more is not the loan's money
  if (event.amount >= totalOf(owed)) throw new LoanActionRefused('SUSPENSE_CANNOT_APPLY');
  const { portions } = allocateRepayment(owed, event.amount);
  const repayment = tx(asOf, 'repayment', portions, paidDay, `payment:${ref}`, { cash: event.amount });
  return { ...unchanged(loan), transactions: [...adjustments, fromSuspense(repayment)] };
}

/**
 * CO-02, BE-10 (review of issue 7): held money paid before an extension that the reversal cannot
 * undo, applied as the loan stands on `today` (the day finance applies it; charges brought to that
 * day as on the bill), the extension left standing and its fee kept as income:
 * - `full`: when the money covers everything owed today, exactly that is paid and the loan is
 *   settled; the rest stays in suspense (`leftHeld`) for a refund. Less is refused.
 * - `partial`: money that does not cover it pays it down; money that does is refused (`full`).
 * The repayment is dated `today`, keyed `payment:<ref>` as any Apply; the cash leaves suspense.
 */
function appliedAsItStands(
  loan: Loan,
  event: Extract<LoanEvent, { type: 'suspense_applied' }>,
  today: string,
  fromSuspense: (t: PostedLoanTransaction) => PostedLoanTransaction,
): LoanOutcome {
  const ref = event.reference;
  const adjustments = overdueAdjustments(loan, today, `payment:${ref}:asof`, 'both');
  const now = withTransactions(loan, adjustments);
  const owed = outstandingOf(now.transactions);
  const total = totalOf(owed);
  const pays = event.purpose === 'full' ? total : event.amount;
  if (total <= 0n || (event.purpose === 'full' ? event.amount < total : event.amount >= total))
    throw new LoanActionRefused('SUSPENSE_CANNOT_APPLY');
  const { portions } = allocateRepayment(owed, pays);
  const repayment = fromSuspense(tx(now, 'repayment', portions, today, `payment:${ref}`, { cash: pays }));
  if (event.purpose !== 'full') return { ...unchanged(loan), transactions: [...adjustments, repayment] };
  const t = transition(loan, 'repaid_in_full');
  return {
    ...t,
    transactions: [...adjustments, repayment],
    held: null,
    ...(event.amount > total ? { leftHeld: event.amount - total } : {}),
  };
}

/**
 * The ledger lines of a transfer that bounced and undid the loan by itself (payout_reversed): the
 * disbursement taken back, and the charges it takes back (`portions`: the loan's outstanding,
 * negated; a loan undone this way holds only its disbursement and charges).
 */
function payoutReversalEntries(q: Quote, portions: Balance): LedgerEntry[] {
  const chargesBack = balance({ lateCharge: portions.lateCharge, penalty: portions.penalty });
  return balanced([
    ...disbursementLoanEntries(q).map((e) => ({ account: e.account, amount: -e.amount })),
    ...loanTransactionEntries({ type: 'reversal', portions: chargesBack, cash: 0n }),
  ]);
}

/**
 * The ledger lines a loan's history booked, derived again from its transactions: the
 * disbursement's from the quote, a bounced transfer's (a reversal of the net proceeds) as
 * payout_reversed made them, every other as loanTransactionEntries makes it. Null for a history
 * with a transaction it cannot derive (a cancellation's reversal, which brings cash in).
 */
function bookedEntries(loan: Loan): LedgerEntry[] | null {
  const q = loan.quote;
  const lines: LedgerEntry[] = [];
  for (const t of loan.transactions) {
    if (t.type === 'disbursement') lines.push(...disbursementLoanEntries(q));
    else if (t.type === 'reversal' && t.cash === -q.netProceeds)
      lines.push(...payoutReversalEntries(q, t.portions));
    else if (t.type === 'reversal' && t.cash !== 0n) return null;
    else lines.push(...loanTransactionEntries(t));
  }
  return lines;
}

/** Accounts an unwinding leaves as they are (see payoutReversalUnwound). */
const KEPT_BY_UNWINDING = new Set<string>(['cash_at_provider', 'dst_expense', 'dst_payable']);

/**
 * The loan undone after its transfer came back and the borrower had paid something: every ledger
 * line its history booked is taken back, account by account, except three.
 * - Cash at the provider stays: the returned proceeds are there (held in suspense by
 *   payout_reversed, released now) and so is what the borrower paid (owed back to them now, as
 *   refunds payable; finance's transfers take it out, as with any refund).
 * - The documentary stamp tax stays owed to the BIR (a tax on the executed instrument, as with a
 *   cancellation, CO-05); the borrower's share of it becomes the lender's expense.
 * A coupon's expense is taken back with the rest. The history is derived again from the loan's
 * transactions (bookedEntries; a loan paid out again after an earlier bounce included), so a loan
 * whose history carries postings that derivation does not make is refused rather than guessed: a
 * write-off (its own postings).
 */
function payoutReversalUnwound(
  loan: Loan,
  event: Extract<LoanEvent, { type: 'payout_reversal_unwound' }>,
): LoanOutcome {
  const t = transition(loan, 'payout_reversal_unwound'); // throws IllegalTransition
  const booked = loan.writeOff ? null : bookedEntries(loan);
  if (!booked) throw new LoanActionRefused('PAYOUT_REVERSAL_CANNOT_UNWIND');
  const q = loan.quote;
  const net = new Map<LedgerEntry['account'], Centavos>();
  for (const e of booked) net.set(e.account, (net.get(e.account) ?? 0n) + e.amount);
  const paid = cashPaidOn(loan);
  const undone: LedgerEntry[] = [...net]
    .filter(([account]) => !KEPT_BY_UNWINDING.has(account))
    .map(([account, amount]) => ({ account, amount: -amount }));
  const unwinding: PostedLoanTransaction = {
    type: 'reversal',
    portions: negate(outstandingOf(loan.transactions)),
    cash: -q.netProceeds,
    businessDate: manilaDate(event.at),
    dueDate: loan.dueDate,
    key: `unwound:${event.payoutId}`,
    entries: balanced([
      { account: 'suspense', amount: q.netProceeds },
      ...undone,
      { account: 'dst_expense', amount: q.documentaryStampTax },
      { account: 'refunds_payable', amount: -paid },
    ]),
  };
  return { ...t, transactions: [unwinding], held: null };
}

/** What the borrower paid on a loan in cash (coupons are not cash): what an unwinding refunds. */
export function cashPaidOn(loan: Pick<Loan, 'transactions'>): Centavos {
  return sum(
    loan.transactions.filter((x) => x.type === 'repayment'),
    (x) => x.cash,
  );
}

/** A waiver forgives late charge and penalty already charged, never more than is owed of each. */
function chargesWaived(loan: Loan, event: Extract<LoanEvent, { type: 'charges_waived' }>): LoanOutcome {
  // a loan no longer serviced owes no charges: there is nothing to waive
  if (!isServicing(loan.status)) throw new LoanActionRefused('WAIVER_EXCEEDS_CHARGES');
  const owed = outstandingOf(loan.transactions);
  if (
    event.lateCharge < 0n ||
    event.penalty < 0n ||
    event.lateCharge + event.penalty <= 0n ||
    event.lateCharge > owed.lateCharge ||
    event.penalty > owed.penalty
  )
    throw new LoanActionRefused('WAIVER_EXCEEDS_CHARGES');
  const waiver = tx(
    loan,
    'waiver',
    balance({ lateCharge: -event.lateCharge, penalty: -event.penalty }),
    manilaDate(event.at),
    `waiver:${event.reference}`,
  );
  return { ...unchanged(loan), transactions: [waiver] };
}
