import type { LoanOffer } from './offer.ts';

/**
 * The loan offers page (`/subIndex`, the spec's "sub-home") opens on one of two tabs, remembered in
 * the core store's `loanTabType` (SH-11, default 2): 1 = my limit, 2 = the loan products.
 */
export const LOAN_TABS = { limit: 1, products: 2 } as const;
export type LoanTab = keyof typeof LOAN_TABS;

/** The tab a stored `loanTabType` names; anything else (an old or tampered value) is the default. */
export function tabOf(loanTabType: number): LoanTab {
  return loanTabType === LOAN_TABS.limit ? 'limit' : 'products';
}

export interface LadderRow {
  /** loans repaid on time to reach this limit */
  onTime: number;
  /** centavos */
  amount: string;
  reached: boolean;
  current: boolean;
}

/**
 * The limit ladder as rows (SH-15, BE-04): where the borrower stands now (their limit, which the
 * decision may have set above the ladder's step) and each higher limit further on-time loans reach.
 * A step at or below today's limit raises nothing, so it is left out, and steps the ceiling flattens
 * to one amount are shown once. Before an approval (limit 0) there is no ladder to climb.
 */
export function ladderRows(
  ladder: NonNullable<LoanOffer['limitLadder']>,
  creditLimit: LoanOffer['creditLimit'],
): LadderRow[] {
  const limit = BigInt(creditLimit);
  if (limit <= 0n) return [];
  const rows: LadderRow[] = [{ onTime: ladder.rung, amount: creditLimit, reached: true, current: true }];
  ladder.steps.forEach((amount, onTime) => {
    if (onTime <= ladder.rung || BigInt(amount) <= limit || rows.some((r) => r.amount === amount)) return;
    rows.push({ onTime, amount, reached: false, current: false });
  });
  return rows;
}

/** What the page offers to do next: withdraw, finish the application first, or repay the loan. */
export function nextStep(
  offer: Pick<LoanOffer, 'canWithdraw' | 'blockedBy'>,
): 'withdraw' | 'apply' | 'repay' {
  if (offer.canWithdraw) return 'withdraw';
  return offer.blockedBy === 'outstanding_repayment' ? 'repay' : 'apply';
}
