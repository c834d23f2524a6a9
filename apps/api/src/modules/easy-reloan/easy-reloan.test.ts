import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EASY_RELOAN_AGREEMENT_VERSION } from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';
import type { Db } from '../../db/client.ts';
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
  messages,
  orderDocuments,
  orders,
  payouts,
} from '../../db/schema/index.ts';
import { applyEasyReloan } from './easy-reloan-record.ts';
import {
  automaticReloanOrderId,
  bookAutomaticReloan,
  bookDueAutomaticReloans,
} from './book-automatic-reloan.ts';
import { easyReloanContext } from './easy-reloan-context.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { placeOrder, previewOrderDocuments } from '../orders/place-order.ts';
import { applyPayoutResult } from '../orders/apply-payout-result.ts';
import { moneyContext } from '../console/money-context.ts';
import { cancelPayout } from '../console/payout-queue.ts';

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

  /** The automatic order of `settledOrderId` placed as a sweep places it, without its booking record. */
  async function placeAutomaticOrder(customerId: string, settledOrderId: string) {
    const seen = await previewOrderDocuments(ordersContext(t.app), {
      customerId,
      amount: '400000',
      termDays: 14,
    });
    await placeOrder(ordersContext(t.app), {
      customerId,
      orderId: automaticReloanOrderId(settledOrderId),
      request: {
        amount: '400000',
        termDays: 14,
        productVersion: seen.productVersion,
        documentsSha256: seen.documentsSha256,
      },
    });
  }

  const bookingOf = async (settledOrderId: string) =>
    (
      await db()
        .select()
        .from(easyReloanBookings)
        .where(eq(easyReloanBookings.settledOrderId, settledOrderId))
    )[0];
  const ladderEvents = async (customerId: string) =>
    (await db().select().from(easyReloanEvents).where(eq(easyReloanEvents.customerId, customerId)))
      .filter((e) => e.event === 'auto_reloan_missed' || e.event === 'auto_disbursed')
      .map((e) => ({ event: e.event, orderId: e.orderId }));
  const toldOf = async (customerId: string) =>
    (await db().select().from(messages).where(eq(messages.customerId, customerId)))
      .map((m) => m.event)
      .filter((e) => e.startsWith('easy_reloan'));

  it('ST-08 ST-09 BE-06 two sweeps on one settled loan: the one that finds the other sweep’s automatic order committed books it, never a miss', async () => {
    const b = await approvedWithLoan();
    await settle(b.h, b.orderId);
    const ctx = easyReloanContext(t.app);
    const nextId = automaticReloanOrderId(b.orderId);
    // sweep B has found no automatic order yet; as it runs the rules again (its first read of the
    // application) sweep A commits that order, and has not written its booking record yet
    const sweepB = readingFirst(ctx.db, applications, () => placeAutomaticOrder(b.customerId, b.orderId));
    expect(await bookAutomaticReloan({ ...ctx, db: sweepB }, { settledOrderId: b.orderId })).toEqual({
      outcome: 'booked',
      orderId: nextId,
    });
    // sweep A resumes: the booking is made
    expect(await bookAutomaticReloan(ctx, { settledOrderId: b.orderId })).toEqual({
      outcome: 'skipped',
      reason: 'done_already',
    });
    expect(await bookingOf(b.orderId)).toMatchObject({ outcome: 'booked', orderId: nextId, reason: null });
    expect(await toldOf(b.customerId)).toEqual(['easy_reloan_booked']);
    await disburseOrder(ordersContext(t.app), { orderId: nextId });
    expect(await view(b.h)).toMatchObject({ autoDisbursements: 1, streak: 1 });
    expect(await ladderEvents(b.customerId)).toEqual([{ event: 'auto_disbursed', orderId: nextId }]);
  });

  it('ST-08 BE-06 a miss the other sweep recorded meanwhile is final: no order is placed after it', async () => {
    const b = await approvedWithLoan();
    await settle(b.h, b.orderId);
    const ctx = easyReloanContext(t.app);
    const nextId = automaticReloanOrderId(b.orderId);
    // sweep A has run the rules and is about to book; meanwhile sweep B, which read the borrower's
    // application as gone (a rule that failed for it), records its miss
    const sweepB = readingFirst(ctx.db, applications, async () => {}, []);
    const sweepA = transactingFirst(ctx.db, async () => {
      expect(await bookAutomaticReloan({ ...ctx, db: sweepB }, { settledOrderId: b.orderId })).toEqual({
        outcome: 'missed',
        reason: 'not_approved',
      });
    });
    expect(await bookAutomaticReloan({ ...ctx, db: sweepA }, { settledOrderId: b.orderId })).toEqual({
      outcome: 'skipped',
      reason: 'done_already',
    });
    expect(await db().select().from(orders).where(eq(orders.id, nextId))).toEqual([]);
    expect(await bookingOf(b.orderId)).toMatchObject({ outcome: 'missed', orderId: null });
    expect(await toldOf(b.customerId)).toEqual(['easy_reloan_missed']);
  });

  it('ST-08 BE-06 sweeps running at once on one settled loan book one order, recorded and told once', async () => {
    const b = await approvedWithLoan();
    await settle(b.h, b.orderId);
    const ctx = easyReloanContext(t.app);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => bookAutomaticReloan(ctx, { settledOrderId: b.orderId })),
    );
    const nextId = automaticReloanOrderId(b.orderId);
    expect(results.filter((r) => r.outcome !== 'skipped')).toEqual([{ outcome: 'booked', orderId: nextId }]);
    expect(results.filter((r) => r.outcome === 'skipped')).toEqual(
      Array(3).fill({ outcome: 'skipped', reason: 'done_already' }),
    );
    expect(await bookingOf(b.orderId)).toMatchObject({ outcome: 'booked', orderId: nextId });
    expect(await toldOf(b.customerId)).toEqual(['easy_reloan_booked']);
    expect(await ladderEvents(b.customerId)).toEqual([]);
  });

  it('VAL-12 consent to an agreement no longer in force books nothing: a miss, told in the borrower language; the page asks to agree again', async () => {
    const b = await approvedWithLoan('fil');
    // the day EASY_RELOAN_AGREEMENT_VERSION is bumped, every borrower switched on agreed to an older one
    await db()
      .update(easyReloanSettings)
      .set({ agreedVersion: '2020-01-01', streak: 2, autoDisbursements: 2 })
      .where(eq(easyReloanSettings.customerId, b.customerId));
    expect(await view(b.h)).toMatchObject({
      enabled: true,
      agreedVersion: '2020-01-01',
      needsAgreement: true,
    });
    await settle(b.h, b.orderId);
    expect(await bookDueAutomaticReloans(easyReloanContext(t.app))).toEqual([
      { outcome: 'missed', reason: 'agreement_outdated' },
    ]);
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.id, automaticReloanOrderId(b.orderId))),
    ).toEqual([]);
    expect(await bookingOf(b.orderId)).toMatchObject({ outcome: 'missed', reason: 'agreement_outdated' });
    // a miss breaks the ladder (ST-09)
    expect(await view(b.h)).toMatchObject({ streak: 0, needsAgreement: true });
    for (const locale of ['en-US', 'fil', 'zh-CN'] as const) {
      const listed = (
        await api.json('GET', '/api/messages', undefined, { ...b.h, 'accept-language': locale })
      ).body.messages as { event: string; title: string; body: string }[];
      const missed = listed.find((m) => m.event === 'easy_reloan_missed');
      expect(missed?.title, locale).toBe(translate(locale, 'notifications:easy_reloan_missed.title'));
      expect(missed?.body, locale).toBe(
        translate(locale, 'notifications:easy_reloan_missed.bodyAgreementOutdated'),
      );
      expect(missed?.body, locale).not.toBe(translate(locale, 'notifications:easy_reloan_missed.body'));
    }
    // agreeing to the version in force again (the same /bookingAgreement) clears the prompt
    expect((await switchTo(b.h, on)).body).toMatchObject({
      enabled: true,
      agreedVersion: EASY_RELOAN_AGREEMENT_VERSION,
      needsAgreement: false,
    });
  });

  /** The settled loan's automatic re-loan booked, its payout to go to an account ending `tail`. */
  async function bookedReloanPayingTo(tail: '0000' | '2222') {
    const b = await approvedWithLoan();
    const where = and(
      eq(applicationSteps.applicationId, b.applicationId),
      eq(applicationSteps.step, 'bankInfo'),
    );
    const [bank] = await db().select().from(applicationSteps).where(where);
    const account = `0917123${tail}`;
    await db()
      .update(applicationSteps)
      .set({ data: { ...bank!.data, account, confirmAccount: account } })
      .where(where);
    // two automatic re-loans paid out before this one: the next rung is the third
    await db()
      .update(easyReloanSettings)
      .set({ streak: 2, autoDisbursements: 2 })
      .where(eq(easyReloanSettings.customerId, b.customerId));
    await settle(b.h, b.orderId);
    const nextId = automaticReloanOrderId(b.orderId);
    expect(await bookAutomaticReloan(easyReloanContext(t.app), { settledOrderId: b.orderId })).toEqual({
      outcome: 'booked',
      orderId: nextId,
    });
    return { ...b, nextId };
  }
  const operator = {
    operatorId: null,
    email: 'finance@ops.test',
    role: 'finance',
    ip: null,
    requestId: null,
  };

  it('ST-09 an automatic re-loan whose payout failed breaks the ladder, once; cancelling it after does not break it again', async () => {
    const b = await bookedReloanPayingTo('0000');
    await disburseOrder(ordersContext(t.app), { orderId: b.nextId });
    const [order] = await db().select().from(orders).where(eq(orders.id, b.nextId));
    expect(order!.status).toBe('payout_failed');
    expect(await view(b.h)).toMatchObject({ streak: 0, autoDisbursements: 2, nextReward: '5000' });
    expect(await ladderEvents(b.customerId)).toEqual([{ event: 'auto_reloan_missed', orderId: b.nextId }]);
    // the provider reports the failure again: nothing more
    const [failed] = await db().select().from(payouts).where(eq(payouts.orderId, b.nextId));
    await applyPayoutResult(ordersContext(t.app), { payoutId: failed!.id, outcome: { state: 'failed' } });
    const cancelled = await cancelPayout(moneyContext(t.app), {
      actor: operator,
      orderId: b.nextId,
      payoutId: failed!.id,
      reason: 'borrower asked',
    });
    expect(cancelled).toMatchObject({ orderStatus: 'cancelled' });
    expect(await ladderEvents(b.customerId)).toEqual([{ event: 'auto_reloan_missed', orderId: b.nextId }]);
  });

  it('ST-09 an automatic re-loan paid out and then reversed by the network earns its rung, then breaks the ladder, once', async () => {
    const b = await bookedReloanPayingTo('2222');
    await disburseOrder(ordersContext(t.app), { orderId: b.nextId });
    expect(await view(b.h)).toMatchObject({ streak: 3, autoDisbursements: 3 });
    const [paid] = await db().select().from(payouts).where(eq(payouts.orderId, b.nextId));
    for (let report = 0; report < 2; report++)
      await applyPayoutResult(ordersContext(t.app), { payoutId: paid!.id, outcome: { state: 'reversed' } });
    const [order] = await db().select().from(orders).where(eq(orders.id, b.nextId));
    expect(order!.status).toBe('payout_failed');
    expect(await view(b.h)).toMatchObject({ streak: 0, nextReward: '5000' });
    expect(await ladderEvents(b.customerId)).toEqual([
      { event: 'auto_disbursed', orderId: b.nextId },
      { event: 'auto_reloan_missed', orderId: b.nextId },
    ]);
  });

  it('ST-09 an operator cancelling an automatic re-loan whose failure broke nothing breaks the ladder, once under concurrent submits', async () => {
    const b = await bookedReloanPayingTo('0000');
    await disburseOrder(ordersContext(t.app), { orderId: b.nextId });
    // a failure recorded before a failed payout broke the ladder (or by a path that does not)
    await db().delete(easyReloanEvents).where(eq(easyReloanEvents.orderId, b.nextId));
    await db()
      .update(easyReloanSettings)
      .set({ streak: 2 })
      .where(eq(easyReloanSettings.customerId, b.customerId));
    const [failed] = await db().select().from(payouts).where(eq(payouts.orderId, b.nextId));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        cancelPayout(moneyContext(t.app), {
          actor: operator,
          orderId: b.nextId,
          payoutId: failed!.id,
          reason: 'account cannot be fixed',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
    expect(await view(b.h)).toMatchObject({ streak: 0 });
    expect(await ladderEvents(b.customerId)).toEqual([{ event: 'auto_reloan_missed', orderId: b.nextId }]);
  });
});

/**
 * Two sweeps interleaved at one point: a database handle that, the first time `table` is read,
 * runs `meanwhile` (the other sweep's work) before the read, and with `instead` reads that.
 */
function readingFirst(db: Db, table: unknown, meanwhile: () => Promise<unknown>, instead?: unknown[]): Db {
  let pending: (() => Promise<unknown>) | null = meanwhile;
  type Query = PromiseLike<unknown>;
  type Builder = { from: (source: unknown, ...rest: unknown[]) => Query };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'select')
        return (...args: unknown[]) => {
          const builder = (target.select as (...a: unknown[]) => Builder)(...args);
          const from = builder.from.bind(builder);
          builder.from = (source, ...rest) => {
            const query = from(source, ...rest);
            if (source !== table || !pending) return query;
            const run = pending;
            pending = null;
            const then = query.then.bind(query);
            query.then = ((ok, ko) =>
              run().then(
                () => (instead ? Promise.resolve(instead).then(ok, ko) : then(ok, ko)),
                ko,
              )) as Query['then'];
            return query;
          };
          return builder;
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A database handle that runs `meanwhile` before its first transaction starts. */
function transactingFirst(db: Db, meanwhile: () => Promise<unknown>): Db {
  let pending: (() => Promise<unknown>) | null = meanwhile;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction')
        return async (...args: Parameters<Db['transaction']>) => {
          if (pending) {
            const run = pending;
            pending = null;
            await run();
          }
          return target.transaction(...args);
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
