import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONTACTS_NOTICE_VERSION, ageOn, applicationContracts, type ContractContext } from './contracts.ts';
import { ID_TYPES, isValidIdNumber, maskIdNumber, normalizeIdNumber, type IdType } from './id-types.ts';
import { cleanText, stripChinese, EWALLET_PATTERN } from './text-rules.ts';
import {
  INDUSTRIES,
  EDUCATION_LEVELS,
  LOAN_PURPOSES,
  WORK_YEARS,
  INCOME_BANDS,
  PAY_CYCLES,
  RELATIONS,
  MARITAL_STATUSES,
} from './enums.ts';
import { PAYOUT_PROVIDERS } from './payout-providers.ts';

const ctx: ContractContext = { today: '2026-11-22', postalCodeLength: 4, registeredPhone: '9171234567' };
const c = applicationContracts(ctx);
const uuid = '6f1c2a9e-1c1b-4b8e-9d1e-0a0b0c0d0e0f';
const identity = {
  idType: 'sss',
  idNumber: '34-1234567-8',
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  birthDate: '1990-01-31',
  gender: 'male',
  idPhotoId: uuid,
  selfiePhotoId: uuid,
};
const codes = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('EN-09 enumerations exactly as section 3', () => {
  it('EN-09 marital 4, education 6, purposes 9, work years 4, income bands 5, pay cycles 4, relations 7, industry 26', () => {
    expect([
      MARITAL_STATUSES.length,
      EDUCATION_LEVELS.length,
      LOAN_PURPOSES.length,
      WORK_YEARS.length,
      INCOME_BANDS.length,
      PAY_CYCLES.length,
      RELATIONS.length,
      INDUSTRIES.length,
    ]).toEqual([4, 6, 9, 4, 5, 4, 7, 26]);
    expect(new Set(INDUSTRIES).size).toBe(26);
  });
});

describe('EN-10 Philippine ID numbers in the formats of section 3', () => {
  const valid: [IdType, string][] = [
    ['prc', '0123456'],
    ['tin', '123-456-789'],
    ['tin', '123456789012'],
    ['sss', '34-1234567-8'],
    ['philhealth', '12-345678901-2'],
    ['pagibig', '1234-5678-9012'],
    ['philsys', '1234-5678-9012-3456'],
    ['umid', 'CRN-0111-2345678-9'],
    ['postal', 'PRN 1001412345678'],
    ['passport', 'P1234567A'],
    ['driversLicense', 'N01-23-456789'],
    ['votersId', '7607-0123A-B1234ABC12345'],
  ];
  it.each(valid)('EN-10 %s %s is valid', (type, number) => expect(isValidIdNumber(type, number)).toBe(true));
  const invalid: [IdType, string][] = [
    ['prc', '012345'],
    ['tin', '12345678'],
    ['sss', '341234567'],
    ['philsys', '123456789012345'],
    ['umid', '011123456789'],
    ['postal', 'PRN100141234567'],
    ['passport', 'P1234567'],
    ['driversLicense', 'N0123456789X'],
    ['votersId', '7607-0123A-B1234ABC'],
  ];
  it.each(invalid)('EN-10 %s %s is refused', (type, number) =>
    expect(isValidIdNumber(type, number)).toBe(false),
  );

  it('EN-10 the contract checks the number against its type', () => {
    expect(c.identityInfo.safeParse(identity).success).toBe(true);
    expect(codes(c.identityInfo.safeParse({ ...identity, idType: 'philsys' }))).toEqual([
      'idNumber:ID_NUMBER_INVALID',
    ]);
  });

  it('EN-10 property: every generated number of a type passes, one character fewer fails', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    const cases: [IdType, fc.Arbitrary<string>][] = [
      ['sss', digits(10)],
      ['philsys', digits(16)],
      ['prc', digits(7)],
      ['umid', digits(12).map((d) => `CRN${d}`)],
      ['passport', fc.stringMatching(/^[0-9A-Z]{9}$/)],
    ];
    for (const [type, arb] of cases) {
      fc.assert(
        fc.property(arb, (n) => {
          expect(isValidIdNumber(type, n)).toBe(true);
          expect(isValidIdNumber(type, n.slice(0, -1))).toBe(false);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('ID numbers are masked to the last four', () => {
    expect(maskIdNumber(normalizeIdNumber('CRN-0111-2345678-9'))).toBe('•••••••••••6789');
    expect(Object.keys(ID_TYPES)).toHaveLength(11);
  });
});

describe('identity (EN-01, VAL-05, VAL-09, VAL-10)', () => {
  it('VAL-09 names: letters with ñ and accents, hyphen, apostrophe, period; digits refused', () => {
    expect(
      c.identityInfo.safeParse({ ...identity, firstName: 'José Ñiño', lastName: "O'Neil-Santos Jr." })
        .success,
    ).toBe(true);
    expect(codes(c.identityInfo.safeParse({ ...identity, firstName: 'Juan2' }))).toEqual([
      'firstName:NAME_INVALID',
    ]);
    expect(codes(c.identityInfo.safeParse({ ...identity, lastName: '' }))).toEqual(['lastName:NAME_INVALID']);
  });

  it('VAL-10 age: 18 to 70 on the day (Manila date), birth date must be a real date', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(c.identityInfo.safeParse({ ...identity, birthDate: '2008-11-22' }).success).toBe(true);
    expect(codes(c.identityInfo.safeParse({ ...identity, birthDate: '2008-11-23' }))).toEqual([
      'birthDate:AGE_INVALID',
    ]);
    expect(codes(c.identityInfo.safeParse({ ...identity, birthDate: '1950-01-01' }))).toEqual([
      'birthDate:AGE_INVALID',
    ]);
    expect(codes(c.identityInfo.safeParse({ ...identity, birthDate: '1990-02-30' }))).toEqual([
      'birthDate:BIRTH_DATE_INVALID',
    ]);
  });

  it('VAL-05 Aadhaar 12 digits and PAN 10 characters, both optional', () => {
    expect(
      c.identityInfo.safeParse({ ...identity, aadhaar: '1234 5678 9012', pan: 'abcde1234f' }).success,
    ).toBe(true);
    expect(codes(c.identityInfo.safeParse({ ...identity, aadhaar: '12345678901' }))).toEqual([
      'aadhaar:AADHAAR_INVALID',
    ]);
    expect(codes(c.identityInfo.safeParse({ ...identity, pan: 'ABCDE12345' }))).toEqual(['pan:PAN_INVALID']);
    expect(c.identityInfo.safeParse({ ...identity, aadhaar: '', pan: '' }).success).toBe(true);
  });

  it('BE-03 both photos are required', () => {
    const { idPhotoId: _a, ...noPhoto } = identity;
    expect(codes(c.identityInfo.safeParse(noPhoto))).toEqual(['idPhotoId:PHOTO_REQUIRED']);
  });
});

describe('contact details and address (VAL-04, VAL-10)', () => {
  const base = {
    maritalStatus: 'single',
    education: 'college',
    email: 'juan@example.ph',
    loanPurpose: 'rent',
  };
  it('VAL-10 email format', () => {
    expect(c.baseInfo.safeParse(base).success).toBe(true);
    expect(codes(c.baseInfo.safeParse({ ...base, email: 'juan@' }))).toEqual(['email:EMAIL_INVALID']);
  });
  it('VAL-10 WhatsApp starts with 09; Viber is a mobile number; Facebook username 5–50 letters, digits, periods', () => {
    expect(
      c.baseInfo2.safeParse({ whatsapp: '0917 123 4567', viber: '9171234567', facebook: 'juan.dc' }).success,
    ).toBe(true);
    expect(codes(c.baseInfo2.safeParse({ whatsapp: '9171234567' }))).toEqual(['whatsapp:WHATSAPP_INVALID']);
    expect(codes(c.baseInfo2.safeParse({ viber: '12345' }))).toEqual(['viber:VIBER_INVALID']);
    expect(codes(c.baseInfo2.safeParse({ facebook: 'ju' }))).toEqual(['facebook:FACEBOOK_INVALID']);
    expect(c.baseInfo2.safeParse({}).success).toBe(true);
  });
  const address = {
    provinceCode: '1380300000',
    cityCode: '1380300000',
    barangayCode: '1380300001',
    postalCode: '1210',
    detailedAddress: '123 Jupiter St.',
  };
  it('VAL-04 postal code: 4-digit Philippine ZIP by default, 6 digits when configured', () => {
    expect(c.addressInfo.safeParse(address).success).toBe(true);
    expect(codes(c.addressInfo.safeParse({ ...address, postalCode: '121000' }))).toEqual([
      'postalCode:POSTAL_CODE_INVALID',
    ]);
    const six = applicationContracts({ ...ctx, postalCodeLength: 6 });
    expect(six.addressInfo.safeParse({ ...address, postalCode: '121000' }).success).toBe(true);
    expect(six.addressInfo.safeParse(address).success).toBe(false);
  });
  it('VAL-10 address format', () => {
    expect(codes(c.addressInfo.safeParse({ ...address, detailedAddress: 'x' }))).toEqual([
      'detailedAddress:ADDRESS_INVALID',
    ]);
    expect(codes(c.addressInfo.safeParse({ ...address, cityCode: 'abc' }))).toEqual([
      'cityCode:ADDRESS_INVALID',
    ]);
  });
});

describe('emergency contacts (EN-04, VAL-08, VAL-09)', () => {
  const contacts = [
    { name: 'Ana', phone: '09181111111', relationship: 'parents' },
    { name: 'Ben', phone: '9182222222', relationship: 'friends' },
    { name: 'Cris', phone: '+639183333333', relationship: 'siblings' },
  ];
  it('EN-04 three contacts with the consent notice agreed', () => {
    expect(
      c.contact.safeParse({ contacts, consentAccepted: true, contactsNoticeVersion: CONTACTS_NOTICE_VERSION })
        .success,
    ).toBe(true);
    expect(
      codes(
        c.contact.safeParse({
          contacts,
          consentAccepted: false,
          contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
        }),
      ),
    ).toEqual(['consentAccepted:CONTACTS_CONSENT_REQUIRED']);
    expect(
      codes(
        c.contact.safeParse({
          contacts: contacts.slice(0, 2),
          consentAccepted: true,
          contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
        }),
      ),
    ).toEqual(['contacts:CONTACTS_REQUIRED']);
  });
  it('VAL-08 no two share a number, in any written form', () => {
    const dup = [contacts[0]!, contacts[1]!, { ...contacts[2]!, phone: '+63 918 111 1111' }];
    expect(
      codes(
        c.contact.safeParse({
          contacts: dup,
          consentAccepted: true,
          contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
        }),
      ),
    ).toEqual(['contacts.2.phone:CONTACT_DUPLICATE']);
  });
  it('VAL-08 none equals the registered phone', () => {
    const self = [contacts[0]!, contacts[1]!, { ...contacts[2]!, phone: '0917 123 4567' }];
    expect(
      codes(
        c.contact.safeParse({
          contacts: self,
          consentAccepted: true,
          contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
        }),
      ),
    ).toEqual(['contacts.2.phone:CONTACT_IS_SELF']);
  });
  it('VAL-09 a phone cannot be empty; a name must be a name', () => {
    const empty = [contacts[0]!, contacts[1]!, { ...contacts[2]!, phone: '' }];
    expect(
      codes(
        c.contact.safeParse({
          contacts: empty,
          consentAccepted: true,
          contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
        }),
      ),
    ).toEqual(['contacts.2.phone:PHONE_REQUIRED']);
    const badName = [{ ...contacts[0]!, name: '123' }, contacts[1]!, contacts[2]!];
    expect(
      codes(
        c.contact.safeParse({
          contacts: badName,
          consentAccepted: true,
          contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
        }),
      ),
    ).toEqual(['contacts.0.name:NAME_INVALID']);
  });
});

describe('work (EN-03, VAL-10)', () => {
  const worker = {
    employmentType: 'contractWorker',
    industry: 'bpoCallCenter',
    workYears: '1to3',
    monthlyIncome: '18001to25000',
    payCycle: 'monthly',
    payday: 30,
    companyName: 'Acme BPO',
    companyPhone: '(02) 8888-1234',
    companyAddress: 'Ayala Ave, Makati',
  };
  it('EN-03 the step adapts to the employment type', () => {
    expect(c.workInfo.safeParse(worker).success).toBe(true);
    expect(
      c.workInfo.safeParse({
        employmentType: 'student',
        school: 'UP Diliman',
        professionalTitle: 'BS Nursing',
        admissionMonth: '2023-08',
        graduationMonth: '2027-06',
        monthlyIncome: 'lt12000',
      }).success,
    ).toBe(true);
    expect(
      c.workInfo.safeParse({ employmentType: 'unemployed', monthlyIncome: 'lt12000', payCycle: 'other' })
        .success,
    ).toBe(true);
    // a student does not send company fields, a worker must
    expect(
      c.workInfo.safeParse({
        employmentType: 'student',
        school: 'UP',
        professionalTitle: 'BS',
        admissionMonth: '2023-08',
        graduationMonth: '2027-06',
        monthlyIncome: 'lt12000',
        companyName: 'x',
      }).success,
    ).toBe(false);
    expect(c.workInfo.safeParse({ ...worker, companyName: undefined }).success).toBe(false);
  });
  it('VAL-10 company name, phone and address each have a format error', () => {
    expect(codes(c.workInfo.safeParse({ ...worker, companyName: 'A' }))).toEqual([
      'companyName:COMPANY_NAME_INVALID',
    ]);
    expect(codes(c.workInfo.safeParse({ ...worker, companyPhone: '12' }))).toEqual([
      'companyPhone:COMPANY_PHONE_INVALID',
    ]);
    expect(codes(c.workInfo.safeParse({ ...worker, companyAddress: 'abc' }))).toEqual([
      'companyAddress:COMPANY_ADDRESS_INVALID',
    ]);
  });
  it('graduation cannot come before admission', () => {
    expect(
      codes(
        c.workInfo.safeParse({
          employmentType: 'student',
          school: 'UP',
          professionalTitle: 'BS',
          admissionMonth: '2023-08',
          graduationMonth: '2022-06',
          monthlyIncome: 'lt12000',
        }),
      ),
    ).toEqual(['graduationMonth:DATE_INVALID']);
  });
});

describe('payout account (EN-05, VAL-03, VAL-06)', () => {
  const bank = {
    channel: 'bank',
    providerCode: 'BPI',
    account: '1234 5678 90',
    confirmAccount: '1234567890',
    payeeFirstName: 'Juan',
    payeeLastName: 'Dela Cruz',
    withdrawalPhone: '9171234567',
  };
  it('VAL-06 account and confirmation must match: "bank info does not match"', () => {
    expect(c.bankInfo.safeParse(bank).success).toBe(true);
    expect(codes(c.bankInfo.safeParse({ ...bank, confirmAccount: '1234567891' }))).toEqual([
      'confirmAccount:BANK_INFO_MISMATCH',
    ]);
  });
  it('VAL-03 e-wallet account: 11 digits starting 09, or 10 digits starting 9', () => {
    const wallet = { ...bank, channel: 'ewallet', providerCode: 'GCASH' };
    for (const account of ['09171234567', '9171234567'])
      expect(c.bankInfo.safeParse({ ...wallet, account, confirmAccount: account }).success).toBe(true);
    for (const account of ['0917123456', '8171234567', '091712345678'])
      expect(codes(c.bankInfo.safeParse({ ...wallet, account, confirmAccount: account }))).toEqual([
        'account:EWALLET_INVALID',
      ]);
  });
  it('VAL-03 property: valid e-wallet formats pass, near misses fail', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (rest) => {
        expect(EWALLET_PATTERN.test(`09${rest}`)).toBe(true);
        expect(EWALLET_PATTERN.test(`9${rest}`)).toBe(true);
        expect(EWALLET_PATTERN.test(`08${rest}`)).toBe(false);
        expect(EWALLET_PATTERN.test(`9${rest}1`)).toBe(false);
        expect(EWALLET_PATTERN.test(`09${rest.slice(1)}`)).toBe(false);
      }),
    );
  });
  it('EN-05 remittance pickup needs no account; the provider must belong to the channel', () => {
    expect(
      c.bankInfo.safeParse({
        ...bank,
        channel: 'remittance',
        providerCode: 'CEBUANA',
        account: undefined,
        confirmAccount: undefined,
      }).success,
    ).toBe(true);
    expect(codes(c.bankInfo.safeParse({ ...bank, providerCode: 'GCASH' }))).toEqual([
      'providerCode:REQUIRED',
    ]);
    expect(PAYOUT_PROVIDERS.filter((p) => p.channel === 'ewallet').map((p) => p.code)).toEqual(
      expect.arrayContaining(['GCASH', 'MAYA']),
    );
    expect(PAYOUT_PROVIDERS.filter((p) => p.channel === 'remittance').map((p) => p.code)).toEqual(
      expect.arrayContaining(['CEBUANA', 'PALAWAN', 'MLHUILLIER']),
    );
  });
});

describe('VAL-13 no Chinese characters survive', () => {
  it('VAL-13 stripChinese removes Han characters and CJK punctuation', () => {
    expect(stripChinese('Juan 胡安，Dela Cruz')).toBe('Juan Dela Cruz');
    expect(cleanText('  Ma  玛 ria ')).toBe('Ma ria');
  });
  it('VAL-13 property: no text field keeps a Chinese character', () => {
    const han = fc.integer({ min: 0x4e00, max: 0x9fff }).map((n) => String.fromCodePoint(n));
    const mixed = fc
      .array(fc.oneof(han, fc.constantFrom('a', 'B', ' ', 'ñ', '-', '.')), { minLength: 1, maxLength: 30 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(mixed, (value) => {
        const cleaned = String(cleanText(value));
        expect(/\p{Script=Han}/u.test(cleaned)).toBe(false);
        for (const field of ['firstName', 'lastName'] as const) {
          const r = c.identityInfo.safeParse({ ...identity, [field]: value });
          if (r.success) expect(/\p{Script=Han}/u.test(r.data[field])).toBe(false);
        }
        const addr = c.addressInfo.safeParse({
          provinceCode: '1380300000',
          cityCode: '1380300000',
          barangayCode: '1380300001',
          postalCode: '1210',
          detailedAddress: `Street ${value}`,
        });
        if (addr.success) expect(/\p{Script=Han}/u.test(addr.data.detailedAddress)).toBe(false);
      }),
    );
  });
});
