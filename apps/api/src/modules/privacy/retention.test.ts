import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { applicantKeepUntil, borrowerKeepUntil, INACTIVE_APPLICANT_RETENTION_DAYS } from '@pisonow/domain';
import {
  amlScreenings,
  applicationDecisions,
  applicationSteps,
  applications,
  auditLog,
  consents,
  orderEvents,
  orders,
  photos,
  retentionRecords,
} from '../../db/schema/index.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { createOperators, signInOperator, type TestOperator } from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { applyRetention, type RetentionContext } from './apply-retention.ts';
import { retentionContext } from './privacy-context.ts';

/** BE-12 automated erasure (RA 10173 s.11(e)): inactive applicants never paid out are erased. */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<string, TestOperator>;
let phoneSeq = 0;
const nextPhone = () => `9197${String(++phoneSeq).padStart(6, '0')}`;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_IP_SENDS_PER_HOUR: '1000',
    CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000',
    RETENTION_BATCH_SIZE: '2',
  });
  t.clock.set('2027-01-10T02:00:00Z');
  api = client(t.app);
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const ctx = (): RetentionContext => retentionContext(t.app);
const advanceDays = (days: number) => t.clock.set(new Date(t.clock.now().getTime() + days * DAY));

/** An applicant with a submitted application whose two photos really are in storage. */
async function applicant() {
  const phone = nextPhone();
  const a = await submitCompleteApplication(db(), api, phone);
  const rows = await db().select().from(photos).where(eq(photos.customerId, a.customerId));
  for (const p of rows) await t.app.providers.storage.put(p.storageKey, Buffer.from('jpeg'), 'image/jpeg');
  return { ...a, phone, keys: rows.map((p) => p.storageKey) };
}

async function n(table: PgTable, where: SQL | undefined) {
  const [row] = await db().select({ n: count() }).from(table).where(where);
  return Number(row!.n);
}

async function record(customerId: string) {
  const [row] = await db().select().from(retentionRecords).where(eq(retentionRecords.customerId, customerId));
  return row;
}

describe('BE-12 retention periods (pure)', () => {
  it('BE-12 an applicant is kept 1 year after their last activity by default; a borrower 5 years after the last closure', () => {
    expect(INACTIVE_APPLICANT_RETENTION_DAYS).toBe(365);
    expect(applicantKeepUntil('2027-01-10')).toBe('2028-01-10');
    expect(applicantKeepUntil('2027-01-10', 30)).toBe('2027-02-09');
    expect(borrowerKeepUntil('2027-01-31')).toBe('2032-01-31');
  });

  it('BE-12 the retention job is a typed, scheduled job on Manila time; a missed run is made up once', () => {
    expect(JOBS.retention.name).toBe('privacy.retention');
    expect(JOBS.retention.schedule).toEqual({ cron: '30 2 * * *', tz: 'UTC+8', missed: 'once' });
    expect(JOBS.retention.payload.safeParse({}).success).toBe(true);
  });
});

describe('BE-12 automated erasure of inactive applicants', () => {
  it('BE-12 erases an inactive applicant never paid out; keeps a recent one and a borrower; what must stay stays', async () => {
    const old = await applicant();
    await decidePendingApplications(lendingContext(t.app));
    const borrower = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone: nextPhone() });
    const before = {
      consents: await n(consents, eq(consents.customerId, old.customerId)),
      decisions: await n(applicationDecisions, eq(applicationDecisions.applicationId, old.applicationId)),
      aml: await n(amlScreenings, eq(amlScreenings.customerId, old.customerId)),
    };
    expect(before.consents).toBeGreaterThan(0);
    expect(before.decisions).toBeGreaterThan(0);
    const [app0] = await db().select().from(applications).where(eq(applications.id, old.applicationId));
    expect(app0!.sensitiveSealed).not.toBeNull();

    // 11 months on, a new applicant; the old one is not due yet (1 year)
    advanceDays(330);
    const recent = await applicant();
    expect((await applyRetention(ctx())).erased).toBe(0);
    // the last kept day is activity + 365 days (Manila); erased from the day after
    advanceDays(365 - 330);
    expect((await applyRetention(ctx())).erased).toBe(0);
    advanceDays(1);
    const run = await applyRetention(ctx());
    expect(run.erased).toBe(1);

    // erased: the sealed ID number and its hash, every step, the photos (objects and keys)
    const [app1] = await db().select().from(applications).where(eq(applications.id, old.applicationId));
    expect(app1).toMatchObject({ sensitiveSealed: null, idNumberHash: null, idNumberLast4: null });
    expect(app1!.status).toBe(app0!.status);
    expect(await n(applicationSteps, eq(applicationSteps.applicationId, old.applicationId))).toBe(0);
    const photoRows = await db().select().from(photos).where(eq(photos.customerId, old.customerId));
    expect(photoRows.map((p) => [p.status, p.storageKey])).toEqual([
      ['erased', ''],
      ['erased', ''],
    ]);
    for (const key of old.keys) expect(await t.app.providers.storage.get(key)).toBeNull();
    // kept: consents, the decision and its reasons, AML screening records
    expect(await n(consents, eq(consents.customerId, old.customerId))).toBe(before.consents);
    expect(await n(applicationDecisions, eq(applicationDecisions.applicationId, old.applicationId))).toBe(
      before.decisions,
    );
    expect(await n(amlScreenings, eq(amlScreenings.customerId, old.customerId))).toBe(before.aml);
    // the record of what was erased and when, and the audit entry
    const r = await record(old.customerId);
    expect(r).toMatchObject({ basis: 'inactive_applicant', status: 'erased', pendingStorageKeys: null });
    expect(r!.erasedAt).toEqual(t.clock.now());
    expect(r!.erased).toEqual({
      sealedIdNumber: true,
      photos: 2,
      storageObjects: 2,
      applicationSteps: [
        'addressInfo',
        'bankInfo',
        'baseInfo',
        'baseInfo2',
        'contact',
        'identityInfo',
        'workInfo',
      ],
    });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.erase'), eq(auditLog.targetId, old.customerId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ role: 'system', operatorId: null, outcome: 'ok' });

    // not erased: the recent applicant, the borrower (whose date is recorded: open loan, none yet)
    expect(await n(applicationSteps, eq(applicationSteps.applicationId, recent.applicationId))).toBe(7);
    expect(await record(recent.customerId)).toBeUndefined();
    expect(await record(borrower.customerId)).toMatchObject({
      basis: 'aml_5_years',
      status: 'kept',
      keepUntil: null,
    });

    // the readable "my data" still works for the erased applicant
    const { token } = await api.signIn(old.phone);
    const mine = await t.app.inject({ method: 'GET', url: '/api/me/data', headers: api.authed(token) });
    expect(mine.statusCode).toBe(200);
    const tables = (mine.json() as { tables: { name: string; rows: Record<string, unknown>[] }[] }).tables;
    const kept = tables.find((x) => x.name === 'retention_records')!.rows;
    expect(kept).toEqual([expect.objectContaining({ status: 'erased', basis: 'inactive_applicant' })]);
    expect(Object.keys(kept[0]!)).not.toContain('pending_storage_keys');
    expect(tables.find((x) => x.name === 'application_steps')!.rows).toEqual([]);
  });

  it('BE-12 a re-run erases nothing twice and writes no second audit entry', async () => {
    const a = await applicant();
    advanceDays(400);
    expect((await applyRetention(ctx())).erased).toBeGreaterThanOrEqual(1);
    const audits = () =>
      n(auditLog, and(eq(auditLog.action, 'retention.erase'), eq(auditLog.targetId, a.customerId)));
    expect(await audits()).toBe(1);
    const first = await record(a.customerId);
    advanceDays(1);
    const again = await applyRetention(ctx());
    expect(again).toMatchObject({ erased: 0, finished: 0 });
    expect(await audits()).toBe(1);
    expect(await record(a.customerId)).toEqual(first);
  });

  it('BE-12 a borrower paid out is never erased, even years after; their date is 5 years after the last closure', async () => {
    const b = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone: nextPhone() });
    const closedAt = new Date(t.clock.now().getTime() + 20 * DAY);
    await db().update(orders).set({ status: 'settled', updatedAt: closedAt }).where(eq(orders.id, b.orderId));
    await db().insert(orderEvents).values({
      id: randomUUID(),
      orderId: b.orderId,
      event: 'settle',
      fromStatus: 'repaying',
      toStatus: 'settled',
      occurredAt: closedAt,
    });
    advanceDays(3 * 365);
    await applyRetention(ctx());
    const [app] = await db().select().from(applications).where(eq(applications.customerId, b.customerId));
    expect(app).toBeDefined();
    expect(await record(b.customerId)).toMatchObject({
      basis: 'aml_5_years',
      status: 'kept',
      keepUntil: borrowerKeepUntil(closedAt.toISOString().slice(0, 10)),
    });
    expect(
      await n(auditLog, and(eq(auditLog.action, 'retention.erase'), eq(auditLog.targetId, b.customerId))),
    ).toBe(0);
  });

  it('BE-12 a crash after the database part: the next run deletes the photos left and finishes the record', async () => {
    const a = await applicant();
    advanceDays(400);
    const crashing: RetentionContext = {
      ...ctx(),
      storage: {
        ...t.app.providers.storage,
        name: 'crashing',
        put: (...args) => t.app.providers.storage.put(...args),
        get: (key) => t.app.providers.storage.get(key),
        delete: async () => {
          throw new Error('storage down');
        },
      },
    };
    await expect(applyRetention(crashing)).rejects.toThrow('storage down');
    const half = await record(a.customerId);
    expect(half).toMatchObject({ status: 'erasing', erasedAt: null });
    expect(half!.pendingStorageKeys).toEqual(expect.arrayContaining(a.keys));
    expect(await n(applicationSteps, eq(applicationSteps.applicationId, a.applicationId))).toBe(0);
    expect(await t.app.providers.storage.get(a.keys[0]!)).not.toBeNull();

    const run = await applyRetention(ctx());
    expect(run.finished).toBeGreaterThanOrEqual(1);
    expect(await record(a.customerId)).toMatchObject({ status: 'erased', pendingStorageKeys: null });
    for (const key of a.keys) expect(await t.app.providers.storage.get(key)).toBeNull();
    expect(
      await n(auditLog, and(eq(auditLog.action, 'retention.erase'), eq(auditLog.targetId, a.customerId))),
    ).toBe(1);
  });

  it('BE-12 in batches: a run stopped between batches leaves the rest for the next run, which finishes them', async () => {
    const three = [await applicant(), await applicant(), await applicant()];
    advanceDays(400);
    const first = await applyRetention(ctx(), { maxBatches: 1 });
    expect(first).toMatchObject({ erased: 2, batches: 1 }); // RETENTION_BATCH_SIZE=2
    const statuses = async () => Promise.all(three.map(async (a) => (await record(a.customerId))?.status));
    expect((await statuses()).filter((s) => s === 'erased')).toHaveLength(2);
    const second = await applyRetention(ctx());
    expect(second.erased).toBe(1);
    expect(await statuses()).toEqual(['erased', 'erased', 'erased']);
  });

  it('BE-12 the console lists what the job erased, for admins only', async () => {
    const admin = await signInOperator(t, ops.admin!);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/console/retention-erasures',
      headers: admin.get,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      inactiveApplicantDays: number;
      keptWithDate: number;
      items: { status: string; erased: { photos: number } }[];
    };
    expect(body.inactiveApplicantDays).toBe(365);
    expect(body.keptWithDate).toBeGreaterThanOrEqual(2);
    expect(body.items.length).toBeGreaterThanOrEqual(5);
    expect(body.items.every((i) => i.status === 'erased' && i.erased.photos === 2)).toBe(true);
    const support = await signInOperator(t, ops.support!);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/console/retention-erasures', headers: support.get }))
        .statusCode,
    ).toBe(403);
  });
});
