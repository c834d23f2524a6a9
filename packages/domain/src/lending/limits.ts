import type { Centavos } from '../money.ts';
import { HOME_SCREEN_LIMIT_MAX, type ProductConfig } from './product.ts';

/**
 * Limit growth (SH-15, BE-04): the credit limit a borrower may withdraw up to, from
 *
 * - the decision's limit (income band, first or repeat loan: decision.ts), which it never goes below;
 * - the ladder of the product configuration: the limit after n loans repaid ON TIME (a loan paid
 *   after its due date in force counts for nothing: it neither raises nor, by itself, lowers);
 * - the ceiling: the product's repeat-loan limit, or, once the app was opened from the home screen
 *   (SH-15), the home-screen limit (at most ₱80,000);
 * - and never beyond the largest amount the product offers, whose every offer is checked against
 *   the SEC caps (compliance.ts), so the limit can never lead to an offer outside them.
 */
export const DEFAULT_LIMIT_LADDER: readonly Centavos[] = [
  500_000n, // ₱5,000: a first loan
  700_000n,
  1_000_000n,
  1_500_000n,
  2_000_000n,
  3_000_000n,
  5_000_000n,
  8_000_000n, // ₱80,000
];

export interface LimitInput {
  /** what the underwriting decision approved */
  decisionLimit: Centavos;
  /** loans settled with no repayment after the due date in force */
  onTimeLoans: number;
  /** SH-15: the installed app was opened at least once */
  homeScreen: boolean;
}

export interface LimitStanding {
  limit: Centavos;
  /** the ladder's rung the borrower stands on (0: no on-time loan yet) */
  rung: number;
  ladder: Centavos[];
  ceiling: Centavos;
  /** the limit the next on-time repayment brings, null at the top */
  next: Centavos | null;
}

const min = (a: Centavos, b: Centavos) => (a < b ? a : b);
const max = (a: Centavos, b: Centavos) => (a > b ? a : b);

export function limitLadder(product: Pick<ProductConfig, 'limitLadder'>): Centavos[] {
  const ladder = product.limitLadder?.length ? product.limitLadder : DEFAULT_LIMIT_LADDER;
  // a ladder only goes up
  return ladder.reduce<Centavos[]>((out, step) => [...out, max(step, out.at(-1) ?? 0n)], []);
}

export function limitCeiling(
  product: Pick<ProductConfig, 'limits' | 'amount'>,
  homeScreen: boolean,
): Centavos {
  const rule = homeScreen ? min(product.limits.homeScreen, HOME_SCREEN_LIMIT_MAX) : product.limits.repeatLoan;
  return min(max(rule, product.limits.firstLoan), product.amount.max);
}

/** The borrower's limit now and where they stand on the ladder. Pure; property-tested. */
export function creditLimitFor(
  product: Pick<ProductConfig, 'limits' | 'amount' | 'limitLadder'>,
  input: LimitInput,
): LimitStanding {
  const ladder = limitLadder(product);
  const ceiling = limitCeiling(product, input.homeScreen);
  const rung = Math.max(0, Math.min(Math.floor(input.onTimeLoans), ladder.length - 1));
  const decided = min(input.decisionLimit, product.amount.max);
  const grown = rung === 0 ? 0n : min(ladder[rung]!, ceiling);
  const limit = decided > 0n ? max(decided, grown) : 0n;
  const nextStep = rung + 1 < ladder.length ? min(ladder[rung + 1]!, ceiling) : null;
  return { limit, rung, ladder, ceiling, next: nextStep !== null && nextStep > limit ? nextStep : null };
}
