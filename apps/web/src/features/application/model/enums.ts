import {
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  GENDERS,
  ID_TYPE_CODES,
  INCOME_BANDS,
  INDUSTRIES,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  PAYOUT_CHANNELS,
  PAY_CYCLES,
  RELATIONS,
  WORK_YEARS,
} from '@pisonow/domain';

/**
 * Every enumeration a step offers (EN-09), by the label group in the `application` namespace:
 * the label of `code` is `application:enum.<group>.<code>` in every language.
 */
export const ENUMS = {
  maritalStatus: MARITAL_STATUSES,
  education: EDUCATION_LEVELS,
  loanPurpose: LOAN_PURPOSES,
  workYears: WORK_YEARS,
  monthlyIncome: INCOME_BANDS,
  payCycle: PAY_CYCLES,
  relationship: RELATIONS,
  gender: GENDERS,
  employmentType: EMPLOYMENT_TYPES,
  industry: INDUSTRIES,
  idType: ID_TYPE_CODES,
  channel: PAYOUT_CHANNELS,
} as const satisfies Record<string, readonly string[]>;

export type EnumGroup = keyof typeof ENUMS;

export function enumLabelKey(group: EnumGroup, code: string): string {
  return `application:enum.${group}.${code}`;
}
