import type { Centavos } from '../money.ts';

/**
 * One product configuration (CO-06): every business constant of a loan in one versioned object.
 * Rates are integers so no float touches money: per-day rates in parts per million (ppm;
 * 2,000 ppm = 0.2% a day ≈ 6% a 30-day month), proportional fees in basis points (bp; 100 = 1%).
 */
export interface ProductConfig {
  version: number;
  amount: { min: Centavos; max: Centavos; step: Centavos };
  /** loan terms offered, in days (single repayment at the end) */
  termDays: readonly number[];
  /** nominal interest, ppm of principal per day */
  dailyInterestPpm: number;
  /** service fee, bp of principal, deducted from the proceeds */
  serviceFeeBp: number;
  /** credit reporting fee (CIC submission), fixed, deducted from the proceeds */
  creditReportingFee: Centavos;
  /**
   * percentage tax on fees (the specification's "GST" line): rate in bp and what it applies to
   * (CO-03). Default 0: no Philippine tax of this kind is itemised to borrowers.
   */
  taxRateBp: number;
  taxBase: 'allFees' | 'serviceFee';
  /**
   * documentary stamp tax on the loan (CO-03, NIRC Sec. 179 as amended by RA 10963): 'borrower'
   * deducts it from the proceeds and discloses it; 'lender' books it as the lender's expense.
   */
  dst: { borneBy: 'borrower' | 'lender' };
  /** one-time late charge when a loan becomes overdue (a penalty under the caps) */
  lateCharge: Centavos;
  /** penalty on the overdue amount due, ppm per day */
  penaltyDailyPpm: number;
  /** extension (CO-02): adds `extensionDays`, no overdue fees, no principal reduction; fee in bp of principal */
  extensionFeeBp: number;
  extensionDays: number;
  /** credit limits: first loan, repeat loans, and the home-screen unlock (SH-15, at most ₱80,000) */
  limits: { firstLoan: Centavos; repeatLoan: Centavos; homeScreen: Centavos };
  /**
   * limit growth: the limit after n loans repaid on time (n = index); absent: DEFAULT_LIMIT_LADDER
   * (limits.ts). Always within the ceiling above and the product's largest amount.
   */
  limitLadder?: readonly Centavos[];
  /**
   * Console waivers (issue 11): a waiver of more than this (late charge plus penalty) needs a second
   * admin's approval (maker-checker); up to it, finance applies it at once. Absent: the default.
   */
  waiverApprovalThreshold?: Centavos;
}

/** ₱200: the waiver a finance operator may grant alone when the product does not say otherwise. */
export const DEFAULT_WAIVER_APPROVAL_THRESHOLD: Centavos = 20_000n;

export function waiverApprovalThreshold(product: Pick<ProductConfig, 'waiverApprovalThreshold'>): Centavos {
  return product.waiverApprovalThreshold ?? DEFAULT_WAIVER_APPROVAL_THRESHOLD;
}

export const HOME_SCREEN_LIMIT_MAX: Centavos = 8_000_000n; // ₱80,000

/**
 * The seeded default, priced inside the SEC caps for every amount and term it offers (worked in
 * docs/compliance.md): 0.15% a day (4.5% a month) nominal, 1.5% service fee, ₱5 credit reporting
 * fee, no percentage tax on fees, documentary stamp tax passed on to the borrower, no late charge
 * and a 0.15%-a-day penalty (4.5% a month), 1% extension fee for 8 days.
 */
export const DEFAULT_PRODUCT: ProductConfig = {
  version: 1,
  amount: { min: 100_000n, max: 1_000_000n, step: 50_000n },
  termDays: [14, 30],
  dailyInterestPpm: 1_500,
  serviceFeeBp: 150,
  creditReportingFee: 500n,
  taxRateBp: 0,
  taxBase: 'serviceFee',
  dst: { borneBy: 'borrower' },
  // Issue 7: late charge and penalty together ≤ 5% a month of the amount due from the first day
  // (Decisions): a fixed ₱50 late charge breached it on every amount offered, so the default has no
  // late charge and a 0.15%-a-day penalty (4.5% a month); docs/compliance.md works the figures.
  lateCharge: 0n,
  penaltyDailyPpm: 1_500,
  extensionFeeBp: 100,
  extensionDays: 8,
  limits: { firstLoan: 500_000n, repeatLoan: 1_000_000n, homeScreen: 8_000_000n },
  waiverApprovalThreshold: DEFAULT_WAIVER_APPROVAL_THRESHOLD,
};
