import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { AML_RETENTION_DAYS, addDays, retentionPlan } from '@pisonow/domain';
import { auditLog, customers, dataRequests, messages, orders, sessions } from '../../db/schema/index.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import {
  createOperators,
  seedFeedback,
  signInOperator,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { recordMessage } from '../messages/record-message.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { EXPORTED, WITHHELD, WITHHELD_COLUMNS, personalTables } from './data-map.ts';

/** BE-12 "my data" (RA 10173 s.16): download everything held about me; ask for deletion. */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<string, TestOperator>;
let phoneSeq = 0;
const nextPhone = () => `9198${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-04-01T02:00:00Z');
  api = client(t.app);
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;

async function borrowerWithLoan() {
  const phone = nextPhone();
  const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
  const { token } = await api.signIn(phone);
  return { phone, orderId, customerId, token, h: api.authed(token) };
}

describe('BE-12 download my data', () => {
  it('BE-12 the data map names every table that holds a person, and only real tables', () => {
    const tables = personalTables();
    const unclassified = tables
      .filter((x) => !(x.name in EXPORTED) && !(x.name in WITHHELD))
      .map((x) => x.name);
    expect(unclassified).toEqual([]);
    const names = new Set(tables.map((x) => x.name));
    for (const name of Object.keys(EXPORTED)) expect(names.has(name), name).toBe(true);
    for (const name of Object.keys(EXPORTED)) expect(name in WITHHELD, name).toBe(false);
  });

  it('BE-12 the JSON holds my application, loan and sessions; no secret, no full ID number, nobody else', async () => {
    const phone = nextPhone();
    const app = await submitCompleteApplication(db(), api, phone, { idNumber: 'CRN-0111-7654321-9' });
    const other = await borrowerWithLoan();
    await seedFeedback(t, app.token, 'The repayment page was clear, thank you');
    const res = await t.app.inject({ method: 'GET', url: '/api/me/data', headers: app.h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json() as {
      customerId: string;
      tables: { name: string; rows: Record<string, unknown>[] }[];
      withheldTables: Record<string, string>;
    };
    const rows = (name: string) => data.tables.find((x) => x.name === name)?.rows ?? [];
    expect(data.customerId).toBe(app.customerId);
    expect(rows('customers')).toEqual([expect.objectContaining({ phone })]);
    expect(rows('application_steps').length).toBeGreaterThanOrEqual(5);
    expect(rows('consents').length).toBeGreaterThanOrEqual(1);
    expect(rows('feedback')).toEqual([
      expect.objectContaining({ body: 'The repayment page was clear, thank you' }),
    ]);
    expect(rows('sessions').length).toBeGreaterThanOrEqual(1);
    expect(data.withheldTables.ledger_entries).toBeTruthy();

    const text = res.body;
    // the ID number only masked; secrets and sealed values never
    expect(text).not.toContain('7654321');
    expect(JSON.stringify(rows('application_steps'))).toContain('idNumberMasked');
    for (const table of data.tables)
      for (const row of table.rows)
        for (const column of Object.keys(row)) expect(WITHHELD_COLUMNS.has(column), column).toBe(false);
    const [session] = await db().select().from(sessions).where(eq(sessions.customerId, app.customerId));
    expect(text).not.toContain(session!.tokenHash);
    // nothing of another borrower
    expect(text).not.toContain(other.phone);
    expect(text).not.toContain(other.orderId);
  });

  it('BE-12 a borrower with a loan finds it, its transactions in centavos as strings', async () => {
    const b = await borrowerWithLoan();
    const data = (await t.app.inject({ method: 'GET', url: '/api/me/data', headers: b.h })).json() as {
      tables: { name: string; rows: Record<string, unknown>[] }[];
    };
    const rows = (name: string) => data.tables.find((x) => x.name === name)?.rows ?? [];
    expect(rows('orders')).toEqual([expect.objectContaining({ id: b.orderId, principal: '200000' })]);
    expect(rows('loan_transactions')).toEqual([
      expect.objectContaining({ type: 'disbursement', principal: '200000' }),
    ]);
  });

  it('BE-12 the readable copy in three languages, as HTML and PDF; unauthenticated 401; bad format 400', async () => {
    const b = await borrowerWithLoan();
    const titles = {
      'en-US': 'Your data at PisoNow',
      fil: 'Ang iyong data sa PisoNow',
      'zh-CN': '您在 PisoNow 的数据',
    };
    for (const [locale, title] of Object.entries(titles)) {
      const html = await t.app.inject({
        method: 'GET',
        url: '/api/me/data?format=html',
        headers: { ...b.h, 'accept-language': locale },
      });
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain(`<h1>${title}</h1>`);
      expect(html.body).toContain(b.phone);
      const pdf = await t.app.inject({
        method: 'GET',
        url: '/api/me/data?format=pdf',
        headers: { ...b.h, 'accept-language': locale },
      });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(title);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/data' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/me/data?format=xml', headers: b.h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('BE-12 retention plan (pure)', () => {
  it('BE-12 never paid out: everything is erased; open loan: kept with no end date yet', () => {
    expect(
      retentionPlan({ everDisbursed: false, openLoan: false, lastClosedOn: null }).every(
        (d) => d.action === 'erase',
      ),
    ).toBe(true);
    const open = retentionPlan({ everDisbursed: true, openLoan: true, lastClosedOn: null });
    expect(open.find((d) => d.category === 'identity')).toEqual({
      category: 'identity',
      action: 'keep',
      basis: 'open_loan',
      keepUntil: null,
    });
    expect(open.find((d) => d.category === 'engagement')?.action).toBe('erase');
  });

  it('BE-12 closed loans: identity and loan records 5 years after the last closure (AML); the rest erased', () => {
    const plan = retentionPlan({ everDisbursed: true, openLoan: false, lastClosedOn: '2027-01-31' });
    expect(plan.find((d) => d.category === 'loans')).toEqual({
      category: 'loans',
      action: 'keep',
      basis: 'aml_5_years',
      keepUntil: addDays('2027-01-31', AML_RETENTION_DAYS),
    });
    expect(addDays('2027-01-31', AML_RETENTION_DAYS)).toBe('2032-01-31'); // 2028 is a leap year
    expect(plan.find((d) => d.category === 'contact_details')?.action).toBe('erase');
    expect(plan.find((d) => d.category === 'device_and_sessions')?.action).toBe('erase');
  });
});

describe('BE-12 deletion request and the console case', () => {
  it('BE-12 asking twice, or 20 times at once, opens one case; the plan says what is kept and why', async () => {
    const b = await borrowerWithLoan();
    const preview = await api.json('GET', '/api/me/data-deletion', undefined, b.h);
    expect(preview.body.request).toBeNull();
    expect(preview.body.plan).toContainEqual({
      category: 'loans',
      action: 'keep',
      basis: 'open_loan',
      keepUntil: null,
    });
    const refused = await api.json('POST', '/api/me/data-deletion', { confirm: false }, b.h);
    expect(refused.status).toBe(400);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.json('POST', '/api/me/data-deletion', { confirm: true }, b.h)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.request.id)).size).toBe(1);
    const [{ n }] = (await db()
      .select({ n: count() })
      .from(dataRequests)
      .where(eq(dataRequests.customerId, b.customerId))) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });

  it('BE-12 support sees the case; only an admin completes it: sessions end, messages go, loan records stay; once', async () => {
    const b = await borrowerWithLoan();
    const asked = await api.json('POST', '/api/me/data-deletion', { confirm: true }, b.h);
    const requestId = asked.body.request.id as string;
    await recordMessage(db(), {
      customerId: b.customerId,
      event: 'loan_disbursed',
      orderId: b.orderId,
      dedupeKey: `test-disbursed:${b.orderId}`,
      at: t.clock.now(),
    });
    const before = await db().select().from(messages).where(eq(messages.customerId, b.customerId));
    expect(before.length).toBeGreaterThanOrEqual(1);

    const support = await signInOperator(t, ops.support!);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/console/data-requests',
      headers: support.get,
    });
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { items: { id: string; respondBy: string; phone: string }[] }).items.find(
      (i) => i.id === requestId,
    );
    expect(item).toMatchObject({ phone: b.phone });
    expect(Date.parse(item!.respondBy) - Date.parse(asked.body.request.requestedAt)).toBe(30 * 86_400_000);
    const notYours = await t.app.inject({
      method: 'POST',
      url: `/api/console/data-requests/${requestId}/complete`,
      headers: { ...support.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'support tries' }),
    });
    expect(notYours.statusCode).toBe(403);

    // what the borrower registered from (device data, as their sessions' addresses are)
    await db()
      .update(customers)
      .set({ registrationIp: '203.0.113.7', registrationUserAgent: 'Mozilla/5.0 (iPhone)' })
      .where(eq(customers.id, b.customerId));
    const admin = await signInOperator(t, ops.admin!);
    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/console/data-requests/${requestId}/complete`,
        headers: { ...admin.write, 'content-type': 'application/json' },
        payload: JSON.stringify({ note: 'Erased sessions and messages; loan records kept (open loan)' }),
      });
    const audits = async () =>
      Number(
        (
          await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'data_request.complete'))
        )[0]!.n,
      );
    const auditsBefore = await audits();
    const [first, second] = await Promise.all([complete(), complete()]);
    expect(first!.statusCode).toBe(200);
    expect(second!.statusCode).toBe(200);
    expect(first!.json()).toMatchObject({
      status: 'completed',
      erased: ['device_and_sessions', 'engagement'],
    });
    expect(await audits()).toBe(auditsBefore + 2);
    // the borrower's sessions ended; their messages are gone; the loan is still there
    expect((await api.json('GET', '/api/home', undefined, b.h)).status).toBe(401);
    expect(await db().select().from(messages).where(eq(messages.customerId, b.customerId))).toHaveLength(0);
    expect(await db().select().from(orders).where(eq(orders.id, b.orderId))).toHaveLength(1);
    const [customer] = await db().select().from(customers).where(eq(customers.id, b.customerId));
    expect(customer).toMatchObject({ registrationIp: null, registrationUserAgent: null });
    // a completed request is not open any more: the borrower can ask again later
    const { token } = await api.signIn(b.phone);
    const view = await api.json('GET', '/api/me/data-deletion', undefined, api.authed(token));
    expect(view.body.request).toMatchObject({ id: requestId, status: 'completed' });
  });
});
