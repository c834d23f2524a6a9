import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, applyOrderEvent, manilaDate, type OperatorRole } from '@pisonow/domain';
import {
  loanChargePauses,
  loanTransactions,
  messages,
  paymentDisputes,
  photos,
  repayments,
} from '../../db/schema/index.ts';
import {
  createOperators,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { seedReceiptPhoto } from '../../test/loan-fixtures.ts';
import { seedHeldRepayment } from '../../test/money-fixtures.ts';
import { borrowerWithPaidOutLoan } from '../../test/order-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { accrueOverdueCharges } from './accrue-overdue-charges.ts';
import { loadLoan } from './loan-record.ts';

/**
 * BE-10 payment disputes: "I paid but it is not showing". The borrower reports the payment with a
 * receipt photo; overdue charges pause while it is open (the day job and every view agree); the
 * console matches it to money in suspense or rejects it with a reason; the borrower is told.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let phoneSeq = 0;
const nextPhone = () => `9196${String(++phoneSeq).padStart(6, '0')}`;
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/photos');

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-03-01T02:00:00Z');
  api = client(t.app);
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const today = () => manilaDate(t.clock.now());
const at = (day: string) => new Date(`${day}T02:00:00Z`);

const borrowerWithLoan = () => borrowerWithPaidOutLoan(t, api, nextPhone());

async function openDispute(
  who: { h: Record<string, string>; customerId: string; orderId: string },
  overrides: Record<string, unknown> = {},
  key = randomUUID(),
  locale = 'en-US',
) {
  const receiptPhotoId = await seedReceiptPhoto(db(), who.customerId, t.clock.now());
  return api.json(
    'POST',
    `/api/orders/${who.orderId}/disputes`,
    {
      providerCode: 'GCASH',
      reference: 'GC 7781 2290',
      amount: '150000',
      paidOn: today(),
      receiptPhotoId,
      ...overrides,
    },
    { ...who.h, 'idempotency-key': key, 'accept-language': locale },
  );
}

// a fresh console session each time: these tests move the clock past the console's idle timeout
// (and 31 seconds on, because an authenticator code is taken once)
const financeSession = async (): Promise<ConsoleSession> => {
  t.clock.set(new Date(t.clock.now().getTime() + 31_000));
  return signInOperator(t, ops.finance);
};
const resolve = async (disputeId: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/console/disputes/${disputeId}/resolve`,
    headers: { ...(await financeSession()).write, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const consoleQueue = async () =>
  t.app.inject({ method: 'GET', url: '/api/console/disputes', headers: (await financeSession()).get });

const overdueCharges = async (orderId: string) =>
  (await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId))).reduce(
    (s, x) => s + x.lateCharge + x.penalty,
    0n,
  );

async function ledgerSumsToZero() {
  const rows = await db().execute(
    sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
  );
  return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
}

describe('BE-10 payment disputes', () => {
  it('BE-10 the receipt goes up the private photo path (kind paymentReceipt); the dispute opens and charges pause', async () => {
    const who = await borrowerWithLoan();
    const grant = await api.json('POST', '/api/photos/upload-grants', { kind: 'paymentReceipt' }, who.h);
    expect(grant.status).toBe(201);
    // a receipt is not an ID card: the card checks do not apply (this blurred photo is fine)
    const put = await t.app.inject({
      method: 'PUT',
      url: grant.body.uploadUrl,
      headers: { 'content-type': 'image/jpeg' },
      payload: await readFile(path.join(fixtures, 'id-card-blurred.jpg')),
    });
    expect(put.statusCode, put.body).toBe(201);
    const receiptPhotoId = put.json().photoId as string;
    const opened = await api.json(
      'POST',
      `/api/orders/${who.orderId}/disputes`,
      {
        providerCode: '7ELEVEN',
        reference: '7E-20270301-0042',
        amount: '204200',
        paidOn: today(),
        receiptPhotoId,
      },
      { ...who.h, 'idempotency-key': 'dispute-1' },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({
      status: 'open',
      providerCode: '7ELEVEN',
      amount: '204200',
      chargesPausedFrom: addDays(today(), 1),
      chargesPausedUntil: null,
    });
    // a double tap (same key) opens nothing new
    const again = await api.json(
      'POST',
      `/api/orders/${who.orderId}/disputes`,
      {
        providerCode: '7ELEVEN',
        reference: '7E-20270301-0042',
        amount: '204200',
        paidOn: today(),
        receiptPhotoId,
      },
      { ...who.h, 'idempotency-key': 'dispute-1' },
    );
    expect(again.body.id).toBe(opened.body.id);
    const bill = await api.json('GET', `/api/orders/${who.orderId}`, undefined, who.h);
    expect(bill.body.balance.chargesPaused).toBe(true);
    const list = await api.json('GET', `/api/orders/${who.orderId}/disputes`, undefined, who.h);
    expect(list.body.disputes.map((d: { id: string }) => d.id)).toEqual([opened.body.id]);
    // one open dispute per loan
    const second = await openDispute(who);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('DISPUTE_ALREADY_OPEN');
    // the console sees it with the receipt link
    const queue = await consoleQueue();
    const row = queue.json().disputes.find((d: { id: string }) => d.id === opened.body.id);
    expect(row.receiptUrl).toMatch(/^\/api\/photos\/files\//);
    expect((await t.app.inject({ method: 'GET', url: row.receiptUrl })).statusCode).toBe(200);
  });

  it('BE-10 a disputed loan accrues nothing while the dispute is open and resumes after rejection (day job = domain)', async () => {
    const who = await borrowerWithLoan();
    const { loan } = (await loadLoan(db(), who.orderId))!;
    const due = loan.dueDate!;
    // three days overdue, the day job ran each day
    for (let d = 1; d <= 3; d++) await accrueOverdueCharges(db(), addDays(due, d), at(addDays(due, d)));
    const beforeDispute = await overdueCharges(who.orderId);
    expect(beforeDispute).toBeGreaterThan(0n);
    // the borrower reports a payment on day 3 (after that day's run); charges stop
    t.clock.set(at(addDays(due, 3)));
    const opened = await openDispute(who, { paidOn: addDays(due, 2) });
    expect(opened.status).toBe(201);
    for (let d = 4; d <= 9; d++) await accrueOverdueCharges(db(), addDays(due, d), at(addDays(due, d)));
    expect(await overdueCharges(who.orderId)).toBe(beforeDispute);
    // the bill agrees: nothing more is owed today than was posted
    t.clock.set(at(addDays(due, 9)));
    const bill = await api.json('GET', `/api/orders/${who.orderId}`, undefined, who.h);
    expect(BigInt(bill.body.balance.lateCharge) + BigInt(bill.body.balance.penalty)).toBe(beforeDispute);
    // finance rejects on day 9: the pause covers day 4 (the day after the report) to day 9
    const rejected = await resolve(opened.body.id, {
      outcome: 'rejected',
      reason: 'no_payment_found',
      note: 'no GCash payment with that reference',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', chargesPausedUntil: addDays(due, 10) });
    for (let d = 10; d <= 12; d++) await accrueOverdueCharges(db(), addDays(due, d), at(addDays(due, d)));
    const after = await overdueCharges(who.orderId);
    expect(after).toBeGreaterThan(beforeDispute);
    // exactly what the domain charges for 12 overdue days less the 6 paused
    const found = (await loadLoan(db(), who.orderId))!;
    const unpaused = {
      ...found.loan,
      chargePauses: [],
      transactions: found.loan.transactions.filter((x) => x.type === 'disbursement'),
    };
    const sixDays = applyOrderEvent(unpaused, {
      type: 'day_passed',
      today: addDays(due, 6),
    }).transactions.reduce((s, x) => s + x.portions.lateCharge + x.portions.penalty, 0n);
    expect(after).toBe(sixDays);
    expect(await ledgerSumsToZero()).toBe(true);
    // the borrower is told, in their language
    const [message] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, who.customerId), eq(messages.event, 'payment_dispute_rejected')));
    expect(message!.params).toEqual({ reason: 'no_payment_found' });
    const inbox = await api.json('GET', '/api/messages?kind=notify', undefined, {
      ...who.h,
      'accept-language': 'fil',
    });
    expect(JSON.stringify(inbox.body)).toContain('wala kaming nakitang bayad');
    // the same decision again is answered as done; another decision is refused
    expect(
      (await resolve(opened.body.id, { outcome: 'rejected', reason: 'no_payment_found', note: 'again' }))
        .statusCode,
    ).toBe(200);
    const other = await resolve(opened.body.id, {
      outcome: 'rejected',
      reason: 'amount_differs',
      note: 'changed my mind',
    });
    expect(other.statusCode).toBe(200); // same outcome (rejected): a replay, the first reason stands
    const flip = await resolve(opened.body.id, {
      outcome: 'matched',
      repaymentId: randomUUID(),
      purpose: 'partial',
      note: 'too late',
    });
    expect(flip.statusCode).toBe(409);
    expect(flip.json().code).toBe('DISPUTE_ALREADY_RESOLVED');
    const [row] = await db().select().from(paymentDisputes).where(eq(paymentDisputes.id, opened.body.id));
    expect(row!.rejectionReason).toBe('no_payment_found');
  });

  it('BE-10 matched: the money held in suspense is applied to the loan, the pause ends, the borrower is told', async () => {
    const who = await borrowerWithLoan();
    const held = await seedHeldRepayment(db(), {
      orderId: who.orderId,
      amount: 50_000n,
      paidAt: t.clock.now(),
      now: t.clock.now(),
    });
    const opened = await openDispute(who, { amount: '50000' });
    expect(opened.status).toBe(201);
    const queue = await consoleQueue();
    const row = queue.json().disputes.find((d: { id: string }) => d.id === opened.body.id);
    expect(row.heldPayments.map((p: { repaymentId: string }) => p.repaymentId)).toEqual([held]);
    // another borrower's held money cannot settle this dispute
    const stranger = await borrowerWithLoan();
    const strangersMoney = await seedHeldRepayment(db(), {
      orderId: stranger.orderId,
      amount: 50_000n,
      paidAt: t.clock.now(),
      now: t.clock.now(),
    });
    const wrong = await resolve(opened.body.id, {
      outcome: 'matched',
      repaymentId: strangersMoney,
      purpose: 'partial',
      note: 'wrong one',
    });
    expect(wrong.statusCode).toBe(404);
    const matched = await resolve(opened.body.id, {
      outcome: 'matched',
      repaymentId: held,
      purpose: 'partial',
      note: 'GCash ref matches',
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ status: 'matched', chargesPausedUntil: addDays(today(), 1) });
    const [repayment] = await db().select().from(repayments).where(eq(repayments.id, held));
    expect(repayment!.state).toBe('paid');
    const bill = await api.json('GET', `/api/orders/${who.orderId}`, undefined, who.h);
    expect(bill.body.balance.chargesPaused).toBe(false); // reported and matched the same day: no day paused
    expect(BigInt(bill.body.balance.total)).toBe(BigInt(bill.body.totalRepayment) - 50_000n);
    const [message] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, who.customerId), eq(messages.event, 'payment_dispute_matched')));
    expect(message!.params).toEqual({ amount: '50000' });
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-10 refused with a clear 4xx and nothing written: another borrower’s loan, a bad receipt, a bad date or reference, a settled loan', async () => {
    const who = await borrowerWithLoan();
    const other = await borrowerWithLoan();
    const count = async () => (await db().select().from(paymentDisputes)).length;
    const before = await count();
    // another borrower's order: not found
    const foreign = await openDispute({ ...who, orderId: other.orderId });
    expect(foreign.status).toBe(404);
    // a photo that is not a receipt, or not mine
    const idPhoto = await seedReceiptPhoto(db(), who.customerId, t.clock.now());
    await db().update(photos).set({ kind: 'idCard' }).where(eq(photos.id, idPhoto));
    expect((await openDispute(who, { receiptPhotoId: idPhoto })).body.code).toBe('DISPUTE_RECEIPT_REQUIRED');
    const othersReceipt = await seedReceiptPhoto(db(), other.customerId, t.clock.now());
    expect((await openDispute(who, { receiptPhotoId: othersReceipt })).body.code).toBe(
      'DISPUTE_RECEIPT_REQUIRED',
    );
    // dates: not in the future, not before the money was sent
    expect((await openDispute(who, { paidOn: addDays(today(), 1) })).body.code).toBe('DISPUTE_DATE_INVALID');
    expect((await openDispute(who, { paidOn: addDays(today(), -30) })).body.code).toBe(
      'DISPUTE_DATE_INVALID',
    );
    expect((await openDispute(who, { paidOn: '2027-02-30' })).status).toBe(400);
    // the reference, in the borrower's language
    const bad = await openDispute(who, { reference: '<script>' }, randomUUID(), 'fil');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('DISPUTE_REFERENCE_INVALID');
    expect(bad.body.message).toContain('reference number sa resibo');
    expect((await openDispute(who, { amount: '-5' })).status).toBe(400);
    expect((await openDispute(who, { providerCode: 'PAYPAL' })).status).toBe(400);
    expect(await count()).toBe(before);
    expect(
      (await db().select().from(loanChargePauses).where(eq(loanChargePauses.orderId, who.orderId))).length,
    ).toBe(0);
    // a settled loan cannot be disputed
    const bill = await api.json('GET', `/api/orders/${who.orderId}`, undefined, who.h);
    const started = await api.json(
      'POST',
      `/api/orders/${who.orderId}/repayments`,
      { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: bill.body.balance.total },
      { ...who.h, 'idempotency-key': `k-${randomUUID()}` },
    );
    await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, { outcome: 'pay' });
    const settled = await openDispute(who);
    expect(settled.status).toBe(409);
    expect(settled.body.code).toBe('DISPUTE_NOT_ALLOWED');
    // and no one reads another borrower's disputes
    expect((await api.json('GET', `/api/orders/${other.orderId}/disputes`, undefined, who.h)).status).toBe(
      404,
    );
  });
});
