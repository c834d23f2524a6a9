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
  /** another customer has given the same payout account (same channel, provider and account) */
  duplicatePayoutAccountElsewhere: boolean;
  /** the most days any earlier loan of this borrower was overdue (0 if none) */
  worstPastOverdueDays: number;
  /** the identity photos passed their checks (quality, exactly one face) */
  identityPhotosOk: boolean;
  /** loans this borrower has repaid in full */
  settledLoans: number;
  /**
   * BE-14: a possible match on the designated-persons list that no one has cleared. Never decided by
   * a rule: a person looks (review), and no loan is paid out until the AML queue clears it.
   */
  sanctionsHold?: boolean;
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
  /**
   * Borderline cases a person decides (issue 11, BE-08): the application waits in the underwriters'
   * review queue instead of being approved or rejected by the rules alone. A failing rule still
   * rejects; review only replaces an approval.
   */
  review: {
    /** income bands lent to only after an underwriter has looked */
    incomeBands: readonly IncomeBand[];
    /** the same ID number on another customer: a possible duplicate identity (false: rejected) */
    duplicateIdNumber: boolean;
    /**
     * the same payout account on another customer. Off by default: families commonly share one
     * e-wallet, so the flag alone is too noisy to queue on until operations ask for it.
     */
    duplicatePayoutAccount: boolean;
  };
}

export const DEFAULT_DECISION_RULES: DecisionRulesConfig = {
  version: 1,
  minAge: 20,
  maxAge: 65,
  declinedIncomeBands: [],
  maxPastOverdueDays: 30,
  retryAfterDays: 30,
  limitByIncome: {
    lt12000: 200_000n,
    '12001to18000': 300_000n,
    '18001to25000': 400_000n,
    '25001to30000': 500_000n,
    gt30000: 500_000n,
  },
  review: { incomeBands: ['lt12000'], duplicateIdNumber: true, duplicatePayoutAccount: false },
};

export type RuleName =
  | 'identityPhotos'
  | 'age'
  | 'income'
  | 'employment'
  | 'duplicateId'
  | 'duplicatePayoutAccount'
  | 'pastOverdue'
  | 'sanctionsList';

/** pass; review: a person decides (issue 11); fail: the application cannot be approved. */
export type RuleOutcome = 'pass' | 'review' | 'fail';

export interface RuleResult {
  rule: RuleName;
  /** true only for `pass` (kept for the stored decisions made before review existed) */
  passed: boolean;
  outcome: RuleOutcome;
  detail: string;
}

export type Decision =
  | { outcome: 'approve'; limit: Centavos; rules: RuleResult[]; rulesVersion: number }
  | { outcome: 'reupload_id'; rules: RuleResult[]; rulesVersion: number }
  /** an underwriter decides; `limit` is the most the rules would allow, the ceiling of an approval */
  | { outcome: 'review'; limit: Centavos; reasons: RuleName[]; rules: RuleResult[]; rulesVersion: number }
  | {
      outcome: 'reject';
      reason: RuleName;
      retryAfterDays: number;
      rules: RuleResult[];
      rulesVersion: number;
    };

/** The product's ceiling for a borrower's limit: the repeat-loan limit once a loan has been repaid. */
export function productLimitCap(
  settledLoans: number,
  limits: { firstLoan: Centavos; repeatLoan: Centavos },
): Centavos {
  return settledLoans > 0 ? limits.repeatLoan : limits.firstLoan;
}

export function decide(
  facts: DecisionFacts,
  rules: DecisionRulesConfig,
  limits: { firstLoan: Centavos; repeatLoan: Centavos },
): Decision {
  const rule = (name: RuleName, outcome: RuleOutcome, detail: string): RuleResult => ({
    rule: name,
    passed: outcome === 'pass',
    outcome,
    detail,
  });
  const incomeOutcome: RuleOutcome = rules.declinedIncomeBands.includes(facts.monthlyIncome)
    ? 'fail'
    : rules.review.incomeBands.includes(facts.monthlyIncome)
      ? 'review'
      : 'pass';
  const results: RuleResult[] = [
    rule(
      'identityPhotos',
      facts.identityPhotosOk ? 'pass' : 'fail',
      facts.identityPhotosOk ? 'ID photo and selfie passed' : 'ID photo or selfie failed its checks',
    ),
    rule(
      'age',
      facts.age >= rules.minAge && facts.age <= rules.maxAge ? 'pass' : 'fail',
      `age ${facts.age}, allowed ${rules.minAge}–${rules.maxAge}`,
    ),
    rule('income', incomeOutcome, `income band ${facts.monthlyIncome}`),
    // No regular income at all: an unemployed borrower in the lowest band is not lent to.
    rule(
      'employment',
      facts.employmentType === 'unemployed' && facts.monthlyIncome === 'lt12000' ? 'fail' : 'pass',
      `${facts.employmentType}, ${facts.monthlyIncome}`,
    ),
    rule(
      'duplicateId',
      !facts.duplicateIdElsewhere ? 'pass' : rules.review.duplicateIdNumber ? 'review' : 'fail',
      facts.duplicateIdElsewhere ? 'the ID number is on another customer' : 'ID number not seen elsewhere',
    ),
    rule(
      'duplicatePayoutAccount',
      facts.duplicatePayoutAccountElsewhere && rules.review.duplicatePayoutAccount ? 'review' : 'pass',
      facts.duplicatePayoutAccountElsewhere
        ? `the payout account is on another customer${rules.review.duplicatePayoutAccount ? '' : ' (not a review reason under these rules)'}`
        : 'payout account not seen elsewhere',
    ),
    rule(
      'pastOverdue',
      facts.worstPastOverdueDays <= rules.maxPastOverdueDays ? 'pass' : 'fail',
      `worst past overdue ${facts.worstPastOverdueDays} days, allowed ${rules.maxPastOverdueDays}`,
    ),
    rule(
      'sanctionsList',
      facts.sanctionsHold ? 'review' : 'pass',
      facts.sanctionsHold
        ? 'possible match on the designated-persons list: the AML queue decides'
        : 'no match on the designated-persons list',
    ),
  ];
  const base = { rules: results, rulesVersion: rules.version };
  // An unclear ID photo is fixable by the borrower: ask for a new one before judging the rest (ST-05).
  if (!facts.identityPhotosOk) return { outcome: 'reupload_id', ...base };
  const failed = results.find((r) => r.outcome === 'fail');
  if (failed)
    return { outcome: 'reject', reason: failed.rule, retryAfterDays: rules.retryAfterDays, ...base };
  const cap = productLimitCap(facts.settledLoans, limits);
  const byIncome = rules.limitByIncome[facts.monthlyIncome];
  const limit = byIncome < cap ? byIncome : cap;
  const reasons = results.filter((r) => r.outcome === 'review').map((r) => r.rule);
  if (reasons.length) return { outcome: 'review', limit, reasons, ...base };
  return { outcome: 'approve', limit, ...base };
}
