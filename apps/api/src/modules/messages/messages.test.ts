import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { messages } from '../../db/schema/index.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { servicingContext } from '../servicing/routes.ts';
import { runServicingHour } from '../servicing/run-servicing-day.ts';
import { recordMessage } from './record-message.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9195${String(++phoneSeq).padStart(6, '0')}`;
const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-03-01T02:00:00Z'); // 10:00 in Manila
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const list = async (h: Record<string, string>, query = '') =>
  (await api.json('GET', `/api/messages${query}`, undefined, h)).body as {
    messages: { id: string; event: string; kind: string; title: string; body: string; read: boolean }[];
    next: string | null;
  };
const unread = async (h: Record<string, string>) =>
  (await api.json('GET', '/api/messages/unread-count', undefined, h)).body as {
    total: number;
    activity: number;
    notify: number;
  };
const eventsOf = async (customerId: string) =>
  (await db().select().from(messages).where(eq(messages.customerId, customerId))).map((m) => m.event).sort();

describe('message centre (EN-08)', () => {
  it('EN-08 each event of the loan writes exactly one message, read in the borrower language: approved, disbursed, repaid', async () => {
    const phone = nextPhone();
    const b = await submitCompleteApplication(db(), api, phone);
    await decidePendingApplications(lendingContext(t.app));
    await decidePendingApplications(lendingContext(t.app)); // a re-run job tells nothing twice
    t.clock.advance(60_000);
    expect(await eventsOf(b.customerId)).toEqual(['application_approved']);

    const placed = await api.json(
      'POST',
      '/api/orders',
      await withdrawalBody(api, b.h, { signature: SIGNATURE }),
      {
        ...b.h,
        'idempotency-key': `order-${phone}`,
      },
    );
    await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
    await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
    t.clock.advance(60_000);
    expect(await eventsOf(b.customerId)).toEqual(['application_approved', 'loan_disbursed']);

    const bill = (await api.json('GET', `/api/orders/${placed.body.id}`, undefined, b.h)).body;
    const started = await api.json(
      'POST',
      `/api/orders/${placed.body.id}/repayments`,
      { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: bill.balance.total },
      { ...b.h, 'idempotency-key': `repay-${phone}` },
    );
    await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, { outcome: 'pay' });
    expect(await eventsOf(b.customerId)).toEqual(['application_approved', 'loan_disbursed', 'loan_repaid']);

    const en = await list(b.h);
    expect(en.messages.map((m) => m.event)).toEqual([
      'loan_repaid',
      'loan_disbursed',
      'application_approved',
    ]);
    expect(en.messages[2]).toMatchObject({
      kind: 'notify',
      title: 'Your application is approved',
      read: false,
    });
    expect(en.messages[2]!.body).toContain('₱4,000.00');
    expect(en.messages[1]!.body).toContain('₱1,964.42');
    const fil = await list({ ...b.h, 'accept-language': 'fil' });
    expect(fil.messages[2]!.title).toBe('Aprubado ang iyong aplikasyon');
    const zh = await list({ ...b.h, 'accept-language': 'zh-CN' });
    expect(zh.messages[0]!.title).toBe('贷款已结清');
  });

  it('EN-08 a rejection says when to try again, in the borrower language', async () => {
    const b = await submitCompleteApplication(db(), api, nextPhone(), { email: 'reject.me@example.com' });
    await decidePendingApplications(lendingContext(t.app));
    const [m] = (await list({ ...b.h, 'accept-language': 'en-US' })).messages;
    expect(m).toMatchObject({ event: 'application_rejected', title: 'Your application was not approved' });
    expect(m!.body).toMatch(/apply again on Mar 31, 2027\./);
  });

  it('EN-08 BE-06 the servicing reminders are messages too, once per loan, kind and day', async () => {
    const phone = nextPhone();
    const { customerId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
    const { token } = await api.signIn(phone);
    const h = api.authed(token);
    t.clock.advance(13 * 86_400_000); // the day before the due date, 10:00 Manila
    await runServicingHour(servicingContext(t.app));
    await runServicingHour(servicingContext(t.app));
    expect(await eventsOf(customerId)).toEqual(['due_soon', 'loan_disbursed']);
    const [m] = (await list(h)).messages;
    expect(m).toMatchObject({ title: 'Your payment is due tomorrow' });
    expect(m!.body).toMatch(/^₱2,\d{3}\.\d{2} is due on Mar 15, 2027\./);
    t.clock.set('2027-03-01T02:00:00Z');
  });

  it('EN-08 the unread count, read one, clear all (per tab), paging, and nothing of another borrower', async () => {
    const phone = nextPhone();
    const { token, customerId } = await api.signIn(phone);
    const h = api.authed(token);
    for (let i = 0; i < 5; i++)
      await recordMessage(db(), {
        customerId,
        event: i % 2 ? 'coupon_granted' : 'due_today',
        params: { amount: '5000', date: '2027-03-31' },
        dedupeKey: `test:${phone}:${i}`,
        at: new Date(t.clock.now().getTime() + i * 1000),
      });
    // the same event again is not a second message
    expect(
      await recordMessage(db(), {
        customerId,
        event: 'due_today',
        params: { amount: '5000' },
        dedupeKey: `test:${phone}:0`,
        at: t.clock.now(),
      }),
    ).toBe(false);
    expect(await unread(h)).toEqual({ total: 5, activity: 2, notify: 3 });

    const page1 = await list(h, '?limit=2');
    expect(page1.messages).toHaveLength(2);
    const page2 = await list(h, `?limit=2&before=${encodeURIComponent(page1.next!)}`);
    const page3 = await list(h, `?limit=2&before=${encodeURIComponent(page2.next!)}`);
    expect([...page1.messages, ...page2.messages, ...page3.messages].map((m) => m.id)).toHaveLength(5);
    expect(new Set([...page1.messages, ...page2.messages, ...page3.messages].map((m) => m.id)).size).toBe(5);
    expect(page3.next).toBeNull();
    expect((await list(h, '?kind=activity')).messages.every((m) => m.kind === 'activity')).toBe(true);

    const read = await api.json('POST', `/api/messages/${page1.messages[0]!.id}/read`, undefined, h);
    expect(read).toMatchObject({ status: 200, body: { read: true } });
    expect((await unread(h)).total).toBe(4);
    expect((await api.json('POST', '/api/messages/read-all', { kind: 'activity' }, h)).body).toMatchObject({
      activity: 0,
    });
    expect((await api.json('POST', '/api/messages/read-all', {}, h)).body).toEqual({
      total: 0,
      activity: 0,
      notify: 0,
    });

    // another borrower: not found, not counted, not cleared
    const other = api.authed((await api.signIn(nextPhone())).token);
    const mine = page1.messages[1]!.id;
    expect((await api.json('GET', `/api/messages/${mine}`, undefined, other)).status).toBe(404);
    expect((await api.json('POST', `/api/messages/${mine}/read`, undefined, other)).status).toBe(404);
    expect(await list(other)).toEqual({ messages: [], next: null });
    expect((await api.json('GET', '/api/messages?before=garbage', undefined, h)).status).toBe(400);
    expect((await api.json('GET', '/api/messages/unread-count', undefined, {})).status).toBe(401);
  });

  it('EN-08 a paging cursor is exactly what the server hands out: any other date is a 400, never a 500', async () => {
    const phone = nextPhone();
    const { token, customerId } = await api.signIn(phone);
    const h = api.authed(token);
    for (let i = 0; i < 2; i++)
      await recordMessage(db(), {
        customerId,
        event: 'due_today',
        params: { amount: '5000', date: '2027-03-31' },
        dedupeKey: `cursor:${phone}:${i}`,
        at: new Date(t.clock.now().getTime() + i * 1000),
      });
    const first = await list(h, '?limit=1');
    const id = 'abcdef01-2345-4678-89ab-cdef01234567';
    // the cursor it hands out pages on
    expect((await list(h, `?limit=1&before=${encodeURIComponent(first.next!)}`)).messages).toHaveLength(1);
    for (const at of [
      '0000-01-01T00:00:00.000Z', // year 0 parses in JavaScript; PostgreSQL has no year 0 (was a 500)
      '1969-12-31T23:59:59.999Z', // before any message could exist
      '+275760-09-13T00:00:00.000Z', // expanded years
      '2027-02-30T00:00:00.000Z', // JavaScript rolls it over to 2 March
      '2027-03-01T02:00:00Z', // not the form the server writes
      '2027-03-01',
      '2027-03-01T10:00:00.000+08:00',
      ' 2027-03-01T02:00:00.000Z',
    ]) {
      const res = await api.json(
        'GET',
        `/api/messages?before=${encodeURIComponent(`${at}|${id}`)}`,
        undefined,
        h,
      );
      expect(res.status, at).toBe(400);
      expect(res.body.code, at).toBe('VALIDATION_FAILED');
    }
    const at = '2027-03-01T02:00:00.000Z';
    for (const bad of [`${at}|${id.toUpperCase()}`, `${at}|${'-'.repeat(36)}`, `${at}|${id}|x`, `${at}|`]) {
      const res = await api.json('GET', `/api/messages?before=${encodeURIComponent(bad)}`, undefined, h);
      expect(res.status, bad).toBe(400);
    }
  });
});
