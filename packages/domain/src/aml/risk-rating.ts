import { addWorkingDays } from '../holidays.ts';
import type { IncomeBand } from '../application/enums.ts';

/**
 * Borrower risk rating (BE-14, SEC MC 4 s.2021 on a risk-based approach; RA 9160 as amended):
 * a pure function of facts the lender holds, with every reason that raised it. THE list of levels.
 */
export const AML_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type AmlRiskLevel = (typeof AML_RISK_LEVELS)[number];

/** Thresholds, one place (documented in docs/compliance.md, BE-14). */
export const AML_RISK_THRESHOLDS = {
  /** loans disbursed in the last 12 months */
  manyLoans: 6,
  /** total principal disbursed in the last 12 months, centavos (₱100,000) */
  highVolume: 10_000_000n,
  /** loans repaid in full within `earlyRepaymentDays` of disbursement */
  earlyFullRepayments: 3,
  earlyRepaymentDays: 3,
  /** payout-account changes (the bankInfo step saved again, or fixed after a failed payout) */
  payoutAccountChanges: 3,
  /** principal in 12 months above this many months of the declared income's top */
  incomeMonths: 6,
  /** two or more medium reasons together make a high rating */
  mediumsForHigh: 2,
} as const;

/** The top of each declared monthly income band, centavos (gt30000: its floor, the cautious reading). */
export const INCOME_BAND_TOP: Record<IncomeBand, bigint> = {
  lt12000: 1_200_000n,
  '12001to18000': 1_800_000n,
  '18001to25000': 2_500_000n,
  '25001to30000': 3_000_000n,
  gt30000: 3_000_100n,
};

export interface AmlRiskFacts {
  /** the newest screening: none (clear or cleared), possible (open), confirmed */
  listMatch: 'none' | 'possible' | 'confirmed';
  /** politically exposed person: no field holds it yet (false until the application asks) */
  pep: boolean;
  /** suspicious-transaction cases open or reported on this borrower */
  strCases: number;
  /** loans disbursed in the last 12 months and their principal, centavos */
  loansLast12Months: number;
  principalLast12Months: bigint;
  /** loans settled in full within AML_RISK_THRESHOLDS.earlyRepaymentDays of disbursement */
  earlyFullRepayments: number;
  payoutAccountChanges: number;
  /** the declared monthly income band (workInfo), or null when not declared */
  declaredIncome: IncomeBand | null;
}

export const AML_RISK_REASONS = [
  'list_match_confirmed',
  'list_match_possible',
  'pep',
  'str_case',
  'many_loans',
  'high_volume',
  'early_full_repayments',
  'payout_account_changes',
  'income_mismatch',
  'several_factors',
] as const;
export type AmlRiskReasonCode = (typeof AML_RISK_REASONS)[number];

export interface AmlRiskReason {
  code: AmlRiskReasonCode;
  level: Exclude<AmlRiskLevel, 'low'>;
  /** one English sentence for the console, with the figures */
  text: string;
}

export interface AmlRiskRating {
  level: AmlRiskLevel;
  reasons: AmlRiskReason[];
  /** enhanced due diligence: a high rating */
  enhancedDueDiligence: boolean;
}

const peso = (c: bigint) => `₱${(c / 100n).toLocaleString('en-US')}`;
const rank = (l: AmlRiskLevel) => AML_RISK_LEVELS.indexOf(l);

/** Rates a borrower from facts; every reason listed. Adding a risk fact never lowers the level. */
export function rateAmlRisk(f: AmlRiskFacts): AmlRiskRating {
  const T = AML_RISK_THRESHOLDS;
  const reasons: AmlRiskReason[] = [];
  const add = (code: AmlRiskReasonCode, level: AmlRiskReason['level'], text: string) =>
    reasons.push({ code, level, text });
  if (f.listMatch === 'confirmed')
    add('list_match_confirmed', 'high', 'Confirmed match on the designated-persons list.');
  if (f.listMatch === 'possible')
    add('list_match_possible', 'medium', 'Possible match on the designated-persons list, not yet cleared.');
  if (f.pep) add('pep', 'high', 'Politically exposed person.');
  if (f.strCases > 0)
    add('str_case', 'high', `${f.strCases} suspicious-transaction case(s) open or reported.`);
  if (f.loansLast12Months >= T.manyLoans)
    add('many_loans', 'medium', `${f.loansLast12Months} loans in 12 months (threshold ${T.manyLoans}).`);
  if (f.principalLast12Months >= T.highVolume)
    add(
      'high_volume',
      'medium',
      `${peso(f.principalLast12Months)} borrowed in 12 months (threshold ${peso(T.highVolume)}).`,
    );
  if (f.earlyFullRepayments >= T.earlyFullRepayments)
    add(
      'early_full_repayments',
      'medium',
      `${f.earlyFullRepayments} loans repaid in full within ${T.earlyRepaymentDays} days of disbursement.`,
    );
  if (f.payoutAccountChanges >= T.payoutAccountChanges)
    add('payout_account_changes', 'medium', `${f.payoutAccountChanges} payout-account changes.`);
  if (
    f.declaredIncome &&
    f.principalLast12Months > INCOME_BAND_TOP[f.declaredIncome] * BigInt(T.incomeMonths)
  )
    add(
      'income_mismatch',
      'medium',
      `${peso(f.principalLast12Months)} borrowed in 12 months is more than ${T.incomeMonths} months of the declared income (${f.declaredIncome}).`,
    );
  const mediums = reasons.filter((r) => r.level === 'medium').length;
  if (mediums >= T.mediumsForHigh) add('several_factors', 'high', `${mediums} medium-risk factors together.`);
  const level = reasons.reduce<AmlRiskLevel>((l, r) => (rank(r.level) > rank(l) ? r.level : l), 'low');
  return { level, reasons, enhancedDueDiligence: level === 'high' };
}

export function compareAmlRisk(a: AmlRiskLevel, b: AmlRiskLevel): number {
  return rank(a) - rank(b);
}

/**
 * Suspicious-transaction reports (BE-14). The reasons are the suspicious circumstances of RA 9160
 * s.3(b-1) as amended by RA 9194: one list.
 */
export const STR_REASONS = [
  'no_underlying_obligation',
  'client_not_properly_identified',
  'amount_not_commensurate',
  'structuring',
  'deviation_from_profile',
  'related_to_unlawful_activity',
  'similar_or_analogous',
] as const;
export type StrReason = (typeof STR_REASONS)[number];
export const STR_STATUSES = ['open', 'reported', 'closed_no_report'] as const;
export type StrStatus = (typeof STR_STATUSES)[number];

/**
 * The filing deadline of a suspicious-transaction report: 5 working days after the day of the
 * determination (our reading of the AMLC's 2018 IRR, Rule 22, and its reporting guidelines, for
 * counsel to confirm). Working days are Monday to Friday less the regular holidays and the
 * configured non-working days (holidays.ts).
 */
export function strDeadline(determinedOn: string, nonWorkingDays: readonly string[] = []): string {
  return addWorkingDays(determinedOn, 5, nonWorkingDays);
}
