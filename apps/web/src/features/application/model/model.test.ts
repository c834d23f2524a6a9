import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STEPS,
  CONTACTS_NOTICE_VERSION,
  applicationContracts,
  type ApplicationStep,
} from '@pisonow/domain';
import enUS from '@pisonow/domain/catalogue/en-US/application.json';
import fil from '@pisonow/domain/catalogue/fil/application.json';
import zhCN from '@pisonow/domain/catalogue/zh-CN/application.json';
import { ENUMS } from './enums.ts';
import { fieldErrorText, hasPath, serverFieldErrors } from './form-errors.ts';
import { fromPickedContact, mobileInput, toFormValues, toRequestBody, WORK_FIELDS } from './form-values.ts';
import { REVIEW_PATH, pathAfter, resumePath, stepNumber } from './steps.ts';
import { errorMessage } from '@pisonow/domain';

const ctx = { today: '2025-06-15', postalCodeLength: 4 as const, registeredPhone: '9171234567' };
const contracts = applicationContracts(ctx);
const steps = (done: ApplicationStep[]) =>
  Object.fromEntries(APPLICATION_STEPS.map((s) => [s, { completed: done.includes(s) }])) as Record<
    ApplicationStep,
    { completed: boolean }
  >;

describe('server errors onto form fields', () => {
  it('VAL-17 VAL-08 details with nested paths land on the fields the form has; the rest stay with the toast', () => {
    const values = toFormValues('contact', null);
    const details = [
      { field: 'contacts.1.phone', code: 'CONTACT_DUPLICATE', message: 'x' },
      { field: 'contacts.1.phone', code: 'PHONE_INVALID', message: 'y' },
      { field: 'contacts.7.phone', code: 'PHONE_INVALID', message: 'z' },
      { field: '', code: 'VALIDATION_FAILED', message: 'root' },
      { field: 'consentAccepted', code: 'CONTACTS_CONSENT_REQUIRED', message: 'c' },
    ];
    expect(serverFieldErrors(details, (f) => hasPath(values, f))).toEqual([
      { name: 'contacts.1.phone', code: 'CONTACT_DUPLICATE' },
      { name: 'consentAccepted', code: 'CONTACTS_CONSENT_REQUIRED' },
    ]);
    expect(serverFieldErrors(undefined, () => true)).toEqual([]);
  });

  it('SH-01 ER-02 a field error is shown in the user language; an unknown message never shows raw', () => {
    expect(fieldErrorText('BANK_INFO_MISMATCH', 'fil')).toBe(errorMessage('BANK_INFO_MISMATCH', 'fil'));
    expect(fieldErrorText('NAME_INVALID', 'zh-CN')).toBe(errorMessage('NAME_INVALID', 'zh-CN'));
    expect(fieldErrorText('Invalid input: expected string', 'en-US')).toBe(
      errorMessage('VALIDATION_FAILED', 'en-US'),
    );
    expect(fieldErrorText(undefined, 'en-US')).toBeUndefined();
  });
});

describe('step order and resume', () => {
  it('EN-01 Next leads to the following step, and to the review once every step is saved', () => {
    expect(stepNumber('identityInfo')).toBe(1);
    expect(stepNumber('bankInfo')).toBe(7);
    expect(pathAfter('identityInfo', steps(['identityInfo']))).toBe('/baseInfo');
    expect(pathAfter('identityInfo', steps([...APPLICATION_STEPS]))).toBe(REVIEW_PATH);
    expect(pathAfter('bankInfo', steps(['bankInfo']))).toBe(REVIEW_PATH);
    expect(resumePath('baseInfo2')).toBe('/baseInfo2');
    expect(resumePath(null)).toBe(REVIEW_PATH);
  });

  it('EN-01 EN-05 saved data prefills the form; defaults fill only what was never saved', () => {
    const identity = toFormValues('identityInfo', {
      firstName: 'Juan',
      idNumber: '1234567890123456',
      idNumberMasked: '••••3456',
      idType: 'philsys',
    });
    expect(identity).toMatchObject({
      firstName: 'Juan',
      idNumber: '1234567890123456',
      middleName: '',
      idType: 'philsys',
    });
    expect(identity).not.toHaveProperty('idNumberMasked');
    const bank = toFormValues('bankInfo', null, { channel: 'ewallet', withdrawalPhone: '9171234567' });
    expect(bank).toMatchObject({ channel: 'ewallet', withdrawalPhone: '9171234567', account: '' });
    const savedBank = toFormValues(
      'bankInfo',
      { channel: 'bank', account: '1234567890', withdrawalPhone: '9170000000' },
      { channel: 'ewallet', withdrawalPhone: '9171234567' },
    );
    expect(savedBank).toMatchObject({
      channel: 'bank',
      account: '1234567890',
      confirmAccount: '1234567890',
      withdrawalPhone: '9170000000',
    });
    expect(toFormValues('workInfo', { employmentType: 'contractWorker', payday: 15 }).payday).toBe('15');
    const contact = toFormValues('contact', {
      contacts: [{ name: 'Ana', phone: '9181111111', relationship: 'parents' }],
      consentAccepted: true,
    });
    expect(contact.contacts).toHaveLength(3);
    expect(contact.contacts[0]).toEqual({ name: 'Ana', phone: '9181111111', relationship: 'parents' });
    expect(contact.consentAccepted).toBe(true);
    // VAL-12 the form carries the notice version the server serves, sent with the step
    expect(contact.contactsNoticeVersion).toBe(CONTACTS_NOTICE_VERSION);
  });
});

describe('work step by employment type', () => {
  const all = {
    employmentType: '',
    industry: 'construction',
    workYears: '1to3',
    monthlyIncome: '12001to18000',
    payCycle: 'monthly',
    payday: '15',
    companyName: 'ACME Builders',
    companyPhone: '0281234567',
    companyAddress: '12 Ayala Ave, Makati',
    school: 'UP Diliman',
    professionalTitle: 'BS Nursing',
    admissionMonth: '2022-08',
    graduationMonth: '2026-06',
  };

  it('EN-03 each employment type sends only its own fields and passes the strict contract', () => {
    for (const type of ['contractWorker', 'selfEmployed', 'student', 'unemployed'] as const) {
      const body = toRequestBody('workInfo', { ...all, employmentType: type });
      expect(Object.keys(body).sort()).toEqual(['employmentType', ...WORK_FIELDS[type]].sort());
      expect(contracts.workInfo.safeParse(body).success, type).toBe(true);
    }
  });

  it('EN-05 VAL-06 remittance drops the account fields; a mismatched confirmation fails on confirmAccount', () => {
    const bank = {
      channel: 'remittance',
      providerCode: 'CEBUANA',
      account: '',
      confirmAccount: '',
      branchCode: '',
      payeeFirstName: 'Juan',
      payeeMiddleName: '',
      payeeLastName: 'Dela Cruz',
      withdrawalPhone: '9171234567',
    };
    const body = toRequestBody('bankInfo', bank);
    expect(body).not.toHaveProperty('account');
    expect(contracts.bankInfo.safeParse(body).success).toBe(true);
    const mismatch = contracts.bankInfo.safeParse(
      toRequestBody('bankInfo', {
        ...bank,
        channel: 'ewallet',
        providerCode: 'GCASH',
        account: '09171234567',
        confirmAccount: '09171234568',
      }),
    );
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmAccount', 'BANK_INFO_MISMATCH'],
    ]);
  });
});

describe('contact picker and typed numbers', () => {
  it('EN-04 VAL-09 a picked contact gives its name and first mobile number in national form', () => {
    expect(
      fromPickedContact({ name: ['  Maria Santos '], tel: ['(02) 8123 4567', '+63 917 555 0101'] }),
    ).toEqual({ name: 'Maria Santos', phone: '9175550101' });
    expect(fromPickedContact({ name: [], tel: ['0918-222-3333'] })).toEqual({
      name: '',
      phone: '9182223333',
    });
    expect(fromPickedContact({})).toEqual({ name: '', phone: '' });
  });

  it('VAL-01 a typed mobile keeps 10 national digits whatever prefix was typed', () => {
    expect(mobileInput('+63 917 123 4567')).toBe('9171234567');
    expect(mobileInput('09171234567')).toBe('9171234567');
    expect(mobileInput('917abc1234567999')).toBe('9171234567');
  });
});

describe('application labels', () => {
  const files = { 'en-US': enUS, fil, 'zh-CN': zhCN } as Record<
    string,
    { enum: Record<string, Record<string, string>>; status: Record<string, string> }
  >;

  it('EN-09 ST-01 every enumeration value and every status has a label in all three languages', () => {
    for (const [lang, file] of Object.entries(files)) {
      for (const [group, values] of Object.entries(ENUMS)) {
        for (const value of values)
          expect(file.enum[group]?.[value]?.trim(), `${lang} ${group}.${value}`).toBeTruthy();
      }
      for (const status of ['none', 'draft', 'under_review', 'approved', 'needs_photo', 'rejected'])
        expect(file.status[status], `${lang} ${status}`).toBeTruthy();
    }
    expect(files['en-US']?.status.under_review).toBe('Under review');
    expect(ENUMS.industry).toHaveLength(26);
  });
});
