import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  EASY_RELOAN_ACTIVATION_VOUCHER,
  EASY_RELOAN_AGREEMENT_VERSION,
  formatPeso,
  manilaDate,
} from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { createOperators, signInOperator } from '../../test/console-fixtures.ts';
import { seedUnmatchedPayment } from '../../test/money-fixtures.ts';
import { issueCoupon } from '../coupons/issue-coupon.ts';
import {
  auditLog,
  coupons,
  ledgerEntries,
  ledgerTransactions,
  loanTransactions,
  refunds,
  repayments,
  suspenseResolutions,
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

async function borrowerWithLoan(
  loan: Omit<Parameters<typeof seedDisbursedLoan>[1], 'disbursedAt' | 'phone'> = {},
) {
  const phone = `9197${String(++phoneSeq).padStart(6, '0')}`;
  const { orderId, customerId } = await seedDisbursedLoan(db(), {
    ...loan,
    disbursedAt: t.clock.now(),
    phone,
  });
  const { token } = await api.signIn(phone);
  return { orderId, customerId, h: api.authed(token) };
}
/** an operator's ₱1.00 repayment coupon, valid 30 days */
const operatorCoupon = async (customerId: string, sourceKey: string) =>
  (
    await db().transaction((tx) =>
      issueCoupon(tx, {
        customerId,
        rule: 'operator',
        type: 'repayment',
        amount: 100n,
        validDays: 30,
        sourceKey,
        now: t.clock.now(),
      }),
    )
  ).coupon;
/**
 * An extension paid by e-wallet, `couponAmount` of it with the coupon (it must leave something to
 * pay): applied. Its attempt, the cash paid and the quote.
 */
async function payExtensionWithCoupon(
  b: { orderId: string; h: Record<string, string> },
  couponId: string,
  couponAmount: bigint,
) {
  const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
  const cash = BigInt(quote.amount) - couponAmount;
  expect(cash).toBeGreaterThan(0n);
  const extension = await repay(b.h, b.orderId, {
    purpose: 'extension',
    couponId,
    expectedAmount: String(cash),
  });
  expect(extension.status, JSON.stringify(extension.body)).toBe(201);
  expect((await simulate(extension.body.id, { outcome: 'pay' })).body.result).toBe('applied');
  return { extension, cash, quote };
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
    const coupon = await operatorCoupon(b.customerId, `test-${b.orderId}`);
    const before = await bill(b.h, b.orderId);
    const owed = before.balance.total as string;
    // T1: the whole amount paid at 7-Eleven, reported later
    const code = (
      await repay(b.h, b.orderId, { expectedAmount: owed, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    await moveClock({ advanceDays: 1 });
    // T2: an extension by e-wallet, ₱1.00 of it paid with the coupon
    const { extension, cash, quote } = await payExtensionWithCoupon(b, coupon.id, 100n);
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

describe('CO-02 EN-07 BE-10 the coupon of a payment code that lapsed, spent meanwhile on an extension', () => {
  it('CO-02 EN-07 BE-10 the code was paid in time and reported late: it settles the loan with its coupon, the extension is reversed and held, the coupon ends spent on the code', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 9 });
    const coupon = await operatorCoupon(b.customerId, `test-lapsed-${b.orderId}`);
    const owed = BigInt((await bill(b.h, b.orderId)).balance.total as string);
    // T1: a 7-Eleven code for the whole amount, ₱1.00 of it the coupon; paid at once, reported late
    const code = await repay(b.h, b.orderId, {
      expectedAmount: String(owed - 100n),
      channel: 'otc',
      providerCode: '7ELEVEN',
      couponId: coupon.id,
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const paidAt = t.clock.now().toISOString();
    // the code lapses at Manila midnight; the next day the borrower extends with the same coupon
    await moveClock({ advanceDays: 1 });
    const { extension, cash } = await payExtensionWithCoupon(b, coupon.id, 100n);
    const [spentOnExtension] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(spentOnExtension).toMatchObject({ state: 'used', usedOnRepaymentId: extension.body.id });

    // the code's webhook, paid at T1 with exactly what the code asked
    expect((await simulate(code.body.id, { outcome: 'pay_late', paidAt })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      balance: { total: '0', extensions: 0 },
    });
    expect(await repayment(b.h, code.body.id)).toMatchObject({ state: 'paid' });
    expect(await repayment(b.h, extension.body.id)).toMatchObject({
      state: 'held',
      heldReason: 'already_settled',
      amountReceived: String(cash),
    });
    // the coupon paid once, for the code: its expense counted once, the extension's cash held
    const [spent] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(spent).toMatchObject({ state: 'used', usedOnRepaymentId: code.body.id, deducted: 100n });
    expect(await accountOf(b.orderId, 'coupon_expense')).toBe(100n);
    expect(await accountOf(b.orderId, 'suspense')).toBe(-cash);
    expect(await ledgerBalanced()).toBe(true);
    // nothing was recorded as a coupon gone missing
    const missing = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, extension.body.id), like(auditLog.action, '%coupon%')));
    expect(missing).toHaveLength(0);
  });
});

describe('CO-02 ST-08 EN-07 the extension paid with the Easy Re-loan voucher, reversed by the code paid before it', () => {
  it('CO-02 ST-08 EN-07 the voucher comes back unused: switching off is allowed again and forfeits it, as for any unused voucher', async () => {
    // ₱10,000, overdue: the extension's ₱100 fee and the overdue charges come to more than the ₱200
    // voucher (an extension's fee alone never reaches it on the default product)
    const b = await borrowerWithLoan({ principal: 1_000_000n });
    const easyReloan = async () => (await api.json('GET', '/api/easy-reloan', undefined, b.h)).body;
    const on = { on: true, agreedVersion: EASY_RELOAN_AGREEMENT_VERSION };
    expect((await api.json('PUT', '/api/easy-reloan', on, b.h)).status).toBe(200);
    const [voucher] = await db()
      .select()
      .from(coupons)
      .where(and(eq(coupons.customerId, b.customerId), eq(coupons.rule, 'easy_reloan_activation')));
    expect(voucher).toMatchObject({ state: 'usable', amount: EASY_RELOAN_ACTIVATION_VOUCHER });
    await moveClock({ advanceDays: 24 });
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'overdue' });
    const before = await bill(b.h, b.orderId);
    // T1: the whole amount paid at 7-Eleven, reported later
    const code = (
      await repay(b.h, b.orderId, {
        expectedAmount: before.balance.total,
        channel: 'otc',
        providerCode: '7ELEVEN',
      })
    ).body;
    const paidAt = t.clock.now().toISOString();
    await moveClock({ advanceDays: 1 });
    // T2: an extension, ₱200 of it paid with the voucher: the voucher is used, closing is blocked
    await payExtensionWithCoupon(b, voucher!.id, EASY_RELOAN_ACTIVATION_VOUCHER);
    expect(await easyReloan()).toMatchObject({ activationVoucher: 'used', canSwitchOff: false });

    // the code's webhook, paid at T1: the extension is reversed and its voucher given back
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled' });
    const [back] = await db().select().from(coupons).where(eq(coupons.id, voucher!.id));
    expect(back).toMatchObject({ state: 'usable', usedOnRepaymentId: null });
    expect(await easyReloan()).toMatchObject({
      enabled: true,
      activationVoucher: 'usable',
      canSwitchOff: true,
    });
    expect(await ledgerBalanced()).toBe(true);

    // closing before an automatic re-loan earned it forfeits the voucher (ST-08), not blocked
    const off = await api.json('PUT', '/api/easy-reloan', { on: false }, b.h);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, activationVoucher: 'forfeited' });
    const [forfeited] = await db().select().from(coupons).where(eq(coupons.id, voucher!.id));
    expect(forfeited!.state).not.toBe('usable');
  });
});

describe('CO-02 BE-10 BE-05 the extension after the code was applied by finance from held money', () => {
  it('CO-02 BE-10 BE-05 case C: reversed; the money finance applied is held again (already_settled), listed, refunded and paid out; the resolution stays applied; a replay changes nothing', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 10 });
    const before = await bill(b.h, b.orderId);
    const owed = before.balance.total as string;
    // T1: the whole amount paid at 7-Eleven; the provider reports it only later
    const code = (
      await repay(b.h, b.orderId, { expectedAmount: owed, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    // T2, 01:00 the next day in Manila (still before the due date): what was paid at T1 counts
    // as of T1's day, not the day anything after it happened
    await moveClock({ advanceHours: 15 });
    expect(manilaDate(t.clock.now())).not.toBe(manilaDate(new Date(paidAt)));

    // T2: a bank transfer opened for the whole amount, paid with the extension's amount instead:
    // held (another amount), the borrower having meant to extend
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const transfer = (
      await repay(b.h, b.orderId, {
        expectedAmount: (await bill(b.h, b.orderId)).balance.total,
        channel: 'bank_transfer',
        providerCode: 'BANK_TRANSFER',
      })
    ).body;
    expect(
      (await simulate(transfer.id, { outcome: 'pay_different', amount: quote.amount })).body.result,
    ).toBe('held');
    expect(await repayment(b.h, transfer.id)).toMatchObject({
      state: 'held',
      heldReason: 'amount_mismatch',
      amountReceived: quote.amount,
    });
    const transferPaidAt = (await db().select().from(repayments).where(eq(repayments.id, transfer.id)))[0]!
      .paidAt!;
    expect(transferPaidAt.getTime()).toBeGreaterThan(new Date(paidAt).getTime());

    // finance applies it as the extension through the suspense queue (the code is not reported yet)
    await moveClock({ advanceHours: 1 });
    const finance = await financeSession();
    const applyHeld = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/console/money/suspense/${transfer.id}/apply`,
        headers: { ...finance.write, 'content-type': 'application/json' },
        payload: JSON.stringify({ purpose: 'extension', reason: 'the borrower meant to extend' }),
      });
    const applied = await applyHeld();
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'extended', dueDate: quote.newDueDate });
    expect(await accountOf(b.orderId, 'suspense')).toBe(0n);
    const feeIncomeExtended = await accountOf(b.orderId, 'fee_income');
    const cashExtended = await accountOf(b.orderId, 'cash_at_provider');

    // the code's webhook arrives, paid at T1: as of then the loan was repaid
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      dueDate: before.dueDate,
      balance: { total: '0', extensions: 0 },
    });
    expect(await repayment(b.h, code.id)).toMatchObject({ state: 'paid', amountReceived: owed });
    const [settlement] = await db()
      .select()
      .from(loanTransactions)
      .where(eq(loanTransactions.idempotencyKey, `payment:${code.id}`));
    expect(settlement!.businessDate).toBe(manilaDate(new Date(paidAt)));
    // the extension is reversed: its fee out of income, the money finance applied back in suspense
    expect((await accountOf(b.orderId, 'fee_income')) - feeIncomeExtended).toBe(BigInt(quote.fee));
    expect(await accountOf(b.orderId, 'suspense')).toBe(-BigInt(quote.amount));
    const history = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, b.orderId));
    expect(
      history
        .filter((h) => h.idempotencyKey.startsWith('extension-reversed:'))
        .map((h) => [h.type, h.idempotencyKey]),
    ).toEqual([
      ['reversal', `extension-reversed:suspense:${transfer.id}:fee`],
      ['repayment', `extension-reversed:suspense:${transfer.id}:payment`],
    ]);
    expect(await ledgerBalanced()).toBe(true);
    // the clearance letter counts what was paid net of the money taken back, as of the code's day
    const letter = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${b.orderId}/clearance-letter`,
      headers: b.h,
    });
    expect(letter.statusCode).toBe(200);
    expect(letter.body).toContain(`The last payment was received on ${manilaDate(new Date(paidAt))}`);
    expect(letter.body).toContain(`${formatPeso(BigInt(owed))} was paid in total`);

    // the transfer's own record stays as finance resolved it: applied, as audited
    const resolutionsOf = () =>
      db().select().from(suspenseResolutions).where(eq(suspenseResolutions.repaymentId, transfer.id));
    expect(await resolutionsOf()).toMatchObject([{ action: 'applied', purpose: 'extension' }]);
    const applyAudits = async () =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'money.suspense.apply'), eq(auditLog.targetId, transfer.id)))
      ).map((a) => [a.outcome, (a.detail as { purpose?: string }).purpose]);
    expect(await applyAudits()).toEqual([['ok', 'extension']]);
    const [source] = await db().select().from(repayments).where(eq(repayments.id, transfer.id));
    expect(source!.state).toBe('paid');
    // what the reversal put back in suspense is held money on a record of its own, the borrower's
    const heldAgain = await db()
      .select()
      .from(repayments)
      .where(and(eq(repayments.orderId, b.orderId), eq(repayments.state, 'held')));
    expect(heldAgain).toHaveLength(1);
    const again = heldAgain[0]!;
    expect(again).toMatchObject({
      purpose: 'extension',
      heldReason: 'already_settled',
      amountReceived: BigInt(quote.amount),
      paidAt: transferPaidAt,
    });
    expect(await repayment(b.h, again.id)).toMatchObject({
      state: 'held',
      heldReason: 'already_settled',
      amountReceived: quote.amount,
    });

    // the provider delivers the code's webhook again: nothing changes
    const ledgerCount = async () =>
      (await db().select().from(ledgerTransactions)).filter((x) => x.reference === b.orderId).length;
    const postingsBefore = await ledgerCount();
    const recordsBefore = (await db().select().from(repayments).where(eq(repayments.orderId, b.orderId)))
      .length;
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('replayed');
    expect(await ledgerCount()).toBe(postingsBefore);
    expect((await db().select().from(repayments).where(eq(repayments.orderId, b.orderId))).length).toBe(
      recordsBefore,
    );
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled', balance: { total: '0' } });
    expect(await accountOf(b.orderId, 'suspense')).toBe(-BigInt(quote.amount));
    // finance's Apply submitted again (a console tab left open) is a replay: the loan stays settled
    expect((await applyHeld()).statusCode).toBe(200);
    expect(await ledgerCount()).toBe(postingsBefore);
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled', dueDate: before.dueDate });
    // and the applied record itself cannot be refunded: the held record is the one to refund
    const wrongRefund = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/suspense/${transfer.id}/refund`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'extension applied after the loan was repaid' }),
    });
    expect(wrongRefund.statusCode).toBe(409);

    // finance finds the money in the suspense queue and refunds it, then makes the transfer
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/console/money/suspense',
      headers: finance.get,
    });
    expect(queue.statusCode).toBe(200);
    const items = (
      queue.json() as {
        items: { repaymentId: string; orderId: string; amount: string; heldReason: string }[];
      }
    ).items.filter((i) => i.orderId === b.orderId);
    expect(items).toEqual([
      expect.objectContaining({ repaymentId: again.id, amount: quote.amount, heldReason: 'already_settled' }),
    ]);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/suspense/${again.id}/refund`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'extension applied after the loan was repaid' }),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = (refunded.json() as { refundId: string }).refundId;
    const [refund] = await db().select().from(refunds).where(eq(refunds.repaymentId, again.id));
    expect(refund).toMatchObject({ id: refundId, amount: BigInt(quote.amount), state: 'to_execute' });
    expect(await accountOf(b.orderId, 'suspense')).toBe(0n);
    const executed = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/refunds/${refundId}/executed`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ transferReference: 'INSTAPAY-CASE-C' }),
    });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json()).toMatchObject({ state: 'executed', amount: quote.amount });
    expect(await accountOf(b.orderId, 'refunds_payable')).toBe(0n);
    expect(cashExtended - (await accountOf(b.orderId, 'cash_at_provider'))).toBe(
      BigInt(quote.amount) - BigInt(owed),
    );
    const [refundedRow] = await db().select().from(repayments).where(eq(repayments.id, again.id));
    expect(refundedRow!.state).toBe('refunded');
    // the original resolution is still the audited 'applied'
    expect(await resolutionsOf()).toMatchObject([{ action: 'applied', purpose: 'extension' }]);
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('CO-02 BE-10 BE-05 held money paid before the code, applied by finance as an extension after it', () => {
  it('CO-02 BE-10 BE-05 the extension stands (its money was paid first, whenever finance applied it); the code reported later settles the extended loan as of its paid-at; nothing reversed or held', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 10 });
    const before = await bill(b.h, b.orderId);
    // T0: a bank transfer for the whole amount, paid with the extension's amount: held
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const transfer = (
      await repay(b.h, b.orderId, {
        expectedAmount: before.balance.total,
        channel: 'bank_transfer',
        providerCode: 'BANK_TRANSFER',
      })
    ).body;
    expect(
      (await simulate(transfer.id, { outcome: 'pay_different', amount: quote.amount })).body.result,
    ).toBe('held');
    await moveClock({ advanceHours: 1 });
    // T1 > T0: the whole amount (as the borrower's bill still says) paid at 7-Eleven, reported later
    const owed = (await bill(b.h, b.orderId)).balance.total as string;
    const code = (
      await repay(b.h, b.orderId, { expectedAmount: owed, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    await moveClock({ advanceHours: 15 });
    // T2: finance applies the transfer as the extension, counted as of T0
    const finance = await financeSession();
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/suspense/${transfer.id}/apply`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ purpose: 'extension', reason: 'the borrower meant to extend' }),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const extended = await bill(b.h, b.orderId);
    expect(extended).toMatchObject({ status: 'extended', dueDate: quote.newDueDate });
    const feeIncomeExtended = await accountOf(b.orderId, 'fee_income');

    // the code's webhook, paid at T1: the extension was bought before it, so it stands, and the
    // code settles the extended loan as of T1 (what was due then on it, the fee paid apart)
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('applied');
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      dueDate: quote.newDueDate,
      balance: { total: '0', extensions: 1 },
    });
    const [settlement] = await db()
      .select()
      .from(loanTransactions)
      .where(eq(loanTransactions.idempotencyKey, `payment:${code.id}`));
    expect(settlement!.businessDate).toBe(manilaDate(new Date(paidAt)));
    const history = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, b.orderId));
    expect(history.filter((h) => h.idempotencyKey.startsWith('extension-reversed:'))).toEqual([]);
    expect(await accountOf(b.orderId, 'fee_income')).toBe(feeIncomeExtended);
    // nothing held: the transfer stays applied, nothing in suspense, nothing to refund
    const records = await db().select().from(repayments).where(eq(repayments.orderId, b.orderId));
    expect(records.map((r) => [r.id, r.state]).sort()).toEqual(
      [
        [transfer.id, 'paid'],
        [code.id, 'paid'],
      ].sort(),
    );
    expect(await accountOf(b.orderId, 'suspense')).toBe(0n);
    expect(await ledgerBalanced()).toBe(true);
  });
});

const applyAs = async (repaymentId: string, purpose: 'full' | 'partial' | 'extension', reason: string) => {
  const finance = await financeSession();
  return t.app.inject({
    method: 'POST',
    url: `/api/console/money/suspense/${repaymentId}/apply`,
    headers: { ...finance.write, 'content-type': 'application/json' },
    payload: JSON.stringify({ purpose, reason }),
  });
};
const heldOn = (orderId: string) =>
  db()
    .select()
    .from(repayments)
    .where(and(eq(repayments.orderId, orderId), eq(repayments.state, 'held')));

describe('CO-02 BE-10 BE-05 finance applies a full payment made before an extension (review: it could only be refunded)', () => {
  it('CO-02 BE-10 BE-05 the review\u2019s scenario: 7-Eleven day 1, e-wallet extension day 2, a partial payment day 3, the code reported day 4 and held; Apply as full settles the loan with what is owed that day, the rest held on a record of its own and refunded, the fee kept', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 5 });
    const owed = (await bill(b.h, b.orderId)).balance.total as string;
    // day 1: the whole amount paid at 7-Eleven; the provider reports it only on day 4
    const code = (
      await repay(b.h, b.orderId, { expectedAmount: owed, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    // day 2: an extension by e-wallet, paid at once
    await moveClock({ advanceDays: 1 });
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const ewallet = (await repay(b.h, b.orderId, { purpose: 'extension', expectedAmount: quote.amount }))
      .body;
    expect((await simulate(ewallet.id, { outcome: 'pay' })).body.result).toBe('applied');
    // day 3: ₱500.00 by bank transfer, held (another amount), applied by finance as a partial payment
    await moveClock({ advanceDays: 1 });
    const transfer = (
      await repay(b.h, b.orderId, {
        expectedAmount: (await bill(b.h, b.orderId)).balance.total,
        channel: 'bank_transfer',
        providerCode: 'BANK_TRANSFER',
      })
    ).body;
    expect((await simulate(transfer.id, { outcome: 'pay_different', amount: '50000' })).body.result).toBe(
      'held',
    );
    const partial = await applyAs(transfer.id, 'partial', 'the borrower paid part by transfer');
    expect(partial.statusCode, partial.body).toBe(200);
    // day 4: the code's webhook; the partial payment between means the extension cannot be reversed
    await moveClock({ advanceDays: 1 });
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('held');
    expect(await repayment(b.h, code.id)).toMatchObject({
      state: 'held',
      heldReason: 'paid_before_extension',
      amountReceived: owed,
    });
    const extended = await bill(b.h, b.orderId);
    expect(extended).toMatchObject({ status: 'extended', dueDate: quote.newDueDate });
    const owedToday = BigInt(extended.balance.total as string);
    expect(owedToday).toBe(BigInt(owed) - 50_000n);
    const feeIncomeExtended = await accountOf(b.orderId, 'fee_income');

    // finance applies the code's money as a repayment in full: 409 SUSPENSE_CANNOT_APPLY before
    const applied = await applyAs(code.id, 'full', 'paid at 7-Eleven before the extension');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      action: 'applied',
      amount: String(owedToday),
      orderStatus: 'settled',
    });
    // settled as it stands today: the extension stands (its due date, its fee as income)
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      dueDate: quote.newDueDate,
      balance: { total: '0', extensions: 1 },
    });
    expect(await accountOf(b.orderId, 'fee_income')).toBe(feeIncomeExtended);
    const [settlement] = await db()
      .select()
      .from(loanTransactions)
      .where(eq(loanTransactions.idempotencyKey, `payment:suspense:${code.id}`));
    expect(settlement).toMatchObject({ businessDate: manilaDate(t.clock.now()), cash: owedToday });
    expect(await repayment(b.h, code.id)).toMatchObject({ state: 'paid' });
    expect(
      await db().select().from(suspenseResolutions).where(eq(suspenseResolutions.repaymentId, code.id)),
    ).toMatchObject([{ action: 'applied', purpose: 'full', amount: owedToday }]);
    // the rest is the borrower's held money on a record of its own, the code's paid-at
    const held = await heldOn(b.orderId);
    expect(held).toHaveLength(1);
    const rest = held[0]!;
    expect(rest).toMatchObject({
      heldReason: 'left_after_settling',
      amountReceived: 50_000n,
      paidAt: new Date(paidAt),
    });
    expect(await repayment(b.h, rest.id)).toMatchObject({
      state: 'held',
      heldReason: 'left_after_settling',
      amountReceived: '50000',
    });
    expect(await accountOf(b.orderId, 'suspense')).toBe(-50_000n);
    expect(await ledgerBalanced()).toBe(true);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'money.suspense.apply'), eq(auditLog.targetId, code.id)));
    expect(audit).toMatchObject({
      outcome: 'ok',
      after: { orderStatus: 'settled', leftHeld: { repaymentId: rest.id, amount: '50000' } },
    });

    // Apply again (a console tab left open): a replay, nothing posted twice
    const postings = (await db().select().from(ledgerTransactions)).length;
    expect((await applyAs(code.id, 'full', 'again')).statusCode).toBe(200);
    expect((await db().select().from(ledgerTransactions)).length).toBe(postings);
    expect(await heldOn(b.orderId)).toHaveLength(1);

    // finance finds the rest in the queue and refunds it
    const finance = await financeSession();
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/console/money/suspense',
      headers: finance.get,
    });
    const items = (queue.json() as { items: { repaymentId: string; orderId: string; heldReason: string }[] })
      .items;
    expect(items.filter((i) => i.orderId === b.orderId)).toEqual([
      expect.objectContaining({ repaymentId: rest.id, amount: '50000', heldReason: 'left_after_settling' }),
    ]);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/suspense/${rest.id}/refund`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'left over after settling the loan' }),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await accountOf(b.orderId, 'suspense')).toBe(0n);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('CO-02 BE-10 BE-05 money naming no borrower paid at T1, assigned after an extension paid the next day: Apply as full lists the extensions as the webhook does and reverses it', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 5 });
    const before = await bill(b.h, b.orderId);
    const owed = BigInt(before.balance.total as string);
    const paidAt = t.clock.now();
    // day 2: an extension by e-wallet
    await moveClock({ advanceDays: 1 });
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const ewallet = (await repay(b.h, b.orderId, { purpose: 'extension', expectedAmount: quote.amount }))
      .body;
    expect((await simulate(ewallet.id, { outcome: 'pay' })).body.result).toBe('applied');
    const feeIncomeExtended = await accountOf(b.orderId, 'fee_income');
    // the money paid on day 1 on a dashboard link arrives now, naming nobody; finance assigns it
    const paid = await seedUnmatchedPayment(t, { amount: owed, paidAt });
    const finance = await financeSession();
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/unmatched/${paid.id}/assign`,
      headers: {
        ...finance.write,
        'content-type': 'application/json',
        'idempotency-key': `assign-${paid.id}`,
      },
      payload: JSON.stringify({
        borrower: b.customerId,
        orderId: b.orderId,
        providerCode: 'GCASH',
        reason: 'the payer sent the receipt',
      }),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const heldId = (assigned.json() as { repaymentId: string }).repaymentId;

    const applied = await applyAs(heldId, 'full', 'paid in full before the extension');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ amount: String(owed), orderStatus: 'settled' });
    // as the webhook would have: settled as of T1 with the first due date, the extension reversed
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      dueDate: before.dueDate,
      balance: { total: '0', extensions: 0 },
    });
    expect(await repayment(b.h, ewallet.id)).toMatchObject({ state: 'held', heldReason: 'already_settled' });
    expect((await accountOf(b.orderId, 'fee_income')) - feeIncomeExtended).toBe(BigInt(quote.fee));
    expect(await accountOf(b.orderId, 'suspense')).toBe(-BigInt(quote.amount));
    expect((await heldOn(b.orderId)).map((r) => r.id)).toEqual([ewallet.id]);
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('CO-02 BE-10 EN-07 a coupon the domain took back but not found spent never blocks the payment', () => {
  it('CO-02 BE-10 BE-05 EN-07 the code\u2019s webhook is recorded and answered (the loan settled, the extension reversed); the missing coupon is audited and logged for finance', async () => {
    const b = await borrowerWithLoan();
    await moveClock({ advanceDays: 9 });
    const coupon = await operatorCoupon(b.customerId, `test-anomaly-${b.orderId}`);
    const before = await bill(b.h, b.orderId);
    const owed = before.balance.total as string;
    const code = (
      await repay(b.h, b.orderId, { expectedAmount: owed, channel: 'otc', providerCode: '7ELEVEN' })
    ).body;
    const paidAt = t.clock.now().toISOString();
    await moveClock({ advanceDays: 1 });
    const quote = (await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, b.h)).body;
    const cash = BigInt(quote.amount) - 100n;
    const extension = (
      await repay(b.h, b.orderId, { purpose: 'extension', couponId: coupon.id, expectedAmount: String(cash) })
    ).body;
    expect((await simulate(extension.id, { outcome: 'pay' })).body.result).toBe('applied');
    // the coupon's row no longer says it was spent on that extension (changed by hand, or a bug)
    await db().update(coupons).set({ usedOnRepaymentId: code.id }).where(eq(coupons.id, coupon.id));
    const errors: unknown[][] = [];
    const logError = t.app.log.error.bind(t.app.log);
    t.app.log.error = ((...args: unknown[]) => {
      errors.push(args);
      return (logError as (...a: unknown[]) => void)(...args);
    }) as typeof t.app.log.error;

    try {
      const delivered = await simulate(code.id, { outcome: 'pay_late', paidAt });
      expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
      expect(delivered.body.result).toBe('applied');
    } finally {
      t.app.log.error = logError;
    }
    // the borrower's full payment is recorded: settled as of T1, the extension reversed
    expect(await bill(b.h, b.orderId)).toMatchObject({
      status: 'settled',
      dueDate: before.dueDate,
      balance: { total: '0', extensions: 0 },
    });
    expect(await repayment(b.h, code.id)).toMatchObject({ state: 'paid', amountReceived: owed });
    expect(await repayment(b.h, extension.id)).toMatchObject({
      state: 'held',
      heldReason: 'already_settled',
    });
    expect(await accountOf(b.orderId, 'coupon_expense')).toBe(0n);
    expect(await ledgerBalanced()).toBe(true);
    // the coupon is left as it was found; finance is told to give it back by hand
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ state: 'used', usedOnRepaymentId: code.id });
    const anomalies = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'money.reversed_extension.coupon_not_given_back'),
          eq(auditLog.targetId, extension.id),
        ),
      );
    expect(anomalies).toHaveLength(1);
    expect(anomalies[0]).toMatchObject({
      outcome: 'failed',
      role: 'system',
      operatorId: null,
      detail: { orderId: b.orderId, settledBy: code.id, couponAmount: '100' },
    });
    // logged as an error, with ids only: no phone number or name of the borrower
    const logged = errors.filter((e) => String(e[1]).includes('coupon of a reversed extension'));
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toEqual({
      orderId: b.orderId,
      extensionRepaymentId: extension.id,
      settledBy: code.id,
    });
    // a replay of the delivery changes nothing and records no second anomaly
    expect((await simulate(code.id, { outcome: 'pay_late', paidAt })).body.result).toBe('replayed');
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'money.reversed_extension.coupon_not_given_back')),
    ).toHaveLength(1);
  });
});
