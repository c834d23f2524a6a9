import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { creditReports, ledgerEntries, loanTransactions, payouts } from '../../db/schema/index.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { createOperators, signInOperator, type TestOperator } from '../../test/console-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { pipeFormat } from './credit-report-format.ts';
import { creditReportRecords } from './generate-credit-report.ts';
import { receivePayoutCallback } from '../orders/receive-payout-callback.ts';
import { SandboxPayoutProvider } from '../../providers/payout/sandbox-payout.ts';

/** BE-13: the monthly credit-data file for the Credit Information Corporation (RA 9510). */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<string, TestOperator>;
let phoneSeq = 0;
const nextPhone = () => `9199${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-05-10T02:00:00Z');
  api = client(t.app);
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;

async function borrowerWithLoan(idNumber: string) {
  const phone = nextPhone();
  const b = await submitCompleteApplication(db(), api, phone, { idNumber });
  await decidePendingApplications(lendingContext(t.app));
  const signature = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
  const placed = await api.json('POST', '/api/orders', await withdrawalBody(api, b.h, { signature }), {
    ...b.h,
    'idempotency-key': `order-${phone}`,
  });
  expect(placed.status).toBe(201);
  await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
  return { h: b.h, orderId: placed.body.id as string };
}

async function payInFull(h: Record<string, string>, orderId: string) {
  const bill = await api.json('GET', `/api/orders/${orderId}`, undefined, h);
  const started = await api.json(
    'POST',
    `/api/orders/${orderId}/repayments`,
    {
      purpose: 'full',
      channel: 'bank_transfer',
      providerCode: 'BANK_TRANSFER',
      expectedAmount: bill.body.balance.total,
    },
    { ...h, 'idempotency-key': `k-${randomUUID()}` },
  );
  expect(started.status).toBe(201);
  await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, { outcome: 'pay' });
}

/** What the ledger's receivables say a loan owed at the end of `asOf` (its postings up to that day). */
async function ledgerOwed(orderId: string, asOf: string): Promise<bigint> {
  const upTo = await db()
    .select({ id: loanTransactions.ledgerTransactionId })
    .from(loanTransactions)
    .where(and(eq(loanTransactions.orderId, orderId), lte(loanTransactions.businessDate, asOf)));
  const ids = [...new Set(upTo.map((r) => r.id))];
  const lines = await db()
    .select()
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.transactionId, ids), eq(ledgerEntries.orderId, orderId)));
  return lines.filter((l) => l.account.endsWith('_receivable')).reduce((s, l) => s + l.amount, 0n);
}

describe('BE-13 CIC monthly file', () => {
  it('BE-13 the May file reproduces every loan as of 31 May, from the ledger; sealed at rest; sent once', async () => {
    const repaid = await borrowerWithLoan('CRN-0111-5550001-1');
    // 10 May + 14 days = due 24 May; the second loan is left unpaid: 7 days past due on 31 May
    const overdue = await borrowerWithLoan('CRN-0111-5550002-2');
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 5 });
    await payInFull(repaid.h, repaid.orderId);
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 10 });
    // a loan paid out in May that is not due until June
    const current = await borrowerWithLoan('CRN-0111-5550003-3');
    // the console's idle timeout is shorter than the clock's jumps: a fresh session for each call
    const post = async (path: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...(await signInOperator(t, ops.admin!)).write, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    // May has not ended on 25 May
    expect((await post('/api/console/credit-reports', { month: '2027-05' })).json().code).toBe(
      'CREDIT_REPORT_MONTH_OPEN',
    );
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 12 }); // 6 June, the day job ran daily

    const made = await post('/api/console/credit-reports', { month: '2027-05' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      month: '2027-05',
      asOf: '2027-05-31',
      format: 'pisonow-pipe/1',
      records: 3,
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/console/credit-reports/${made.json().id}/file`,
      headers: (await signInOperator(t, ops.admin!)).get,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-sha256']).toBe(made.json().sha256);
    expect(pipeFormat.validate(file.body)).toEqual([]);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toMatch(/^H\|.+\|2027-05\|2027-05-31\|3$/);
    const accounts = new Map(
      lines.filter((l) => l.startsWith('D|')).map((l) => [l.split('|')[1]!, l.split('|')]),
    );
    const col = { idNumber: 8, status: 14, total: 16, dpd: 17, closedOn: 20 };
    expect(accounts.get(repaid.orderId)![col.status]).toBe('closed');
    expect(accounts.get(repaid.orderId)![col.closedOn]).toBe('2027-05-15');
    expect(accounts.get(overdue.orderId)![col.status]).toBe('past_due');
    expect(accounts.get(overdue.orderId)![col.dpd]).toBe('7');
    expect(accounts.get(current.orderId)![col.status]).toBe('current');
    expect(accounts.get(overdue.orderId)![col.idNumber]).toBe('CRN011155500022'); // as the contract normalises it
    for (const { orderId } of [repaid, overdue, current])
      expect(BigInt(accounts.get(orderId)![col.total]!), orderId).toBe(
        await ledgerOwed(orderId, '2027-05-31'),
      );
    // the overdue loan owes more on 6 June than the file says for 31 May: the file is as of month-end
    expect(await ledgerOwed(overdue.orderId, '2027-06-06')).toBeGreaterThan(
      BigInt(accounts.get(overdue.orderId)![col.total]!),
    );

    // at rest the file is sealed: no ID number in the table
    const [row] = await db().select().from(creditReports).where(eq(creditReports.id, made.json().id));
    expect(row!.contentSealed).not.toContain('5550002');

    const sent = await post(`/api/console/credit-reports/${made.json().id}/submitted`, {
      reference: 'CIC-2027-05-001',
    });
    expect(sent.json()).toMatchObject({ submissionReference: 'CIC-2027-05-001' });
    const again = await post(`/api/console/credit-reports/${made.json().id}/submitted`, {
      reference: 'CIC-X',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CREDIT_REPORT_ALREADY_SUBMITTED');

    // June: the loan closed in May is not reported again
    t.clock.set('2027-07-02T02:00:00Z');
    const june = await post('/api/console/credit-reports', { month: '2027-06' });
    expect(june.json().records).toBe(2);
  });

  it('BE-13 validation catches a tampered file: counts, control total, status against balance, missing identity', () => {
    const good = [
      'H|CS0000|2027-05|2027-05-31|1',
      'D|acc|cus|Dela Cruz|Maria|Santos|1995-04-12|umid|CRN-1|+639170000000|Makati|2027-05-10|200000|2027-05-24|past_due|200000|204200|7||0|',
      'T|1|204200',
      '',
    ].join('\n');
    expect(pipeFormat.validate(good)).toEqual([]);
    expect(pipeFormat.validate(good.replace('T|1|204200', 'T|1|204201'))).toContain(
      'control total does not match',
    );
    expect(pipeFormat.validate(good.replace('|past_due|', '|closed|'))).toContain(
      'line 2: status and balance disagree',
    );
    expect(pipeFormat.validate(good.replace('|Dela Cruz|', '||'))).toContain('line 2: last_name missing');
    expect(
      pipeFormat.validate(good.replace('H|CS0000|2027-05|2027-05-31|1', 'H|CS0000|2027-05|2027-05-31|2')),
    ).toContain('record count does not match');
  });
  it('BE-13 BE-05 a payout that bounces back after a file was made: that month still holds the loan, the next reports it cancelled', async () => {
    // the clock is in June by now (the first test moved it): a loan paid out today, open at June's end
    const bounced = await borrowerWithLoan('CRN-0111-5550004-4');
    const month = t.clock.now().toISOString().slice(0, 7);
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 30 });
    const ctx = { db: db(), secretKey: t.app.secretKey };
    const find = async (m: string) =>
      (await creditReportRecords(ctx, m)).find((r) => r.orderId === bounced.orderId);
    const sent = await find(month);
    expect(sent).toBeDefined();
    // the transfer comes back now
    const sandbox = new SandboxPayoutProvider();
    const [payout] = await db().select().from(payouts).where(eq(payouts.orderId, bounced.orderId));
    const body = { providerPayoutId: payout!.providerPayoutId, referenceId: payout!.id, state: 'reversed' };
    expect(
      await receivePayoutCallback(
        { ...ordersContext(t.app), payouts: sandbox },
        { headers: sandbox.signCallback(body), body },
      ),
    ).toBe('applied');
    // the month already sent is reproduced as it was; the month of the bounce reports how it ended
    expect(await find(month)).toEqual(sent);
    const next = t.clock.now().toISOString().slice(0, 7);
    expect((await find(next))?.standing).toMatchObject({ status: 'cancelled', totalOutstanding: 0n });
  });
});
