import type { Centavos } from '../money.ts';
import {
  ZERO_BALANCE,
  addBalances,
  totalOf,
  type Balance,
  type LoanTransaction,
  type LoanTransactionType,
} from './loan-account.ts';

/**
 * The statement of account (BE-12): a loan's history as the borrower reads it, one line per loan
 * transaction in the order it was posted, each with what it added (a charge) or took off (a
 * payment, a coupon, a waiver, a reversal) and the balance after it. It is computed from the same
 * typed transactions the ledger postings are derived from, so the statement and the ledger agree
 * by construction (the model-based test checks it on random histories).
 */
export interface StatementLine {
  type: LoanTransactionType;
  /** the Manila date it belongs to */
  businessDate: string;
  /** what the line added to the balance (≥ 0) */
  charged: Centavos;
  /** what the line took off the balance (≥ 0) */
  credited: Centavos;
  /** the cash that moved with it (a repayment received; the net proceeds paid out) */
  cash: Centavos;
  /** the signed change to every component */
  portions: Balance;
  /** every component after this line */
  balanceAfter: Balance;
  /** the total owed after this line */
  totalAfter: Centavos;
}

export interface StatementOfAccount {
  lines: StatementLine[];
  totalCharged: Centavos;
  totalCredited: Centavos;
  /** what is owed at the end: equals the ledger's receivables for the loan */
  closing: Balance;
  closingTotal: Centavos;
}

export function statementOfAccount(
  transactions: readonly Pick<LoanTransaction, 'type' | 'portions' | 'cash' | 'businessDate'>[],
): StatementOfAccount {
  let running = ZERO_BALANCE;
  let totalCharged = 0n;
  let totalCredited = 0n;
  const lines = transactions.map((t): StatementLine => {
    // A line can both add and take off (a reversal can, in principle, move two components in
    // opposite directions): charged and credited are the positive and negative sides, separately.
    let charged = 0n;
    let credited = 0n;
    for (const amount of Object.values(t.portions)) {
      if (amount > 0n) charged += amount;
      else credited -= amount;
    }
    running = addBalances(running, t.portions);
    totalCharged += charged;
    totalCredited += credited;
    return {
      type: t.type,
      businessDate: t.businessDate,
      charged,
      credited,
      cash: t.cash,
      portions: t.portions,
      balanceAfter: running,
      totalAfter: totalOf(running),
    };
  });
  return { lines, totalCharged, totalCredited, closing: running, closingTotal: totalOf(running) };
}
