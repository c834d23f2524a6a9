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
  /** tax on fees (the specification's GST): rate in bp and what it applies to (CO-03) */
  taxRateBp: number;
  taxBase: 'allFees' | 'serviceFee';
  /** one-time late charge when a loan becomes overdue (a penalty under the caps) */
  lateCharge: Centavos;
  /** penalty on the overdue amount due, ppm per day */
  penaltyDailyPpm: number;
  /** extension (CO-02): adds `extensionDays`, no overdue fees, no principal reduction; fee in bp of principal */
  extensionFeeBp: number;
  extensionDays: number;
  /** credit limits: first loan, repeat loans, and the home-screen unlock (SH-15, at most ₱80,000) */
  limits: { firstLoan: Centavos; repeatLoan: Centavos; homeScreen: Centavos };
}

export const HOME_SCREEN_LIMIT_MAX: Centavos = 8_000_000n; // ₱80,000

/**
 * The seeded default, priced inside the SEC caps for every amount and term it offers (worked in
 * docs/compliance.md): 0.15% a day (4.5% a month) nominal, 1.5% service fee, ₱5 credit reporting
 * fee, 18% tax on the service fee only, no late charge and a 0.15%-a-day penalty (4.5% a month),
 * 1% extension fee for 8 days.
 */
export const DEFAULT_PRODUCT: ProductConfig = {
  version: 1,
  amount: { min: 100_000n, max: 1_000_000n, step: 50_000n },
  termDays: [14, 30],
  dailyInterestPpm: 1_500,
  serviceFeeBp: 150,
  creditReportingFee: 500n,
  taxRateBp: 1_800,
  taxBase: 'serviceFee',
  // Issue 7: late charge and penalty together ≤ 5% a month of the amount due from the first day
  // (Decisions): a fixed ₱50 late charge breached it on every amount offered, so the default has no
  // late charge and a 0.15%-a-day penalty (4.5% a month); docs/compliance.md works the figures.
  lateCharge: 0n,
  penaltyDailyPpm: 1_500,
  extensionFeeBp: 100,
  extensionDays: 8,
  limits: { firstLoan: 500_000n, repeatLoan: 1_000_000n, homeScreen: 8_000_000n },
};
