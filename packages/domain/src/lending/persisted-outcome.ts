import type { LoanTransaction } from './loan-account.ts';
import type { Loan, LoanOutcome } from './loan-lifecycle.ts';

/**
 * The loan after an event's outcome as the API persists it (loan-record.ts persistLoanOutcome and
 * loadLoan): the new status and dates, and the outcome's transactions appended to the history
 * without their ledger entries, with their keys (as loadLoan reads them). For the domain's own
 * tests, which replay a loan's life through applyOrderEvent step by step.
 */
export function persistedOutcome(loan: Loan, out: LoanOutcome): Loan {
  const stored = (t: LoanOutcome['transactions'][number]): LoanTransaction => ({
    type: t.type,
    portions: t.portions,
    cash: t.cash,
    businessDate: t.businessDate,
    dueDate: t.dueDate,
    ...(t.days !== undefined ? { days: t.days } : {}),
    key: t.key,
  });
  return {
    ...loan,
    status: out.status,
    ...(out.changes.disbursedOn !== undefined ? { disbursedOn: out.changes.disbursedOn } : {}),
    ...(out.changes.dueDate !== undefined ? { dueDate: out.changes.dueDate } : {}),
    transactions: [...loan.transactions, ...out.transactions.map(stored)],
  };
}
