import type { Centavos } from '../money.ts';
import type { LedgerEntry } from './ledger.ts';

/**
 * The per-loan money model (issue 7), after Apache Fineract's loan transactions: a loan's
 * outstanding principal, interest, fees, late charge and penalty are never stored as mutable
 * figures; they are the sum of its typed transactions, each carrying the signed change it made to
 * every component (a "portion"). The ledger postings of a transaction are derived from the same
 * portions, so a loan's balance and the ledger's receivables for it agree by construction (and the
 * model-based test checks they do after every step).
 */
export const LOAN_TRANSACTION_TYPES = [
  'disbursement', // principal and the term's interest become owed
  'repayment', // money received and allocated to the components
  'extension_fee', // CO-02: the fee of an extension becomes owed (paid by the same payment)
  'late_charge', // the one-time late charge on the first overdue day (within the combined cap)
  'penalty_accrual', // daily penalty interest on the amount due (within the combined cap)
  'waiver', // an operator forgives charges (the console issue)
  'reversal', // charges taken back: accrued for days after the payer had already paid (BE-10)
  'coupon', // a repayment coupon pays part of the amount due (the engagement issue)
] as const;
export type LoanTransactionType = (typeof LOAN_TRANSACTION_TYPES)[number];

/** The components of what a borrower owes on one loan. */
export const BALANCE_PARTS = ['principal', 'interest', 'fees', 'lateCharge', 'penalty'] as const;
export type BalancePart = (typeof BALANCE_PARTS)[number];
export type Balance = Record<BalancePart, Centavos>;

export const ZERO_BALANCE: Balance = Object.freeze({
  principal: 0n,
  interest: 0n,
  fees: 0n,
  lateCharge: 0n,
  penalty: 0n,
});

export function balance(parts: Partial<Balance> = {}): Balance {
  return { ...ZERO_BALANCE, ...parts };
}

export function addBalances(a: Balance, b: Balance): Balance {
  return {
    principal: a.principal + b.principal,
    interest: a.interest + b.interest,
    fees: a.fees + b.fees,
    lateCharge: a.lateCharge + b.lateCharge,
    penalty: a.penalty + b.penalty,
  };
}

export function negate(b: Balance): Balance {
  return {
    principal: -b.principal,
    interest: -b.interest,
    fees: -b.fees,
    lateCharge: -b.lateCharge,
    penalty: -b.penalty,
  };
}

export function totalOf(b: Balance): Centavos {
  return b.principal + b.interest + b.fees + b.lateCharge + b.penalty;
}

/** One transaction of a loan's history. */
export interface LoanTransaction {
  type: LoanTransactionType;
  /** signed change to each outstanding component (a charge adds, a repayment subtracts) */
  portions: Balance;
  /** the cash that moved (repayment: received; disbursement: net proceeds); 0 for charges */
  cash: Centavos;
  /** the Manila date the transaction belongs to (a repayment: the day the payer paid) */
  businessDate: string;
  /** the due date in force when it was made: overdue charges are capped per due date */
  dueDate: string | null;
  /** extension_fee: how many days the due date moved */
  days?: number;
  /**
   * the business key it was posted under (`payment:<attempt>`, `payment:<attempt>:extension_fee`, …)
   * where the history was read with it: a later event can name the transactions it takes back
   * (CO-02: an extension reversed by a payment made before it)
   */
  key?: string;
}

/** A loan's outstanding balance: the sum of its history. */
export function outstandingOf(transactions: readonly Pick<LoanTransaction, 'portions'>[]): Balance {
  return transactions.reduce((sum, t) => addBalances(sum, t.portions), ZERO_BALANCE);
}

/**
 * CO-02: the extensions still in force: every extension_fee but those whose fee a reversal took back
 * (settledBeforeExtensions: paid after a payment that had settled the loan). A fee reversal names
 * its extension by the due date it extended (a due date is extended once: a second payment for it
 * is held as a duplicate).
 */
export function extensionsInForce<
  T extends Pick<LoanTransaction, 'type' | 'portions'> & { dueDate?: string | null },
>(transactions: readonly T[]): T[] {
  const reversed = new Set(
    transactions.filter((t) => t.type === 'reversal' && t.portions.fees < 0n).map((t) => t.dueDate),
  );
  return transactions.filter((t) => t.type === 'extension_fee' && !reversed.has(t.dueDate));
}

/**
 * The repayment allocation order, Fineract's "penalties, fees, interest, principal": the charges
 * that cost the borrower most to leave unpaid go first, principal last.
 */
export const REPAYMENT_ALLOCATION_ORDER: readonly BalancePart[] = [
  'lateCharge',
  'penalty',
  'fees',
  'interest',
  'principal',
];

/**
 * Splits `amount` over the outstanding components in the documented order. Returns the portions
 * (negative: what each component goes down by) and any amount left over (never allocated: an
 * overpayment is not the loan's money and goes to suspense).
 */
export function allocateRepayment(
  outstanding: Balance,
  amount: Centavos,
): { portions: Balance; unallocated: Centavos } {
  if (amount < 0n) throw new RangeError('a repayment cannot be negative');
  const portions = balance();
  let left = amount;
  for (const part of REPAYMENT_ALLOCATION_ORDER) {
    const owed = outstanding[part] > 0n ? outstanding[part] : 0n;
    const take = left < owed ? left : owed;
    portions[part] = -take;
    left -= take;
  }
  return { portions, unallocated: left };
}

/**
 * The ledger lines of a servicing transaction (disbursement has its own, from the quote). Debits
 * positive, credits negative; receivables per component, so the ledger's receivables of a loan
 * always equal its outstanding balance.
 */
export function loanTransactionEntries(
  t: Pick<LoanTransaction, 'type' | 'portions' | 'cash'>,
): LedgerEntry[] {
  const p = t.portions;
  const receivables: LedgerEntry[] = [
    { account: 'principal_receivable', amount: p.principal },
    { account: 'interest_receivable', amount: p.interest },
    { account: 'fee_receivable', amount: p.fees },
    { account: 'penalty_receivable', amount: p.lateCharge + p.penalty },
  ];
  switch (t.type) {
    case 'repayment':
      return [{ account: 'cash_at_provider', amount: t.cash }, ...receivables];
    case 'coupon':
      return [{ account: 'coupon_expense', amount: -totalOf(p) }, ...receivables];
    case 'late_charge':
    case 'penalty_accrual':
      return [...receivables, { account: 'penalty_income', amount: -(p.lateCharge + p.penalty) }];
    case 'extension_fee':
      return [...receivables, { account: 'fee_income', amount: -p.fees }];
    case 'waiver':
    case 'reversal':
      // charges forgiven or taken back: the income they booked is undone
      return [
        ...receivables,
        { account: 'penalty_income', amount: -(p.lateCharge + p.penalty) },
        { account: 'fee_income', amount: -p.fees },
        { account: 'interest_income', amount: -p.interest },
      ];
    case 'disbursement':
      throw new RangeError('disbursement entries come from the quote (disbursementEntries)');
  }
}
