import { z } from 'zod';
import { normalizePhone, isValidPhone } from '../phone.ts';
import {
  EDUCATION_LEVELS,
  GENDERS,
  INCOME_BANDS,
  INDUSTRIES,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  PAY_CYCLES,
  RELATIONS,
  WORK_YEARS,
} from './enums.ts';
import {
  AADHAAR_PATTERN,
  ID_TYPE_CODES,
  ID_TYPES,
  PAN_PATTERN,
  normalizeIdNumber,
  type IdType,
} from './id-types.ts';
import {
  BANK_ACCOUNT_PATTERN,
  COMPANY_PHONE_PATTERN,
  EWALLET_PATTERN,
  FACEBOOK_PATTERN,
  VIBER_PATTERN,
  WHATSAPP_PATTERN,
  cleanText,
  digitsOnly,
  isName,
  optionalText,
  text,
} from './text-rules.ts';
import { PAYOUT_CHANNELS, payoutProvider, type PayoutChannel } from './payout-providers.ts';

import { APPLICATION_STEPS, type ApplicationStep } from './steps.ts';

export { APPLICATION_STEPS, type ApplicationStep };

/** VAL-04: Philippine ZIP codes have 4 digits; 6 (the specification's reading) is the configurable alternative. */
export const DEFAULT_POSTAL_CODE_LENGTH = 4 as const;

/**
 * The version of the just-in-time notice on the emergency-contacts step (VAL-12, Data Privacy Act,
 * NPC Circular 2022-02). The web shows it under the notice and sends it with the step; the server
 * records the consent with this version and refuses any other (CONTACTS_NOTICE_OUTDATED). Change
 * it whenever the notice text changes.
 */
export const CONTACTS_NOTICE_VERSION = '2026-11-23';

/**
 * BE-13 (RA 9510 s.6, CIC Circular 2015-01): the notice, shown on the application's first step,
 * that loan data is reported to the Credit Information Corporation. Saving that step records the
 * notice as given (a `consents` row of kind `cic_notice` with this version); change it whenever the
 * notice text changes.
 */
export const CIC_NOTICE_VERSION = '2026-11-25';

export const MIN_AGE = 18;
export const MAX_AGE = 70;

/** Completed years between a YYYY-MM-DD birth date and a YYYY-MM-DD day (both calendar dates). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export interface ContractContext {
  /** today in Asia/Manila, YYYY-MM-DD: ages are computed against it */
  today: string;
  /** VAL-04: 4 (Philippine ZIP, default) or 6 (the specification's alternative) */
  postalCodeLength: 4 | 6;
  /** the borrower's registered mobile number (VAL-08: no emergency contact may equal it) */
  registeredPhone?: string;
}

const enumOf = <T extends readonly [string, ...string[]]>(values: T, code = 'REQUIRED') =>
  z.enum(values, { error: code });
const name = () => text('NAME_INVALID', isName, { max: 50 });
const optionalName = () => optionalText('NAME_INVALID', isName, { max: 50 });
/** VAL-09: an empty phone is "cannot be empty"; anything else that is not a mobile number is `code`. */
const mobile = (code: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizePhone(v) : v),
    z.string({ error: 'PHONE_REQUIRED' }).superRefine((s, c) => {
      if (s.length === 0) c.addIssue({ code: 'custom', message: 'PHONE_REQUIRED' });
      else if (!isValidPhone(s)) c.addIssue({ code: 'custom', message: code });
    }),
  );
const ym = (code: string) => z.string({ error: code }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: code });
const photoId = z.uuid({ error: 'PHOTO_REQUIRED' });

/** Builds the zod contract of every step; the form and the server use the same one (VAL-17). */
export function applicationContracts(ctx: ContractContext) {
  const identityInfo = z
    .strictObject({
      idType: z.enum(ID_TYPE_CODES as [IdType, ...IdType[]], { error: 'ID_TYPE_REQUIRED' }),
      idNumber: z.preprocess(
        (v) => (typeof v === 'string' ? normalizeIdNumber(String(cleanText(v))) : v),
        z.string({ error: 'ID_NUMBER_INVALID' }).min(1, { error: 'ID_NUMBER_INVALID' }),
      ),
      firstName: name(),
      middleName: optionalName(),
      lastName: name(),
      birthDate: z
        .string({ error: 'BIRTH_DATE_INVALID' })
        .refine(isCalendarDate, { error: 'BIRTH_DATE_INVALID' }),
      gender: enumOf(GENDERS),
      /** VAL-05: optional alternative formats kept from the specification */
      aadhaar: z.preprocess(
        (v) => (v === '' ? undefined : digitsOnly(v)),
        z.string().regex(AADHAAR_PATTERN, { error: 'AADHAAR_INVALID' }).optional(),
      ),
      pan: z.preprocess(
        (v) => (v === '' ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.string().regex(PAN_PATTERN, { error: 'PAN_INVALID' }).optional(),
      ),
      /** uploaded and accepted photos (BE-03): the ID card and the selfie */
      idPhotoId: photoId,
      selfiePhotoId: photoId,
    })
    .superRefine((v, c) => {
      // EN-10: the number must fit its ID type's format
      if (!ID_TYPES[v.idType].pattern.test(v.idNumber))
        c.addIssue({ code: 'custom', path: ['idNumber'], message: 'ID_NUMBER_INVALID' });
      if (isCalendarDate(v.birthDate)) {
        const age = ageOn(v.birthDate, ctx.today);
        if (age < MIN_AGE || age > MAX_AGE)
          c.addIssue({ code: 'custom', path: ['birthDate'], message: 'AGE_INVALID' });
      }
    });

  const baseInfo = z.strictObject({
    maritalStatus: enumOf(MARITAL_STATUSES),
    education: enumOf(EDUCATION_LEVELS),
    email: z.preprocess(cleanText, z.email({ error: 'EMAIL_INVALID' }).max(120, { error: 'EMAIL_INVALID' })),
    loanPurpose: enumOf(LOAN_PURPOSES),
  });

  const baseInfo2 = z.strictObject({
    whatsapp: z.preprocess(
      (v) => (v === '' ? undefined : digitsOnly(v)),
      z.string().regex(WHATSAPP_PATTERN, { error: 'WHATSAPP_INVALID' }).optional(),
    ),
    viber: z.preprocess(
      (v) => (v === '' ? undefined : digitsOnly(v)),
      z.string().regex(VIBER_PATTERN, { error: 'VIBER_INVALID' }).optional(),
    ),
    facebook: optionalText('FACEBOOK_INVALID', (s) => FACEBOOK_PATTERN.test(s), { max: 50 }),
  });

  const addressInfo = z.strictObject({
    /** PSGC codes; the server checks they exist and nest (province ⊃ city ⊃ barangay) */
    provinceCode: z.string({ error: 'ADDRESS_INVALID' }).regex(/^\d{10}$/, { error: 'ADDRESS_INVALID' }),
    cityCode: z.string({ error: 'ADDRESS_INVALID' }).regex(/^\d{10}$/, { error: 'ADDRESS_INVALID' }),
    barangayCode: z.string({ error: 'ADDRESS_INVALID' }).regex(/^\d{10}$/, { error: 'ADDRESS_INVALID' }),
    postalCode: z.preprocess(
      digitsOnly,
      z
        .string({ error: 'POSTAL_CODE_INVALID' })
        .regex(ctx.postalCodeLength === 6 ? /^\d{6}$/ : /^\d{4}$/, { error: 'POSTAL_CODE_INVALID' }),
    ),
    detailedAddress: text('ADDRESS_INVALID', (s) => s.length >= 5, { max: 200 }),
  });

  const emergencyContact = z.strictObject({
    name: name(),
    phone: mobile('PHONE_INVALID'),
    relationship: enumOf(RELATIONS),
  });
  const contact = z
    .strictObject({
      contacts: z
        .array(emergencyContact, { error: 'CONTACTS_REQUIRED' })
        .length(3, { error: 'CONTACTS_REQUIRED' }),
      /** the just-in-time notice (NPC Circular 2022-02, SEC MC 18): used only to verify identity, never for collection */
      consentAccepted: z.literal(true, { error: 'CONTACTS_CONSENT_REQUIRED' }),
      /** the notice version the borrower saw (CONTACTS_NOTICE_VERSION); the server checks it */
      contactsNoticeVersion: z
        .string({ error: 'CONTACTS_CONSENT_REQUIRED' })
        .min(1, { error: 'CONTACTS_CONSENT_REQUIRED' })
        .max(40, { error: 'CONTACTS_CONSENT_REQUIRED' }),
    })
    .superRefine((v, c) => {
      const seen = new Map<string, number>();
      v.contacts.forEach((item, i) => {
        if (ctx.registeredPhone && item.phone === ctx.registeredPhone)
          c.addIssue({ code: 'custom', path: ['contacts', i, 'phone'], message: 'CONTACT_IS_SELF' });
        const first = seen.get(item.phone);
        if (first !== undefined)
          c.addIssue({ code: 'custom', path: ['contacts', i, 'phone'], message: 'CONTACT_DUPLICATE' });
        else seen.set(item.phone, i);
      });
    });

  const company = {
    companyName: text('COMPANY_NAME_INVALID', (s) => s.length >= 2, { max: 100 }),
    companyPhone: z.preprocess(
      digitsOnly,
      z
        .string({ error: 'COMPANY_PHONE_INVALID' })
        .regex(COMPANY_PHONE_PATTERN, { error: 'COMPANY_PHONE_INVALID' }),
    ),
    companyAddress: text('COMPANY_ADDRESS_INVALID', (s) => s.length >= 5, { max: 200 }),
  };
  const money = {
    monthlyIncome: enumOf(INCOME_BANDS),
    payCycle: enumOf(PAY_CYCLES),
    payday: z.coerce
      .number({ error: 'PAYDAY_INVALID' })
      .int({ error: 'PAYDAY_INVALID' })
      .min(1, { error: 'PAYDAY_INVALID' })
      .max(31, { error: 'PAYDAY_INVALID' }),
  };
  // EN-03: the work step adapts to the employment type
  const workInfo = z
    .discriminatedUnion(
      'employmentType',
      [
        z.strictObject({
          employmentType: z.literal('contractWorker'),
          industry: enumOf(INDUSTRIES),
          workYears: enumOf(WORK_YEARS),
          ...money,
          ...company,
        }),
        z.strictObject({
          employmentType: z.literal('selfEmployed'),
          industry: enumOf(INDUSTRIES),
          workYears: enumOf(WORK_YEARS),
          ...money,
          ...company,
        }),
        z.strictObject({
          employmentType: z.literal('student'),
          school: text('SCHOOL_INVALID', (s) => s.length >= 2, { max: 120 }),
          professionalTitle: text('REQUIRED', (s) => s.length >= 2, { max: 80 }),
          admissionMonth: ym('DATE_INVALID'),
          graduationMonth: ym('DATE_INVALID'),
          monthlyIncome: enumOf(INCOME_BANDS),
        }),
        z.strictObject({
          employmentType: z.literal('unemployed'),
          monthlyIncome: enumOf(INCOME_BANDS),
          payCycle: enumOf(PAY_CYCLES),
        }),
      ],
      { error: 'EMPLOYMENT_TYPE_REQUIRED' },
    )
    .superRefine((v, c) => {
      if (v.employmentType === 'student' && v.graduationMonth < v.admissionMonth)
        c.addIssue({ code: 'custom', path: ['graduationMonth'], message: 'DATE_INVALID' });
    });

  const bankInfo = z
    .strictObject({
      channel: z.enum(PAYOUT_CHANNELS, { error: 'REQUIRED' }),
      /** bank, e-wallet or remittance partner code from the payout-provider list */
      providerCode: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }),
      /** bank account or e-wallet number; not used for remittance pickup */
      account: z.preprocess((v) => (v === '' ? undefined : digitsOnly(v)), z.string().optional()),
      confirmAccount: z.preprocess((v) => (v === '' ? undefined : digitsOnly(v)), z.string().optional()),
      /** optional bank/branch code (the specification's IFSC) */
      branchCode: optionalText('VALIDATION_FAILED', (s) => /^[A-Za-z0-9-]{3,20}$/.test(s), { max: 20 }),
      payeeFirstName: name(),
      payeeMiddleName: optionalName(),
      payeeLastName: name(),
      withdrawalPhone: mobile('PHONE_INVALID'),
    })
    .superRefine(checkPayoutAccount);

  return { identityInfo, baseInfo, baseInfo2, addressInfo, contact, workInfo, bankInfo } as const;
}

/**
 * A payout destination's rules: its provider belongs to its channel; a bank account or e-wallet
 * number has its channel's pattern and was typed the same twice (VAL-06); a remittance pickup has
 * no account. One rule for a borrower's payout account (bankInfo) and for the account finance types
 * to refund a payer who is no borrower (the console's unmatchedRefundRequest).
 */
export function checkPayoutAccount(
  v: {
    channel: string;
    providerCode: string;
    account?: string | undefined;
    confirmAccount?: string | undefined;
  },
  c: z.RefinementCtx,
): void {
  const provider = payoutProvider(v.providerCode);
  if (!provider || provider.channel !== v.channel)
    return c.addIssue({ code: 'custom', path: ['providerCode'], message: 'REQUIRED' });
  if (v.channel === 'remittance') return;
  const pattern = v.channel === 'ewallet' ? EWALLET_PATTERN : BANK_ACCOUNT_PATTERN;
  if (!v.account || !pattern.test(v.account))
    c.addIssue({
      code: 'custom',
      path: ['account'],
      message: v.channel === 'ewallet' ? 'EWALLET_INVALID' : 'BANK_ACCOUNT_INVALID',
    });
  // VAL-06: the account and its confirmation must match
  else if (v.account !== v.confirmAccount)
    c.addIssue({ code: 'custom', path: ['confirmAccount'], message: 'BANK_INFO_MISMATCH' });
}

export type ApplicationContracts = ReturnType<typeof applicationContracts>;
export type StepInput<S extends ApplicationStep> = z.input<ApplicationContracts[S]>;
export type StepData<S extends ApplicationStep> = z.output<ApplicationContracts[S]>;
export type { PayoutChannel };
