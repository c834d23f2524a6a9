import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t?.close());

describe('issue 7 ST-02 repayment records', () => {
  it('ST-02 the list shows the last 3 months: a record a second older is left out, one a second inside is listed', async () => {
    t.clock.set('2027-01-01T02:00:00Z');
    const phone = '9194000001';
    const { orderId } = await seedDisbursedLoan(t.database.db, { disbursedAt: t.clock.now(), phone });
    let h = api.authed((await api.signIn(phone)).token);
    /** opens a repayment attempt (a record "in progress") at the clock's instant */
    const attemptAt = async (instant: string, providerCode: string) => {
      t.clock.set(instant);
      const total = (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body.balance.total;
      const res = await api.json(
        'POST',
        `/api/orders/${orderId}/repayments`,
        { purpose: 'full', channel: 'ewallet', providerCode, expectedAmount: total },
        { ...h, 'idempotency-key': `k-${randomUUID()}` },
      );
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    // two attempts two seconds apart on 3 January (10:00 in Manila), through two wallets so the
    // second is not the first reused
    const older = await attemptAt('2027-01-03T01:59:59Z', 'GCASH');
    const inside = await attemptAt('2027-01-03T02:00:01Z', 'MAYA');

    // three months later to the second: 3 January is the first day of the window, from 10:00
    t.clock.set('2027-04-03T02:00:00Z');
    // (the session of January has expired by then)
    h = api.authed((await api.signIn(phone)).token);
    const list = await api.json('GET', '/api/repayments', undefined, h);
    expect(list.status).toBe(200);
    expect(list.body.repayments.map((r: { id: string }) => r.id)).toEqual([inside]);
    expect(list.body.repayments[0]).toMatchObject({ orderId, record: 'in_progress' });
    // left out of the list, not lost: the older record (and its receipt, once paid) still opens
    expect((await api.json('GET', `/api/repayments/${older}`, undefined, h)).body.id).toBe(older);
  });
});
