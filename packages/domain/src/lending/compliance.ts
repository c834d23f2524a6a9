import type { Centavos } from '../money.ts';
import { allOffers, priceLoan, type Quote } from './pricing.ts';
import type { ProductConfig } from './product.ts';

/**
 * SEC caps for small short-term loans (BE-07), from SEC MC 3 s.2022 (BSP Circular 1133 s.2021) as
 * amended by SEC MC 14 s.2025, for unsecured general-purpose loans of ₱10,000 or less with a tenor
 * of four months or less. This product applies them to every loan it makes, covered or not.
 *
 * - nominal interest ≤ 6% a month (a month is 30 days: 0.2% a day);
 * - effective interest rate ≤ 12% a month: the monthly rate that discounts the repayments to the
 *   net proceeds actually received (fees deducted up front reduce them); late fees and penalties
 *   are excluded from it;
 * - penalties ≤ 5% a month of the amount due;
 * - all interest, fees, charges and penalties over the life of the loan, extensions included,
 *   ≤ 100% of the principal.
 */
export const CAPS = {
  nominalMonthlyPpm: 60_000, // 6%
  effectiveMonthly: 0.12, // 12% (a rate, compared as a ratio; see effectiveMonthlyRate)
  penaltyMonthlyPpm: 50_000, // 5%
  totalCostOfPrincipalBp: 10_000, // 100%
  coveredMaxPrincipal: 1_000_000n as Centavos, // ₱10,000
  coveredMaxTermDays: 120, // four months
  daysPerMonth: 30,
} as const;

/**
 * EIR per 30-day month of a single-repayment loan: the r with net × (1 + r)^(days/30) = repayment.
 * This is a rate, not money: computed in floating point from exact centavo amounts, and only ever
 * compared against a cap (with a small tolerance in the borrower's favour, never the lender's).
 */
export function effectiveMonthlyRate(netProceeds: Centavos, totalRepayment: Centavos, termDays: number): number {
  if (netProceeds <= 0n) return Number.POSITIVE_INFINITY;
  return Math.pow(Number(totalRepayment) / Number(netProceeds), CAPS.daysPerMonth / termDays) - 1;
}

/** The EIR as disclosed to the borrower: a monthly ratio to four decimals (9.83% → 0.0983). */
export function disclosedMonthlyRate(netProceeds: Centavos, totalRepayment: Centavos, termDays: number): number {
  return Math.round(effectiveMonthlyRate(netProceeds, totalRepayment, termDays) * 10_000) / 10_000;
}

export type CapBreach =
  | { cap: 'nominal'; monthlyPpm: number }
  | { cap: 'effective'; monthly: number; principal: Centavos; termDays: number }
  | { cap: 'penalty'; monthlyPpm: number }
  | { cap: 'totalCost'; cost: Centavos; principal: Centavos; termDays: number }
  | { cap: 'homeScreenLimit'; limit: Centavos };

/** The breaches of one priced loan (empty when it is inside every cap). */
export function quoteBreaches(q: Quote): CapBreach[] {
  const out: CapBreach[] = [];
  const eir = effectiveMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays);
  if (eir > CAPS.effectiveMonthly) out.push({ cap: 'effective', monthly: eir, principal: q.principal, termDays: q.termDays });
  if (q.financeCharge * 10_000n > q.principal * BigInt(CAPS.totalCostOfPrincipalBp)) out.push({ cap: 'totalCost', cost: q.financeCharge, principal: q.principal, termDays: q.termDays });
  return out;
}

/**
 * Checks a product configuration before it is saved: a configuration that could breach a cap for
 * any amount and term it offers is refused. Later charges (penalties, extensions) are capped when
 * they accrue (see `capCharge`), since they depend on how late a borrower pays.
 */
export function productBreaches(config: ProductConfig): CapBreach[] {
  const out: CapBreach[] = [];
  const nominalMonthlyPpm = config.dailyInterestPpm * CAPS.daysPerMonth;
  if (nominalMonthlyPpm > CAPS.nominalMonthlyPpm) out.push({ cap: 'nominal', monthlyPpm: nominalMonthlyPpm });
  const penaltyMonthlyPpm = config.penaltyDailyPpm * CAPS.daysPerMonth;
  if (penaltyMonthlyPpm > CAPS.penaltyMonthlyPpm) out.push({ cap: 'penalty', monthlyPpm: penaltyMonthlyPpm });
  if (config.limits.homeScreen > 8_000_000n) out.push({ cap: 'homeScreenLimit', limit: config.limits.homeScreen });
  for (const offer of allOffers(config)) out.push(...quoteBreaches(priceLoan(config, offer)));
  return out;
}

/**
 * The total-cost cap at accrual time: of a new charge (penalty, late charge, extension fee), only
 * what still fits under 100% of the principal is booked. Returns the amount to book (maybe 0).
 */
export function capCharge(principal: Centavos, chargedSoFar: Centavos, proposed: Centavos): Centavos {
  const room = (principal * BigInt(CAPS.totalCostOfPrincipalBp)) / 10_000n - chargedSoFar;
  if (room <= 0n || proposed <= 0n) return 0n;
  return proposed < room ? proposed : room;
}

/**
 * The penalty cap at accrual time: a penalty for `days` days on `amountDue` may not exceed 5% a
 * month of the amount due (pro rata per day), nor the total-cost room.
 */
export function capPenalty(amountDue: Centavos, days: number, proposed: Centavos): Centavos {
  const max = (amountDue * BigInt(CAPS.penaltyMonthlyPpm) * BigInt(days)) / (1_000_000n * BigInt(CAPS.daysPerMonth));
  return proposed < max ? proposed : max;
}
