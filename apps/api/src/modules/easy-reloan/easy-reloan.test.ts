import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EASY_RELOAN_AGREEMENT_VERSION } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import {
  applicationSteps,
  applications,
  coupons,
  customers,
  loanTransactions,
  easyReloanBookings,
  easyReloanEvents,
  easyReloanRewards,
  easyReloanSettings,
  orderDocuments,
  orders,
} from '../../db/schema/index.ts';
import { applyEasyReloan } from './easy-reloan-record.ts';
import { automaticReloanOrderId, bookDueAutomaticReloans } from './book-automatic-reloan.ts';
import { easyReloanContext } from './easy-reloan-context.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { placeOrder, previewOrderDocuments } from '../orders/place-order.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9197${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-02-01T02:00:00Z');
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

async function borrower() {
  const phone = nextPhone();
  const { token } = await api.signIn(phone);
  const [c] = await db().select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
  return { h: api.authed(token), customerId: c!.id, phone };
}

const view = async (h: Record<string, string>) =>
  (await api.json('GET', '/api/easy-reloan', undefined, h)).body;
const switchTo = (h: Record<string, string>, body: Record<string, unknown>) =>
  api.json('PUT', '/api/easy-reloan', body, h);
const on = { on: true, agreedVersion: EASY_RELOAN_AGREEMENT_VERSION };

describe('Easy Re-loan API (ST-08, ST-09, VAL-12)', () => {
  it('VAL-12 switching on without the agreement in force is refused and writes nothing', async () => {
    const b = await borrower();
    for (const body of [{ on: true }, { on: true, agreedVersion: '2020-01-01' }]) {
      const res = await switchTo(b.h, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'EASY_RELOAN_AGREEMENT_REQUIRED' });
    }
    const fil = await api.json('PUT', '/api/easy-reloan', { on: true }, { ...b.h, 'accept-language': 'fil' });
    expect(fil.body.message).toMatch(/Kasunduan sa Easy Re-loan/);
    expect(await view(b.h)).toMatchObject({ enabled: false, activationVoucher: 'none', rewards: [] });
    expect(
      await db().select().from(easyReloanRewards).where(eq(easyReloanRewards.customerId, b.customerId)),
    ).toEqual([]);
  });

  it('VAL-12 the agreement is served in the borrower language with the rules figures', async () => {
    const b = await borrower();
    for (const [locale, title] of [
      ['en-US', 'Easy Re-loan Agreement'],
      ['fil', 'Kasunduan sa Easy Re-loan'],
      ['zh-CN', '轻松续借协议'],
    ] as const) {
      const res = await api.json('GET', '/api/easy-reloan/agreement', undefined, {
        ...b.h,
        'accept-language': locale,
      });
      expect(res.status).toBe(200);
      expect(res.body.version).toBe(EASY_RELOAN_AGREEMENT_VERSION);
      expect(res.body.html).toContain(title);
      expect(res.body.html).toContain('₱200.00');
      expect(res.body.html).toContain('₱110.00');
    }
  });

  it('ST-08 the first switch-on grants the ₱200 voucher once, even under 20 simultaneous taps', async () => {
    const b = await borrower();
    const results = await Promise.all(Array.from({ length: 20 }, () => switchTo(b.h, on)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rewards = await db()
      .select()
      .from(easyReloanRewards)
      .where(eq(easyReloanRewards.customerId, b.customerId));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ kind: 'activation', amount: 20_000n });
    // EN-07: the voucher is a repayment coupon, linked from its reward row
    const granted = await db().select().from(coupons).where(eq(coupons.customerId, b.customerId));
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({
      id: rewards[0]!.couponId,
      rule: 'easy_reloan_activation',
      type: 'repayment',
      state: 'usable',
      amount: 20_000n,
    });
    expect(await view(b.h)).toMatchObject({
      enabled: true,
      agreedVersion: EASY_RELOAN_AGREEMENT_VERSION,
      activationVoucher: 'usable',
      canSwitchOff: true,
      nextReward: '5000',
      rewards: [{ kind: 'activation', amount: '20000', rung: 0, orderId: null }],
    });
  });

  it('ST-08 switching off before the first automatic disbursement forfeits the unused voucher; on again gives none', async () => {
    const b = await borrower();
    await switchTo(b.h, on);
    const off = await switchTo(b.h, { on: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, activationVoucher: 'forfeited' });
    expect((await switchTo(b.h, on)).body).toMatchObject({ enabled: true, activationVoucher: 'forfeited' });
    const rewards = await db()
      .select()
      .from(easyReloanRewards)
      .where(eq(easyReloanRewards.customerId, b.customerId));
    expect(rewards).toHaveLength(1);
    // EN-07: the forfeited voucher's coupon is invalid, shown on /couponInvalid
    const [voucher] = await db().select().from(coupons).where(eq(coupons.id, rewards[0]!.couponId!));
    expect(voucher).toMatchObject({ state: 'invalid', invalidReason: 'easy_reloan_forfeited' });
    const spent = (await api.json('GET', '/api/coupons?status=spent', undefined, b.h)).body.coupons;
    expect(spent).toEqual([expect.objectContaining({ id: voucher!.id, state: 'invalid' })]);
  });

  it('ST-08 EN-07 using the activation voucher on a repayment marks it used in the same transaction; closing is then blocked', async () => {
    const phone = nextPhone();
    const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
    const { token } = await api.signIn(phone);
    const h = api.authed(token);
    await switchTo(h, on);
    const [voucher] = await db().select().from(coupons).where(eq(coupons.customerId, customerId));
    const bill = (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body;
    const expected = String(BigInt(bill.balance.total) - 20_000n);
    const started = await api.json(
      'POST',
      `/api/orders/${orderId}/repayments`,
      {
        purpose: 'full',
        channel: 'ewallet',
        providerCode: 'GCASH',
        expectedAmount: expected,
        couponId: voucher!.id,
      },
      { ...h, 'idempotency-key': `repay-${orderId}` },
    );
    expect(started.status).toBe(201);
    // reserved, not yet used: the switch can still close (it would forfeit the voucher)
    expect(await view(h)).toMatchObject({ activationVoucher: 'usable' });
    await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, { outcome: 'pay' });
    expect((await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body.status).toBe('settled');
    expect(await view(h)).toMatchObject({ activationVoucher: 'used', canSwitchOff: false });
    const [used] = await db().select().from(coupons).where(eq(coupons.id, voucher!.id));
    expect(used).toMatchObject({ state: 'used', usedOnOrderId: orderId, deducted: 20_000n });
    const couponTx = await db()
      .select()
      .from(loanTransactions)
      .where(and(eq(loanTransactions.orderId, orderId), eq(loanTransactions.type, 'coupon')));
    expect(couponTx).toHaveLength(1);
    expect((await switchTo(h, { on: false })).body.code).toBe('EASY_RELOAN_CLOSE_BLOCKED');
    // this seeded borrower has no application to re-run: let the sweep record its miss now
    await bookDueAutomaticReloans(easyReloanContext(t.app));
  });

  it('ST-08 closing is blocked once the voucher was used, until an automatic re-loan is paid out; then the reward stays', async () => {
    const b = await borrower();
    await switchTo(b.h, on);
    await db().transaction((tx) =>
      applyEasyReloan(tx, {
        customerId: b.customerId,
        event: { type: 'activation_voucher_used' },
        now: t.clock.now(),
      }),
    );
    expect(await view(b.h)).toMatchObject({ activationVoucher: 'used', canSwitchOff: false });
    const blocked = await switchTo(b.h, { on: false });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: 'EASY_RELOAN_CLOSE_BLOCKED' });
    expect(await view(b.h)).toMatchObject({ enabled: true });

    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone: nextPhone() });
    await db().transaction((tx) =>
      applyEasyReloan(tx, {
        customerId: b.customerId,
        event: { type: 'auto_disbursed' },
        now: t.clock.now(),
        orderId,
      }),
    );
    const off = await switchTo(b.h, { on: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, activationVoucher: 'used', autoDisbursements: 1 });
  });

  it('ST-09 each automatic disbursement earns the next rung once, however often it is reported', async () => {
    const b = await borrower();
    await switchTo(b.h, on);
    const earned: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone: nextPhone() });
      for (let report = 0; report < 2; report++) {
        await db().transaction((tx) =>
          applyEasyReloan(tx, {
            customerId: b.customerId,
            event: { type: 'auto_disbursed' },
            now: t.clock.now(),
            orderId,
          }),
        );
      }
      earned.push(orderId);
    }
    const v = await view(b.h);
    expect(v.autoDisbursements).toBe(5);
    expect(
      v.rewards.filter((r: { kind: string }) => r.kind === 'reward').map((r: { amount: string }) => r.amount),
    ).toEqual(['5000', '7000', '9000', '11000', '11000']);
    expect(v.nextReward).toBe('11000');
    // a break: the ladder starts again at ₱50
    await db().transaction((tx) =>
      applyEasyReloan(tx, {
        customerId: b.customerId,
        event: { type: 'auto_reloan_missed' },
        now: t.clock.now(),
      }),
    );
    expect((await view(b.h)).nextReward).toBe('5000');
    const events = await db()
      .select()
      .from(easyReloanEvents)
      .where(eq(easyReloanEvents.customerId, b.customerId));
    expect(events.filter((e) => e.event === 'auto_disbursed')).toHaveLength(5);
  });

  it('ST-08 a borrower sees only their own Easy Re-loan', async () => {
    const a = await borrower();
    const other = await borrower();
    await switchTo(a.h, on);
    expect(await view(other.h)).toMatchObject({ enabled: false, rewards: [] });
    const rows = await db()
      .select()
      .from(easyReloanSettings)
      .where(eq(easyReloanSettings.customerId, other.customerId));
    expect(rows).toEqual([]);
    expect((await api.json('GET', '/api/easy-reloan', undefined, {})).status).toBe(401);
  });
});

describe('Easy Re-loan: the automatic re-loan (ST-08, ST-09, BE-06)', () => {
  /** An approved borrower with a signed, disbursed loan, Easy Re-loan switched on in `locale`. */
  async function approvedWithLoan(locale = 'en-US') {
    const phone = nextPhone();
    const b = await submitCompleteApplication(db(), api, phone);
    await decidePendingApplications(lendingContext(t.app));
    const h = { ...b.h, 'accept-language': locale };
    expect((await switchTo(h, on)).status).toBe(200);
    const signature = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
    const placed = await api.json('POST', '/api/orders', await withdrawalBody(api, b.h, { signature }), {
      ...b.h,
      'idempotency-key': `order-${phone}`,
    });
    expect(placed.status).toBe(201);
    await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
    return { ...b, h, phone, orderId: placed.body.id as string };
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

  it('ST-08 ST-09 settled → the next loan is booked at the largest amount with a fresh disclosure in the agreed language → paid out → ₱50; once however often it runs', async () => {
    const b = await approvedWithLoan('fil');
    const ctx = easyReloanContext(t.app);
    expect(await bookDueAutomaticReloans(ctx)).toEqual([]); // the first loan is not settled yet
    await settle(b.h, b.orderId);

    const nextId = automaticReloanOrderId(b.orderId);
    const [first, second] = [await bookDueAutomaticReloans(ctx), await bookDueAutomaticReloans(ctx)];
    expect(first).toEqual([{ outcome: 'booked', orderId: nextId }]);
    expect(second).toEqual([]);
    const offer = (await api.json('GET', '/api/loans/offer', undefined, b.h)).body;
    const [reloan] = await db().select().from(orders).where(eq(orders.id, nextId));
    expect(reloan).toMatchObject({ customerId: b.customerId, status: 'disbursing', termDays: 14 });
    // the largest amount offered for the limit (the borrower's "maximum loanable")
    expect(reloan!.principal).toBe(BigInt(offer.creditLimit));
    const docs = await db().select().from(orderDocuments).where(eq(orderDocuments.orderId, nextId));
    expect(docs.map((d) => d.kind).sort()).toEqual(['agreement', 'disclosure', 'sanction_letter']);
    expect(docs.find((d) => d.kind === 'disclosure')!.html).toContain('lang="fil"');

    await disburseOrder(ordersContext(t.app), { orderId: nextId });
    await disburseOrder(ordersContext(t.app), { orderId: nextId });
    const v = await view(b.h);
    expect(v).toMatchObject({ autoDisbursements: 1, streak: 1, nextReward: '7000' });
    expect(v.rewards).toEqual([
      expect.objectContaining({ kind: 'activation', amount: '20000' }),
      expect.objectContaining({ kind: 'reward', rung: 1, amount: '5000', orderId: nextId }),
    ]);
    // ST-09 EN-07: the ₱50 re-loan discount was a withdrawal coupon used on the automatic order (the
    // service fee of this offer caps it), and the reward is a repayment coupon
    const discount = (
      await db()
        .select()
        .from(coupons)
        .where(and(eq(coupons.customerId, b.customerId), eq(coupons.rule, 'easy_reloan_discount')))
    )[0]!;
    expect(discount).toMatchObject({
      type: 'withdrawal',
      state: 'used',
      usedOnOrderId: nextId,
      amount: 5_000n,
    });
    expect(reloan!.coupon).toBe(discount.deducted);
    expect(reloan!.coupon > 0n).toBe(true);
    const reward = (
      await db()
        .select()
        .from(coupons)
        .where(and(eq(coupons.customerId, b.customerId), eq(coupons.rule, 'easy_reloan_reward')))
    )[0]!;
    expect(reward).toMatchObject({ type: 'repayment', state: 'usable', amount: 5_000n, sourceKey: nextId });
    // the borrower's own first loan earned nothing: only automatic ones do
    expect(v.rewards.filter((r: { orderId: string | null }) => r.orderId === b.orderId)).toEqual([]);
  });

  it('ST-09 an automatic re-loan paid out before its booking was recorded (a crash between the two) still earns its reward', async () => {
    const b = await approvedWithLoan();
    await settle(b.h, b.orderId);
    const ctx = easyReloanContext(t.app);
    const nextId = automaticReloanOrderId(b.orderId);
    // the order commits with its disbursement job, and the job pays it out before the process
    // writes the booking record (it crashed, or the record's transaction failed and the sweep retries)
    const seen = await previewOrderDocuments(ordersContext(t.app), {
      customerId: b.customerId,
      amount: '400000',
      termDays: 14,
    });
    await placeOrder(ordersContext(t.app), {
      customerId: b.customerId,
      orderId: nextId,
      request: {
        amount: '400000',
        termDays: 14,
        productVersion: seen.productVersion,
        documentsSha256: seen.documentsSha256,
      },
    });
    await disburseOrder(ordersContext(t.app), { orderId: nextId });
    expect(await view(b.h)).toMatchObject({ autoDisbursements: 0 });

    expect(await bookDueAutomaticReloans(ctx)).toEqual([{ outcome: 'booked', orderId: nextId }]);
    const v = await view(b.h);
    expect(v).toMatchObject({ autoDisbursements: 1, streak: 1 });
    expect(v.rewards).toContainEqual(expect.objectContaining({ kind: 'reward', rung: 1, orderId: nextId }));
    // reported again, it still counts once
    await disburseOrder(ordersContext(t.app), { orderId: nextId });
    expect(await bookDueAutomaticReloans(ctx)).toEqual([]);
    expect(await view(b.h)).toMatchObject({ autoDisbursements: 1 });
  });

  it('ST-08 ST-09 the rules run again: a borrower who no longer qualifies is not re-loaned; the miss breaks the ladder', async () => {
    const b = await approvedWithLoan();
    // the borrower is 70 today: outside the rules' ages
    const [application] = await db()
      .select()
      .from(applications)
      .where(eq(applications.customerId, b.customerId));
    const where = and(
      eq(applicationSteps.applicationId, application!.id),
      eq(applicationSteps.step, 'identityInfo'),
    );
    const [identity] = await db().select().from(applicationSteps).where(where);
    await db()
      .update(applicationSteps)
      .set({ data: { ...identity!.data, birthDate: '1956-01-01' } })
      .where(where);
    await settle(b.h, b.orderId);
    expect(await bookDueAutomaticReloans(easyReloanContext(t.app))).toEqual([
      { outcome: 'missed', reason: 'rule:age' },
    ]);
    const [booking] = await db()
      .select()
      .from(easyReloanBookings)
      .where(eq(easyReloanBookings.settledOrderId, b.orderId));
    expect(booking).toMatchObject({ outcome: 'missed', orderId: null, reason: 'rule:age' });
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.id, automaticReloanOrderId(b.orderId))),
    ).toEqual([]);
    const events = await db()
      .select()
      .from(easyReloanEvents)
      .where(eq(easyReloanEvents.customerId, b.customerId));
    expect(events.map((e) => e.event)).toContain('auto_reloan_missed');
  });

  it('ST-08 switching on after a loan was settled does not re-loan the old loan; switched off, nothing is booked', async () => {
    const b = await approvedWithLoan();
    await switchTo(b.h, { on: false });
    await settle(b.h, b.orderId);
    expect(await bookDueAutomaticReloans(easyReloanContext(t.app))).toEqual([]);
    t.clock.advance(60_000);
    await switchTo(b.h, on);
    expect(await bookDueAutomaticReloans(easyReloanContext(t.app))).toEqual([]);
  });
});
