import type { Centavos } from '../money.ts';
import { LEDGER_ACCOUNTS, type LedgerAccount } from './ledger.ts';

/**
 * Trial balance and income statement (BE-15), read from the ledger's lines. Amounts are signed
 * centavos as the ledger keeps them: a debit is positive, a credit negative.
 */
export type AccountKind = 'asset' | 'liability' | 'income' | 'expense';

/** The kind of every account of the chart (ledger.ts): adding an account fails typecheck until it is classified here. */
export const ACCOUNT_KINDS: Record<LedgerAccount, AccountKind> = {
  cash_at_provider: 'asset',
  principal_receivable: 'asset',
  interest_receivable: 'asset',
  fee_receivable: 'asset',
  penalty_receivable: 'asset',
  fee_income: 'income',
  interest_income: 'income',
  penalty_income: 'income',
  tax_payable: 'liability',
  dst_payable: 'liability',
  dst_expense: 'expense',
  coupon_expense: 'expense',
  suspense: 'liability',
  refunds_payable: 'liability',
  credit_loss_expense: 'expense',
  // a contra-asset: its credit balance reduces the receivables it stands against
  allowance_written_off: 'asset',
  recovery_income: 'income',
  provision_expense: 'expense',
  allowance_for_credit_losses: 'asset',
};

/** An account found in the data but not (yet) in the chart is classified by its name. */
export function accountKind(account: string): AccountKind {
  if (account in ACCOUNT_KINDS) return ACCOUNT_KINDS[account as LedgerAccount];
  if (account.endsWith('_income')) return 'income';
  if (account.endsWith('_expense')) return 'expense';
  if (account.endsWith('_receivable') || account.startsWith('cash')) return 'asset';
  return 'liability';
}

/** Ledger lines summed by account and day (the API groups them in SQL). */
export interface LedgerMovement {
  account: string;
  /** the Manila business date the posting belongs to */
  date: string;
  amount: Centavos;
}

export interface TrialBalanceRow {
  account: string;
  kind: AccountKind;
  /** balance at the end of the day before `from` */
  opening: Centavos;
  /** sum of debits (positive lines) in the period */
  debits: Centavos;
  /** sum of credits in the period, as a positive figure */
  credits: Centavos;
  /** balance at the end of `to`: opening + debits − credits */
  closing: Centavos;
}

export interface TrialBalance {
  from: string;
  to: string;
  rows: TrialBalanceRow[];
  totals: { opening: Centavos; debits: Centavos; credits: Centavos; closing: Centavos };
}

function orderedAccounts(movements: readonly LedgerMovement[]): string[] {
  const extra = [...new Set(movements.map((m) => m.account))]
    .filter((a) => !(LEDGER_ACCOUNTS as readonly string[]).includes(a))
    .sort();
  return [...LEDGER_ACCOUNTS, ...extra];
}

/** Every account of the chart with its opening balance, the period's debits and credits, and its closing balance. */
export function trialBalance(movements: readonly LedgerMovement[], from: string, to: string): TrialBalance {
  const rows = orderedAccounts(movements).map((account): TrialBalanceRow => {
    let opening = 0n;
    let debits = 0n;
    let credits = 0n;
    for (const m of movements) {
      if (m.account !== account || m.date > to) continue;
      if (m.date < from) opening += m.amount;
      else if (m.amount > 0n) debits += m.amount;
      else credits -= m.amount;
    }
    return {
      account,
      kind: accountKind(account),
      opening,
      debits,
      credits,
      closing: opening + debits - credits,
    };
  });
  const sum = (pick: (r: TrialBalanceRow) => Centavos) => rows.reduce((s, r) => s + pick(r), 0n);
  return {
    from,
    to,
    rows,
    totals: {
      opening: sum((r) => r.opening),
      debits: sum((r) => r.debits),
      credits: sum((r) => r.credits),
      closing: sum((r) => r.closing),
    },
  };
}

export interface IncomeStatementLine {
  account: string;
  /** income: earned in the period (credits net of debits); expense: incurred (debits net of credits) */
  amount: Centavos;
}

export interface IncomeStatement {
  from: string;
  to: string;
  income: IncomeStatementLine[];
  expenses: IncomeStatementLine[];
  totalIncome: Centavos;
  totalExpenses: Centavos;
  /** totalIncome − totalExpenses */
  netIncome: Centavos;
}

/** The period's income and expenses, from the movements of the income and expense accounts. */
export function incomeStatement(
  movements: readonly LedgerMovement[],
  from: string,
  to: string,
): IncomeStatement {
  const net = (account: string) =>
    movements
      .filter((m) => m.account === account && m.date >= from && m.date <= to)
      .reduce((s, m) => s + m.amount, 0n);
  const accounts = orderedAccounts(movements);
  const income = accounts
    .filter((a) => accountKind(a) === 'income')
    .map((account) => ({ account, amount: -net(account) }));
  const expenses = accounts
    .filter((a) => accountKind(a) === 'expense')
    .map((account) => ({ account, amount: net(account) }));
  const totalIncome = income.reduce((s, l) => s + l.amount, 0n);
  const totalExpenses = expenses.reduce((s, l) => s + l.amount, 0n);
  return { from, to, income, expenses, totalIncome, totalExpenses, netIncome: totalIncome - totalExpenses };
}
