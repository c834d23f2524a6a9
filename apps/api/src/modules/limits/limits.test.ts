import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { limitFacts } from './limit-standing.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9198${String(++phoneSeq).padStart(6, '0')}`;
const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-04-01T02:00:00Z');
  api = client(t.app);
});
afterAll(async () => t?.close());

const offerOf = async (h: Record<string, string>) =>
  (await api.json('GET', '/api/loans/offer', undefined, h)).body;

async function approvedWithLoan(amount = '200000') {
  const phone = nextPhone();
  const b = await submitCompleteApplication(t.database.db, api, phone);
  await decidePendingApplications(lendingContext(t.app));
  const placed = await api.json(
    'POST',
    '/api/orders',
    await withdrawalBody(api, b.h, { amount, signature: SIGNATURE }),
    {
      ...b.h,
      'idempotency-key': `order-${phone}`,
    },
  );
  expect(placed.status).toBe(201);
  await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
  return { ...b, orderId: placed.body.id as string };
}

async function settle(h: Record<string, string>, orderId: string) {
  const bill = (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body;
  const started = await api.json(
    'POST',
    `/api/orders/${orderId}/repayments`,
    { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: bill.balance.total },
    { ...h, 'idempotency-key': `repay-${orderId}` },
  );
  expect(started.status).toBe(201);
  await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, { outcome: 'pay' });
  expect((await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body.status).toBe('settled');
}

describe('limit growth (SH-15, BE-04)', () => {
  it('BE-04 an on-time repayment raises the next limit by the ladder; the borrower sees the ladder and their rung', async () => {
    const b = await approvedWithLoan();
    const before = await offerOf(b.h);
    expect(before.limitLadder).toMatchObject({ rung: 0 });
    await settle(b.h, b.orderId);
    const after = await offerOf(b.h);
    expect(await limitFacts(t.database.db, b.customerId)).toMatchObject({ onTimeLoans: 1 });
    expect(after.limitLadder.rung).toBe(1);
    expect(BigInt(after.creditLimit)).toBeGreaterThanOrEqual(BigInt(before.creditLimit));
    expect(BigInt(after.creditLimit)).toBe(
      BigInt(before.creditLimit) > 700_000n ? BigInt(before.creditLimit) : 700_000n,
    );
    // the offers follow the limit, never past the product's largest amount (checked under the caps)
    const largest = after.quotes.reduce(
      (m: bigint, q: { principal: string }) => (BigInt(q.principal) > m ? BigInt(q.principal) : m),
      0n,
    );
    expect(largest).toBe(BigInt(after.creditLimit));
  });

  it('BE-04 a late repayment does not raise the limit', async () => {
    const b = await approvedWithLoan();
    const before = await offerOf(b.h);
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 20 });
    await settle(b.h, b.orderId);
    expect(await limitFacts(t.database.db, b.customerId)).toMatchObject({ onTimeLoans: 0 });
    const after = await offerOf(b.h);
    expect(after.creditLimit).toBe(before.creditLimit);
    expect(after.limitLadder.rung).toBe(0);
  });

  it('SH-15 the home-screen launch is recorded for the limit rule, once', async () => {
    const b = await approvedWithLoan();
    expect((await limitFacts(t.database.db, b.customerId)).homeScreen).toBe(false);
    await Promise.all(
      [1, 2, 3].map(() => api.json('POST', '/api/coupons/standalone-launch', { via: 'query' }, b.h)),
    );
    expect((await limitFacts(t.database.db, b.customerId)).homeScreen).toBe(true);
    // the default product offers at most ₱10,000, its repeat-loan ceiling: the unlock cannot exceed it
    expect(BigInt((await offerOf(b.h)).creditLimit)).toBeLessThanOrEqual(1_000_000n);
  });
});
