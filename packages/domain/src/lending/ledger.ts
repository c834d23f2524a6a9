import type { Centavos } from '../money.ts';
import type { Quote } from './pricing.ts';

/**
 * The chart of accounts of the double-entry ledger (BE-05). Amounts are signed centavos: a debit
 * is positive, a credit negative, so every transaction sums to exactly zero.
 */
export const LEDGER_ACCOUNTS = [
  'cash_at_provider', // asset: our float at the payout/collection providers
  'principal_receivable', // asset: principal the borrowers owe
  'interest_receivable', // asset: interest accrued and not yet paid
  'fee_receivable', // asset: extension fees owed (charged and paid by the same payment)
  'penalty_receivable', // asset: late charges and penalties owed
  'fee_income', // income: service and credit reporting fees (before coupons)
  'interest_income', // income: interest accrued
  'penalty_income', // income: late charges and penalties
  'tax_payable', // liability: tax collected on fees
  'dst_payable', // liability: documentary stamp tax owed to the BIR on each loan
  'dst_expense', // expense: documentary stamp tax the lender bears
  'coupon_expense', // expense: coupons given
  'suspense', // money received that cannot be matched yet
  'refunds_payable', // liability: refunds decided by finance, not yet paid out
  // BE-15 write-off: the loan stays owed by the borrower (and collected, and reported to the CIC),
  // but its book value goes to zero against this contra-asset (the BSP's memorandum treatment of
  // written-off loans); a later payment releases it as recovery income
  'credit_loss_expense', // expense: loans written off
  'allowance_written_off', // contra-asset: the written-off part of the receivables still owed
  'recovery_income', // income: money collected on a loan after it was written off
  // BE-15 provisioning at month-end, by days-past-due band
  'provision_expense', // expense: the allowance for credit losses charged (or released)
  'allowance_for_credit_losses', // contra-asset: expected losses on the open book
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export interface LedgerEntry {
  account: LedgerAccount;
  amount: Centavos;
}

export class UnbalancedTransaction extends Error {}

/** Drops zero lines and refuses anything that does not sum to zero. */
export function balanced(entries: LedgerEntry[]): LedgerEntry[] {
  const lines = entries.filter((e) => e.amount !== 0n);
  const sum = lines.reduce((s, e) => s + e.amount, 0n);
  if (sum !== 0n) throw new UnbalancedTransaction(`entries sum to ${sum}, not 0`);
  return lines;
}

/**
 * Disbursement of a priced order: the borrower owes the principal; the net proceeds leave our
 * float; fees are earned and the tax on them is owed; a coupon is our expense (the fee is earned
 * gross, the coupon paid part of it). Documentary stamp tax is owed either way: passed on, the
 * borrower's share is withheld from the proceeds; borne by the lender, it is the lender's expense.
 */
export function disbursementEntries(q: Quote): LedgerEntry[] {
  return balanced([
    { account: 'principal_receivable', amount: q.principal },
    { account: 'coupon_expense', amount: q.coupon },
    { account: 'cash_at_provider', amount: -q.netProceeds },
    { account: 'fee_income', amount: -(q.serviceFee + q.coupon + q.creditReportingFee) },
    { account: 'tax_payable', amount: -q.tax },
    { account: 'dst_expense', amount: q.lenderDocumentaryStampTax },
    { account: 'dst_payable', amount: -(q.documentaryStampTax + q.lenderDocumentaryStampTax) },
  ]);
}
