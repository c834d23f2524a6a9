import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { OperatorRole } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication, validSteps } from '../../test/application-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import {
  createOperators,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import {
  applicationEvents,
  applications,
  auditLog,
  collectionContacts,
  orders,
} from '../../db/schema/index.ts';

/**
 * Operational switches (issue 11, RO-02) and the collections log (SEC MC 18 s.2019): what each switch
 * does to the borrower, who may set it, and the contact-hours rule with the injected clock.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let admin: ConsoleSession;
let finance: ConsoleSession;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  ops = await createOperators(t);
  admin = await signInOperator(t, ops.admin);
  finance = await signInOperator(t, ops.finance);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const flip = (key: string, on: boolean, reason = 'operations request') =>
  api.json('POST', `/api/console/switches/${key}`, { on, reason }, admin.write);
const switches = async () =>
  (await api.json('GET', '/api/console/switches', undefined, admin.get)).body.switches as {
    key: string;
    on: boolean;
    source: string;
    updatedBy: string | null;
  }[];

describe('RO-02 issue 11 operational switches', () => {
  it('RO-02 bank-change maintenance: the environment is the default, the console switch overrides it; the borrower gets the maintenance message; audited before/after', async () => {
    expect((await switches()).find((s) => s.key === 'bankChangeMaintenance')).toMatchObject({
      on: false,
      source: 'default',
      updatedBy: null,
    });
    const seeded = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone: '9196998001' });
    await db().update(orders).set({ status: 'settled' }).where(eq(orders.id, seeded.orderId));
    const { token } = await api.signIn('9196998001');
    const h = { ...api.authed(token), 'accept-language': 'en-US' };
    expect((await api.json('GET', '/api/payout-account', undefined, h)).body).toMatchObject({
      blockedBy: null,
    });

    const on = await flip('bankChangeMaintenance', true, 'bank partner outage');
    expect(on).toMatchObject({
      status: 200,
      body: { on: true, source: 'console', updatedBy: ops.admin.email },
    });
    expect((await api.json('GET', '/api/payout-account', undefined, h)).body).toMatchObject({
      canChange: false,
      blockedBy: 'maintenance',
    });
    const next = { ...validSteps({ idPhotoId: 'x', selfiePhotoId: 'y' }).bankInfo, account: '09179998877' };
    const refused = await api.json(
      'PUT',
      '/api/payout-account',
      { ...next, confirmAccount: next.account },
      h,
    );
    expect(refused).toMatchObject({
      status: 503,
      body: { code: 'BANK_CHANGE_MAINTENANCE', message: 'The system is under maintenance for bank changes.' },
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'switch.set'), eq(auditLog.targetId, 'bankChangeMaintenance')));
    expect(entry).toMatchObject({
      operatorId: ops.admin.id,
      before: { on: false, source: 'default' },
      after: { on: true, source: 'console' },
      detail: { reason: 'bank partner outage' },
    });
    await flip('bankChangeMaintenance', false);
    expect((await api.json('GET', '/api/payout-account', undefined, h)).body).toMatchObject({
      blockedBy: null,
    });
  });

  it('RO-02 with BANK_CHANGE_MAINTENANCE=1 the default is on, and the console can switch it off', async () => {
    const m = await createTestApp({ BANK_CHANGE_MAINTENANCE: '1' });
    try {
      const mOps = await createOperators(m);
      const mAdmin = await signInOperator(m, mOps.admin);
      const mApi = client(m.app);
      const list = await mApi.json('GET', '/api/console/switches', undefined, mAdmin.get);
      expect(list.body.switches[0]).toMatchObject({
        key: 'bankChangeMaintenance',
        on: true,
        source: 'default',
      });
      const seeded = await seedDisbursedLoan(m.database.db, {
        disbursedAt: m.clock.now(),
        phone: '9196998002',
      });
      await m.database.db.update(orders).set({ status: 'settled' }).where(eq(orders.id, seeded.orderId));
      const { token } = await mApi.signIn('9196998002');
      const read = () => mApi.json('GET', '/api/payout-account', undefined, mApi.authed(token));
      expect((await read()).body.blockedBy).toBe('maintenance');
      const off = await mApi.json(
        'POST',
        '/api/console/switches/bankChangeMaintenance',
        { on: false, reason: 'outage over' },
        mAdmin.write,
      );
      expect(off.body).toMatchObject({ on: false, source: 'console', defaultOn: true });
      expect((await read()).body.blockedBy).toBeNull();
    } finally {
      await m.close();
    }
  });

  it('issue 11 paused new applications: submit is refused with the catalogue message in three languages, nothing written; resumed, it goes through', async () => {
    expect((await flip('pauseNewApplications', true, 'funding line at its limit')).status).toBe(200);
    const first = await submitCompleteApplication(db(), api, '9196998003').catch((e: Error) => e);
    expect(String(first)).toContain('APPLICATIONS_PAUSED');
    t.clock.advanceSeconds(61); // the fixture's session is lost with its error: sign in again
    const { token, customerId } = await api.signIn('9196998003');
    const [application] = await db()
      .select()
      .from(applications)
      .where(eq(applications.customerId, customerId));
    const eventsBefore = (await db().select({ n: count() }).from(applicationEvents))[0]!.n;
    for (const [lang, text] of [
      ['en-US', 'We are not accepting new applications right now. Please try again later.'],
      ['fil', 'Hindi kami tumatanggap ng mga bagong aplikasyon sa ngayon. Pakisubukang muli mamaya.'],
      ['zh-CN', '我们目前暂停受理新申请，请稍后再试。'],
    ] as const) {
      const res = await api.json('POST', '/api/application/submit', undefined, {
        ...api.authed(token),
        'accept-language': lang,
      });
      expect(res).toMatchObject({ status: 503, body: { code: 'APPLICATIONS_PAUSED', message: text } });
    }
    const [after] = await db().select().from(applications).where(eq(applications.id, application!.id));
    expect(after).toMatchObject({ status: 'draft', submissionCount: 0, submittedAt: null });
    expect((await db().select({ n: count() }).from(applicationEvents))[0]!.n).toBe(eventsBefore);

    await flip('pauseNewApplications', false, 'funding restored');
    const res = await api.json('POST', '/api/application/submit', undefined, api.authed(token));
    expect(res).toMatchObject({ status: 200, body: { status: 'under_review', submissionCount: 1 } });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'switch.set'), eq(auditLog.targetId, 'pauseNewApplications')));
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        { on: false, source: 'default' },
        { on: true, source: 'console' },
      ],
      [
        { on: true, source: 'console' },
        { on: false, source: 'console' },
      ],
    ]);
  });

  it('RO-04 only an admin sets a switch; an unknown switch is refused; a reason is required', async () => {
    const res = await api.json(
      'POST',
      '/api/console/switches/pauseNewApplications',
      { on: true, reason: 'not mine' },
      finance.write,
    );
    expect(res.status).toBe(403);
    expect((await switches()).find((s) => s.key === 'pauseNewApplications')!.on).toBe(false);
    // an unknown switch: refused by the contract (the house answers a bad path parameter with 400)
    expect(await flip('everythingOff', true)).toMatchObject({ status: 400, body: { code: 'NOT_FOUND' } });
    expect((await flip('pauseNewApplications', true, '')).status).toBe(400);
  });
});

describe('SEC MC 18 s.2019 collections log', () => {
  const contactsUrl = (customerId: string) => `/api/console/borrowers/${customerId}/collection-contacts`;

  it('BE-07 SEC MC 18: a contact is recorded only between 06:00 and 22:00 Manila (the injected clock); outside, refused and nothing written', async () => {
    const b = await submitCompleteApplication(db(), api, '9196998010');
    let collector = finance;
    /** a fresh console session that ends exactly at `iso` (sign-in moves the clock 30 s) */
    const signedInAt = async (iso: string) => {
      t.clock.set(new Date(Date.parse(iso) - 30_000));
      collector = await signInOperator(t, ops.finance);
      expect(t.clock.now().toISOString()).toBe(iso);
    };
    const record = (body: Record<string, unknown>) =>
      api.json(
        'POST',
        contactsUrl(b.customerId),
        { channel: 'call', outcome: 'no_answer', note: 'rang twice', ...body },
        { ...collector.write, 'accept-language': 'en-US' },
      );
    // 21:59:59 Manila is allowed; 22:00:00 is not; 05:59 is not; 06:00 is
    await signedInAt('2026-11-23T13:59:59.000Z');
    expect((await record({})).status).toBe(200);
    t.clock.set('2026-11-23T14:00:00.000Z');
    const late = await record({});
    expect(late).toMatchObject({ status: 422, body: { code: 'CONTACT_OUTSIDE_HOURS' } });
    expect(late.body.message).toContain('6:00 AM and 10:00 PM');
    await signedInAt('2026-11-23T21:59:00.000Z');
    expect((await record({})).status).toBe(422);
    t.clock.set('2026-11-23T22:00:00.000Z');
    expect((await record({ outcome: 'promise_to_pay', note: 'will pay on Friday' })).status).toBe(200);
    // a contact time given explicitly is checked too, and may not be in the future
    await signedInAt('2026-11-24T03:00:00.000Z');
    expect((await record({ contactedAt: '2026-11-23T23:30:00+08:00' })).status).toBe(422);
    expect((await record({ contactedAt: '2026-11-24T12:00:00+08:00' })).status).toBe(400);
    expect((await record({ contactedAt: '2026-11-24T09:30:00+08:00', channel: 'email' })).status).toBe(200);
    const rows = await db()
      .select()
      .from(collectionContacts)
      .where(eq(collectionContacts.customerId, b.customerId));
    expect(rows).toHaveLength(3);
    const refusals = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'collections.contact.record'), eq(auditLog.targetId, b.customerId)));
    expect(refusals.filter((r) => r.outcome === 'failed')).toHaveLength(3);
    expect(refusals.filter((r) => r.outcome === 'ok')).toHaveLength(3);
  });

  it('SEC MC 18: only the borrower’s own phone and e-mail are contact points, never an emergency contact; listed newest first and audited', async () => {
    const b = await submitCompleteApplication(db(), api, '9196998011');
    const support = await signInOperator(t, ops.support);
    const sms = await api.json(
      'POST',
      contactsUrl(b.customerId),
      // a number in the request is not part of the contract: it cannot pick the destination
      { channel: 'sms', outcome: 'left_message', note: 'payment reminder', phone: '09181111111' },
      support.write,
    );
    expect(sms.status).toBe(200);
    expect(sms.body).toMatchObject({
      channel: 'sms',
      contactPoint: '9196998011',
      recordedBy: ops.support.email,
    });
    t.clock.advanceSeconds(60);
    const visit = await api.json(
      'POST',
      contactsUrl(b.customerId),
      { channel: 'visit', outcome: 'reached', note: 'met at home, promised to pay' },
      support.write,
    );
    expect(visit.body.contactPoint).toBeNull();
    const log = await api.json('GET', contactsUrl(b.customerId), undefined, support.get);
    expect(log.body.contactPoints).toEqual({ phone: '9196998011', email: 'maria@example.ph' });
    expect(log.body.contacts.map((c: { channel: string }) => c.channel)).toEqual(['visit', 'sms']);
    const everything = JSON.stringify(log.body);
    for (const reference of b.steps.contact!.contacts as { phone: string; name: string }[]) {
      expect(everything).not.toContain(reference.name);
    }
    expect(everything).not.toContain('09181111111');
    const views = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'collections.log.view'), eq(auditLog.targetId, b.customerId)));
    expect(views).toHaveLength(1);
    // an underwriter has no business in collections
    const uw = await signInOperator(t, ops.underwriter);
    expect((await api.json('GET', contactsUrl(b.customerId), undefined, uw.get)).status).toBe(403);
  });
});
