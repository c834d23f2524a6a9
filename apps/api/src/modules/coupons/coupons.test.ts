import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { coupons, ledgerEntries, loanTransactions, orders, repayments } from '../../db/schema/index.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { decideApplication } from '../lending/decide-application.ts';
import { seedDefaultProduct } from '../lending/product-config.ts';
import { couponsContext } from './coupons-context.ts';
import { grantCoupon } from './grant-coupon.ts';
import { expireCoupons } from './expire-coupons.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9197${String(++phoneSeq).padStart(6, '0')}`;
const SIGNATURE = `data:image/png;base64,${Buffer.from('png-bytes-of-a-drawn-signature').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-03-01T02:00:00Z');
  api = client(t.app);
  await seedDefaultProduct(lendingContext(t.app));
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const ctx = () => couponsContext(t.app);

async function borrowerWithLoan() {
  const phone = nextPhone();
  const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
  const { token } = await api.signIn(phone);
  return { orderId, customerId, h: api.authed(token) };
}
const bill = async (h: Record<string, string>, orderId: string) =>
  (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body;
const repay = (h: Record<string, string>, orderId: string, body: Record<string, unknown>) =>
  api.json(
    'POST',
    `/api/orders/${orderId}/repayments`,
    { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', ...body },
    { ...h, 'idempotency-key': `k-${randomUUID()}` },
  );
const launch = (h: Record<string, string>) =>
  api.json('POST', '/api/coupons/standalone-launch', { via: 'display-mode' }, h);
const listOf = async (h: Record<string, string>, status: 'usable' | 'spent') =>
  (await api.json('GET', `/api/coupons?status=${status}`, undefined, h)).body.coupons as {
    id: string;
    state: string;
    type: string;
    rule: string;
    amount: string;
    usedAt: string | null;
  }[];
async function ledgerBalanced() {
  const rows = await db().execute<{ bad: string }>(
    sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
  );
  return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
}
const accountOf = async (orderId: string, account: string) =>
  (
    await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, account as never)))
  ).reduce((s, e) => s + e.amount, 0n);

describe('coupons (EN-07, SH-15, ER-01)', () => {
  it('SH-15 the standalone launch grants the ₱200 full-repayment coupon once, under 20 concurrent reports', async () => {
    const b = await borrowerWithLoan();
    const results = await Promise.all(Array.from({ length: 20 }, () => launch(b.h)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.granted)).toHaveLength(1);
    const rows = await db().select().from(coupons).where(eq(coupons.customerId, b.customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rule: 'installation',
      type: 'repayment',
      amount: 20_000n,
      fullRepaymentOnly: true,
    });
    expect((await launch(b.h)).body.granted).toBe(false);
    const usable = await listOf(b.h, 'usable');
    expect(usable).toMatchObject([
      { rule: 'installation', type: 'repayment', amount: '20000', state: 'usable' },
    ]);
  });

  it("EN-07 the list says the server's time it was read at (the app judges windows by it, not by the phone's clock)", async () => {
    const b = await borrowerWithLoan();
    await launch(b.h);
    const body = (await api.json('GET', '/api/coupons?status=usable', undefined, b.h)).body;
    // the test clock is a year off the machine's: the answer must carry the server's time
    expect(body.asOf).toBe(t.clock.now().toISOString());
    expect(body.coupons[0].validFrom <= body.asOf).toBe(true);
  });

  it('EN-07 SH-15 a full repayment with the installation coupon: asks for the amount due minus ₱200, settles the loan, coupon transaction in the history, ledger balanced', async () => {
    const b = await borrowerWithLoan();
    const coupon = (await launch(b.h)).body.coupon;
    const due = BigInt((await bill(b.h, b.orderId)).balance.total);
    // VAL-15: the amount shown must be net of the coupon
    expect(
      (await repay(b.h, b.orderId, { couponId: coupon.id, expectedAmount: String(due) })).body.code,
    ).toBe('ORDER_STATE_CONFLICT');
    const started = await repay(b.h, b.orderId, {
      couponId: coupon.id,
      expectedAmount: String(due - 20_000n),
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ amount: String(due - 20_000n), couponAmount: '20000' });
    // a double tap reuses the attempt
    const again = await repay(b.h, b.orderId, { couponId: coupon.id, expectedAmount: String(due - 20_000n) });
    expect(again.body.id).toBe(started.body.id);
    const paid = await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, {
      outcome: 'pay',
    });
    expect(paid.status).toBe(200);
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled', balance: { total: '0' } });
    const history = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, b.orderId));
    const couponTx = history.filter((h) => h.type === 'coupon');
    expect(couponTx).toHaveLength(1);
    const sum = history.reduce(
      (s, h) => s + h.principal + h.interest + h.fees + h.lateCharge + h.penalty,
      0n,
    );
    expect(sum).toBe(0n);
    expect(await accountOf(b.orderId, 'coupon_expense')).toBe(20_000n);
    expect(await ledgerBalanced()).toBe(true);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ state: 'used', usedOnOrderId: b.orderId, deducted: 20_000n });
    expect(await listOf(b.h, 'usable')).toEqual([]);
    expect((await listOf(b.h, 'spent'))[0]).toMatchObject({
      id: coupon.id,
      state: 'used',
      usedAt: expect.any(String),
    });
  });

  it('EN-07 a coupon is used once under 50 concurrent repayment attempts (the coupon reserved by one attempt only)', async () => {
    const b = await borrowerWithLoan();
    const coupon = (await launch(b.h)).body.coupon;
    const due = BigInt((await bill(b.h, b.orderId)).balance.total);
    const channels = [
      { channel: 'ewallet', providerCode: 'GCASH' },
      { channel: 'ewallet', providerCode: 'MAYA' },
      { channel: 'bank_transfer', providerCode: 'BANK_TRANSFER' },
      { channel: 'otc', providerCode: '7ELEVEN' },
    ];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        repay(b.h, b.orderId, {
          ...channels[i % 4],
          couponId: coupon.id,
          expectedAmount: String(due - 20_000n),
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.body.code === 'COUPON_UNAVAILABLE')).toBe(
      true,
    );
    const holding = await db()
      .select()
      .from(repayments)
      .where(and(eq(repayments.orderId, b.orderId), eq(repayments.couponId, coupon.id)));
    expect(holding).toHaveLength(1);
    // five concurrent deliveries of the payment apply the coupon once
    await Promise.all(
      Array.from({ length: 5 }, () =>
        api.json('POST', `/api/sandbox/repayments/${ok[0]!.body.id}/simulate`, { outcome: 'pay' }),
      ),
    );
    const couponTx = await db()
      .select()
      .from(loanTransactions)
      .where(and(eq(loanTransactions.orderId, b.orderId), eq(loanTransactions.type, 'coupon')));
    expect(couponTx).toHaveLength(1);
    expect(await accountOf(b.orderId, 'coupon_expense')).toBe(20_000n);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('EN-07 ER-01 type rules: the installation coupon refuses an extension; a withdrawal coupon refuses a repayment; "Unavailable coupon" in the user\'s language, nothing written', async () => {
    const b = await borrowerWithLoan();
    const installation = (await launch(b.h)).body.coupon;
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const ext = await repay(b.h, b.orderId, {
      purpose: 'extension',
      couponId: installation.id,
      expectedAmount: quote.amount,
    });
    expect(ext.status).toBe(422);
    expect(ext.body.code).toBe('COUPON_UNAVAILABLE');
    const withdrawal = await grantCoupon(ctx(), {
      customerId: b.customerId,
      type: 'withdrawal',
      amount: 1_000n,
      validDays: 7,
      requestKey: randomUUID(),
    });
    const due = BigInt((await bill(b.h, b.orderId)).balance.total);
    const refused = await api.json(
      'POST',
      `/api/orders/${b.orderId}/repayments`,
      {
        purpose: 'full',
        channel: 'ewallet',
        providerCode: 'GCASH',
        couponId: withdrawal.id,
        expectedAmount: String(due - 1_000n),
      },
      { ...b.h, 'idempotency-key': randomUUID(), 'accept-language': 'fil' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'COUPON_UNAVAILABLE',
      message: expect.stringContaining('Hindi magagamit'),
    });
    expect(await db().select().from(repayments).where(eq(repayments.orderId, b.orderId))).toHaveLength(0);
  });

  it('EN-07 a coupon whose attempt expired unpaid is free again (reserved, then released)', async () => {
    const b = await borrowerWithLoan();
    const coupon = (await launch(b.h)).body.coupon;
    const due = BigInt((await bill(b.h, b.orderId)).balance.total);
    const first = await repay(b.h, b.orderId, { couponId: coupon.id, expectedAmount: String(due - 20_000n) });
    expect(
      (
        await repay(b.h, b.orderId, {
          channel: 'otc',
          providerCode: '7ELEVEN',
          couponId: coupon.id,
          expectedAmount: String(due - 20_000n),
        })
      ).body.code,
    ).toBe('COUPON_UNAVAILABLE');
    await api.json('POST', `/api/sandbox/repayments/${first.body.id}/simulate`, { outcome: 'expire' });
    const second = await repay(b.h, b.orderId, {
      channel: 'otc',
      providerCode: '7ELEVEN',
      couponId: coupon.id,
      expectedAmount: String(due - 20_000n),
    });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('EN-07 expiry by the test clock: a coupon past its window is expired by the day run, twice is harmless', async () => {
    const b = await borrowerWithLoan();
    const c = await grantCoupon(ctx(), {
      customerId: b.customerId,
      type: 'repayment',
      amount: 5_000n,
      validDays: 2,
      requestKey: randomUUID(),
    });
    expect((await listOf(b.h, 'usable')).map((x) => x.id)).toContain(c.id);
    const moved = await api.json('POST', '/api/sandbox/clock', { advanceDays: 3 });
    expect(moved.status).toBe(200);
    expect((await listOf(b.h, 'usable')).map((x) => x.id)).not.toContain(c.id);
    expect((await listOf(b.h, 'spent')).find((x) => x.id === c.id)?.state).toBe('expired');
    const [row] = await db().select().from(coupons).where(eq(coupons.id, c.id));
    expect(row?.state).toBe('expired');
    expect(await expireCoupons(ctx())).toBe(0);
    const due = BigInt((await bill(b.h, b.orderId)).balance.total);
    expect(
      (await repay(b.h, b.orderId, { couponId: c.id, expectedAmount: String(due - 5_000n) })).body.code,
    ).toBe('COUPON_UNAVAILABLE');
  });

  it("EN-07 another borrower's coupon is neither visible nor usable", async () => {
    const a = await borrowerWithLoan();
    const b = await borrowerWithLoan();
    const mine = (await launch(a.h)).body.coupon;
    expect((await listOf(b.h, 'usable')).map((x) => x.id)).not.toContain(mine.id);
    expect((await listOf(b.h, 'spent')).map((x) => x.id)).not.toContain(mine.id);
    const due = BigInt((await bill(b.h, b.orderId)).balance.total);
    const r = await repay(b.h, b.orderId, { couponId: mine.id, expectedAmount: String(due - 20_000n) });
    expect(r.body.code).toBe('COUPON_UNAVAILABLE');
    const [row] = await db().select().from(coupons).where(eq(coupons.id, mine.id));
    expect(row).toMatchObject({ state: 'usable', reservedBy: null });
  });

  it('EN-07 a withdrawal coupon reduces the service fee of the order, is spent with it, and posts coupon_expense', async () => {
    const phone = nextPhone();
    const b = await submitCompleteApplication(db(), api, phone, { account: '09171234567' });
    expect(
      (await decideApplication(lendingContext(t.app), { applicationId: b.applicationId }))?.outcome,
    ).toBe('approve');
    const h = b.h;
    const c = await grantCoupon(ctx(), {
      customerId: b.customerId,
      type: 'withdrawal',
      amount: 2_000n,
      validDays: 7,
      requestKey: randomUUID(),
    });
    const preview = await api.json(
      'GET',
      `/api/loans/documents?amount=200000&termDays=14&couponId=${c.id}`,
      undefined,
      h,
    );
    expect(preview.status).toBe(200);
    const body = {
      amount: '200000',
      termDays: 14,
      agreeLoanAgreement: true,
      agreeSanctionLetter: true,
      signature: SIGNATURE,
      productVersion: preview.body.productVersion,
      documentsSha256: preview.body.documentsSha256,
      couponId: c.id,
    };
    const placed = await api.json('POST', '/api/orders', body, { ...h, 'idempotency-key': randomUUID() });
    expect(placed.status).toBe(201);
    const orderId = placed.body.orderId ?? placed.body.id;
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ coupon: 2_000n, serviceFee: 1_000n });
    const [row] = await db().select().from(coupons).where(eq(coupons.id, c.id));
    expect(row).toMatchObject({ state: 'used', usedOnOrderId: orderId, deducted: 2_000n });
    await disburseOrder(ordersContext(t.app), { orderId });
    expect(await accountOf(orderId, 'coupon_expense')).toBe(2_000n);
    expect(await ledgerBalanced()).toBe(true);
    // spent: a second order cannot use it
    expect(
      (await api.json('GET', `/api/loans/documents?amount=200000&termDays=14&couponId=${c.id}`, undefined, h))
        .body.code,
    ).toBe('COUPON_UNAVAILABLE');
  });
});
