import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PRODUCT, type ProductConfig } from './product.ts';
import { allOffers, priceLoan } from './pricing.ts';
import {
  CAP_NAMES,
  CAPS,
  capWorstCases,
  effectiveMonthlyRate,
  MAX_PRODUCT_OFFERS,
  offerCount,
  productBreaches,
  type CapWorstCase,
} from './compliance.ts';

const byCap = (config: ProductConfig) =>
  Object.fromEntries(capWorstCases(config).map((w) => [w.cap, w])) as Record<string, CapWorstCase>;

describe('CO-06 worst case of a product against each cap (the console shows it before approval)', () => {
  it('CO-06: the default product — one entry per cap, every one within, figures of docs/compliance.md', () => {
    const w = byCap(DEFAULT_PRODUCT);
    expect(capWorstCases(DEFAULT_PRODUCT).map((x) => x.cap)).toEqual([...CAP_NAMES]);
    expect(Object.values(w).every((x) => x.within)).toBe(true);
    expect(w.nominal).toMatchObject({ value: 45_000, limit: 60_000, unit: 'ppmMonth' }); // 4.5% a month
    // EIR 9.25% a month at ₱1,000 for 14 days (the fixed ₱5 fee weighs most on the smallest, shortest loan)
    expect(w.effective).toMatchObject({ principal: 100_000n, termDays: 14, limit: 0.12 });
    expect(w.effective!.value).toBeCloseTo(0.09249, 4);
    // total cost at booking: 6.56% of principal at ₱1,000 for 30 days (₱45 interest + ₱15 + ₱5 +
    // ₱0.62 DST = ₱65.62); the 14-day loan's 4.13% is not the worst (docs/compliance.md corrected)
    expect(w.totalCost).toMatchObject({ value: 656.2, limit: 10_000, principal: 100_000n, termDays: 30 });
    expect(w.penalty).toMatchObject({ value: 45_000, limit: 50_000 });
    // no late charge: the penalty alone, 4.5% a month of the amount due (within rounding down)
    expect(w.overdueCharges!.value).toBeLessThanOrEqual(45_000);
    expect(w.overdueCharges!.value).toBeGreaterThan(44_900);
    expect(w.homeScreenLimit).toMatchObject({ value: 8_000_000, limit: 8_000_000 });
  });

  it('CO-06: a lower service fee lowers the worst EIR and total cost and stays within', () => {
    const lower = { ...DEFAULT_PRODUCT, serviceFeeBp: 100 };
    const before = byCap(DEFAULT_PRODUCT);
    const after = byCap(lower);
    expect(after.effective!.value).toBeLessThan(before.effective!.value);
    expect(after.totalCost!.value).toBeLessThan(before.totalCost!.value);
    expect(Object.values(after).every((x) => x.within)).toBe(true);
  });

  it('CO-06: each breach shows on its own cap, with the value past the limit', () => {
    expect(byCap({ ...DEFAULT_PRODUCT, dailyInterestPpm: 2_100 }).nominal).toMatchObject({
      value: 63_000,
      within: false,
    });
    expect(byCap({ ...DEFAULT_PRODUCT, penaltyDailyPpm: 1_700 }).penalty).toMatchObject({
      value: 51_000,
      within: false,
    });
    const fees = byCap({ ...DEFAULT_PRODUCT, serviceFeeBp: 900 });
    expect(fees.effective!.within).toBe(false);
    expect(fees.effective!.value).toBeGreaterThan(CAPS.effectiveMonthly);
    expect(byCap({ ...DEFAULT_PRODUCT, lateCharge: 5_000n }).overdueCharges!.within).toBe(false);
    expect(byCap({ ...DEFAULT_PRODUCT, extensionFeeBp: 800 }).extension!.within).toBe(false);
    expect(
      byCap({ ...DEFAULT_PRODUCT, limits: { ...DEFAULT_PRODUCT.limits, homeScreen: 8_000_100n } })
        .homeScreenLimit!.within,
    ).toBe(false);
  });

  it('CO-06: the worst EIR is the maximum over every offer, and reached at the offer it names', () => {
    const w = byCap(DEFAULT_PRODUCT).effective!;
    const all = [...allOffers(DEFAULT_PRODUCT)].map((o) => {
      const q = priceLoan(DEFAULT_PRODUCT, o);
      return effectiveMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays);
    });
    expect(w.value).toBe(Math.max(...all));
  });

  it('CO-06: the offer count bounds what the guard checks', () => {
    expect(offerCount(DEFAULT_PRODUCT)).toBe(38); // ₱1,000..₱10,000 by ₱500 × 2 terms
    expect(offerCount({ amount: { min: 100n, max: 1_000_000n, step: 1n }, termDays: [14] })).toBeGreaterThan(
      MAX_PRODUCT_OFFERS,
    );
  });
});

/** Random product configurations around the plausible range, inside the caps or not. */
const productArb: fc.Arbitrary<ProductConfig> = fc
  .record({
    min: fc.integer({ min: 1, max: 50 }).map((n) => BigInt(n) * 10_000n),
    steps: fc.integer({ min: 0, max: 12 }),
    step: fc.integer({ min: 1, max: 20 }).map((n) => BigInt(n) * 10_000n),
    termDays: fc.uniqueArray(fc.integer({ min: 7, max: 120 }), { minLength: 1, maxLength: 3 }),
    dailyInterestPpm: fc.integer({ min: 0, max: 3_000 }),
    serviceFeeBp: fc.integer({ min: 0, max: 1_500 }),
    creditReportingFee: fc.integer({ min: 0, max: 5_000 }).map(BigInt),
    penaltyDailyPpm: fc.integer({ min: 0, max: 3_000 }),
    lateCharge: fc.constantFrom(0n, 100n, 5_000n),
    extensionFeeBp: fc.integer({ min: 0, max: 500 }),
    homeScreen: fc.constantFrom(5_000_000n, 8_000_000n, 8_000_001n),
  })
  .map((r) => ({
    ...DEFAULT_PRODUCT,
    amount: { min: r.min, max: r.min + r.step * BigInt(r.steps), step: r.step },
    termDays: r.termDays,
    dailyInterestPpm: r.dailyInterestPpm,
    serviceFeeBp: r.serviceFeeBp,
    creditReportingFee: r.creditReportingFee,
    penaltyDailyPpm: r.penaltyDailyPpm,
    lateCharge: r.lateCharge,
    extensionFeeBp: r.extensionFeeBp,
    limits: { ...DEFAULT_PRODUCT.limits, homeScreen: r.homeScreen },
  }));

describe('CO-06 worst cases agree with the guard (fast-check)', () => {
  it('CO-06: a product is accepted exactly when every worst case is within, cap by cap', () => {
    fc.assert(
      fc.property(productArb, (config) => {
        const worst = capWorstCases(config);
        const breached = new Set(productBreaches(config).map((b) => b.cap));
        expect(worst.map((w) => w.cap)).toEqual([...CAP_NAMES]);
        for (const w of worst) expect(w.within).toBe(!breached.has(w.cap));
        expect(worst.every((w) => w.within)).toBe(breached.size === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('CO-06: a worst value past its limit is never shown as within', () => {
    fc.assert(
      fc.property(productArb, (config) => {
        for (const w of capWorstCases(config)) if (w.value > w.limit) expect(w.within, w.cap).toBe(false);
        const w = byCap(config);
        // the caps the guard compares directly: within exactly when at or under the limit
        for (const cap of ['nominal', 'penalty', 'effective', 'homeScreenLimit'])
          expect(w[cap]!.within, cap).toBe(w[cap]!.value <= w[cap]!.limit);
      }),
      { numRuns: 300 },
    );
  });
});
