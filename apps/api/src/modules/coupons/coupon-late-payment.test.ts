import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { coupons, repayments } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-03-01T02:00:00Z');
  api = client(t.app);
});
afterAll(async () => t?.close());
const db = () => t.database.db;

describe('EN-07 BE-10 a coupon attempt paid before midnight and reported after', () => {
  it('EN-07 BE-10 VAL-15 settles the loan with its coupon although a later attempt re-reserved the coupon meanwhile', async () => {
    const phone = '9198700001';
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
    const h = api.authed((await api.signIn(phone)).token);
    const bill = async () => (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body;
    const repay = (body: Record<string, unknown>) =>
      api.json(
        'POST',
        `/api/orders/${orderId}/repayments`,
        { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', ...body },
        { ...h, 'idempotency-key': `k-${randomUUID()}` },
      );
    const coupon = (await api.json('POST', '/api/coupons/standalone-launch', { via: 'display-mode' }, h)).body
      .coupon as { id: string };
    t.clock.set('2027-03-01T15:30:00Z'); // 23:30 Manila
    const due = BigInt((await bill()).balance.total);
    const first = await repay({
      channel: 'otc',
      providerCode: '7ELEVEN',
      couponId: coupon.id,
      expectedAmount: String(due - 20_000n),
    });
    expect(first.status).toBe(201);
    // midnight passes: the attempt expires, and the borrower, seeing no confirmation yet, opens
    // another attempt with the same coupon
    await api.json('POST', '/api/sandbox/clock', { to: '2027-03-01T16:20:00Z' });
    const dueNow = BigInt((await bill()).balance.total);
    const second = await repay({ couponId: coupon.id, expectedAmount: String(dueNow - 20_000n) });
    expect(second.status).toBe(201);
    // the 7-Eleven payment made at 23:40 Manila, before the first attempt expired, is reported now
    const hook = await api.json('POST', `/api/sandbox/repayments/${first.body.id}/simulate`, {
      outcome: 'pay_late',
      paidAt: '2027-03-01T15:40:00Z',
    });
    expect(hook.body).toMatchObject({ result: 'applied' });
    const [paid] = await db().select().from(repayments).where(eq(repayments.id, first.body.id));
    expect(paid).toMatchObject({ state: 'paid', heldReason: null });
    expect((await bill()).status).toBe('settled');
    const [spent] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(spent).toMatchObject({ state: 'used', usedOnRepaymentId: first.body.id });
  });
});
