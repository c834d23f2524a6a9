import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPLICATION_STEPS, CIC_NOTICE_VERSION, CONTACTS_NOTICE_VERSION } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { acceptedPhoto, validSteps } from '../../test/application-fixtures.ts';
import { applicationEvents, applicationSteps, applications, consents } from '../../db/schema/index.ts';
import { psgcDirectory } from '../addresses/psgc-directory.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
});
afterAll(async () => t?.close());

/** Makati (an independent city at province level), its only city entry, and one of its barangays. */
function makati() {
  const d = psgcDirectory();
  const province = d.provinces.find((p) => p.name === 'City of Makati')!;
  const city = d.citiesOf(province.code)![0]!;
  const barangay =
    d.barangaysOf(city.code)!.find((b) => b.name === 'Poblacion') ?? d.barangaysOf(city.code)![0]!;
  return { provinceCode: province.code, cityCode: city.code, barangayCode: barangay.code };
}

async function borrower(phone: string) {
  const { token, customerId } = await api.signIn(phone);
  const steps = validSteps({
    idPhotoId: await acceptedPhoto(t.database.db, phone, 'idCard'),
    selfiePhotoId: await acceptedPhoto(t.database.db, phone, 'selfie'),
  });
  steps.addressInfo = { ...steps.addressInfo, ...makati() };
  const h = api.authed(token);
  const save = (step: string, body: unknown) => api.json('PUT', `/api/application/steps/${step}`, body, h);
  return { token, customerId, h, steps, save, view: () => api.json('GET', '/api/application', undefined, h) };
}

describe('loan application (EN-01 … EN-05, VAL-17, RO-01)', () => {
  it('a borrower with no application starts at the identity step', async () => {
    const b = await borrower('9191000001');
    const v = await b.view();
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({
      status: 'none',
      nextStep: 'identityInfo',
      editable: true,
      rules: { postalCodeLength: 4, minAge: 20, maxAge: 65 },
    }); // issue 9 item 11: the decision rules' ages
  });

  it('EN-01 … EN-05 saves each step, resumes at the first unfinished one, and submits to under review', async () => {
    const b = await borrower('9191000002');
    for (const [i, step] of APPLICATION_STEPS.entries()) {
      const res = await b.save(step, (b.steps as Record<string, unknown>)[step]);
      expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.nextStep).toBe(APPLICATION_STEPS[i + 1] ?? null);
      // the app resumes here after a reload
      expect((await b.view()).body.nextStep).toBe(APPLICATION_STEPS[i + 1] ?? null);
    }
    const submitted = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('under_review');
    expect(submitted.body.submissionCount).toBe(1);
    // submitting again is harmless
    const again = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(again.body).toMatchObject({ status: 'under_review', submissionCount: 1 });
  });

  it('VAL-13 VAL-17 the server normalises what it stores: Chinese stripped, phones and ID numbers normalised', async () => {
    const b = await borrower('9191000003');
    const res = await b.save('identityInfo', {
      ...b.steps.identityInfo,
      firstName: 'Ma玛ria',
      lastName: 'Dela 德Cruz',
    });
    expect(res.status).toBe(200);
    expect(res.body.steps.identityInfo.data).toMatchObject({
      firstName: 'Maria',
      lastName: 'Dela Cruz',
      idNumber: 'CRN011123456789',
      idNumberMasked: '•••••••••••6789',
    });
    const contacts = await b.save('contact', b.steps.contact);
    expect(contacts.body.steps.contact.data.contacts.map((c: { phone: string }) => c.phone)).toEqual([
      '9181111111',
      '9182222222',
      '9183333333',
    ]);
  });

  it('VAL-12 the contacts consent is recorded on the server with its time and the notice version it serves; another version is refused', async () => {
    const b = await borrower('9191000031');
    const contactsConsents = () =>
      t.database.db
        .select()
        .from(consents)
        .where(eq(consents.customerId, b.customerId))
        .then((rows) => rows.filter((r) => r.kind === 'contacts'));
    const stale = await api.json(
      'PUT',
      '/api/application/steps/contact',
      { ...b.steps.contact, contactsNoticeVersion: '2020-01-01' },
      { ...b.h, 'accept-language': 'fil' },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'CONTACTS_NOTICE_OUTDATED',
      message: expect.stringContaining('emergency contact'),
    });
    const missing = await b.save('contact', { ...b.steps.contact, contactsNoticeVersion: undefined });
    expect(missing.status).toBe(400);
    expect(await contactsConsents()).toHaveLength(0);
    const before = t.clock.now();
    expect((await b.save('contact', b.steps.contact)).status).toBe(200);
    const [recorded, ...more] = await contactsConsents();
    expect(more).toHaveLength(0);
    expect(recorded).toMatchObject({ kind: 'contacts', policyVersion: CONTACTS_NOTICE_VERSION });
    expect(recorded!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    // saving again keeps the first acceptance of this version
    expect((await b.save('contact', b.steps.contact)).status).toBe(200);
    expect(await contactsConsents()).toHaveLength(1);
  });

  it('BE-13 saving the first step records that the borrower was told their loan data goes to the CIC (RA 9510), once per notice version', async () => {
    const b = await borrower('9191000032');
    const cicNotices = () =>
      t.database.db
        .select()
        .from(consents)
        .where(eq(consents.customerId, b.customerId))
        .then((rows) => rows.filter((r) => r.kind === 'cic_notice'));
    expect(await cicNotices()).toHaveLength(0);
    expect((await b.save('identityInfo', b.steps.identityInfo)).status).toBe(200);
    expect((await b.save('identityInfo', b.steps.identityInfo)).status).toBe(200);
    const recorded = await cicNotices();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ policyVersion: CIC_NOTICE_VERSION });
  });

  it('ID numbers are sealed at rest: not in the step data, not in clear on the application row', async () => {
    const b = await borrower('9191000004');
    const saved = await b.save('identityInfo', b.steps.identityInfo);
    const [app] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, saved.body.applicationId));
    expect(app!.sensitiveSealed).toMatch(/^v1\./);
    expect(app!.sensitiveSealed).not.toContain('011123456789');
    expect(app!.idNumberLast4).toBe('6789');
    expect(app!.idNumberHash).toMatch(/^[0-9a-f]{64}$/);
    const [step] = await t.database.db
      .select()
      .from(applicationSteps)
      .where(eq(applicationSteps.applicationId, app!.id));
    expect(JSON.stringify(step!.data)).not.toContain('011123456789');
    expect(step!.data.idNumberMasked).toBe('•••••••••••6789');
  });

  it('VAL-17 submit with a missing step is refused, naming the step', async () => {
    const b = await borrower('9191000005');
    await b.save('identityInfo', b.steps.identityInfo);
    await b.save('baseInfo', b.steps.baseInfo);
    const res = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'STEP_INCOMPLETE',
      message: 'Please complete this step first: baseInfo2.',
      details: [{ field: 'baseInfo2', code: 'STEP_INCOMPLETE' }],
    });
  });

  it('VAL-17 submit with no application at all names the first step', async () => {
    const b = await borrower('9191000006');
    const res = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(res.body.details[0].field).toBe('identityInfo');
  });

  it('CO-05 a modification while under review goes back to draft and is resubmitted; history is kept', async () => {
    const b = await borrower('9191000007');
    for (const step of APPLICATION_STEPS) await b.save(step, (b.steps as Record<string, unknown>)[step]);
    await api.json('POST', '/api/application/submit', undefined, b.h);
    const changed = await b.save('baseInfo', { ...b.steps.baseInfo, email: 'maria.new@example.ph' });
    expect(changed.body).toMatchObject({ status: 'draft', nextStep: null });
    const resubmitted = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(resubmitted.body).toMatchObject({ status: 'under_review', submissionCount: 2 });
    const events = await t.database.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, resubmitted.body.applicationId));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['submitted', 'modification_started', 'resubmitted']),
    );
  });

  it('APPLICATION_NOT_EDITABLE once the application is past review (e.g. approved)', async () => {
    const b = await borrower('9191000008');
    await b.save('identityInfo', b.steps.identityInfo);
    const id = (await b.view()).body.applicationId;
    await t.database.db.update(applications).set({ status: 'approved' }).where(eq(applications.id, id));
    const res = await b.save('baseInfo', b.steps.baseInfo);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('APPLICATION_NOT_EDITABLE');
  });

  it("RO-01 another borrower's application is not reachable: each sees only their own", async () => {
    const a = await borrower('9191000009');
    const c = await borrower('9191000010');
    await a.save('identityInfo', a.steps.identityInfo);
    expect((await c.view()).body).toMatchObject({ status: 'none', applicationId: null });
    // c cannot use a's photos either
    const stolen = await c.save('identityInfo', {
      ...c.steps.identityInfo,
      idPhotoId: a.steps.identityInfo.idPhotoId,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('PHOTO_REQUIRED');
    expect(stolen.body.details).toEqual([
      { field: 'idPhotoId', code: 'PHOTO_REQUIRED', message: 'Please take the required photo.' },
    ]);
  });

  it('BE-03 photos must be accepted and of the right kind', async () => {
    const b = await borrower('9191000011');
    const swapped = await b.save('identityInfo', {
      ...b.steps.identityInfo,
      idPhotoId: b.steps.identityInfo.selfiePhotoId,
      selfiePhotoId: b.steps.identityInfo.idPhotoId,
    });
    expect(swapped.body.code).toBe('PHOTO_REQUIRED');
  });

  it('unauthenticated calls are refused', async () => {
    expect((await api.json('GET', '/api/application')).status).toBe(401);
    expect((await api.json('PUT', '/api/application/steps/baseInfo', {})).status).toBe(401);
    expect((await api.json('POST', '/api/application/submit')).status).toBe(401);
  });
});

describe('PSGC address pickers (EN-02)', () => {
  it('EN-02 provinces → cities → barangays nest, from real PSGC data', async () => {
    const provinces = await api.json('GET', '/api/addresses/provinces');
    expect(provinces.status).toBe(200);
    expect(provinces.headers['cache-control']).toBe('public, max-age=86400');
    expect(provinces.body.provinces.length).toBeGreaterThan(100);
    const cebu = provinces.body.provinces.find((p: { name: string }) => p.name === 'Cebu');
    const cities = await api.json('GET', `/api/addresses/provinces/${cebu.code}/cities`);
    expect(cities.body.cities.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Moalboal']),
    );
    const city = cities.body.cities[0];
    const barangays = await api.json('GET', `/api/addresses/cities/${city.code}/barangays`);
    expect(barangays.body.barangays.length).toBeGreaterThan(0);
    expect((await api.json('GET', '/api/addresses/cities/0000000000/barangays')).status).toBe(404);
    expect((await api.json('GET', '/api/addresses/cities/abc/barangays')).status).toBe(400);
  });

  it('EN-02 an address whose barangay is not in its city is refused', async () => {
    const b = await borrower('9191000012');
    const d = psgcDirectory();
    const cebu = d.provinces.find((p) => p.name === 'Cebu')!;
    const cebuCity = d.citiesOf(cebu.code)![0]!;
    const res = await b.save('addressInfo', {
      ...b.steps.addressInfo,
      barangayCode: d.barangaysOf(cebuCity.code)![0]!.code,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'ADDRESS_INVALID',
      details: [{ field: 'barangayCode', code: 'ADDRESS_INVALID' }],
    });
  });
});
