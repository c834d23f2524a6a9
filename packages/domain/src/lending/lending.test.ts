import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PRODUCT, type ProductConfig } from './product.ts';
import { allOffers, documentaryStampTax, offerable, priceLoan, PricingError } from './pricing.ts';
import {
  CAPS,
  capCharge,
  capPenalty,
  disclosedAnnualRate,
  disclosedMonthlyRate,
  effectiveMonthlyRate,
  overdueChargeCeiling,
  overdueChargesAfter,
  productBreaches,
  quoteBreaches,
  scheduleBreaches,
} from './compliance.ts';
import {
  IllegalTransition,
  ORDER_STATUSES,
  TRANSITIONS,
  isOutstanding,
  nextStatus,
  orderLabel,
  orderLabelText,
  type OrderEvent,
} from './order-state.ts';

const RUNS = 10_000;
const EVENTS: OrderEvent[] = [
  'payout_succeeded',
  'payout_failed',
  'payout_account_fixed',
  'payout_reversed',
  'due_date_passed',
  'extension_paid',
  'repaid_in_full',
  'cancelled_by_operator',
  'payout_reversal_unwound',
];

describe('CO-01 CO-03 pricing in integer centavos, worked by hand (docs/compliance.md)', () => {
  it.each([
    // principal, days → interest, service fee, tax, DST, credit fee, net, total, EIR %/month
    [100_000n, 14, 2_100n, 1_500n, 0n, 29n, 500n, 97_971n, 102_100n, 9.25],
    [100_000n, 30, 4_500n, 1_500n, 0n, 62n, 500n, 97_938n, 104_500n, 6.7],
    [200_000n, 14, 4_200n, 3_000n, 0n, 58n, 500n, 196_442n, 204_200n, 8.65],
    [1_000_000n, 14, 21_000n, 15_000n, 0n, 288n, 500n, 984_212n, 1_021_000n, 8.18],
    [1_000_000n, 30, 45_000n, 15_000n, 0n, 617n, 500n, 983_883n, 1_045_000n, 6.21],
  ] as const)(
    'CO-01 CO-03 ₱%s centavos for %i days',
    (principal, days, interest, fee, tax, dst, credit, net, total, eir) => {
      const q = priceLoan(DEFAULT_PRODUCT, { principal, termDays: days });
      expect([
        q.interest,
        q.serviceFee,
        q.tax,
        q.documentaryStampTax,
        q.creditReportingFee,
        q.netProceeds,
        q.totalRepayment,
      ]).toEqual([interest, fee, tax, dst, credit, net, total]);
      expect(q.financeCharge).toBe(interest + fee + tax + dst + credit);
      expect(effectiveMonthlyRate(q.netProceeds, q.totalRepayment, days) * 100).toBeCloseTo(eir, 2);
    },
  );

  it('CO-03 documentary stamp tax: ₱1.50 per ₱200 or fraction, × days/365 under a year, rounded up to the centavo', () => {
    expect(documentaryStampTax(100_000n, 14)).toBe(29n); // 5 units × ₱1.50 = ₱7.50 × 14/365 = ₱0.2877 → ₱0.29
    expect(documentaryStampTax(100_000n, 30)).toBe(62n); // ₱7.50 × 30/365 = ₱0.6164 → ₱0.62
    expect(documentaryStampTax(1_000_000n, 14)).toBe(288n); // 50 units → ₱75.00 × 14/365 = ₱2.8767 → ₱2.88
    expect(documentaryStampTax(1_000_000n, 30)).toBe(617n); // ₱75.00 × 30/365 = ₱6.1644 → ₱6.17
    expect(documentaryStampTax(20_001n, 365)).toBe(300n); // ₱200.01 is two units; a year or more is not prorated
    expect(documentaryStampTax(20_000n, 400)).toBe(150n);
    expect(documentaryStampTax(20_000n, 73)).toBe(30n); // exact: ₱1.50 × 73/365 = ₱0.30
    expect(documentaryStampTax(0n, 14)).toBe(0n);
  });

  it('CO-03 the default has no percentage tax; it stays configurable (all fees or the service fee only)', () => {
    expect(DEFAULT_PRODUCT.taxRateBp).toBe(0);
    expect(DEFAULT_PRODUCT.dst.borneBy).toBe('borrower');
    const q = priceLoan(
      { ...DEFAULT_PRODUCT, taxRateBp: 1_800, taxBase: 'allFees' },
      { principal: 100_000n, termDays: 14 },
    );
    expect(q.tax).toBe(360n); // 18% of (₱15 + ₱5)
    expect(
      priceLoan({ ...DEFAULT_PRODUCT, taxRateBp: 1_800 }, { principal: 100_000n, termDays: 14 }).tax,
    ).toBe(270n); // 18% of ₱15
  });

  it("CO-03 DST borne by the lender: not charged to the borrower, booked as the lender's expense", async () => {
    const { disbursementEntries } = await import('./ledger.ts');
    const passed = priceLoan(DEFAULT_PRODUCT, { principal: 100_000n, termDays: 14 });
    const borne = priceLoan(
      { ...DEFAULT_PRODUCT, dst: { borneBy: 'lender' } },
      { principal: 100_000n, termDays: 14 },
    );
    expect(borne).toMatchObject({
      documentaryStampTax: 0n,
      lenderDocumentaryStampTax: 29n,
      netProceeds: 98_000n,
      financeCharge: 4_100n,
    });
    expect(disbursementEntries(borne)).toEqual(
      expect.arrayContaining([
        { account: 'dst_expense', amount: 29n },
        { account: 'dst_payable', amount: -29n },
      ]),
    );
    const passedEntries = disbursementEntries(passed);
    expect(passedEntries).toContainEqual({ account: 'dst_payable', amount: -29n });
    expect(passedEntries.find((e) => e.account === 'dst_expense')).toBeUndefined();
    expect(passedEntries).toContainEqual({ account: 'cash_at_provider', amount: -97_971n });
  });

  it('a coupon reduces the service fee, never below zero', () => {
    const taxed = { ...DEFAULT_PRODUCT, taxRateBp: 1_800 };
    expect(priceLoan(taxed, { principal: 100_000n, termDays: 14, coupon: 1_000n })).toMatchObject({
      serviceFee: 500n,
      coupon: 1_000n,
      tax: 90n,
    });
    expect(priceLoan(taxed, { principal: 100_000n, termDays: 14, coupon: 99_999n })).toMatchObject({
      serviceFee: 0n,
      coupon: 1_500n,
      tax: 0n,
    });
    expect(() => priceLoan(DEFAULT_PRODUCT, { principal: 100_000n, termDays: 14, coupon: -1n })).toThrow(
      PricingError,
    );
  });

  it('only offered amounts and terms are priced', () => {
    expect(offerable(DEFAULT_PRODUCT, 150_000n, 14)).toBe(true);
    expect(() => priceLoan(DEFAULT_PRODUCT, { principal: 120_000n, termDays: 14 })).toThrow(PricingError);
    expect(() => priceLoan(DEFAULT_PRODUCT, { principal: 100_000n, termDays: 7 })).toThrow(PricingError);
    expect(() => priceLoan(DEFAULT_PRODUCT, { principal: 1_050_000n, termDays: 14 })).toThrow(PricingError);
  });
});

/** Random product configurations around the plausible range, valid or not. */
const productArb: fc.Arbitrary<ProductConfig> = fc
  .record({
    min: fc.integer({ min: 1, max: 50 }).map((n) => BigInt(n) * 10_000n),
    steps: fc.integer({ min: 0, max: 30 }),
    step: fc.integer({ min: 1, max: 20 }).map((n) => BigInt(n) * 10_000n),
    termDays: fc.uniqueArray(fc.integer({ min: 7, max: 120 }), { minLength: 1, maxLength: 3 }),
    dailyInterestPpm: fc.integer({ min: 0, max: 3_000 }),
    serviceFeeBp: fc.integer({ min: 0, max: 1_500 }),
    creditReportingFee: fc.integer({ min: 0, max: 5_000 }).map(BigInt),
    taxRateBp: fc.integer({ min: 0, max: 2_500 }),
    taxBase: fc.constantFrom('allFees' as const, 'serviceFee' as const),
    dstBorneBy: fc.constantFrom('borrower' as const, 'lender' as const),
    penaltyDailyPpm: fc.integer({ min: 0, max: 3_000 }),
    lateCharge: fc.constantFrom(0n, 100n, 5_000n),
    extensionFeeBp: fc.integer({ min: 0, max: 500 }),
  })
  .map((r) => ({
    ...DEFAULT_PRODUCT,
    amount: { min: r.min, max: r.min + r.step * BigInt(r.steps), step: r.step },
    termDays: r.termDays,
    dailyInterestPpm: r.dailyInterestPpm,
    serviceFeeBp: r.serviceFeeBp,
    creditReportingFee: r.creditReportingFee,
    taxRateBp: r.taxRateBp,
    taxBase: r.taxBase,
    dst: { borneBy: r.dstBorneBy },
    penaltyDailyPpm: r.penaltyDailyPpm,
    lateCharge: r.lateCharge,
    extensionFeeBp: r.extensionFeeBp,
  }));

describe('BE-07 pricing properties (fast-check, 10,000 cases)', () => {
  it('BE-07 pricing never produces a negative line, and lines add up exactly', () => {
    fc.assert(
      fc.property(
        productArb,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 0n, max: 10_000n }),
        (config, a, t, coupon) => {
          const steps = Number((config.amount.max - config.amount.min) / config.amount.step) + 1;
          const principal = config.amount.min + config.amount.step * BigInt(a % steps);
          const termDays = config.termDays[t % config.termDays.length]!;
          const q = priceLoan(config, { principal, termDays, coupon });
          for (const v of [
            q.interest,
            q.serviceFee,
            q.coupon,
            q.creditReportingFee,
            q.tax,
            q.documentaryStampTax,
            q.lenderDocumentaryStampTax,
            q.totalRepayment,
            q.financeCharge,
          ])
            expect(v >= 0n).toBe(true);
          // bigint arithmetic has no fractions of a centavo by construction; the identities hold exactly
          expect(q.netProceeds + q.serviceFee + q.creditReportingFee + q.tax + q.documentaryStampTax).toBe(
            q.principal,
          );
          expect(q.financeCharge).toBe(
            q.interest + q.serviceFee + q.creditReportingFee + q.tax + q.documentaryStampTax,
          );
          // CO-03 the DST is owed in full either way; only who pays it changes
          expect(q.documentaryStampTax + q.lenderDocumentaryStampTax).toBe(
            documentaryStampTax(principal, termDays),
          );
          expect(q.totalRepayment).toBe(q.principal + q.interest);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('BE-07 a configuration accepted by the guard never produces an offer outside a cap', () => {
    let accepted = 0;
    fc.assert(
      fc.property(productArb, (config) => {
        if (productBreaches(config).length > 0) return;
        accepted++;
        expect(config.dailyInterestPpm * 30).toBeLessThanOrEqual(CAPS.nominalMonthlyPpm);
        expect(config.penaltyDailyPpm * 30).toBeLessThanOrEqual(CAPS.penaltyMonthlyPpm);
        for (const offer of allOffers(config)) {
          const q = priceLoan(config, offer);
          expect(effectiveMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays)).toBeLessThanOrEqual(
            CAPS.effectiveMonthly,
          );
          expect(q.financeCharge <= q.principal).toBe(true);
          // issue 7: the servicing terms as configured (not as capped) stay inside the caps too
          for (const day of [1, 2, 7, 30]) {
            const configured =
              config.lateCharge +
              (q.totalRepayment * BigInt(config.penaltyDailyPpm) * BigInt(day)) / 1_000_000n;
            expect(configured <= overdueChargeCeiling(q.totalRepayment, day)).toBe(true);
          }
          const fee = (q.principal * BigInt(config.extensionFeeBp)) / 10_000n;
          const schedule = {
            principal: q.principal,
            netProceeds: q.netProceeds,
            interest: q.interest,
            upFrontCharges: q.financeCharge - q.interest,
            termDays: q.termDays,
            overdueCharges: 0n,
          };
          if (config.extensionFeeBp > 0)
            expect(
              scheduleBreaches({
                ...schedule,
                extensions: [{ fee, days: config.extensionDays, paidOnDay: 0 }],
              }),
            ).toEqual([]);
        }
      }),
      { numRuns: 2_000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('BE-07 the default product is inside every cap for every amount and term', () => {
    expect(productBreaches(DEFAULT_PRODUCT)).toEqual([]);
    const worst = [...allOffers(DEFAULT_PRODUCT)]
      .map((o) => priceLoan(DEFAULT_PRODUCT, o))
      .map((q) => effectiveMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays));
    expect(Math.max(...worst)).toBeLessThan(0.1); // 9.83% at ₱1,000 for 14 days
  });

  it('BE-07 a configuration that could breach is refused, naming the cap', () => {
    expect(productBreaches({ ...DEFAULT_PRODUCT, dailyInterestPpm: 2_100 }).map((b) => b.cap)).toContain(
      'nominal',
    );
    expect(productBreaches({ ...DEFAULT_PRODUCT, penaltyDailyPpm: 1_700 }).map((b) => b.cap)).toContain(
      'penalty',
    );
    expect(productBreaches({ ...DEFAULT_PRODUCT, serviceFeeBp: 500 }).map((b) => b.cap)).toContain(
      'effective',
    );
    expect(productBreaches({ ...DEFAULT_PRODUCT, termDays: [7] }).map((b) => b.cap)).toContain('effective');
    expect(
      productBreaches({
        ...DEFAULT_PRODUCT,
        limits: { ...DEFAULT_PRODUCT.limits, homeScreen: 8_000_100n },
      }).map((b) => b.cap),
    ).toContain('homeScreenLimit');
    // issue 7 (review finding): the late charge was not checked at all; ₱10,000 was accepted
    expect(productBreaches({ ...DEFAULT_PRODUCT, lateCharge: 1_000_000n }).map((b) => b.cap)).toContain(
      'overdueCharges',
    );
    expect(
      productBreaches({ ...DEFAULT_PRODUCT, lateCharge: 5_000n, penaltyDailyPpm: 1_000 }).map((b) => b.cap),
    ).toContain('overdueCharges');
    expect(productBreaches({ ...DEFAULT_PRODUCT, extensionFeeBp: 2_000 }).map((b) => b.cap)).toContain(
      'extension',
    );
    expect(
      quoteBreaches({
        ...priceLoan(DEFAULT_PRODUCT, { principal: 100_000n, termDays: 14 }),
        financeCharge: 100_001n,
      }).map((b) => b.cap),
    ).toContain('totalCost');
  });

  it('BE-07 charges that accrue later are capped at 100% of principal, penalties at 5% a month', () => {
    expect(capCharge(100_000n, 4_370n, 10_000n)).toBe(10_000n);
    expect(capCharge(100_000n, 95_000n, 10_000n)).toBe(5_000n);
    expect(capCharge(100_000n, 100_000n, 1n)).toBe(0n);
    expect(capPenalty(102_100n, 30, 10_000n)).toBe(5_105n); // 5% of ₱1,021
    expect(capPenalty(102_100n, 1, 100n)).toBe(100n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        (p, so, proposed) => {
          const booked = capCharge(p, so, proposed);
          expect(booked >= 0n && booked <= proposed).toBe(true);
          if (booked > 0n) expect(so + booked <= p).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('ST-01 order state machine', () => {
  it('ST-01 every declared transition works; every undeclared one is refused', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...EVENTS), (from, event) => {
        const declared = TRANSITIONS[from][event];
        if (declared) expect(nextStatus(from, event)).toBe(declared);
        else expect(() => nextStatus(from, event)).toThrow(IllegalTransition);
      }),
      { numRuns: RUNS },
    );
  });

  it('ST-04 a failed payout is fixed and paid out again; ST-06 unpaid orders block a new one', () => {
    expect(
      nextStatus(
        nextStatus(nextStatus('disbursing', 'payout_failed'), 'payout_account_fixed'),
        'payout_succeeded',
      ),
    ).toBe('repaying');
    expect(ORDER_STATUSES.filter(isOutstanding)).toEqual([
      'disbursing',
      'payout_failed',
      'repaying',
      'extended',
      'overdue',
    ]);
    expect(() => nextStatus('settled', 'payout_succeeded')).toThrow(IllegalTransition);
  });

  it('ST-01 labels: due today, expires in N days, overdue, extended, in three languages', () => {
    expect(orderLabel('repaying', '2026-11-25', '2026-11-22')).toEqual({ key: 'expiresIn', days: 3 });
    expect(orderLabel('repaying', '2026-11-22', '2026-11-22')).toEqual({ key: 'dueToday' });
    expect(orderLabel('overdue', '2026-11-20', '2026-11-22')).toEqual({ key: 'overdue', days: 2 });
    expect(orderLabel('extended', '2026-11-30', '2026-11-22')).toEqual({ key: 'extended', days: 8 });
    expect(orderLabelText({ key: 'expiresIn', days: 3 }, 'en-US')).toBe('Expires in 3 days');
    expect(orderLabelText({ key: 'disbursing' }, 'fil')).toContain('24 oras');
    expect(orderLabelText({ key: 'settled' }, 'zh-CN')).toBe('已结清');
  });
});

describe('BE-05 ledger transactions', () => {
  it('BE-05 every disbursement transaction sums to zero (10,000 cases)', async () => {
    const { disbursementEntries } = await import('./ledger.ts');
    fc.assert(
      fc.property(
        productArb,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 0n, max: 100_000n }),
        (config, a, t, coupon) => {
          const steps = Number((config.amount.max - config.amount.min) / config.amount.step) + 1;
          const q = priceLoan(config, {
            principal: config.amount.min + config.amount.step * BigInt(a % steps),
            termDays: config.termDays[t % config.termDays.length]!,
            coupon,
          });
          const entries = disbursementEntries(q);
          expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
          expect(entries.find((e) => e.account === 'principal_receivable')?.amount).toBe(q.principal);
          expect(entries.find((e) => e.account === 'cash_at_provider')?.amount ?? 0n).toBe(-q.netProceeds);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('BE-05 an unbalanced transaction is refused', async () => {
    const { balanced, UnbalancedTransaction } = await import('./ledger.ts');
    expect(() => balanced([{ account: 'cash_at_provider', amount: 1n }])).toThrow(UnbalancedTransaction);
    expect(balanced([{ account: 'cash_at_provider', amount: 0n }])).toEqual([]);
  });
});

describe('BE-07 overdue charges and extensions inside the caps', () => {
  it('BE-07 the disclosed EIR (a month and a year) rounds up, never down', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 50_000n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.integer({ min: 7, max: 120 }),
        (net, cost, days) => {
          const exact = effectiveMonthlyRate(net, net + cost, days);
          const shown = disclosedMonthlyRate(net, net + cost, days);
          expect(shown).toBeGreaterThanOrEqual(exact - 1e-9);
          expect(shown - exact).toBeLessThan(0.0001 + 1e-9);
          const annual = Math.pow(1 + exact, 12) - 1;
          expect(disclosedAnnualRate(net, net + cost, days)).toBeGreaterThanOrEqual(
            annual - 1e-9 - annual * 1e-12,
          );
        },
      ),
      { numRuns: RUNS },
    );
    // 9.8271% a month is shown as 9.83%, and 206.82…% a year as 206.83%
    expect(disclosedMonthlyRate(97_730n, 102_100n, 14)).toBe(0.0983);
    expect(disclosedAnnualRate(97_730n, 102_100n, 14)).toBeGreaterThan(Math.pow(1.0982713745, 12) - 1);
  });

  it('BE-07 late charge + penalty together never exceed 5% a month of the amount due, pro rata by day', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 5_000_000n }),
        fc.integer({ min: 0, max: 400 }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.integer({ min: 0, max: 5_000 }),
        (due, days, late, ppm) => {
          const c = overdueChargesAfter({ lateCharge: late, penaltyDailyPpm: ppm }, due, days);
          expect(c.lateCharge + c.penalty).toBeLessThanOrEqual(overdueChargeCeiling(due, days));
          expect(c.lateCharge).toBeGreaterThanOrEqual(0n);
          expect(c.penalty).toBeGreaterThanOrEqual(0n);
          // cumulative: a later day never owes less
          const next = overdueChargesAfter({ lateCharge: late, penaltyDailyPpm: ppm }, due, days + 1);
          expect(next.lateCharge + next.penalty).toBeGreaterThanOrEqual(c.lateCharge + c.penalty);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('BE-07 ₱50 late charge + 0.1%/day on ₱1,021 is held to 5% a month (the review finding)', () => {
    const c = overdueChargesAfter({ lateCharge: 5_000n, penaltyDailyPpm: 1_000 }, 102_100n, 30);
    expect(c.lateCharge + c.penalty).toBe(5_105n);
    expect(overdueChargesAfter({ lateCharge: 5_000n, penaltyDailyPpm: 1_000 }, 102_100n, 1).lateCharge).toBe(
      170n,
    );
  });

  it('CO-02 an extension on default terms stays inside every cap; one that would breach is reported', () => {
    const q = priceLoan(DEFAULT_PRODUCT, { principal: 100_000n, termDays: 14 });
    const base = {
      principal: q.principal,
      netProceeds: q.netProceeds,
      interest: q.interest,
      upFrontCharges: q.financeCharge - q.interest,
      termDays: 14,
      overdueCharges: 0n,
    };
    expect(scheduleBreaches({ ...base, extensions: [{ fee: 1_000n, days: 8, paidOnDay: 10 }] })).toEqual([]);
    const greedy = Array.from({ length: 12 }, (_, i) => ({ fee: 10_000n, days: 8, paidOnDay: 1 + i }));
    expect(scheduleBreaches({ ...base, extensions: greedy }).map((b) => b.cap)).toEqual(
      expect.arrayContaining(['nominal', 'effective', 'totalCost']),
    );
  });
});
