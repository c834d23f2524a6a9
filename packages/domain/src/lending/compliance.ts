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
export function effectiveMonthlyRate(
  netProceeds: Centavos,
  totalRepayment: Centavos,
  termDays: number,
): number {
  if (netProceeds <= 0n) return Number.POSITIVE_INFINITY;
  return Math.pow(Number(totalRepayment) / Number(netProceeds), CAPS.daysPerMonth / termDays) - 1;
}

/**
 * Rounding a disclosed rate: UP to four decimals of a ratio (0.01%), never down, so the borrower
 * is never shown less than the real cost (the tiny tolerance absorbs float noise in exact cases).
 */
function disclose(rate: number): number {
  return Math.ceil(rate * 10_000 - 1e-9) / 10_000;
}

/** The EIR as disclosed to the borrower: a monthly ratio to four decimals, rounded up (9.823% → 0.0983). */
export function disclosedMonthlyRate(
  netProceeds: Centavos,
  totalRepayment: Centavos,
  termDays: number,
): number {
  return disclose(effectiveMonthlyRate(netProceeds, totalRepayment, termDays));
}

/** The EIR a year, compounded monthly from the exact monthly rate ((1 + m)^12 − 1), rounded up. */
export function disclosedAnnualRate(
  netProceeds: Centavos,
  totalRepayment: Centavos,
  termDays: number,
): number {
  return disclose(Math.pow(1 + effectiveMonthlyRate(netProceeds, totalRepayment, termDays), 12) - 1);
}

export type CapBreach =
  | { cap: 'nominal'; monthlyPpm: number }
  | { cap: 'effective'; monthly: number; principal: Centavos; termDays: number }
  | { cap: 'penalty'; monthlyPpm: number }
  | { cap: 'totalCost'; cost: Centavos; principal: Centavos; termDays: number }
  | { cap: 'homeScreenLimit'; limit: Centavos }
  /** the late charge and penalty as configured would exceed 5% a month of the amount due on some day */
  | { cap: 'overdueCharges'; principal: Centavos; termDays: number; day: number }
  /** one extension on these terms would breach a cap of the extended schedule */
  | { cap: 'extension'; principal: Centavos; termDays: number; breaches: CapBreach['cap'][] };

/** The breaches of one priced loan (empty when it is inside every cap). */
export function quoteBreaches(q: Quote): CapBreach[] {
  const out: CapBreach[] = [];
  const eir = effectiveMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays);
  if (eir > CAPS.effectiveMonthly)
    out.push({ cap: 'effective', monthly: eir, principal: q.principal, termDays: q.termDays });
  if (q.financeCharge * 10_000n > q.principal * BigInt(CAPS.totalCostOfPrincipalBp))
    out.push({ cap: 'totalCost', cost: q.financeCharge, principal: q.principal, termDays: q.termDays });
  return out;
}

/**
 * Checks a product configuration before it is saved: a configuration that could breach a cap for
 * any amount and term it offers is refused. Later charges (penalties, extensions) are capped when
 * they accrue (see `capCharge`), since they depend on how late a borrower pays.
 */
export function productBreaches(config: ProductConfig): CapBreach[] {
  const out: CapBreach[] = [];
  out.push(...servicingBreaches(config));
  const nominalMonthlyPpm = config.dailyInterestPpm * CAPS.daysPerMonth;
  if (nominalMonthlyPpm > CAPS.nominalMonthlyPpm) out.push({ cap: 'nominal', monthlyPpm: nominalMonthlyPpm });
  const penaltyMonthlyPpm = config.penaltyDailyPpm * CAPS.daysPerMonth;
  if (penaltyMonthlyPpm > CAPS.penaltyMonthlyPpm) out.push({ cap: 'penalty', monthlyPpm: penaltyMonthlyPpm });
  if (config.limits.homeScreen > 8_000_000n)
    out.push({ cap: 'homeScreenLimit', limit: config.limits.homeScreen });
  for (const offer of allOffers(config)) out.push(...quoteBreaches(priceLoan(config, offer)));
  return out;
}

/** How many overdue days the validator checks: beyond them both sides grow linearly. */
const OVERDUE_DAYS_CHECKED = 60;

/**
 * The servicing terms of a product, checked before it is saved (issue 7): for every amount and term
 * it offers, the late charge and penalty as configured (not as capped at accrual) stay within 5% a
 * month of the amount due on every overdue day, and one extension paid on the day of disbursement
 * (the worst case for the EIR) keeps the extended schedule inside every cap. A ₱10,000 late charge,
 * a penalty over 5% a month or an extension fee that breaches a cap is refused.
 */
export function servicingBreaches(config: ProductConfig): CapBreach[] {
  const out: CapBreach[] = [];
  for (const offer of allOffers(config)) {
    const q = priceLoan(config, offer);
    const due = q.totalRepayment;
    for (let day = 1; day <= OVERDUE_DAYS_CHECKED; day++) {
      const asConfigured =
        config.lateCharge + (due * BigInt(config.penaltyDailyPpm) * BigInt(day)) / 1_000_000n;
      if (asConfigured > overdueChargeCeiling(due, day)) {
        out.push({ cap: 'overdueCharges', principal: q.principal, termDays: q.termDays, day });
        break;
      }
    }
    if (config.extensionFeeBp > 0 && config.extensionDays > 0) {
      const fee = (q.principal * BigInt(config.extensionFeeBp)) / 10_000n;
      const breaches = scheduleBreaches({
        principal: q.principal,
        netProceeds: q.netProceeds,
        interest: q.interest,
        upFrontCharges: q.financeCharge - q.interest,
        termDays: q.termDays,
        extensions: [{ fee, days: config.extensionDays, paidOnDay: 0 }],
        overdueCharges: 0n,
      });
      if (breaches.length > 0)
        out.push({
          cap: 'extension',
          principal: q.principal,
          termDays: q.termDays,
          breaches: breaches.map((b) => b.cap),
        });
    }
  }
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
  const max =
    (amountDue * BigInt(CAPS.penaltyMonthlyPpm) * BigInt(days)) / (1_000_000n * BigInt(CAPS.daysPerMonth));
  return proposed < max ? proposed : max;
}

/**
 * Decisions (penalties, BE-07): the late charge and the penalty interest TOGETHER may not exceed 5%
 * a month of the amount due, pro rata by day (the stricter reading of SEC MC 3 s.2022 / MC 14
 * s.2025). This is the most that may have been charged after `overdueDays` days overdue.
 */
export function overdueChargeCeiling(amountDue: Centavos, overdueDays: number): Centavos {
  if (overdueDays <= 0 || amountDue <= 0n) return 0n;
  return (
    (amountDue * BigInt(CAPS.penaltyMonthlyPpm) * BigInt(overdueDays)) /
    (1_000_000n * BigInt(CAPS.daysPerMonth))
  );
}

/**
 * THE overdue-charge formula: the cumulative late charge and penalty owed after `overdueDays` days
 * overdue on `amountDue`, inside the combined ceiling (the late charge is taken first, the penalty
 * fills what room is left). Accrual posts the difference between today's figure and what was
 * already posted, so running it twice, or catching up several days at once, books the same total.
 * The 100%-of-principal cap is applied on top, to each increment (`capCharge`).
 */
export function overdueChargesAfter(
  terms: { lateCharge: Centavos; penaltyDailyPpm: number },
  amountDue: Centavos,
  overdueDays: number,
): { lateCharge: Centavos; penalty: Centavos } {
  const ceiling = overdueChargeCeiling(amountDue, overdueDays);
  if (ceiling <= 0n) return { lateCharge: 0n, penalty: 0n };
  const lateCharge = terms.lateCharge < ceiling ? terms.lateCharge : ceiling;
  const uncapped = (amountDue * BigInt(terms.penaltyDailyPpm) * BigInt(overdueDays)) / 1_000_000n;
  const room = ceiling - lateCharge;
  return { lateCharge, penalty: uncapped < room ? uncapped : room };
}

/**
 * A loan's whole schedule, extensions included (CO-02): the cash the borrower received on day 0,
 * each extension fee on the day (since disbursement) it was paid, and the repayment at the final
 * due date. Extensions count toward every cap over the whole life of the loan (Decisions).
 */
export interface LoanSchedule {
  principal: Centavos;
  netProceeds: Centavos;
  /** interest of the original term (no interest runs during an extension: its fee is its price) */
  interest: Centavos;
  /** fees and taxes deducted at disbursement */
  upFrontCharges: Centavos;
  termDays: number;
  extensions: readonly { fee: Centavos; days: number; paidOnDay: number }[];
  /** late charges and penalties posted so far */
  overdueCharges: Centavos;
}

/**
 * What the borrower pays on a schedule, each amount on its day since disbursement, as the EIR counts
 * it: each extension fee on the day it was paid, then principal and interest at the final due date.
 * Late charges and penalties are left out (the cap's definition). One list for the cap check and the
 * disclosed rate, so a rate shown is the rate the check held to 12% a month.
 */
function scheduleRepayments(s: LoanSchedule): { day: number; amount: Centavos }[] {
  const totalDays = s.termDays + s.extensions.reduce((sum, e) => sum + e.days, 0);
  return [
    ...s.extensions.map((e) => ({ day: e.paidOnDay, amount: e.fee })),
    { day: totalDays, amount: s.principal + s.interest },
  ];
}

/** The present value of a schedule's repayments at a monthly rate (30-day months). */
function presentValue(repayments: readonly { day: number; amount: Centavos }[], monthly: number): number {
  return repayments.reduce(
    (sum, r) => sum + Number(r.amount) * Math.pow(1 + monthly, -r.day / CAPS.daysPerMonth),
    0,
  );
}

/**
 * EIR per 30-day month of a whole schedule (extensions included): the IRR r with
 * net proceeds = Σ repayment × (1 + r)^(−day/30). A rate, not money: floating point from exact
 * centavos, found by bisection (the present value falls as r rises, so there is one root). With no
 * extension it is `effectiveMonthlyRate` of the original loan.
 */
export function scheduleEffectiveMonthlyRate(s: LoanSchedule): number {
  if (s.netProceeds <= 0n) return Number.POSITIVE_INFINITY;
  const repayments = scheduleRepayments(s);
  const net = Number(s.netProceeds);
  let low = -0.999_999;
  let high = 1;
  while (presentValue(repayments, high) > net && high < 1e12) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-15; i++) {
    const mid = (low + high) / 2;
    if (presentValue(repayments, mid) > net) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** A schedule's EIR as disclosed: a month, and a year compounded monthly, both rounded up (one rule). */
export function disclosedScheduleRates(s: LoanSchedule): { monthly: number; yearly: number } {
  const monthly = scheduleEffectiveMonthlyRate(s);
  return { monthly: disclose(monthly), yearly: disclose(Math.pow(1 + monthly, 12) - 1) };
}

/** The breaches of a loan's schedule (empty when an extension may be granted on these terms). */
export function scheduleBreaches(s: LoanSchedule): CapBreach[] {
  const out: CapBreach[] = [];
  const fees = s.extensions.reduce((sum, e) => sum + e.fee, 0n);
  const totalDays = s.termDays + s.extensions.reduce((sum, e) => sum + e.days, 0);
  // nominal: interest and extension fees per 30 days of the extended life, against 6% a month
  const nominalMonthlyPpm = Number(
    ((s.interest + fees) * 1_000_000n * BigInt(CAPS.daysPerMonth)) / (s.principal * BigInt(totalDays)),
  );
  if (nominalMonthlyPpm > CAPS.nominalMonthlyPpm) out.push({ cap: 'nominal', monthlyPpm: nominalMonthlyPpm });
  // EIR: the IRR of (net proceeds out; fees and repayment in) is at most 12% a month exactly when
  // the cash flows discounted at 12% are worth no more than the net proceeds.
  const pv = presentValue(scheduleRepayments(s), CAPS.effectiveMonthly);
  if (pv > Number(s.netProceeds) + 0.5)
    out.push({ cap: 'effective', monthly: Number.NaN, principal: s.principal, termDays: totalDays });
  const cost = s.interest + s.upFrontCharges + fees + s.overdueCharges;
  if (cost * 10_000n > s.principal * BigInt(CAPS.totalCostOfPrincipalBp))
    out.push({ cap: 'totalCost', cost, principal: s.principal, termDays: totalDays });
  return out;
}

/** The caps the product guard checks, in the order the console shows them. */
export const CAP_NAMES = [
  'nominal',
  'effective',
  'penalty',
  'overdueCharges',
  'totalCost',
  'extension',
  'homeScreenLimit',
] as const satisfies readonly CapBreach['cap'][];
export type CapName = (typeof CAP_NAMES)[number];

/**
 * The worst case of a product against one cap (CO-06, BE-07): the highest value any amount and
 * term it offers reaches, the limit, where it is reached, and whether it is within. Units:
 * `ppmMonth` parts per million a 30-day month, `ratioMonth` a monthly rate as a ratio, `bp` basis
 * points of the principal, `centavos` an amount. `within` is decided exactly as `productBreaches`
 * decides (the displayed value is for people; the comparison is the guard's own).
 */
export interface CapWorstCase {
  cap: CapName;
  value: number;
  limit: number;
  unit: 'ppmMonth' | 'ratioMonth' | 'bp' | 'centavos';
  principal: Centavos | null;
  termDays: number | null;
  within: boolean;
}

/**
 * The worst case against every cap the guard checks (the table of docs/compliance.md, computed):
 * one entry per cap in CAP_NAMES. A product is accepted exactly when every entry is within
 * (property-tested against `productBreaches`).
 */
export function capWorstCases(config: ProductConfig): CapWorstCase[] {
  const breached = new Set(productBreaches(config).map((b) => b.cap));
  const nominal = config.dailyInterestPpm * CAPS.daysPerMonth;
  const penalty = config.penaltyDailyPpm * CAPS.daysPerMonth;
  let eir = {
    value: Number.NEGATIVE_INFINITY,
    principal: null as Centavos | null,
    termDays: null as number | null,
  };
  let cost = {
    value: Number.NEGATIVE_INFINITY,
    principal: null as Centavos | null,
    termDays: null as number | null,
  };
  let overdue = { value: 0, principal: null as Centavos | null, termDays: null as number | null };
  let extension = { value: 0, principal: null as Centavos | null, termDays: null as number | null };
  for (const offer of allOffers(config)) {
    const q = priceLoan(config, offer);
    const e = effectiveMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays);
    if (e > eir.value) eir = { value: e, principal: q.principal, termDays: q.termDays };
    const c = Number((q.financeCharge * 10_000n * 1_000n) / q.principal) / 1_000;
    if (c > cost.value) cost = { value: c, principal: q.principal, termDays: q.termDays };
    // late charge and penalty as configured, as a monthly rate of the amount due, on the worst day
    const due = q.totalRepayment;
    for (let day = 1; day <= OVERDUE_DAYS_CHECKED; day++) {
      const asConfigured =
        config.lateCharge + (due * BigInt(config.penaltyDailyPpm) * BigInt(day)) / 1_000_000n;
      const monthlyPpm = (Number(asConfigured) * 1_000_000 * CAPS.daysPerMonth) / (Number(due) * day);
      if (monthlyPpm > overdue.value)
        overdue = { value: monthlyPpm, principal: q.principal, termDays: q.termDays };
    }
    // one extension: interest and its fee per 30 days of the extended life (the nominal reading)
    if (config.extensionFeeBp > 0 && config.extensionDays > 0) {
      const fee = (q.principal * BigInt(config.extensionFeeBp)) / 10_000n;
      const days = q.termDays + config.extensionDays;
      const ppm = Number(
        ((q.interest + fee) * 1_000_000n * BigInt(CAPS.daysPerMonth)) / (q.principal * BigInt(days)),
      );
      if (ppm > extension.value) extension = { value: ppm, principal: q.principal, termDays: q.termDays };
    }
  }
  const round = (v: number, digits: number) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : v);
  return [
    {
      cap: 'nominal',
      value: nominal,
      limit: CAPS.nominalMonthlyPpm,
      unit: 'ppmMonth',
      principal: null,
      termDays: null,
      within: !breached.has('nominal'),
    },
    {
      cap: 'effective',
      value: eir.value,
      limit: CAPS.effectiveMonthly,
      unit: 'ratioMonth',
      principal: eir.principal,
      termDays: eir.termDays,
      within: !breached.has('effective'),
    },
    {
      cap: 'penalty',
      value: penalty,
      limit: CAPS.penaltyMonthlyPpm,
      unit: 'ppmMonth',
      principal: null,
      termDays: null,
      within: !breached.has('penalty'),
    },
    {
      cap: 'overdueCharges',
      value: Math.round(overdue.value),
      limit: CAPS.penaltyMonthlyPpm,
      unit: 'ppmMonth',
      principal: overdue.principal,
      termDays: overdue.termDays,
      within: !breached.has('overdueCharges'),
    },
    {
      cap: 'totalCost',
      value: round(cost.value, 2),
      limit: CAPS.totalCostOfPrincipalBp,
      unit: 'bp',
      principal: cost.principal,
      termDays: cost.termDays,
      within: !breached.has('totalCost'),
    },
    {
      cap: 'extension',
      value: extension.value,
      limit: CAPS.nominalMonthlyPpm,
      unit: 'ppmMonth',
      principal: extension.principal,
      termDays: extension.termDays,
      within: !breached.has('extension'),
    },
    {
      cap: 'homeScreenLimit',
      value: Number(config.limits.homeScreen),
      limit: 8_000_000,
      unit: 'centavos',
      principal: null,
      termDays: null,
      within: !breached.has('homeScreenLimit'),
    },
  ];
}

/** How many (amount, term) offers the guard checks at most: a finer grid is refused as a typo. */
export const MAX_PRODUCT_OFFERS = 2_000;

export function offerCount(config: Pick<ProductConfig, 'amount' | 'termDays'>): number {
  const { min, max, step } = config.amount;
  if (step <= 0n || max < min) return 0;
  return Number((max - min) / step + 1n) * config.termDays.length;
}
