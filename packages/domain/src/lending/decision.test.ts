import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_DECISION_RULES, decide, type DecisionFacts } from './decision.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { INCOME_BANDS, EMPLOYMENT_TYPES } from '../application/enums.ts';

const good: DecisionFacts = {
  age: 30,
  monthlyIncome: '18001to25000',
  employmentType: 'contractWorker',
  duplicateIdElsewhere: false,
  duplicatePayoutAccountElsewhere: false,
  worstPastOverdueDays: 0,
  identityPhotosOk: true,
  settledLoans: 0,
};
const run = (f: Partial<DecisionFacts>) =>
  decide({ ...good, ...f }, DEFAULT_DECISION_RULES, DEFAULT_PRODUCT.limits);

describe('BE-04 ST-03 ST-05 decision rules', () => {
  it('BE-04 a qualifying profile is approved with a limit from its income band, every rule recorded', () => {
    const d = run({});
    expect(d).toMatchObject({ outcome: 'approve', limit: 400_000n, rulesVersion: 1 });
    expect(d.rules.map((r) => r.rule)).toEqual([
      'identityPhotos',
      'age',
      'income',
      'employment',
      'duplicateId',
      'duplicatePayoutAccount',
      'pastOverdue',
      'sanctionsList',
    ]);
    expect(d.rules.every((r) => r.passed)).toBe(true);
  });

  it('ST-05 a failed identity photo asks for a new ID photo', () => {
    expect(run({ identityPhotosOk: false }).outcome).toBe('reupload_id');
  });

  it.each([
    [{ age: 19 }, 'age'],
    [{ age: 66 }, 'age'],
    [{ employmentType: 'unemployed', monthlyIncome: 'lt12000' }, 'employment'],
    [{ worstPastOverdueDays: 31 }, 'pastOverdue'],
  ] as const)('ST-03 %o is rejected for %s, with a retry date', (facts, reason) => {
    expect(run(facts)).toMatchObject({ outcome: 'reject', reason, retryAfterDays: 30 });
  });

  it('ST-03 a duplicate ID number is rejected when the rules do not route it to review', () => {
    const rules = {
      ...DEFAULT_DECISION_RULES,
      review: { ...DEFAULT_DECISION_RULES.review, duplicateIdNumber: false },
    };
    expect(decide({ ...good, duplicateIdElsewhere: true }, rules, DEFAULT_PRODUCT.limits)).toMatchObject({
      outcome: 'reject',
      reason: 'duplicateId',
    });
  });

  it('BE-04 borderline cases go to review by rule: duplicate ID, a review income band, a shared payout account when configured', () => {
    const dup = run({ duplicateIdElsewhere: true });
    expect(dup).toMatchObject({ outcome: 'review', reasons: ['duplicateId'], limit: 400_000n });
    expect(dup.rules.find((r) => r.rule === 'duplicateId')).toMatchObject({
      outcome: 'review',
      passed: false,
    });
    expect(run({ monthlyIncome: 'lt12000' })).toMatchObject({
      outcome: 'review',
      reasons: ['income'],
      limit: 200_000n,
    });
    // off by default: recorded, not a reason
    const shared = run({ duplicatePayoutAccountElsewhere: true });
    expect(shared.outcome).toBe('approve');
    expect(shared.rules.find((r) => r.rule === 'duplicatePayoutAccount')!.detail).toContain(
      'not a review reason',
    );
    const strict = {
      ...DEFAULT_DECISION_RULES,
      review: { ...DEFAULT_DECISION_RULES.review, duplicatePayoutAccount: true },
    };
    expect(
      decide(
        { ...good, duplicatePayoutAccountElsewhere: true, duplicateIdElsewhere: true },
        strict,
        DEFAULT_PRODUCT.limits,
      ),
    ).toMatchObject({ outcome: 'review', reasons: ['duplicateId', 'duplicatePayoutAccount'] });
  });

  it('BE-04 a failing rule rejects even when another rule asks for review; a bad photo asks for a new one first', () => {
    expect(run({ duplicateIdElsewhere: true, age: 19 })).toMatchObject({ outcome: 'reject', reason: 'age' });
    expect(run({ duplicateIdElsewhere: true, identityPhotosOk: false }).outcome).toBe('reupload_id');
    expect(run({ monthlyIncome: 'lt12000', employmentType: 'unemployed' })).toMatchObject({
      outcome: 'reject',
      reason: 'employment',
    });
  });

  it('repeat borrowers may reach the repeat limit; limits never exceed the product caps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INCOME_BANDS),
        fc.constantFrom(...EMPLOYMENT_TYPES),
        fc.nat({ max: 5 }),
        (band, employment, settled) => {
          const d = run({ monthlyIncome: band, employmentType: employment, settledLoans: settled });
          if (d.outcome === 'approve' || d.outcome === 'review')
            expect(
              d.limit <= (settled > 0 ? DEFAULT_PRODUCT.limits.repeatLoan : DEFAULT_PRODUCT.limits.firstLoan),
            ).toBe(true);
        },
      ),
    );
  });
});
