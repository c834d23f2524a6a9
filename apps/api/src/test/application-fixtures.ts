import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { APPLICATION_STEPS, CONTACTS_NOTICE_VERSION } from '@pisonow/domain';
import type { Db } from '../db/client.ts';
import { customers, photos } from '../db/schema/index.ts';
import type { client } from './test-app.ts';
import { psgcDirectory } from '../modules/addresses/psgc-directory.ts';

type TestClient = ReturnType<typeof client>;

/** An accepted photo row, as the photo pipeline leaves it (for tests of what reads photos). */
export async function acceptedPhoto(db: Db, phone: string, kind: 'idCard' | 'selfie'): Promise<string> {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
  const id = randomUUID();
  await db.insert(photos).values({
    id,
    customerId: customer!.id,
    kind,
    storageKey: `test/${id}.jpg`,
    mime: 'image/jpeg',
    width: 1200,
    height: 800,
    bytes: 120_000,
    contentHash: 'a'.repeat(64),
    status: 'accepted',
    createdAt: new Date('2026-11-22T00:00:00Z'),
  });
  return id;
}

/** A complete, valid application for a borrower (barangay codes are real PSGC: Makati, Poblacion). */
export function validSteps(photoIds: { idPhotoId: string; selfiePhotoId: string }) {
  return {
    identityInfo: {
      idType: 'umid',
      idNumber: 'CRN-0111-2345678-9',
      firstName: 'Maria',
      middleName: 'Santos',
      lastName: 'Dela Cruz',
      birthDate: '1995-04-12',
      gender: 'female',
      ...photoIds,
    },
    baseInfo: {
      maritalStatus: 'single',
      education: 'college',
      email: 'maria@example.ph',
      loanPurpose: 'medical',
    },
    baseInfo2: { whatsapp: '09171234567', viber: '', facebook: 'maria.delacruz' },
    addressInfo: {
      provinceCode: '',
      cityCode: '',
      barangayCode: '',
      postalCode: '1210',
      detailedAddress: 'Unit 5B, 123 Jupiter St.',
    },
    contact: {
      contacts: [
        { name: 'Jose Dela Cruz', phone: '09181111111', relationship: 'parents' },
        { name: 'Ana Reyes', phone: '9182222222', relationship: 'friends' },
        { name: 'Pedro Dela Cruz', phone: '+63 918 333 3333', relationship: 'siblings' },
      ],
      consentAccepted: true,
      contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
    },
    workInfo: {
      employmentType: 'contractWorker',
      industry: 'bpoCallCenter',
      workYears: '1to3',
      monthlyIncome: '18001to25000',
      payCycle: 'biWeekly',
      payday: 15,
      companyName: 'Acme BPO Inc.',
      companyPhone: '0288881234',
      companyAddress: '25F Tower One, Ayala Ave, Makati',
    },
    bankInfo: {
      channel: 'ewallet',
      providerCode: 'GCASH',
      account: '09171234567',
      confirmAccount: '09171234567',
      payeeFirstName: 'Maria',
      payeeLastName: 'Dela Cruz',
      withdrawalPhone: '9171234567',
    },
  };
}

/** A real address: Makati (an independent city at province level), its city entry, its first barangay. */
export function makatiAddress() {
  const d = psgcDirectory();
  const province = d.provinces.find((p) => p.name === 'City of Makati')!;
  const city = d.citiesOf(province.code)![0]!;
  return {
    provinceCode: province.code,
    cityCode: city.code,
    barangayCode: d.barangaysOf(city.code)![0]!.code,
  };
}

export interface ApplicationPatch {
  email?: string;
  idNumber?: string;
  birthDate?: string;
  /** the payout account number (sandbox magic values: …0000 fails, …1111 waits, …2222 reverses) */
  account?: string;
  /** the applicant's name (BE-14 screening tests) */
  name?: { firstName: string; middleName?: string; lastName: string };
}

/**
 * Signs a borrower in, saves every step of a valid application (with accepted photos and a real
 * address) and submits it. Each borrower gets an ID number of their own unless the patch says
 * otherwise (the decision rejects one ID number on two customers).
 */
export async function submitCompleteApplication(
  db: Db,
  api: TestClient,
  phone: string,
  patch: ApplicationPatch = {},
) {
  const { token, customerId } = await api.signIn(phone);
  const h = api.authed(token);
  const steps = validSteps({
    idPhotoId: await acceptedPhoto(db, phone, 'idCard'),
    selfiePhotoId: await acceptedPhoto(db, phone, 'selfie'),
  }) as Record<string, Record<string, unknown>>;
  steps.addressInfo = { ...steps.addressInfo, ...makatiAddress() };
  steps.identityInfo = {
    ...steps.identityInfo,
    idNumber: patch.idNumber ?? `CRN${phone.slice(-9)}789`,
    ...(patch.birthDate ? { birthDate: patch.birthDate } : {}),
    ...(patch.name ? { middleName: '', ...patch.name } : {}),
  };
  if (patch.email) steps.baseInfo = { ...steps.baseInfo, email: patch.email };
  if (patch.account)
    steps.bankInfo = { ...steps.bankInfo, account: patch.account, confirmAccount: patch.account };
  for (const step of APPLICATION_STEPS) {
    const res = await api.json('PUT', `/api/application/steps/${step}`, steps[step], h);
    if (res.status !== 200) throw new Error(`${step}: ${JSON.stringify(res.body)}`);
  }
  const submitted = await api.json('POST', '/api/application/submit', undefined, h);
  if (submitted.status !== 200) throw new Error(`submit: ${JSON.stringify(submitted.body)}`);
  return { token, customerId, h, steps, applicationId: submitted.body.applicationId as string };
}
