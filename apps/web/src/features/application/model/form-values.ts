import {
  CONTACTS_NOTICE_VERSION,
  normalizePhone,
  type ApplicationStep,
  type EmploymentType,
} from '@pisonow/domain';

/** What each step's form holds: strings as typed (the contract cleans and converts on validation). */
export interface ContactRow {
  name: string;
  phone: string;
  relationship: string;
}
export interface FormValuesByStep {
  identityInfo: {
    idType: string;
    idNumber: string;
    firstName: string;
    middleName: string;
    lastName: string;
    birthDate: string;
    gender: string;
    aadhaar: string;
    pan: string;
    idPhotoId: string;
    selfiePhotoId: string;
  };
  baseInfo: { maritalStatus: string; education: string; email: string; loanPurpose: string };
  baseInfo2: { whatsapp: string; viber: string; facebook: string };
  addressInfo: {
    provinceCode: string;
    cityCode: string;
    barangayCode: string;
    postalCode: string;
    detailedAddress: string;
  };
  /** contactsNoticeVersion: the notice shown (VAL-12), sent with the step and recorded by the server */
  contact: { contacts: ContactRow[]; consentAccepted: boolean; contactsNoticeVersion: string };
  workInfo: {
    employmentType: string;
    industry: string;
    workYears: string;
    monthlyIncome: string;
    payCycle: string;
    payday: string;
    companyName: string;
    companyPhone: string;
    companyAddress: string;
    school: string;
    professionalTitle: string;
    admissionMonth: string;
    graduationMonth: string;
  };
  bankInfo: {
    channel: string;
    providerCode: string;
    account: string;
    confirmAccount: string;
    branchCode: string;
    payeeFirstName: string;
    payeeMiddleName: string;
    payeeLastName: string;
    withdrawalPhone: string;
  };
}

export const CONTACT_COUNT = 3;

const FIELDS: { [S in Exclude<ApplicationStep, 'contact'>]: (keyof FormValuesByStep[S])[] } = {
  identityInfo: [
    'idType',
    'idNumber',
    'firstName',
    'middleName',
    'lastName',
    'birthDate',
    'gender',
    'aadhaar',
    'pan',
    'idPhotoId',
    'selfiePhotoId',
  ],
  baseInfo: ['maritalStatus', 'education', 'email', 'loanPurpose'],
  baseInfo2: ['whatsapp', 'viber', 'facebook'],
  addressInfo: ['provinceCode', 'cityCode', 'barangayCode', 'postalCode', 'detailedAddress'],
  workInfo: [
    'employmentType',
    'industry',
    'workYears',
    'monthlyIncome',
    'payCycle',
    'payday',
    'companyName',
    'companyPhone',
    'companyAddress',
    'school',
    'professionalTitle',
    'admissionMonth',
    'graduationMonth',
  ],
  bankInfo: [
    'channel',
    'providerCode',
    'account',
    'confirmAccount',
    'branchCode',
    'payeeFirstName',
    'payeeMiddleName',
    'payeeLastName',
    'withdrawalPhone',
  ],
};

/** EN-03: the fields the work step asks for, per employment type (the contract's discriminated union). */
export const WORK_FIELDS: Record<EmploymentType, (keyof FormValuesByStep['workInfo'])[]> = {
  contractWorker: [
    'industry',
    'workYears',
    'monthlyIncome',
    'payCycle',
    'payday',
    'companyName',
    'companyPhone',
    'companyAddress',
  ],
  selfEmployed: [
    'industry',
    'workYears',
    'monthlyIncome',
    'payCycle',
    'payday',
    'companyName',
    'companyPhone',
    'companyAddress',
  ],
  student: ['school', 'professionalTitle', 'admissionMonth', 'graduationMonth', 'monthlyIncome'],
  unemployed: ['monthlyIncome', 'payCycle'],
};

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * Prefill (resume, modification): the saved data of a step as form values, with `defaults` for
 * what was never saved. Saved values always win over defaults.
 */
export function toFormValues<S extends ApplicationStep>(
  step: S,
  data: Record<string, unknown> | null,
  defaults: Partial<FormValuesByStep[S]> = {},
): FormValuesByStep[S] {
  if (step === 'contact') {
    const saved = Array.isArray(data?.contacts) ? (data.contacts as Record<string, unknown>[]) : [];
    const contacts = Array.from({ length: CONTACT_COUNT }, (_, i) => ({
      name: str(saved[i]?.name),
      phone: str(saved[i]?.phone),
      relationship: str(saved[i]?.relationship),
    }));
    return {
      contacts,
      consentAccepted: data?.consentAccepted === true,
      contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
    } as FormValuesByStep[S];
  }
  const fields = FIELDS[step as Exclude<ApplicationStep, 'contact'>] as string[];
  const base = defaults as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const field of fields) {
    const saved = str(data?.[field]);
    out[field] = data && field in data ? saved : str(base[field]);
  }
  // the confirmation is never stored separately: a saved account confirms itself
  if (step === 'bankInfo' && data) out.confirmAccount = str(data.confirmAccount) || str(data.account);
  return out as unknown as FormValuesByStep[S];
}

/**
 * The body sent to the server (and checked by the contract) from the form values: only the fields
 * the step's contract knows, so a strict contract never sees a field of another employment type.
 */
export function toRequestBody<S extends ApplicationStep>(
  step: S,
  values: FormValuesByStep[S],
): Record<string, unknown> {
  if (step === 'workInfo') {
    const v = values as FormValuesByStep['workInfo'];
    const fields = WORK_FIELDS[v.employmentType as EmploymentType] ?? [];
    return Object.fromEntries([['employmentType', v.employmentType], ...fields.map((f) => [f, v[f]])]);
  }
  if (step === 'bankInfo') {
    const v = values as FormValuesByStep['bankInfo'];
    if (v.channel === 'remittance') {
      const { account: _a, confirmAccount: _c, branchCode: _b, ...rest } = v;
      return rest;
    }
    return { ...v };
  }
  return { ...(values as Record<string, unknown>) };
}

/** Typed digits only, at most `max`. */
export function digits(raw: string, max: number): string {
  return raw.replace(/\D/g, '').slice(0, max);
}

/** A mobile number as typed after the +63 prefix: drops +63 / 63 / 0 and keeps 10 digits. */
export function mobileInput(raw: string): string {
  let d = raw.replace(/\D/g, '');
  if (d.startsWith('63') && d.length >= 12) d = d.slice(2);
  d = d.replace(/^0+/, '');
  return d.slice(0, 10);
}

/** The Contact Picker API's answer (names[], tel[]) as a contact row; the first usable mobile number wins. */
export function fromPickedContact(picked: { name?: string[]; tel?: string[] }): {
  name: string;
  phone: string;
} {
  const name = (picked.name?.find((n) => n.trim()) ?? '').trim();
  const numbers = (picked.tel ?? []).map((t) => mobileInput(normalizePhone(t)));
  const phone = numbers.find((n) => /^9\d{9}$/.test(n)) ?? numbers[0] ?? '';
  return { name, phone };
}
