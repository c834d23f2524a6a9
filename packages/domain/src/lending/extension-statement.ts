import type { Centavos } from '../money.ts';
import { daysBetween, manilaDate } from '../time.ts';
import { disclosedScheduleRates, type LoanSchedule } from './compliance.ts';
import { outstandingOf, totalOf, type Balance, type LoanTransaction } from './loan-account.ts';
import { applyOrderEvent, extensionQuote, type ExtensionQuote, type Loan } from './loan-lifecycle.ts';

/**
 * CO-02, BE-07 (RA 3765): what the loan becomes if the extension quoted now is paid, for the
 * extension's disclosure statement. Every figure comes from the loan's history with the payment
 * applied by THE loan event function (`applyOrderEvent`), so the statement is, to the centavo, what
 * is booked when the extension is paid: a partial payment made earlier, charges taken back or
 * waived, earlier extensions.
 */
export interface ExtendedLoan {
  /** what is still owed once the fee and the charges so far are paid, by component */
  owed: Balance;
  /** the amount due on the new due date (all of `owed`) */
  amountDue: Centavos;
  newDueDate: string;
  /** how many days the due date moves (more than the product's days when paid after the due date) */
  days: number;
  /** the extended loan's term: from the day the money was paid out to the new due date */
  termDays: number;
  /** the extensions of the loan, this one included, and their fees */
  extensions: number;
  extensionFees: Centavos;
  /** late charge and penalty charged over the loan's life, net of what was taken back or waived */
  overdueCharges: Centavos;
  /**
   * The total finance charge of the extended loan: interest, fees and taxes of the loan as booked,
   * every extension fee (this one included) and the late charge and penalty so far.
   */
  financeCharge: Centavos;
  /**
   * The EIR of the extended schedule, a month and a year, rounded up: net proceeds received, each
   * extension fee on the day it is paid, principal and interest at the new due date. The cash flows
   * the cap check (`scheduleBreaches`) held within 12% a month when it allowed the extension.
   */
  eir: { monthly: number; yearly: number };
}

export interface ExtensionStatement {
  quote: ExtensionQuote;
  /** null when the extension is not available: there is no extended loan to disclose */
  extended: ExtendedLoan | null;
}

/** Transactions that charge or take back late charge and penalty (what the borrower was charged). */
const OVERDUE_CHARGE_TYPES = new Set<LoanTransaction['type']>([
  'late_charge',
  'penalty_accrual',
  'reversal',
  'waiver',
]);

/** The statement of an extension paid at `at` (the quote is for its Manila day). */
export function extensionStatement(loan: Loan, at: Date): ExtensionStatement {
  const day = manilaDate(at);
  const quote = extensionQuote(loan, day);
  if (!quote.available || !loan.disbursedOn || !loan.dueDate) return { quote, extended: null };
  const outcome = applyOrderEvent(loan, {
    type: 'payment_received',
    purpose: 'extension',
    amount: quote.amount,
    paidAt: at,
    reference: 'extension-statement',
    extendsDueDate: loan.dueDate,
  });
  const newDueDate = outcome.changes.dueDate;
  // the quote and the payment rules are one function's: a disagreement is a defect, never a figure
  if (outcome.held || !newDueDate)
    throw new Error('extension statement: the quoted extension was not applied');
  const history = [...loan.transactions, ...outcome.transactions];
  const owed = outstandingOf(history);
  const fees = history.filter((t) => t.type === 'extension_fee');
  const extensionFees = fees.reduce((s, t) => s + t.portions.fees, 0n);
  const overdueCharges = history
    .filter((t) => OVERDUE_CHARGE_TYPES.has(t.type))
    .reduce((s, t) => s + t.portions.lateCharge + t.portions.penalty, 0n);
  const q = loan.quote;
  // the schedule exactly as extensionQuote hands it to the cap check (earlier fees and this one)
  const schedule: LoanSchedule = {
    principal: q.principal,
    netProceeds: q.netProceeds,
    interest: q.interest,
    upFrontCharges: q.financeCharge - q.interest,
    termDays: q.termDays,
    extensions: fees.map((t) => ({
      fee: t.portions.fees,
      days: t.days ?? loan.terms.extensionDays,
      paidOnDay: daysBetween(loan.disbursedOn!, t.businessDate),
    })),
    overdueCharges,
  };
  return {
    quote,
    extended: {
      owed,
      amountDue: totalOf(owed),
      newDueDate,
      days: daysBetween(loan.dueDate, newDueDate),
      termDays: daysBetween(loan.disbursedOn, newDueDate),
      extensions: fees.length,
      extensionFees,
      overdueCharges,
      financeCharge: q.financeCharge + extensionFees + overdueCharges,
      eir: disclosedScheduleRates(schedule),
    },
  };
}
