/**
 * Enumerations of section 3 (EN-09), as stable codes. Labels live in the web app's locales
 * (`application:enum.<name>.<code>`), so a code never changes when a translation does.
 */
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'others'] as const;
export const EDUCATION_LEVELS = [
  'elementary',
  'juniorHigh',
  'highSchool',
  'college',
  'graduate',
  'other',
] as const;
export const LOAN_PURPOSES = [
  'dailyExpense',
  'reimbursement',
  'entertainment',
  'rent',
  'tourism',
  'education',
  'medical',
  'shopping',
  'other',
] as const;
export const WORK_YEARS = ['lt1', '1to3', '3to5', 'gt5'] as const;
/** monthly income bands in PHP: under 12,000 · 12,001–18,000 · 18,001–25,000 · 25,001–30,000 · over 30,000 */
export const INCOME_BANDS = ['lt12000', '12001to18000', '18001to25000', '25001to30000', 'gt30000'] as const;
export const PAY_CYCLES = ['weekly', 'biWeekly', 'monthly', 'other'] as const;
export const RELATIONS = [
  'parents',
  'spouse',
  'children',
  'siblings',
  'friends',
  'relatives',
  'others',
] as const;
export const GENDERS = ['male', 'female'] as const;
export const EMPLOYMENT_TYPES = ['selfEmployed', 'contractWorker', 'student', 'unemployed'] as const;
/** 26 industries (the spec counts 26 without listing them; this list follows PSIC sections as borrowers name them) */
export const INDUSTRIES = [
  'agriculture',
  'fishing',
  'mining',
  'manufacturing',
  'utilities',
  'construction',
  'wholesaleRetail',
  'transportLogistics',
  'hotelsRestaurants',
  'informationTechnology',
  'bpoCallCenter',
  'banksFinance',
  'insurance',
  'realEstate',
  'professionalServices',
  'governmentPublicService',
  'education',
  'healthcare',
  'artsEntertainment',
  'beautyPersonalCare',
  'domesticHelper',
  'securityServices',
  'ofwSeafarer',
  'onlineSelling',
  'ridesharingDelivery',
  'other',
] as const;

export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];
export type WorkYears = (typeof WORK_YEARS)[number];
export type IncomeBand = (typeof INCOME_BANDS)[number];
export type PayCycle = (typeof PAY_CYCLES)[number];
export type Relation = (typeof RELATIONS)[number];
export type Gender = (typeof GENDERS)[number];
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type Industry = (typeof INDUSTRIES)[number];
