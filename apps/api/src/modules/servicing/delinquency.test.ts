import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  addDays,
  amountDueOn,
  extensionQuote,
  parseDelinquencyBuckets,
  positionsAsOf,
  type DelinquencyBucket,
} from '@pisonow/domain';
import { loadConfig } from '../../config.ts';
import { loanDelinquency, loanDelinquencyHistory, orders } from '../../db/schema/index.ts';
import { createOperators, signInOperator } from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { client, createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadPortfolioLoans } from '../reports/load-books.ts';
import { accrueOverdueCharges } from './accrue-overdue-charges.ts';
import { classifyDelinquency } from './classify-delinquency.ts';
import { applyLoanEvent, loadLoan } from './loan-record.ts';

/**
 * BE-15 delinquency: the day job stores each open loan's days past due and bucket from the
 * configured list, with the history of buckets; the stored figures are what the domain computes
 * from the loan's history (creditStandingAsOf → bucketOf), the same figures the reports and the CIC
 * file use.
 */
const DAY0 = '2027-03-01';
const at = (day: string) => new Date(`${day}T02:00:00Z`);
const BUCKETS = parseDelinquencyBuckets('current:0-0,early:1-7,late:8-45,default:46-');

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    DELINQUENCY_BUCKETS: 'current:0-0,early:1-7,late:8-45,default:46-',
    PROVISION_RATES_BP: 'current:100,early:500,late:2500,default:10000',
  });
  t.clock.set(at(DAY0));
});
afterAll(async () => t?.close());

async function stored() {
  const rows = await db().select().from(loanDelinquency);
  return new Map(rows.map((r) => [r.orderId, r]));
}

async function expectMatchesDomain(today: string, buckets: readonly DelinquencyBucket[]) {
  const expected = positionsAsOf(await loadPortfolioLoans({ db: db() }), today, buckets);
  const rows = await stored();
  expect([...rows.keys()].sort()).toEqual(expected.map((p) => p.id).sort());
  for (const p of expected) {
    const row = rows.get(p.id)!;
    expect({ id: p.id, dpd: row.daysPastDue, bucket: row.bucket, on: row.classifiedOn }).toEqual({
      id: p.id,
      dpd: p.daysPastDue,
      bucket: p.bucket,
      on: today,
    });
  }
}

describe('BE-15 delinquency buckets computed by the day job', () => {
  it('BE-15 every open loan on every day: the stored days past due and bucket are what the domain computes; history is contiguous', async () => {
    // four loans: never paid; extended once; paid in full while overdue; disbursed later
    const unpaid = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const extended = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const repaid = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    let later = { orderId: '' };
    const later0 = addDays(DAY0, 20);
    for (let d = 1; d <= 80; d += 1) {
      const today = addDays(DAY0, d);
      if (today === later0) later = await seedDisbursedLoan(db(), { disbursedAt: at(later0) });
      await accrueOverdueCharges(db(), today, at(today));
      if (d === 14) {
        const { loan } = (await loadLoan(db(), extended.orderId))!;
        const q = extensionQuote(loan, today);
        expect(q.available).toBe(true);
        await applyLoanEvent(
          db(),
          extended.orderId,
          {
            type: 'payment_received',
            purpose: 'extension',
            amount: q.amount,
            paidAt: at(today),
            reference: 'x',
          },
          at(today),
        );
      }
      if (d === 30) {
        const { loan } = (await loadLoan(db(), repaid.orderId))!;
        await applyLoanEvent(
          db(),
          repaid.orderId,
          {
            type: 'payment_received',
            purpose: 'full',
            amount: amountDueOn(loan, today),
            paidAt: at(today),
            reference: 'y',
          },
          at(today),
        );
      }
      if (today < later0 && d % 3 !== 0) continue; // the job also catches up after missed days
      await classifyDelinquency(db(), today, BUCKETS);
      await expectMatchesDomain(today, BUCKETS);
    }
    // the history: per loan, contiguous rows in bucket order, the open one matching the stored bucket
    const rows = await stored();
    for (const { orderId } of [unpaid, extended, repaid, later]) {
      const history = await db()
        .select()
        .from(loanDelinquencyHistory)
        .where(eq(loanDelinquencyHistory.orderId, orderId))
        .orderBy(asc(loanDelinquencyHistory.fromDate));
      for (let i = 1; i < history.length; i += 1)
        expect(history[i]!.fromDate).toBe(addDays(history[i - 1]!.untilDate!, 1));
      const open = history.filter((h) => h.untilDate === null);
      if (rows.has(orderId)) expect(open.map((h) => h.bucket)).toEqual([rows.get(orderId)!.bucket]);
      else expect(open).toEqual([]);
    }
    // never paid: current → early → late → default, in that order
    const unpaidHistory = await db()
      .select()
      .from(loanDelinquencyHistory)
      .where(eq(loanDelinquencyHistory.orderId, unpaid.orderId))
      .orderBy(asc(loanDelinquencyHistory.fromDate));
    expect(unpaidHistory.map((h) => h.bucket)).toEqual(['current', 'early', 'late', 'default']);
    // paid in full on day 30: it left the table and its last bucket closed the day before
    expect(rows.has(repaid.orderId)).toBe(false);
  });

  it('BE-15 run twice on a day, the second run changes nothing', async () => {
    const today = addDays(DAY0, 80);
    const before = await db().select().from(loanDelinquencyHistory);
    const again = await classifyDelinquency(db(), today, BUCKETS);
    expect({ entered: again.entered, left: again.left }).toEqual({ entered: 0, left: 0 });
    expect(await db().select().from(loanDelinquencyHistory)).toEqual(before);
  });

  it('BE-15 BE-08 the console dashboard counts loans per configured bucket as the day job classified them', async () => {
    t.clock.set(at(addDays(DAY0, 80)));
    const ops = await createOperators(t);
    const support = await signInOperator(t, ops.support);
    const res = await client(t.app).json('GET', '/api/console/dashboard', undefined, support.get);
    expect(res.status).toBe(200);
    const byBucket = Object.fromEntries(
      (res.body.loansByDpd as { bucket: string; loans: number }[]).map((b) => [b.bucket, b.loans]),
    );
    const rows = [...(await stored()).values()];
    expect(Object.keys(byBucket)).toEqual(BUCKETS.map((b) => b.id));
    for (const b of BUCKETS) expect(byBucket[b.id]).toBe(rows.filter((r) => r.bucket === b.id).length);
    expect(res.body.classifiedOn).toBe(addDays(DAY0, 80));
  });

  it("BE-15 a run for an older day that finishes after a later day's run changes nothing: the later classification and its history stay", async () => {
    const loan = await seedDisbursedLoan(db(), { disbursedAt: at(addDays(DAY0, 90)) });
    const [order] = await db().select().from(orders).where(eq(orders.id, loan.orderId));
    const day = addDays(order!.dueDate!, 6); // early (6 days past due); three days later, late
    const later = addDays(day, 3);
    const snapshot = async () => ({
      classified: (await db().select().from(loanDelinquency)).sort((a, b) =>
        a.orderId.localeCompare(b.orderId),
      ),
      history: (await db().select().from(loanDelinquencyHistory)).sort((a, b) => a.id.localeCompare(b.id)),
    });
    await classifyDelinquency(db(), later, BUCKETS);
    const before = await snapshot();
    expect(before.classified.find((r) => r.orderId === loan.orderId)).toMatchObject({
      bucket: 'late',
      daysPastDue: 9,
      classifiedOn: later,
    });
    const older = await classifyDelinquency(db(), day, BUCKETS);
    expect(older).toEqual({ classified: 0, entered: 0, left: 0 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('BE-15 the bucket list and the provisioning rates come from the configuration', () => {
  it('BE-15 a list with a gap, an overlap or no open end is refused at start-up', () => {
    for (const bad of ['current:0-0,late:2-', 'current:0-5,late:5-', 'current:0-0,late:1-30', 'nonsense'])
      expect(() => loadConfig({ DELINQUENCY_BUCKETS: bad })).toThrow(/DELINQUENCY_BUCKETS/);
  });

  it('BE-15 every bucket needs a provisioning rate of at most 100%; the defaults parse', () => {
    expect(() =>
      loadConfig({ DELINQUENCY_BUCKETS: 'current:0-0,late:1-', PROVISION_RATES_BP: 'current:100' }),
    ).toThrow(/PROVISION_RATES_BP/);
    expect(() =>
      loadConfig({
        DELINQUENCY_BUCKETS: 'current:0-0,late:1-',
        PROVISION_RATES_BP: 'current:100,late:10001',
      }),
    ).toThrow(/PROVISION_RATES_BP/);
    const config = loadConfig({
      DELINQUENCY_BUCKETS: 'current:0-0,late:1-',
      PROVISION_RATES_BP: 'current:100,late:10000',
    });
    expect(config.PROVISION_RATES_BP).toEqual({ current: 100, late: 10_000 });
    expect(loadConfig({}).DELINQUENCY_BUCKETS.map((b) => b.id)).toEqual([
      'current',
      '1-30',
      '31-60',
      '61-90',
      '90+',
    ]);
  });
});
