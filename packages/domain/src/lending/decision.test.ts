import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_DECISION_RULES, decide, type DecisionFacts } from './decision.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { INCOME_BANDS, EMPLOYMENT_TYPES } from '../application/enums.ts';

const good: DecisionFacts = { age: 30, monthlyIncome: '18001to25000', employmentType: 'contractWorker', duplicateIdElsewhere: false, worstPastOverdueDays: 0, identityPhotosOk: true, settledLoans: 0 };
const run = (f: Partial<DecisionFacts>) => decide({ ...good, ...f }, DEFAULT_DECISION_RULES, DEFAULT_PRODUCT.limits);

describe('BE-04 ST-03 ST-05 decision rules', () => {
  it('BE-04 a qualifying profile is approved with a limit from its income band, every rule recorded', () => {
    const d = run({});
    expect(d).toMatchObject({ outcome: 'approve', limit: 400_000n, rulesVersion: 1 });
    expect(d.rules.map((r) => r.rule)).toEqual(['identityPhotos', 'age', 'income', 'employment', 'duplicateId', 'pastOverdue']);
    expect(d.rules.every((r) => r.passed)).toBe(true);
  });

  it('ST-05 a failed identity photo asks for a new ID photo', () => {
    expect(run({ identityPhotosOk: false }).outcome).toBe('reupload_id');
  });

  it.each([
    [{ age: 19 }, 'age'],
    [{ age: 66 }, 'age'],
    [{ employmentType: 'unemployed', monthlyIncome: 'lt12000' }, 'employment'],
    [{ duplicateIdElsewhere: true }, 'duplicateId'],
    [{ worstPastOverdueDays: 31 }, 'pastOverdue'],
  ] as const)('ST-03 %o is rejected for %s, with a retry date', (facts, reason) => {
    expect(run(facts)).toMatchObject({ outcome: 'reject', reason, retryAfterDays: 30 });
  });

  it('repeat borrowers may reach the repeat limit; limits never exceed the product caps', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INCOME_BANDS), fc.constantFrom(...EMPLOYMENT_TYPES), fc.nat({ max: 5 }), (band, employment, settled) => {
        const d = run({ monthlyIncome: band, employmentType: employment, settledLoans: settled });
        if (d.outcome === 'approve') expect(d.limit <= (settled > 0 ? DEFAULT_PRODUCT.limits.repeatLoan : DEFAULT_PRODUCT.limits.firstLoan)).toBe(true);
      }),
    );
  });
});
