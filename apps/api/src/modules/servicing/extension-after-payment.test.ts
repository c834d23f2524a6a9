import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { createOperators, signInOperator } from '../../test/console-fixtures.ts';
import { issueCoupon } from '../coupons/issue-coupon.ts';
import {
  coupons,
  ledgerEntries,
  ledgerTransactions,
  loanTransactions,
  refunds,
  repayments,
} from '../../db/schema/index.ts';

/**
 * Issue 7 review: the whole amount due paid with a payment code at T1, an extension paid by e-wallet
 * at T2 > T1 before the code's webhook arrives. As of T1 the loan was settled (BE-10), so the
 * extension is reversed and its money held for a refund (CO-02, BE-05).
 */
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  // 10:00 in Manila on 2027-02-01
  t = await createTestApp();
  t.clock.set('2027-02-01T02:00:00Z');
  api = client(t.app);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
/** a new console session of finance's (its operators are created once per app; a session ages with the clock) */
let operators: ReturnType<typeof createOperators> | undefined;
const financeSession = async () => signInOperator(t, (await (operators ??= createOperators(t))).finance);
let phoneSeq = 0;

async function borrowerWithLoan() {
  const phone = `9197${String(++phoneSeq).padStart(6, '0')}`;
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
const simulate = (repaymentId: string, body: Record<string, unknown>) =>
  api.json('POST', `/api/sandbox/repayments/${repaymentId}/simulate`, body);
const moveClock = (body: Record<string, unknown>) => api.json('POST', '/api/sandbox/clock', body);
const repayment = async (h: Record<string, string>, id: string) =>
  (await api.json('GET', `/api/repayments/${id}`, undefined, h)).body;

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
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, account)))
  ).reduce((s, e) => s + e.amount, 0n);

describe('CO-02 BE-10 BE-05 a payment code paid before an extension, its webhook arriving after it', () => {
  it('CO-02 BE-10 BE-05 the loan settles as of the code, the extension is reversed, its fee held for a refund; a replay changes nothing', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 10 });
    const before = await bill(b.h, b.orderId);
    const owed = before.balance.total as string;
    // T1: the borrower pays the whole amount at 7-Eleven; the provider reports it only later
    const code = (
      await repay(b.h, b.orderId, { expectedAmount: owed, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    await moveClock({ advanceHours: 1 });

    // T2: the same borrower extends by e-wallet, paid at once
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const ewallet = (await repay(b.h, b.orderId, { purpose: 'extension', expectedAmount: quote.amount }))
      .body;
    expect((await simulate(ewallet.id, { outcome: 'pay' })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'extended', dueDate: quote.newDueDate });
    const feeIncomeExtended = await accountOf(b.orderId, 'fee_income');
    // and opens a second extension at a payment centre, not paid yet
    const next = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const pendingExtension = (
      await repay(b.h, b.orderId, {
        purpose: 'extension',
        expectedAmount: next.amount,
        channel: 'otc',
        providerCode: 'CEBUANA',
      })
    ).body;
    expect(pendingExtension.state).toBe('pending');

    // the code's webhook arrives, paid at T1: as of then the loan was repaid
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('applied');
    const after = await bill(b.h, b.orderId);
    expect(after).toMatchObject({
      status: 'settled',
      dueDate: before.dueDate,
      balance: { total: '0', extensions: 0 },
    });
    expect(await repayment(b.h, code.id)).toMatchObject({ state: 'paid', amountReceived: owed });
    // the extension's money is the borrower's held money, shown on their records like any other
    expect(await repayment(b.h, ewallet.id)).toMatchObject({
      state: 'held',
      heldReason: 'already_settled',
      amountReceived: quote.amount,
    });
    // the extension opened but not paid is not payable any more
    expect(await repayment(b.h, pendingExtension.id)).toMatchObject({ state: 'expired' });
    // the fee is out of income; the extension's money sits in suspense
    expect((await accountOf(b.orderId, 'fee_income')) - feeIncomeExtended).toBe(BigInt(quote.fee));
    expect(await accountOf(b.orderId, 'suspense')).toBe(-BigInt(quote.amount));
    const history = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, b.orderId));
    expect(
      history
        .filter((h) => h.idempotencyKey.startsWith('extension-reversed:'))
        .map((h) => [h.type, h.idempotencyKey]),
    ).toEqual([
      ['reversal', `extension-reversed:${ewallet.id}:fee`],
      ['repayment', `extension-reversed:${ewallet.id}:payment`],
    ]);
    expect(await ledgerBalanced()).toBe(true);

    // the provider delivers the same webhook again: nothing changes
    const ledgerCount = async () =>
      (await db().select().from(ledgerTransactions)).filter((x) => x.reference === b.orderId).length;
    const postingsBefore = await ledgerCount();
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('replayed');
    expect(await ledgerCount()).toBe(postingsBefore);
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled', balance: { total: '0' } });
    // the extension's own webhook again: a replay too
    expect((await simulate(ewallet.id, { outcome: 'pay' })).body.result).toBe('replayed');
    expect(await accountOf(b.orderId, 'suspense')).toBe(-BigInt(quote.amount));
    // the pending extension paid anyway at the counter: held, the loan is settled
    expect((await simulate(pendingExtension.id, { outcome: 'pay' })).body.result).toBe('held');
    expect(await repayment(b.h, pendingExtension.id)).toMatchObject({
      state: 'held',
      heldReason: 'already_settled',
    });

    // finance finds the extension's money in the suspense queue and refunds it (the existing flow)
    const finance = await financeSession();
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/console/money/suspense',
      headers: finance.get,
    });
    expect(queue.statusCode).toBe(200);
    const items = (queue.json() as { items: { repaymentId: string; amount: string; heldReason: string }[] })
      .items;
    expect(items.find((i) => i.repaymentId === ewallet.id)).toMatchObject({
      amount: quote.amount,
      heldReason: 'already_settled',
    });
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/suspense/${ewallet.id}/refund`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'extension paid after the loan was repaid' }),
    });
    expect(refunded.statusCode).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.repaymentId, ewallet.id));
    expect(refund).toMatchObject({ amount: BigInt(quote.amount), state: 'to_execute' });
    expect(await accountOf(b.orderId, 'refunds_payable')).toBe(-BigInt(quote.amount));
    const [refundedRow] = await db().select().from(repayments).where(eq(repayments.id, ewallet.id));
    expect(refundedRow!.state).toBe('refunded');
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('CO-02 BE-10 BE-05 EN-07 the extension paid after the code was paid partly with a coupon', () => {
  it('CO-02 BE-10 BE-05 EN-07 case A: reversed with its coupon: the coupon usable again, its expense and the fee undone, the cash held and refunded', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 9 });
    // an operator's ₱1.00 repayment coupon, valid 30 days
    const { coupon } = await db().transaction((tx) =>
      issueCoupon(tx, {
        customerId: b.customerId,
        rule: 'operator',
        type: 'repayment',
        amount: 100n,
        validDays: 30,
        sourceKey: `test-${b.orderId}`,
        now: t.clock.now(),
      }),
    );
    const before = await bill(b.h, b.orderId);
    const owed = before.balance.total as string;
    // T1: the whole amount paid at 7-Eleven, reported later
    const code = (
      await repay(b.h, b.orderId, { expectedAmount: owed, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    await moveClock({ advanceDays: 1 });
    // T2: an extension by e-wallet, ₱1.00 of it paid with the coupon
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const cash = BigInt(quote.amount) - 100n;
    const extension = await repay(b.h, b.orderId, {
      purpose: 'extension',
      couponId: coupon.id,
      expectedAmount: String(cash),
    });
    expect(extension.status).toBe(201);
    expect((await simulate(extension.body.id, { outcome: 'pay' })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'extended' });
    const [spent] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(spent).toMatchObject({ state: 'used', usedOnRepaymentId: extension.body.id });
    expect(await accountOf(b.orderId, 'coupon_expense')).toBe(100n);
    const feeIncomeExtended = await accountOf(b.orderId, 'fee_income');

    // the code's webhook, paid at T1
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      dueDate: before.dueDate,
      balance: { total: '0', extensions: 0 },
    });
    expect(await repayment(b.h, extension.body.id)).toMatchObject({
      state: 'held',
      heldReason: 'already_settled',
      amountReceived: String(cash),
    });
    // fee income down by the fee, the coupon no expense, the cash in suspense
    expect((await accountOf(b.orderId, 'fee_income')) - feeIncomeExtended).toBe(BigInt(quote.fee));
    expect(await accountOf(b.orderId, 'coupon_expense')).toBe(0n);
    expect(await accountOf(b.orderId, 'suspense')).toBe(-cash);
    expect(await ledgerBalanced()).toBe(true);
    // the coupon is the borrower's again, usable (its window is open), on their list
    const [back] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(back).toMatchObject({
      state: 'usable',
      reservedBy: null,
      usedAt: null,
      usedOnRepaymentId: null,
      deducted: null,
    });
    const listed = (await api.json('GET', '/api/coupons?status=usable', undefined, b.h)).body;
    expect(JSON.stringify(listed)).toContain(coupon.id);

    // finance refunds the extension's cash from the suspense queue
    const finance = await financeSession();
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/suspense/${extension.body.id}/refund`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'extension paid after the loan was repaid' }),
    });
    expect(refunded.statusCode).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.repaymentId, extension.body.id));
    expect(refund).toMatchObject({ amount: cash, state: 'to_execute' });
    expect(await accountOf(b.orderId, 'suspense')).toBe(0n);
    expect(await ledgerBalanced()).toBe(true);
  });
});
