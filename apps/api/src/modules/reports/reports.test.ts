import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { amountDueOn } from '@pisonow/domain';
import { auditLog } from '../../db/schema/index.ts';
import { createOperators, signInOperator, type ConsoleSession } from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { accrueOverdueCharges } from '../servicing/accrue-overdue-charges.ts';
import { applyLoanEvent, loadLoan } from '../servicing/loan-record.ts';

/** BE-15: portfolio and month-end reports, read from the loans' histories and the ledger. */
let t: TestApp;
let api: ReturnType<typeof client>;
let finance: ConsoleSession;
let support: ConsoleSession;
const at = (day: string) => new Date(`${day}T02:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2027-06-10T02:00:00Z');
  api = client(t.app);
  const ops = await createOperators(t);
  finance = await signInOperator(t, ops.finance);
  support = await signInOperator(t, ops.support);
  const db = t.database.db;
  // A: due 15 Apr, never paid (46 days past due on 31 May)
  await seedDisbursedLoan(db, { disbursedAt: at('2027-04-01'), principal: 200_000n });
  // B: due 24 May, paid in full on 20 May
  const b = await seedDisbursedLoan(db, { disbursedAt: at('2027-05-10'), principal: 300_000n });
  const loanB = (await loadLoan(db, b.orderId))!.loan;
  await applyLoanEvent(
    db,
    b.orderId,
    {
      type: 'payment_received',
      purpose: 'full',
      amount: amountDueOn(loanB, '2027-05-20'),
      paidAt: at('2027-05-20'),
      reference: 'BE15-B',
    },
    at('2027-05-20'),
  );
  // C: due 3 Jun, current on 31 May
  await seedDisbursedLoan(db, { disbursedAt: at('2027-05-20'), principal: 400_000n });
  // D: due 15 May, never paid (16 days past due on 31 May)
  await seedDisbursedLoan(db, { disbursedAt: at('2027-05-01'), principal: 500_000n });
  // the day job's overdue charges up to the end of May: penalty income in the month
  for (const day of ['2027-04-16', '2027-04-30', '2027-05-16', '2027-05-31'])
    await accrueOverdueCharges(db, day, at(day)); // the day job runs on its day
}, 60_000);
afterAll(async () => t?.close());

describe('BE-15 portfolio and month-end reports', () => {
  it('BE-15 portfolio as of 31 May: aging by bucket, PAR1/7/30, reconciled with the ledger principal receivable', async () => {
    const res = await api.json(
      'GET',
      '/api/console/reports/portfolio?asOf=2027-05-31',
      undefined,
      finance.get,
    );
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.loans).toBe(3);
    expect(r.principalOutstanding).toBe('1100000');
    // reconciliation: the portfolio's principal is the ledger's principal receivable as of the day
    expect(r.ledgerPrincipalReceivable).toBe(r.principalOutstanding);
    expect(r.aging.map((a: { bucket: string; principal: string }) => [a.bucket, a.principal])).toEqual([
      ['current', '400000'],
      ['1-30', '500000'],
      ['31-60', '200000'],
      ['61-90', '0'],
      ['90+', '0'],
    ]);
    expect(r.par).toEqual([
      { days: 1, principal: '700000', ratio: 0.636363 },
      { days: 7, principal: '700000', ratio: 0.636363 },
      { days: 30, principal: '200000', ratio: 0.181818 },
    ]);
    // on 9 May A (24 days past due) and D (current) were out
    const early = await api.json(
      'GET',
      '/api/console/reports/portfolio?asOf=2027-05-09',
      undefined,
      finance.get,
    );
    expect(early.body.principalOutstanding).toBe('700000');
    expect(early.body.ledgerPrincipalReceivable).toBe('700000');
  });

  it('BE-15 May: roll rates from 30 April, collection efficiency, trial balance sums to zero, income statement = change in P&L accounts', async () => {
    const res = await api.json('GET', '/api/console/reports/month?month=2027-05', undefined, finance.get);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.previousMonthEnd).toBe('2027-04-30');
    // A was 15 days past due on 30 April and 46 on 31 May: all of 1–30 rolled to 31–60
    expect(r.rollRates[1]).toMatchObject({ from: '1-30', to: '31-60', principalFrom: '200000', rate: 1 });
    // B (paid on 20 May, before its 24 May due date) and D (due 15 May, unpaid) fell due in May
    expect(Number(r.collection.fellDue)).toBeGreaterThan(Number(r.collection.collected));
    expect(r.collection.collected).toBe(r.collection.collectedAll);
    expect(r.collection.efficiency).toBeGreaterThan(0);
    expect(r.collection.efficiency).toBeLessThan(1);
    expect(r.writeOffs).toEqual({ writtenOff: '0', writtenOffLoans: 0, recovered: '0' });
    const tb = r.trialBalance;
    expect(tb.totals.closing).toBe('0');
    expect(tb.totals.opening).toBe('0');
    expect(tb.totals.debits).toBe(tb.totals.credits);
    const pnlChange = tb.rows
      .filter((x: { kind: string }) => x.kind === 'income' || x.kind === 'expense')
      .reduce(
        (s: bigint, x: { opening: string; closing: string }) => s + BigInt(x.closing) - BigInt(x.opening),
        0n,
      );
    expect(BigInt(r.incomeStatement.netIncome)).toBe(-pnlChange);
    expect(BigInt(r.incomeStatement.totalIncome)).toBeGreaterThan(0n);
    const penalty = r.incomeStatement.income.find((l: { account: string }) => l.account === 'penalty_income');
    expect(BigInt(penalty.amount)).toBeGreaterThan(0n);
    // the reports reconcile with the trial balance: principal receivable at month-end = the portfolio's
    const portfolio = await api.json(
      'GET',
      '/api/console/reports/portfolio?asOf=2027-05-31',
      undefined,
      finance.get,
    );
    const receivable = tb.rows.find((x: { account: string }) => x.account === 'principal_receivable');
    expect(receivable.closing).toBe(portfolio.body.principalOutstanding);
  });

  it('BE-15 CSV downloads: attachment, pesos, credits stay numbers, no formula cells; each read audited; support refused', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/console/reports/portfolio?asOf=2027-05-31&format=csv',
      headers: finance.get,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toContain('portfolio-2027-05-31.csv');
    expect(csv.body).toContain('PAR30,2000.00,0.1818');
    expect(csv.body).toContain('31-60,1,2000.00');
    const month = await t.app.inject({
      method: 'GET',
      url: '/api/console/reports/month?month=2027-05&format=csv',
      headers: finance.get,
    });
    expect(month.statusCode).toBe(200);
    expect(month.body).toMatch(/\r\ntrial balance account,kind/);
    expect(month.body).toMatch(/\r\ncash_at_provider,asset,[^\r]*-\d+\.\d\d/); // cash out is a credit: a plain negative number
    for (const line of month.body.split('\r\n'))
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+@]/);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'report'));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['report.portfolio', 'report.month']),
    );
    expect(audited.find((a) => a.action === 'report.month')?.detail).toMatchObject({ month: '2027-05' });
    const refused = await api.json('GET', '/api/console/reports/portfolio', undefined, support.get);
    expect(refused.status).toBe(403);
    const bad = await api.json('GET', '/api/console/reports/month?month=2027-13', undefined, finance.get);
    expect(bad.status).toBe(400);
    const noSuchDay = await api.json(
      'GET',
      '/api/console/reports/portfolio?asOf=2027-02-31',
      undefined,
      finance.get,
    );
    expect(noSuchDay.status).toBe(400);
  });
});
