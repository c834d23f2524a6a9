import type { Centavos } from '../money.ts';
import type { EmploymentType, IncomeBand } from '../application/enums.ts';

/**
 * Underwriting (BE-04): explicit rules over the application and the borrower's history, each
 * recorded with its outcome, so the reason for every decision can be shown to an operator and
 * to the regulator. Pure: the decision job gathers the facts and stores what this returns.
 */
export interface DecisionFacts {
  age: number;
  monthlyIncome: IncomeBand;
  employmentType: EmploymentType;
  /** another customer has already applied with the same ID number */
  duplicateIdElsewhere: boolean;
  /** the most days any earlier loan of this borrower was overdue (0 if none) */
  worstPastOverdueDays: number;
  /** the identity photos passed their checks (quality, exactly one face) */
  identityPhotosOk: boolean;
  /** loans this borrower has repaid in full */
  settledLoans: number;
}

export interface DecisionRulesConfig {
  version: number;
  minAge: number;
  maxAge: number;
  /** income bands that cannot be approved */
  declinedIncomeBands: readonly IncomeBand[];
  /** a borrower whose earlier loan was overdue longer than this is declined */
  maxPastOverdueDays: number;
  /** days until a rejected borrower may apply again ("Resubmission allowed on {date}") */
  retryAfterDays: number;
  /** first-loan limit by income band (capped by the product's first-loan limit) */
  limitByIncome: Readonly<Record<IncomeBand, Centavos>>;
}

export const DEFAULT_DECISION_RULES: DecisionRulesConfig = {
  version: 1,
  minAge: 20,
  maxAge: 65,
  declinedIncomeBands: [],
  maxPastOverdueDays: 30,
  retryAfterDays: 30,
  limitByIncome: { lt12000: 200_000n, '12001to18000': 300_000n, '18001to25000': 400_000n, '25001to30000': 500_000n, gt30000: 500_000n },
};

export type RuleName = 'identityPhotos' | 'age' | 'income' | 'employment' | 'duplicateId' | 'pastOverdue';

export interface RuleResult {
  rule: RuleName;
  passed: boolean;
  detail: string;
}

export type Decision =
  | { outcome: 'approve'; limit: Centavos; rules: RuleResult[]; rulesVersion: number }
  | { outcome: 'reupload_id'; rules: RuleResult[]; rulesVersion: number }
  | { outcome: 'reject'; reason: RuleName; retryAfterDays: number; rules: RuleResult[]; rulesVersion: number };

export function decide(facts: DecisionFacts, rules: DecisionRulesConfig, limits: { firstLoan: Centavos; repeatLoan: Centavos }): Decision {
  const results: RuleResult[] = [
    { rule: 'identityPhotos', passed: facts.identityPhotosOk, detail: facts.identityPhotosOk ? 'ID photo and selfie passed' : 'ID photo or selfie failed its checks' },
    { rule: 'age', passed: facts.age >= rules.minAge && facts.age <= rules.maxAge, detail: `age ${facts.age}, allowed ${rules.minAge}–${rules.maxAge}` },
    { rule: 'income', passed: !rules.declinedIncomeBands.includes(facts.monthlyIncome), detail: `income band ${facts.monthlyIncome}` },
    // No regular income at all: an unemployed borrower in the lowest band is not lent to.
    { rule: 'employment', passed: !(facts.employmentType === 'unemployed' && facts.monthlyIncome === 'lt12000'), detail: `${facts.employmentType}, ${facts.monthlyIncome}` },
    { rule: 'duplicateId', passed: !facts.duplicateIdElsewhere, detail: facts.duplicateIdElsewhere ? 'the ID number is on another customer' : 'ID number not seen elsewhere' },
    { rule: 'pastOverdue', passed: facts.worstPastOverdueDays <= rules.maxPastOverdueDays, detail: `worst past overdue ${facts.worstPastOverdueDays} days, allowed ${rules.maxPastOverdueDays}` },
  ];
  const base = { rules: results, rulesVersion: rules.version };
  // An unclear ID photo is fixable by the borrower: ask for a new one before judging the rest (ST-05).
  if (!facts.identityPhotosOk) return { outcome: 'reupload_id', ...base };
  const failed = results.find((r) => !r.passed);
  if (failed) return { outcome: 'reject', reason: failed.rule, retryAfterDays: rules.retryAfterDays, ...base };
  const cap = facts.settledLoans > 0 ? limits.repeatLoan : limits.firstLoan;
  const byIncome = rules.limitByIncome[facts.monthlyIncome];
  return { outcome: 'approve', limit: byIncome < cap ? byIncome : cap, ...base };
}
