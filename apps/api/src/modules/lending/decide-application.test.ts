import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lendingContext } from './lending-context.ts';
import { eq } from 'drizzle-orm';
import { DEFAULT_DECISION_RULES, DEFAULT_PRODUCT } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  acceptedPhoto,
  submitCompleteApplication,
  type ApplicationPatch,
} from '../../test/application-fixtures.ts';
import { applicationDecisions, applications, messages, productConfigs } from '../../db/schema/index.ts';
import { decideApplication, decidePendingApplications } from './decide-application.ts';
import { currentProduct, saveProductConfig, seedDefaultProduct, toStored } from './product-config.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  // sessions outlive the 30-day retry period moved through below
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', SESSION_TTL_DAYS: '90' });
  api = client(t.app);
});
afterAll(async () => t?.close());

const deps = () => lendingContext(t.app);

async function submitted(phone: string, patch: ApplicationPatch = {}) {
  const b = await submitCompleteApplication(t.database.db, api, phone, patch);
  return { ...b, view: () => api.json('GET', '/api/application', undefined, b.h) };
}

describe('BE-04 ST-03 ST-05 underwriting decisions', () => {
  it('BE-04 a qualifying application is approved with a credit limit; every rule is recorded', async () => {
    const b = await submitted('9193000001', { idNumber: 'CRN-0111-0000001-1' });
    const decision = await decideApplication(deps(), { applicationId: b.applicationId });
    expect(decision).toMatchObject({ outcome: 'approve', limit: 400_000n });
    // a submit retried after a crash finds the decision made: it answers with it, changes nothing
    const retried = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'approved', submissionCount: 1 });
    const v = (await b.view()).body;
    expect(v).toMatchObject({
      status: 'approved',
      editable: false,
      decision: { outcome: 'approve', creditLimit: '400000' },
    });
    const [row] = await t.database.db
      .select()
      .from(applicationDecisions)
      .where(eq(applicationDecisions.applicationId, b.applicationId));
    expect((row!.rules as { rule: string }[]).map((r) => r.rule)).toEqual([
      'identityPhotos',
      'age',
      'income',
      'employment',
      'duplicateId',
      'duplicatePayoutAccount',
      'pastOverdue',
      'sanctionsList',
    ]);
  });

  it('BE-04 deciding twice (a re-run job) records one decision', async () => {
    const b = await submitted('9193000002', { idNumber: 'CRN-0111-0000002-2' });
    await Promise.all([
      decideApplication(deps(), { applicationId: b.applicationId }),
      decideApplication(deps(), { applicationId: b.applicationId }),
      decidePendingApplications(deps()),
    ]);
    expect(
      await t.database.db
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.applicationId, b.applicationId)),
    ).toHaveLength(1);
  });

  it('ST-03 the same ID number on another customer is rejected (rules without review), with "Resubmission allowed on {date}"', async () => {
    await submitted('9193000003', { idNumber: 'CRN-0111-0000003-3' });
    const b = await submitted('9193000004', { idNumber: 'CRN-0111-0000003-3' });
    const strict = {
      ...deps(),
      decisionRules: {
        ...DEFAULT_DECISION_RULES,
        review: { ...DEFAULT_DECISION_RULES.review, duplicateIdNumber: false },
      },
    };
    const decision = await decideApplication(strict, { applicationId: b.applicationId });
    expect(decision).toMatchObject({ outcome: 'reject', reason: 'duplicateId', retryAfterDays: 30 });
    const v = (await b.view()).body;
    expect(v.status).toBe('rejected');
    expect(v.decision.retryDate).toBe('2026-12-22');
    const early = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'RESUBMISSION_DATE',
      message: 'Resubmission allowed on 2026-12-22.',
    });
    // saving a step turns the application back into a draft: the retry date still holds
    const edited = await api.json('PUT', '/api/application/steps/baseInfo', b.steps.baseInfo, b.h);
    expect(edited.status).toBe(200);
    const afterEdit = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(afterEdit.status).toBe(409);
    expect(afterEdit.body.code).toBe('RESUBMISSION_DATE');
  });

  it('ST-03 an age outside the rules is rejected; after the retry date the borrower may resubmit', async () => {
    const b = await submitted('9193000005', { idNumber: 'CRN-0111-0000005-5', birthDate: '1960-01-01' });
    expect(await decideApplication(deps(), { applicationId: b.applicationId })).toMatchObject({
      outcome: 'reject',
      reason: 'age',
    });
    t.clock.advance(31 * 86_400_000);
    const again = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'under_review', submissionCount: 2 });
  });

  it('ST-05 sandbox value reupload…@ asks for a new ID photo; after re-upload and resubmit it is approved', async () => {
    const b = await submitted('9193000006', { idNumber: 'CRN-0111-0000006-6', email: 'reupload@example.ph' });
    expect(await decideApplication(deps(), { applicationId: b.applicationId })).toMatchObject({
      outcome: 'reupload_id',
    });
    expect((await b.view()).body).toMatchObject({
      status: 'needs_photo',
      editable: true,
      decision: { outcome: 'reupload_id' },
    });
    const newPhoto = await acceptedPhoto(t.database.db, '9193000006', 'idCard');
    await api.json(
      'PUT',
      '/api/application/steps/identityInfo',
      { ...b.steps.identityInfo, idPhotoId: newPhoto },
      b.h,
    );
    await api.json(
      'PUT',
      '/api/application/steps/baseInfo',
      { ...b.steps.baseInfo, email: 'maria@example.ph' },
      b.h,
    );
    expect((await api.json('POST', '/api/application/submit', undefined, b.h)).body.status).toBe(
      'under_review',
    );
    expect(await decideApplication(deps(), { applicationId: b.applicationId })).toMatchObject({
      outcome: 'approve',
    });
  });

  it('sandbox value reject…@ forces a rejection; outside the sandbox it does nothing', async () => {
    const b = await submitted('9193000007', {
      idNumber: 'CRN-0111-0000007-7',
      email: 'reject.me@example.ph',
    });
    expect(
      (await decideApplication({ ...deps(), sandbox: false }, { applicationId: b.applicationId }))?.outcome,
    ).toBe('approve');
    const c = await submitted('9193000008', {
      idNumber: 'CRN-0111-0000008-8',
      email: 'reject.me@example.ph',
    });
    expect((await decideApplication(deps(), { applicationId: c.applicationId }))?.outcome).toBe('reject');
  });
});

describe('CO-06 BE-07 product configuration', () => {
  it('CO-06 the default is seeded once as version 1; a valid change becomes version 2', async () => {
    await seedDefaultProduct(lendingContext(t.app));
    await seedDefaultProduct(lendingContext(t.app));
    expect(await t.database.db.select().from(productConfigs)).toHaveLength(1);
    expect(await currentProduct(t.database.db)).toEqual(DEFAULT_PRODUCT);
    const { version: _v, ...config } = DEFAULT_PRODUCT;
    const saved = await saveProductConfig(lendingContext(t.app), {
      config: { ...toStored(config), dailyInterestPpm: 1_000 },
      by: 'ops@test',
    });
    expect(saved.version).toBe(2);
    expect((await currentProduct(t.database.db)).dailyInterestPpm).toBe(1_000);
  });

  it('BE-07 a configuration that could breach a cap is refused and not saved', async () => {
    const { version: _v, ...config } = DEFAULT_PRODUCT;
    await expect(
      saveProductConfig(lendingContext(t.app), {
        config: { ...toStored(config), serviceFeeBp: 600 },
        by: 'ops@test',
      }),
    ).rejects.toMatchObject({ code: 'PRODUCT_BREACHES_CAPS' });
    await expect(
      saveProductConfig(lendingContext(t.app), {
        config: { ...toStored(config), dailyInterestPpm: 2_500 },
        by: 'ops@test',
      }),
    ).rejects.toMatchObject({ code: 'PRODUCT_BREACHES_CAPS' });
    expect(await t.database.db.select().from(productConfigs)).toHaveLength(2);
  });
});

describe('BE-04 ST-03 the decision of the rules, at its edges', () => {
  it('BE-04 EN-08 a change saved while the rules run is not decided: no "approved" for a draft, no decision row, no message', async () => {
    const b = await submitted('9193000091', { idNumber: 'CRN-0111-0000091-1' });
    const base = deps();
    let edited = false;
    // the borrower saves a step (allowed under review: the application turns back into a draft)
    // between the rules reading the facts and the decision being written
    const db = new Proxy(base.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && !edited)
          return async (...args: unknown[]) => {
            edited = true;
            const saved = await api.json(
              'PUT',
              '/api/application/steps/identityInfo',
              { ...b.steps.identityInfo, birthDate: '1960-01-01' },
              b.h,
            );
            expect(saved.body.status).toBe('draft');
            return (target.transaction as (...a: unknown[]) => unknown)(...args);
          };
        return Reflect.get(target, prop, receiver);
      },
    });
    expect(await decideApplication({ ...base, db }, { applicationId: b.applicationId })).toBeNull();
    expect(edited).toBe(true);
    const [application] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, b.applicationId));
    expect(application!.status).toBe('draft');
    expect(
      await t.database.db
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.applicationId, b.applicationId)),
    ).toEqual([]);
    const told = await t.database.db.select().from(messages).where(eq(messages.customerId, b.customerId));
    expect(told.map((m) => m.event)).not.toContain('application_approved');
  });

  it('ST-03 a borrower rejected by the rules may resubmit from the first minute of the date they are told', async () => {
    // the retry moment was exactly 30 days after the decision (10:00 Manila): at 08:30 on the date
    // shown, "Resubmission allowed on <that date>" refused them
    const b = await submitted('9193000092', { idNumber: 'CRN-0111-0000092-2', birthDate: '1960-01-01' });
    expect(await decideApplication(deps(), { applicationId: b.applicationId })).toMatchObject({
      outcome: 'reject',
    });
    const retryDate = (await b.view()).body.decision.retryDate as string;
    t.clock.set(`${retryDate}T00:30:00Z`); // 08:30 Manila on that date
    const again = await api.json('POST', '/api/application/submit', undefined, b.h);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'under_review', submissionCount: 2 });
  });

  it('BE-04 one application the sweep cannot decide (a database blip) does not hold back the applications after it', async () => {
    const a = await submitted('9193000093', { idNumber: 'CRN-0111-0000093-3' });
    const b = await submitted('9193000094', { idNumber: 'CRN-0111-0000094-4' });
    const base = deps();
    // the first decision the sweep starts fails, whichever application that is
    let started = 0;
    const clock = {
      now: () => {
        if (++started === 1) throw new Error('Connection terminated unexpectedly');
        return base.clock.now();
      },
    };
    const warn = vi.spyOn(base.log, 'warn');
    await decidePendingApplications({ ...base, clock });
    const said = warn.mock.calls.filter((call) => String(call[1]).startsWith('application not decided'));
    warn.mockRestore();
    expect(said).toHaveLength(1);
    const failedId = (said[0]![0] as { applicationId: string }).applicationId;
    for (const { applicationId } of [a, b]) {
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
      expect(row!.status).toBe(applicationId === failedId ? 'under_review' : 'approved');
    }
  });
});
