import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INCOME_BANDS } from '../application/enums.ts';
import {
  compareAmlRisk,
  rateAmlRisk,
  strDeadline,
  type AmlRiskFacts,
  type AmlRiskReasonCode,
} from './risk-rating.ts';

/** BE-14 (SEC MC 4 s.2021): the borrower risk rating, pure and explained. */
const quiet: AmlRiskFacts = {
  listMatch: 'none',
  pep: false,
  strCases: 0,
  loansLast12Months: 1,
  principalLast12Months: 300_000n,
  earlyFullRepayments: 0,
  payoutAccountChanges: 0,
  declaredIncome: '18001to25000',
};
const codes = (f: Partial<AmlRiskFacts>) => rateAmlRisk({ ...quiet, ...f }).reasons.map((r) => r.code);

describe('BE-14 risk rating', () => {
  it('BE-14 an ordinary borrower is low, with no reasons and no enhanced due diligence', () => {
    expect(rateAmlRisk(quiet)).toEqual({ level: 'low', reasons: [], enhancedDueDiligence: false });
  });

  it.each<[Partial<AmlRiskFacts>, AmlRiskReasonCode, 'medium' | 'high']>([
    [{ listMatch: 'confirmed' }, 'list_match_confirmed', 'high'],
    [{ listMatch: 'possible' }, 'list_match_possible', 'medium'],
    [{ pep: true }, 'pep', 'high'],
    [{ strCases: 1 }, 'str_case', 'high'],
    [{ loansLast12Months: 6 }, 'many_loans', 'medium'],
    [{ principalLast12Months: 10_000_000n, declaredIncome: 'gt30000' }, 'high_volume', 'medium'],
    [{ earlyFullRepayments: 3 }, 'early_full_repayments', 'medium'],
    [{ payoutAccountChanges: 3 }, 'payout_account_changes', 'medium'],
    [{ principalLast12Months: 7_300_000n, declaredIncome: 'lt12000' }, 'income_mismatch', 'medium'],
  ])('BE-14 %o gives reason %s and level %s', (facts, code, level) => {
    const rating = rateAmlRisk({ ...quiet, ...facts });
    expect(rating.reasons.map((r) => r.code)).toEqual([code]);
    expect(rating.level).toBe(level);
    expect(rating.enhancedDueDiligence).toBe(level === 'high');
    expect(rating.reasons[0]!.text.length).toBeGreaterThan(10);
  });

  it('BE-14 thresholds: one below is not a reason', () => {
    expect(codes({ loansLast12Months: 5, earlyFullRepayments: 2, payoutAccountChanges: 2 })).toEqual([]);
    expect(codes({ principalLast12Months: 7_200_000n, declaredIncome: 'lt12000' })).toEqual([]);
    expect(codes({ principalLast12Months: 9_999_999n, declaredIncome: null })).toEqual([]);
  });

  it('BE-14 two medium reasons together are high (several_factors)', () => {
    const rating = rateAmlRisk({ ...quiet, loansLast12Months: 7, payoutAccountChanges: 4 });
    expect(rating.level).toBe('high');
    expect(rating.reasons.map((r) => r.code)).toEqual([
      'many_loans',
      'payout_account_changes',
      'several_factors',
    ]);
    expect(rating.enhancedDueDiligence).toBe(true);
  });

  const facts = fc.record({
    listMatch: fc.constantFrom('none' as const, 'possible' as const, 'confirmed' as const),
    pep: fc.boolean(),
    strCases: fc.nat(3),
    loansLast12Months: fc.nat(20),
    principalLast12Months: fc.bigInt({ min: 0n, max: 50_000_000n }),
    earlyFullRepayments: fc.nat(10),
    payoutAccountChanges: fc.nat(10),
    declaredIncome: fc.option(fc.constantFrom(...INCOME_BANDS), { nil: null }),
  });
  const matchRank = { none: 0, possible: 1, confirmed: 2 } as const;
  /** one more risk fact: a stronger list match, PEP, a case, more loans, money, early repayments, changes, lower income */
  const addRisk = fc
    .tuple(facts, fc.nat(8), fc.nat(5), fc.bigInt({ min: 1n, max: 20_000_000n }))
    .map(([f, which, n, amount]): [AmlRiskFacts, AmlRiskFacts] => {
      const more = { ...f };
      if (which === 0)
        more.listMatch =
          matchRank[f.listMatch] < 2 ? (f.listMatch === 'none' ? 'possible' : 'confirmed') : f.listMatch;
      if (which === 1) more.pep = true;
      if (which === 2) more.strCases += n + 1;
      if (which === 3) more.loansLast12Months += n + 1;
      if (which === 4) more.principalLast12Months += amount;
      if (which === 5) more.earlyFullRepayments += n + 1;
      if (which === 6) more.payoutAccountChanges += n + 1;
      if (which === 7 && f.declaredIncome) {
        const i = INCOME_BANDS.indexOf(f.declaredIncome);
        more.declaredIncome = INCOME_BANDS[Math.max(0, i - 1)]!;
      }
      if (which === 8) {
        more.loansLast12Months += 1;
        more.principalLast12Months += amount;
      }
      return [f, more];
    });

  it('BE-14 property: adding a risk fact never lowers the rating, nor drops a reason', () => {
    fc.assert(
      fc.property(addRisk, ([before, after]) => {
        const a = rateAmlRisk(before);
        const b = rateAmlRisk(after);
        expect(compareAmlRisk(b.level, a.level)).toBeGreaterThanOrEqual(0);
        for (const r of a.reasons) {
          // a possible match strengthened to confirmed replaces its reason with the stronger one
          // (and a medium turned high may no longer count towards several_factors)
          const strengthened = before.listMatch === 'possible' && after.listMatch === 'confirmed';
          if (strengthened && (r.code === 'list_match_possible' || r.code === 'several_factors')) continue;
          expect(b.reasons.map((x) => x.code)).toContain(r.code);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('BE-14 property: high exactly when enhanced due diligence', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const r = rateAmlRisk(f);
        expect(r.enhancedDueDiligence).toBe(r.level === 'high');
        expect(r.level === 'low').toBe(r.reasons.length === 0);
      }),
    );
  });
});

describe('BE-14 STR filing deadline (5 working days, a reading for counsel)', () => {
  it.each([
    ['2026-11-16', '2026-11-23'], // Monday → next Monday
    ['2026-11-20', '2026-11-27'], // Friday → next Friday
    ['2026-11-21', '2026-11-27'], // Saturday → Friday
    ['2026-11-23', '2026-12-01'], // Bonifacio Day (Monday 30 November) is not a working day
    ['2026-12-22', '2026-12-31'], // Christmas Day and Rizal Day
  ])('BE-14 determined %s → file by %s', (on, by) => {
    expect(strDeadline(on)).toBe(by);
  });
  it('BE-14 skips the configured non-working days (the yearly proclamation)', () => {
    expect(strDeadline('2026-12-01')).toBe('2026-12-08');
    expect(strDeadline('2026-12-01', ['2026-12-08'])).toBe('2026-12-09');
  });
});
