import { addDays } from '../time.ts';

/**
 * What happens to a borrower's data when they ask us to delete it (BE-12, Data Privacy Act RA
 * 10173 s.16(e) and s.11(e); NPC). Erasure is the rule; a category is kept only where a law
 * makes us keep it, for as long as it does, and the borrower is told which and why. Readings for
 * counsel to confirm are marked in docs/compliance.md.
 */
export const DATA_CATEGORIES = [
  'identity', // KYC: name, birth date, ID type and number, ID photo and selfie
  'loans', // orders, signed documents, loan transactions, repayments, payouts, the ledger
  'credit_reports', // what was reported to the Credit Information Corporation
  'contact_details', // address, e-mail, emergency contacts, payout accounts on file
  'device_and_sessions', // sessions, IP addresses, user agents, login history
  'engagement', // messages, coupons not used, feedback, Easy Re-loan settings
] as const;
export type DataCategory = (typeof DATA_CATEGORIES)[number];

export type RetentionBasis =
  | 'open_loan' // the loan is still being serviced: the contract needs the data
  | 'aml_5_years' // RA 9160 as amended, s.9: customer identification and transaction records, 5 years after the account closes
  | 'credit_information' // RA 9510 and its IRR: the data reported stays correctable for as long as it is kept
  | 'none';

export interface RetentionDecision {
  category: DataCategory;
  action: 'erase' | 'keep';
  basis: RetentionBasis;
  /** Manila date until which it is kept (inclusive); null while a loan is open (no date yet) */
  keepUntil: string | null;
}

export interface RetentionFacts {
  /** a loan was ever paid out to this borrower */
  everDisbursed: boolean;
  /** a loan is still being serviced (paid out, not settled or cancelled) */
  openLoan: boolean;
  /** the Manila date the last loan was settled or cancelled, when none is open */
  lastClosedOn: string | null;
}

/**
 * The retention periods, in one place (BE-12; docs/compliance.md says why each one):
 * - AML_RETENTION_DAYS: identity and loan records of a borrower who was paid out, 5 years after
 *   their last loan closed (RA 9160 s.9(b)); the same 5 years for AML screening records.
 * - INACTIVE_APPLICANT_RETENTION_DAYS: an applicant never paid out, counted from their last
 *   application activity; the default of 1 year is our policy reading of "no longer than
 *   necessary" (RA 10173 s.11(e)); configurable (RETENTION_INACTIVE_APPLICANT_DAYS), counsel to confirm.
 */
/** 5 years, as calendar days from the day after closure (leap days counted: 1,826 days at most). */
export const AML_RETENTION_DAYS = 5 * 365 + 1;
/** 1 year of no application activity, for applicants never paid out (default of the config). */
export const INACTIVE_APPLICANT_RETENTION_DAYS = 365;

/** The last Manila day a paid-out borrower's identity and loan records are kept (inclusive). */
export function borrowerKeepUntil(lastClosedOn: string): string {
  return addDays(lastClosedOn, AML_RETENTION_DAYS);
}

/**
 * The last Manila day an applicant never paid out is kept (inclusive): their identity data is
 * erased on the day after, by the retention job.
 */
export function applicantKeepUntil(
  lastActivityOn: string,
  days: number = INACTIVE_APPLICANT_RETENTION_DAYS,
): string {
  return addDays(lastActivityOn, days);
}

export function retentionPlan(facts: RetentionFacts): RetentionDecision[] {
  const held = (basis: RetentionBasis): Pick<RetentionDecision, 'action' | 'basis' | 'keepUntil'> => {
    if (facts.openLoan) return { action: 'keep', basis: 'open_loan', keepUntil: null };
    return {
      action: 'keep',
      basis,
      keepUntil: facts.lastClosedOn ? borrowerKeepUntil(facts.lastClosedOn) : null,
    };
  };
  const erase = { action: 'erase', basis: 'none', keepUntil: null } as const;
  return DATA_CATEGORIES.map((category): RetentionDecision => {
    if (!facts.everDisbursed) return { category, ...erase };
    switch (category) {
      case 'identity':
      case 'loans':
        return { category, ...held('aml_5_years') };
      case 'credit_reports':
        return { category, ...held('credit_information') };
      case 'contact_details':
        // needed to service and collect an open loan; not a record the AML law asks us to keep
        return facts.openLoan ? { category, ...held('open_loan') } : { category, ...erase };
      default:
        return { category, ...erase };
    }
  });
}
