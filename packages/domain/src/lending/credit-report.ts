import type { Centavos } from '../money.ts';
import { addDays, daysBetween } from '../time.ts';
import { extensionsInForce, outstandingOf, totalOf, type LoanTransaction } from './loan-account.ts';
import { previousMonth } from './portfolio.ts';

/**
 * A loan as the credit bureau sees it at the end of a day (BE-13, RA 9510): positive and negative
 * data alike — how much was lent and when, what is still owed, how many days past due, the last
 * payment, and whether the account is open, past due or closed. Computed from the loan's typed
 * transactions up to that day (their business dates), the same history its ledger postings come
 * from, so the monthly file reproduces the books as of month-end.
 */
export type CreditAccountStatus = 'current' | 'past_due' | 'closed' | 'cancelled';

export interface CreditStanding {
  status: CreditAccountStatus;
  disbursedOn: string;
  principal: Centavos;
  /** the due date in force on the day (extensions paid by then move it) */
  dueDate: string;
  principalOutstanding: Centavos;
  totalOutstanding: Centavos;
  daysPastDue: number;
  lastPaymentOn: string | null;
  lastPaymentAmount: Centavos;
  /** the day the balance reached zero, for a closed account */
  closedOn: string | null;
}

export interface CreditFacts {
  disbursedOn: string | null;
  termDays: number;
  principal: Centavos;
  /** with the due date each was made under where known (it names a reversed extension, CO-02) */
  transactions: readonly (Pick<LoanTransaction, 'type' | 'portions' | 'cash' | 'businessDate' | 'days'> & {
    dueDate?: string | null;
  })[];
}

/** Null when nothing had been paid out by `asOf` (not a credit account yet). */
export function creditStandingAsOf(loan: CreditFacts, asOf: string): CreditStanding | null {
  const upTo = loan.transactions.filter((t) => t.businessDate <= asOf);
  // Paid out as the history says, not as the order says now: a transfer that bounced back cleared
  // the order's date (and a new payout sets another), but the bureau was told of the loan as it
  // stood then, and must hear how it ended (BE-13: a past month's file reproduces what was sent).
  const lastPayout = upTo.filter((t) => t.type === 'disbursement').at(-1);
  if (!lastPayout) return null;
  const disbursedOn = lastPayout.businessDate;
  // A payment reported late takes back the charges posted for the days after the payer paid, dated
  // the day the payer paid (BE-10); some of those charges can be dated after `asOf`, so as of that
  // day the reversal can exceed what had been charged. Charges owed are never below zero.
  const raw = outstandingOf(upTo);
  const atLeastZero = (x: Centavos) => (x < 0n ? 0n : x);
  const owed = { ...raw, lateCharge: atLeastZero(raw.lateCharge), penalty: atLeastZero(raw.penalty) };
  const total = totalOf(owed);
  // the first due date, moved by every extension paid by the day (not one reversed since, CO-02)
  const dueDate = extensionsInForce(upTo)
    .filter((t) => t.businessDate >= disbursedOn)
    .reduce((due, t) => addDays(due, t.days ?? 0), addDays(disbursedOn, loan.termDays));
  // the loan taken back as a whole: a transfer that bounced (undone by itself, or by finance after
  // the borrower had paid: payout_reversal_unwound, whose portions are 0 on a loan already settled),
  // a cancellation within 24 hours (CO-05)
  const takesLoanBack = (t: (typeof upTo)[number]) =>
    t.type === 'reversal' && (t.portions.principal < 0n || t.cash < 0n);
  const payments = upTo.filter((t) => t.type === 'repayment');
  const last = payments.at(-1);
  // Closed on the day of the transaction that brought what was owed to zero, in the order the
  // history was written (its business date, not the latest date in it): a payment reported late is
  // written after charges dated later than it, and a full payment made before an extension and
  // reported after it (CO-02: settledBeforeExtensions) is written after that extension, its payment
  // and their reversal, all dated the extension's day, while the loan was settled as of the
  // payment's. A loan taken back after it was settled (its transfer undone by finance) closes then.
  const owedOf = (b: typeof raw) =>
    totalOf({ ...b, lateCharge: atLeastZero(b.lateCharge), penalty: atLeastZero(b.penalty) });
  let running = outstandingOf([]);
  let closedOn: string | null = null;
  for (const t of upTo) {
    const before = owedOf(running);
    running = outstandingOf([{ portions: running }, t]);
    if (t.type !== 'disbursement' && owedOf(running) === 0n && (before > 0n || takesLoanBack(t)))
      closedOn = t.businessDate;
  }
  if (total !== 0n) closedOn = null;
  const daysPastDue = total > 0n ? Math.max(0, daysBetween(dueDate, asOf)) : 0;
  // ended by taking the principal back (a payout that bounced, a cancellation) rather than by payment
  const sinceLastPayout = upTo.slice(upTo.indexOf(lastPayout));
  // as of the day: a past month's file says what the history said then, not the order's status now
  const undone = sinceLastPayout.some(takesLoanBack);
  const status: CreditAccountStatus =
    total === 0n ? (undone ? 'cancelled' : 'closed') : daysPastDue > 0 ? 'past_due' : 'current';
  return {
    status,
    disbursedOn,
    principal: loan.principal,
    dueDate,
    principalOutstanding: owed.principal,
    totalOutstanding: total,
    daysPastDue,
    lastPaymentOn: last?.businessDate ?? null,
    lastPaymentAmount: last ? -totalOf(last.portions) : 0n,
    closedOn,
  };
}

/** The last day of a month ('2026-11' → '2026-11-30'). */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * Where each month's CIC submission stands (BE-13), for the console: a month's file is due once the
 * month has ended and must be sent by `submitByDay` of the next month (CREDIT_REPORT_SUBMIT_BY_DAY,
 * counsel to confirm against the CIC's submission circular); past that date and not sent, it is
 * overdue whether or not a file was made.
 */
export type CreditReportMonthState = 'due' | 'generated' | 'submitted' | 'overdue';

export interface CreditReportMonthStatus {
  month: string;
  submitBy: string;
  state: CreditReportMonthState;
  generatedAt: string | null;
  submittedAt: string | null;
}

export function creditReportMonths(
  today: string,
  count: number,
  submitByDay: number,
  reports: { month: string; createdAt: string; submittedAt: string | null }[],
  /** the first month to report (the first loan paid out, or the first file made); none before it */
  since: string | null = null,
): CreditReportMonthStatus[] {
  const out: CreditReportMonthStatus[] = [];
  let month = previousMonth(today.slice(0, 7));
  const first = [since, ...reports.map((r) => r.month)].filter((m): m is string => m !== null).sort()[0];
  for (let i = 0; i < count && first !== undefined && month >= first; i++) {
    const next = addDays(monthEnd(month), 1).slice(0, 7);
    const submitBy = `${next}-${String(Math.min(submitByDay, 28)).padStart(2, '0')}`;
    const mine = reports.filter((r) => r.month === month);
    const submitted =
      mine
        .map((r) => r.submittedAt)
        .filter((x): x is string => x !== null)
        .sort()[0] ?? null;
    const generated = mine.map((r) => r.createdAt).sort()[0] ?? null;
    const state: CreditReportMonthState = submitted
      ? 'submitted'
      : today > submitBy
        ? 'overdue'
        : generated
          ? 'generated'
          : 'due';
    out.push({ month, submitBy, state, generatedAt: generated, submittedAt: submitted });
    month = previousMonth(month);
  }
  return out;
}
