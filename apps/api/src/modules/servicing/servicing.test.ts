import { randomUUID } from 'node:crypto';
import { ordersContext } from '../orders/orders-context.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import {
  ledgerEntries,
  loanReminders,
  loanTransactions,
  orders,
  providerWebhooks,
  repayments,
  sandboxSmsOutbox,
} from '../../db/schema/index.ts';
import type { SandboxCollectionProvider } from '../../providers/collection/sandbox-collection.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { MS } from '../../lib/clock.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { servicingContext } from './routes.ts';
import { sendDueReminders } from './send-due-reminders.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9196${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  // 10:00 in Manila on 2027-02-01
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-02-01T02:00:00Z');
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const sandbox = () => t.app.providers.collections as SandboxCollectionProvider;

/** A borrower with a disbursed ₱2,000 / 14-day loan, signed in. */
async function borrowerWithLoan(
  options: Parameters<typeof seedDisbursedLoan>[1] extends infer O ? Partial<O> : never = {},
) {
  const phone = nextPhone();
  const { orderId, customerId } = await seedDisbursedLoan(db(), {
    disbursedAt: t.clock.now(),
    phone,
    ...options,
  });
  const { token } = await api.signIn(phone);
  return { orderId, customerId, h: api.authed(token), phone };
}

const bill = async (h: Record<string, string>, orderId: string, locale = 'en-US') =>
  (await api.json('GET', `/api/orders/${orderId}`, undefined, { ...h, 'accept-language': locale })).body;
const repay = (
  h: Record<string, string>,
  orderId: string,
  body: Record<string, unknown>,
  key = `k-${randomUUID()}`,
) =>
  api.json(
    'POST',
    `/api/orders/${orderId}/repayments`,
    { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', ...body },
    { ...h, 'idempotency-key': key },
  );
const moveClock = (days: number) => api.json('POST', '/api/sandbox/clock', { advanceDays: days });
/** A signed collection webhook, delivered through the real route. */
const deliver = (hook: { headers: Record<string, string>; rawBody: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/collections/webhook',
    headers: hook.headers,
    payload: hook.rawBody,
  });
const simulate = (repaymentId: string, body: Record<string, unknown>) =>
  api.json('POST', `/api/sandbox/repayments/${repaymentId}/simulate`, body);

async function ledgerBalanced() {
  const rows = await db().execute<{ bad: string }>(
    sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
  );
  return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
}
const suspenseOf = async (orderId: string) =>
  (
    await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, 'suspense')))
  ).reduce((s, e) => s - e.amount, 0n);

describe('issue 7 repayment over HTTP (ST-01, ST-02, VAL-15, BE-05, BE-09, BE-10)', () => {
  it('ST-01 BE-09 due → due today → overdue with charges → e-wallet checkout → settled with a receipt', async () => {
    const b = await borrowerWithLoan();
    expect((await bill(b.h, b.orderId)).label).toMatchObject({
      key: 'expiresIn',
      days: 14,
      text: 'Expires in 14 days',
    });
    await moveClock(13);
    expect((await bill(b.h, b.orderId, 'fil')).label).toMatchObject({
      key: 'expiresIn',
      days: 1,
      text: 'Mag-e-expire bukas',
    });
    await moveClock(1);
    expect((await bill(b.h, b.orderId)).label.key).toBe('dueToday');
    const moved = await moveClock(3);
    // every job the move skipped ran, the day job among them (after the per-minute sweeps)
    expect(moved.body.jobsRun).toContainEqual(expect.stringMatching(/^servicing\.day \(/));
    const overdue = await bill(b.h, b.orderId);
    expect(overdue).toMatchObject({
      status: 'overdue',
      label: { key: 'overdue', days: 3 },
      balance: { overdueDays: 3, principal: '200000', interest: '4200' },
    });
    expect(BigInt(overdue.balance.penalty) + BigInt(overdue.balance.lateCharge)).toBeGreaterThan(0n);
    const total = overdue.balance.total as string;

    const channels = await api.json('GET', '/api/repayments/channels', undefined, b.h);
    expect(channels.body.channels.map((c: { providerCode: string }) => c.providerCode)).toEqual(
      expect.arrayContaining(['GCASH', 'MAYA', 'BANK_TRANSFER', '7ELEVEN']),
    );
    // VAL-15: a stale amount is refused; the page re-reads the bill
    expect((await repay(b.h, b.orderId, { expectedAmount: '204200' })).body.code).toBe(
      'ORDER_STATE_CONFLICT',
    );
    const started = await repay(b.h, b.orderId, { expectedAmount: total });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      state: 'pending',
      record: 'in_progress',
      amount: total,
      checkoutUrl: expect.stringMatching(/^\/api\/sandbox\/checkout\//),
    });

    const page = await t.app.inject({ url: started.body.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay ₱');
    const paid = await t.app.inject({
      method: 'POST',
      url: `${started.body.checkoutUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/repaidDetail?repayment=${started.body.id}`);

    const receipt = (await api.json('GET', `/api/repayments/${started.body.id}`, undefined, b.h)).body;
    expect(receipt).toMatchObject({
      state: 'paid',
      record: 'success',
      receipt: {
        amount: total,
        channel: 'ewallet',
        providerCode: 'GCASH',
        paidAtManila: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      },
    });
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      label: { key: 'settled' },
      balance: { total: '0' },
    });
    const list = (await api.json('GET', '/api/repayments', undefined, b.h)).body.repayments;
    expect(list.map((r: { id: string }) => r.id)).toContain(started.body.id);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('BE-05 webhooks: forged refused, replayed applied once; a different amount and a payment after settlement go to suspense', async () => {
    const b = await borrowerWithLoan();
    const total = (await bill(b.h, b.orderId)).balance.total as string;
    const first = (await repay(b.h, b.orderId, { expectedAmount: total })).body;
    const second = (
      await repay(b.h, b.orderId, { expectedAmount: total, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    expect(second.paymentCode).toMatch(/^7ELEVEN-/);

    const row = (await db().select().from(repayments).where(eq(repayments.id, first.id)))[0]!;
    const hook = sandbox().simulate(row.providerCollectionId!, 'pay_different', {
      now: t.clock.now(),
      amount: 150_000n,
      collection: { referenceId: row.id, amount: row.amount, channel: 'ewallet', providerCode: 'GCASH' },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/collections/webhook',
      headers: {
        ...hook.headers,
        'x-sandbox-signature': hook.headers['x-sandbox-signature']!.replace(/.$/, (c) =>
          c === '0' ? '1' : '0',
        ),
      },
      payload: hook.rawBody,
    });
    expect(forged.statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/collections/webhook',
      headers: hook.headers,
      payload: hook.rawBody.replace('1500.00', '2042.00'),
    });
    expect(tampered.statusCode).toBe(401);
    const once = await deliver(hook);
    expect(once.json()).toMatchObject({ result: 'held' });
    const replay = await deliver(hook);
    expect(replay.json()).toMatchObject({ result: 'replayed' });
    expect(await suspenseOf(b.orderId)).toBe(150_000n);
    expect((await api.json('GET', `/api/repayments/${first.id}`, undefined, b.h)).body).toMatchObject({
      state: 'held',
      heldReason: 'amount_mismatch',
      amountReceived: '150000',
      record: 'in_progress',
    });
    expect((await bill(b.h, b.orderId)).status).toBe('repaying');

    // a different amount of nothing is bad input, not a simulator crash (it was a 500)
    const zero = await simulate(second.id, { outcome: 'pay_different', amount: '0' });
    expect(zero.status).toBe(400);
    // the over-the-counter code is paid: settled; then money on the first attempt again is held
    expect((await simulate(second.id, { outcome: 'pay' })).body.result).toBe('applied');
    expect((await bill(b.h, b.orderId)).status).toBe('settled');
    const third = (await db().select().from(repayments).where(eq(repayments.id, second.id)))[0]!;
    const again = sandbox().simulate(third.providerCollectionId!, 'pay', {
      now: t.clock.now(),
      attempt: 2,
      collection: { referenceId: third.id, amount: third.amount, channel: 'otc', providerCode: '7ELEVEN' },
    });
    expect((await deliver(again)).json()).toMatchObject({ result: 'held' });
    expect(await suspenseOf(b.orderId)).toBe(150_000n + BigInt(total));
    expect(await ledgerBalanced()).toBe(true);
    // ST-02: the borrower sees the second payment as a record of its own, held as a duplicate
    const records = (await api.json('GET', '/api/repayments', undefined, b.h)).body.repayments as {
      id: string;
      state: string;
      heldReason: string | null;
      amountReceived: string | null;
      record: string;
    }[];
    const duplicates = records.filter((r) => r.heldReason === 'duplicate');
    expect(duplicates).toEqual([
      expect.objectContaining({ state: 'held', amountReceived: total, record: 'in_progress' }),
    ]);
    expect(records.find((r) => r.id === second.id)).toMatchObject({ state: 'paid', record: 'success' });
  });

  it('BE-05 money whose reference is not one of our ids (a payment link made in the provider dashboard) is held in suspense, not a 5xx', async () => {
    const suspenseTotal = async () =>
      (await db().select().from(ledgerEntries).where(eq(ledgerEntries.account, 'suspense'))).reduce(
        (s, e) => s - e.amount,
        0n,
      );
    const before = await suspenseTotal();
    const hook = sandbox().simulate('sbxc_dashboard_link', 'pay', {
      now: t.clock.now(),
      collection: {
        referenceId: 'INV-2027-0001',
        amount: 100_000n,
        channel: 'ewallet',
        providerCode: 'GCASH',
      },
    });
    const res = await deliver(hook);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'unknown' });
    expect((await suspenseTotal()) - before).toBe(100_000n);
    // the provider's retry of the same event changes nothing
    const again = await deliver(hook);
    expect(again.json()).toMatchObject({ result: 'replayed' });
    expect((await suspenseTotal()) - before).toBe(100_000n);
    expect(await ledgerBalanced()).toBe(true);
  });

  it("BE-05 money on another collection naming one of our attempts is held on the attempt's loan, listed for operations and shown to the borrower, once", async () => {
    const b = await borrowerWithLoan();
    const total = (await bill(b.h, b.orderId)).balance.total as string;
    const started = (await repay(b.h, b.orderId, { expectedAmount: total })).body;
    const [row] = await db().select().from(repayments).where(eq(repayments.id, started.id));
    // a second collection at the provider carrying our attempt's reference (e.g. a link re-sent
    // from the provider's dashboard), paid
    const hook = sandbox().simulate(`sbxc_other_${randomUUID()}`, 'pay', {
      now: t.clock.now(),
      collection: { referenceId: row!.id, amount: row!.amount, channel: 'ewallet', providerCode: 'GCASH' },
    });
    expect((await deliver(hook)).json()).toMatchObject({ result: 'held' });
    expect((await deliver(hook)).json()).toMatchObject({ result: 'replayed' });
    // booked against the attempt's loan and borrower, once
    expect(await suspenseOf(b.orderId)).toBe(BigInt(total));
    expect(await ledgerBalanced()).toBe(true);
    // a held record of its own: the console's suspense queue lists held repayments, and the
    // borrower's list shows it; the attempt itself is untouched and can still be paid
    const rows = await db().select().from(repayments).where(eq(repayments.orderId, b.orderId));
    expect(rows).toHaveLength(2);
    const held = rows.find((r) => r.id !== row!.id)!;
    expect(held).toMatchObject({
      customerId: b.customerId,
      state: 'held',
      // not a duplicate: the attempt's own collection was never paid
      heldReason: 'not_repayable',
      amountReceived: BigInt(total),
    });
    expect(rows.find((r) => r.id === row!.id)).toMatchObject({ state: 'pending' });
    const records = (await api.json('GET', '/api/repayments', undefined, b.h)).body.repayments as {
      id: string;
      record: string;
    }[];
    expect(records.find((r) => r.id === held.id)).toMatchObject({ record: 'in_progress' });
    expect((await bill(b.h, b.orderId)).status).toBe('repaying');
  });

  it('BE-05 VAL-15 an e-wallet checkout is not opened when it could outlive the Manila day (its amount changes at midnight); other channels are', async () => {
    const b = await borrowerWithLoan();
    const [order] = await db().select().from(orders).where(eq(orders.id, b.orderId));
    const dueDayAt = (time: string) => new Date(Date.parse(`${order!.dueDate}T${time}+08:00`));
    // 23:45 on the due date: a whole checkout's life still fits before midnight
    t.clock.set(dueDayAt('23:45:00'));
    const total = (await bill(b.h, b.orderId)).balance.total as string;
    const opened = await repay(b.h, b.orderId, { expectedAmount: total });
    expect(opened.status).toBe(201);
    // 23:50: a new checkout could be paid at 00:03 on the overdue day, for a stale amount
    t.clock.set(dueDayAt('23:50:00'));
    const late = await repay({ ...b.h, 'accept-language': 'en-US' }, b.orderId, {
      expectedAmount: total,
      providerCode: 'MAYA',
    });
    // told why and what to do instead, in the borrower's language
    expect(late).toMatchObject({ status: 409, body: { code: 'EWALLET_PAUSED_BEFORE_MIDNIGHT' } });
    expect(late.body.message).toMatch(/bank transfer/);
    // the checkout opened at 23:45 is still the borrower's (a double tap finds it) …
    expect((await repay(b.h, b.orderId, { expectedAmount: total })).body.id).toBe(opened.body.id);
    // … and a payment code or a bank transfer expires at midnight at the provider: still offered
    const otc = await repay(b.h, b.orderId, {
      expectedAmount: total,
      channel: 'otc',
      providerCode: '7ELEVEN',
    });
    expect(otc.status).toBe(201);
    expect(await db().select().from(repayments).where(eq(repayments.orderId, b.orderId))).toHaveLength(2);
    t.clock.set(new Date(dueDayAt('10:00:00').getTime() + MS.day)); // later tests: a morning again
  });

  it('BE-10 a late webhook counts as of the paid-at time: no penalty for the days after the payer paid', async () => {
    const b = await borrowerWithLoan();
    await moveClock(16); // 2 days overdue
    const owedThen = (await bill(b.h, b.orderId)).balance.total as string;
    const started = (
      await repay(b.h, b.orderId, { expectedAmount: owedThen, channel: 'otc', providerCode: 'CEBUANA' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    await moveClock(3); // the day job accrues three more days before the webhook arrives
    expect(BigInt((await bill(b.h, b.orderId)).balance.total)).toBeGreaterThan(BigInt(owedThen));
    // (the collection expired at midnight; the payer paid before it did)
    expect((await simulate(started.id, { outcome: 'pay_late', paidAt })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled', balance: { total: '0' } });
    const history = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, b.orderId));
    expect(history.some((h) => h.type === 'reversal')).toBe(true);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('SH-13 50 concurrent repay taps open one collection; 50 concurrent deliveries of its payment post once', async () => {
    const b = await borrowerWithLoan();
    const total = (await bill(b.h, b.orderId)).balance.total as string;
    const taps = await Promise.all(
      Array.from({ length: 50 }, (_, i) => repay(b.h, b.orderId, { expectedAmount: total }, `tap-key-${i}`)),
    );
    expect(
      taps.map((r) => (r.status === 201 ? 201 : `${r.status} ${r.body.code}`)).filter((s) => s !== 201),
    ).toEqual([]);
    expect(new Set(taps.map((r) => r.body.id)).size).toBe(1);
    const row = (await db().select().from(repayments).where(eq(repayments.orderId, b.orderId)))[0]!;
    const hook = sandbox().simulate(row.providerCollectionId!, 'pay', {
      now: t.clock.now(),
      collection: { referenceId: row.id, amount: row.amount, channel: 'ewallet', providerCode: 'GCASH' },
    });
    const results = await Promise.all(Array.from({ length: 50 }, () => deliver(hook)));
    expect(results.map((r) => r.json().result).sort()).toEqual(['applied', ...Array(49).fill('replayed')]);
    expect(
      await db()
        .select()
        .from(loanTransactions)
        .where(and(eq(loanTransactions.orderId, b.orderId), eq(loanTransactions.type, 'repayment'))),
    ).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(providerWebhooks)
        .where(eq(providerWebhooks.providerEventId, hook.providerEventId)),
    ).toHaveLength(1);
  });
});

describe('issue 7 extension over HTTP (CO-02)', () => {
  it('CO-02 fee, new due date 8 days later, a fresh disclosure in the borrower language; 50 concurrent extends → one extension', async () => {
    const b = await borrowerWithLoan();
    await moveClock(10);
    const quote = (
      await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, {
        ...b.h,
        'accept-language': 'zh-CN',
      })
    ).body;
    const before = await bill(b.h, b.orderId);
    expect(quote).toMatchObject({
      available: true,
      fee: '2000',
      overdueCharges: '0',
      amount: '2000',
      extensionDays: 8,
      currentDueDate: before.dueDate,
    });
    expect(quote.disclosure).toContain('展期费');
    const taps = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        repay(
          b.h,
          b.orderId,
          { purpose: 'extension', expectedAmount: quote.amount, channel: 'otc', providerCode: '7ELEVEN' },
          `extend-key-${i}`,
        ),
      ),
    );
    expect(new Set(taps.map((r) => r.body.id)).size).toBe(1);
    const paid = await Promise.all(
      Array.from({ length: 50 }, () => simulate(taps[0]!.body.id, { outcome: 'pay' })),
    );
    expect(paid.filter((p) => p.body.result === 'applied')).toHaveLength(1);
    const after = await bill(b.h, b.orderId);
    expect(after).toMatchObject({
      status: 'extended',
      dueDate: quote.newDueDate,
      balance: { principal: '200000', extensions: 1 },
    });
    expect(await ledgerBalanced()).toBe(true);
  });

  it('CO-02 the same extension paid on two channels extends once: the second payment is held as a duplicate', async () => {
    const b = await borrowerWithLoan();
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const ewallet = (await repay(b.h, b.orderId, { purpose: 'extension', expectedAmount: quote.amount }))
      .body;
    const at7Eleven = async (amount: string) =>
      (
        await repay(b.h, b.orderId, {
          purpose: 'extension',
          expectedAmount: amount,
          channel: 'otc',
          providerCode: '7ELEVEN',
        })
      ).body;
    const otc = await at7Eleven(quote.amount);
    expect(otc.id).not.toBe(ewallet.id);
    expect((await simulate(ewallet.id, { outcome: 'pay' })).body.result).toBe('applied');
    // the 7-Eleven code was quoted (and disclosed) for the old due date: paying it too must not
    // extend a second time to a date its payer was never shown
    expect((await simulate(otc.id, { outcome: 'pay' })).body.result).toBe('held');
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'extended',
      dueDate: quote.newDueDate,
      balance: { extensions: 1 },
    });
    expect((await api.json('GET', `/api/repayments/${otc.id}`, undefined, b.h)).body).toMatchObject({
      state: 'held',
      heldReason: 'duplicate',
    });
    expect(await suspenseOf(b.orderId)).toBe(BigInt(quote.amount));

    // a second extension, quoted now, is a new attempt on that channel and extends again
    const next = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    expect(next.currentDueDate).toBe(quote.newDueDate);
    const again = await at7Eleven(next.amount);
    expect(again.id).not.toBe(otc.id);
    expect((await simulate(again.id, { outcome: 'pay' })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({
      dueDate: next.newDueDate,
      balance: { extensions: 2 },
    });
    expect(await ledgerBalanced()).toBe(true);
  });

  it('CO-02 BE-07 an extension that would breach a cap is refused (409), and nothing is opened', async () => {
    const b = await borrowerWithLoan({
      terms: { lateCharge: 0n, penaltyDailyPpm: 1_000, extensionFeeBp: 5_000, extensionDays: 8 },
    });
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    expect(quote).toMatchObject({ available: false, blockedBy: 'caps' });
    const res = await repay(b.h, b.orderId, { purpose: 'extension', expectedAmount: quote.amount });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EXTENSION_NOT_ALLOWED');
    expect(await db().select().from(repayments).where(eq(repayments.orderId, b.orderId))).toHaveLength(0);
  });
});

describe('issue 7 ownership, bad input, reminders, bank change', () => {
  it("RO-01 another borrower's bill, extension, repayment and receipt are not found", async () => {
    const a = await borrowerWithLoan();
    const other = await borrowerWithLoan();
    const total = (await bill(a.h, a.orderId)).balance.total as string;
    const mine = (await repay(a.h, a.orderId, { expectedAmount: total })).body;
    expect((await api.json('GET', `/api/orders/${a.orderId}`, undefined, other.h)).status).toBe(404);
    expect((await api.json('GET', `/api/orders/${a.orderId}/extension`, undefined, other.h)).status).toBe(
      404,
    );
    expect((await repay(other.h, a.orderId, { expectedAmount: total })).status).toBe(404);
    expect((await api.json('GET', `/api/repayments/${mine.id}`, undefined, other.h)).status).toBe(404);
    expect((await api.json('GET', '/api/repayments', undefined, other.h)).body.repayments).toHaveLength(0);
    // bad input: a clear 4xx, nothing written
    expect((await repay(a.h, a.orderId, { expectedAmount: total, providerCode: 'NOPE' })).body.code).toBe(
      'REPAYMENT_CHANNEL_UNAVAILABLE',
    );
    expect((await repay(a.h, a.orderId, { expectedAmount: '-5' })).status).toBe(400);
    expect(
      (
        await api.json(
          'POST',
          `/api/orders/${a.orderId}/repayments`,
          { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: total },
          a.h,
        )
      ).body.code,
    ).toBe('IDEMPOTENCY_KEY_MISSING');
    expect(await db().select().from(repayments).where(eq(repayments.orderId, a.orderId))).toHaveLength(1);
  });

  it('BE-06 SEC MC 18 s.2019 reminders only 06:00–22:00 Manila, to the borrower only, once per loan and day', async () => {
    const b = await borrowerWithLoan();
    const [order] = await db().select().from(orders).where(eq(orders.id, b.orderId));
    // 23:30 in Manila on the day before the due date: nothing is sent
    t.clock.set(new Date(Date.parse(`${order!.dueDate}T00:00:00+08:00`) - 30 * MS.minute));
    // (a move of the test clock by nothing runs no job: the day job is run as its schedule would)
    await t.app.jobs.runNow(JOBS.servicingDay);
    expect(await db().select().from(loanReminders).where(eq(loanReminders.orderId, b.orderId))).toHaveLength(
      0,
    );
    // 06:30 on the due date: "due today", to the registered number; a second run sends nothing more
    await api.json('POST', '/api/sandbox/clock', { advanceHours: 7 });
    await t.app.jobs.runNow(JOBS.servicingDay);
    const sent = await db().select().from(loanReminders).where(eq(loanReminders.orderId, b.orderId));
    expect(sent.map((r) => r.kind)).toEqual(['due_today']);
    const outbox = await db().select().from(sandboxSmsOutbox).where(eq(sandboxSmsOutbox.phone, b.phone));
    expect(outbox.filter((m) => m.body.includes('due today'))).toHaveLength(1);
  });

  it('BE-06 a loan repaid while the reminders go out gets no reminder from the list read before', async () => {
    const [a, b] = [await borrowerWithLoan(), await borrowerWithLoan()];
    const [order] = await db().select().from(orders).where(eq(orders.id, a.orderId));
    t.clock.set(new Date(Date.parse(`${order!.dueDate}T09:00:00+08:00`)));
    const ctx = servicingContext(t.app);
    const ours = new Map([
      [a.phone, b.orderId],
      [b.phone, a.orderId],
    ]);
    let repaidMeanwhile: string | undefined;
    const sent = await sendDueReminders({
      ...ctx,
      sms: {
        name: ctx.sms.name,
        send: async (message) => {
          // the first of the two reminded: the other borrower pays in the meantime
          const other = ours.get(message.to);
          if (other && !repaidMeanwhile) {
            repaidMeanwhile = other;
            await db().update(orders).set({ status: 'settled' }).where(eq(orders.id, other));
          }
          return ctx.sms.send(message);
        },
      },
    });
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(repaidMeanwhile).toBeDefined();
    const reminded = await db()
      .select({ orderId: loanReminders.orderId })
      .from(loanReminders)
      .where(inArray(loanReminders.orderId, [a.orderId, b.orderId]));
    expect(reminded.map((r) => r.orderId)).toEqual(
      [a.orderId, b.orderId].filter((id) => id !== repaidMeanwhile),
    );
  });

  it('RO-02 VAL-07 VAL-14 only a re-loan borrower changes the payout account; maintenance switch; must differ (a corrected payee name does)', async () => {
    const phone = nextPhone();
    const b = await submitCompleteApplication(db(), api, phone);
    await decidePendingApplications(lendingContext(t.app));
    const refused = await api.json('PUT', '/api/payout-account', b.steps.bankInfo, b.h);
    expect(refused).toMatchObject({ status: 403, body: { code: 'BANK_CHANGE_NOT_ALLOWED' } });
    expect((await api.json('GET', '/api/payout-account', undefined, b.h)).body).toMatchObject({
      canChange: false,
      blockedBy: 'no_reloan',
    });
    const signature = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
    const placed = await api.json('POST', '/api/orders', await withdrawalBody(api, b.h, { signature }), {
      ...b.h,
      'idempotency-key': `order-${phone}`,
    });
    await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
    const total = (await bill(b.h, placed.body.id)).balance.total as string;
    const r = (await repay(b.h, placed.body.id, { expectedAmount: total })).body;
    await simulate(r.id, { outcome: 'pay' });
    expect((await api.json('GET', '/api/payout-account', undefined, b.h)).body).toMatchObject({
      canChange: true,
      blockedBy: null,
    });
    expect((await api.json('PUT', '/api/payout-account', b.steps.bankInfo, b.h)).body.code).toBe(
      'PAYOUT_UNCHANGED',
    );
    // VAL-14: the same account with the payee's name corrected is a new destination, taken once
    const renamed = { ...b.steps.bankInfo, payeeFirstName: 'Marie' };
    expect(await api.json('PUT', '/api/payout-account', renamed, b.h)).toMatchObject({
      status: 200,
      body: { account: { account: b.steps.bankInfo!.account, payeeFirstName: 'Marie' } },
    });
    expect((await api.json('PUT', '/api/payout-account', renamed, b.h)).body.code).toBe('PAYOUT_UNCHANGED');
    const next = { ...b.steps.bankInfo, account: '09179998888', confirmAccount: '09179998888' };
    const changed = await api.json('PUT', '/api/payout-account', next, b.h);
    expect(changed).toMatchObject({
      status: 200,
      body: { canChange: true, account: { account: '09179998888' } },
    });
    // the maintenance switch: a re-loan borrower sees it, and a change is refused with the catalogue message
    const m = await createTestApp({ BANK_CHANGE_MAINTENANCE: '1' });
    try {
      const seeded = await seedDisbursedLoan(m.database.db, {
        disbursedAt: m.clock.now(),
        phone: '9196999001',
      });
      await m.database.db.update(orders).set({ status: 'settled' }).where(eq(orders.id, seeded.orderId));
      const mApi = client(m.app);
      const { token } = await mApi.signIn('9196999001');
      expect(
        (await mApi.json('GET', '/api/payout-account', undefined, mApi.authed(token))).body,
      ).toMatchObject({ canChange: false, blockedBy: 'maintenance' });
      const refusedNow = await mApi.json('PUT', '/api/payout-account', next, {
        ...mApi.authed(token),
        'accept-language': 'en-US',
      });
      expect(refusedNow).toMatchObject({
        status: 503,
        body: { code: 'BANK_CHANGE_MAINTENANCE', message: expect.stringContaining('maintenance') },
      });
    } finally {
      await m.close();
    }
  });
});
