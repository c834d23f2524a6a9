import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { followStoredClock } from '../../app.ts';
import { creditReports, retentionRecords, sandboxClock } from '../../db/schema/index.ts';
import { MS, OffsetClock } from '../../lib/clock.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { client, createTestApp, type TestApp } from '../../test/test-app.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const store = (offsetMs: bigint) =>
  t.database.db
    .insert(sandboxClock)
    .values({ id: 1, offsetMs, updatedAt: new Date() })
    .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs } });

describe('BE-09 the test clock is the whole system’s', () => {
  it('BE-09 a process follows the offset another process stored, forward only', async () => {
    // Two processes on one PostgreSQL: the clock route moved only the process it reached, and the
    // other kept sending reminders and dating postings days in the past.
    const clock = new OffsetClock(MS.day);
    await store(3n * BigInt(MS.day));
    expect(await followStoredClock(clock, t.database.db)).toBe(true);
    expect(clock.offsetMs).toBe(3 * MS.day);
    // an offset stored earlier (a move that lost the race) never takes the clock back
    await store(2n * BigInt(MS.day));
    expect(await followStoredClock(clock, t.database.db)).toBe(false);
    expect(clock.offsetMs).toBe(3 * MS.day);
  });
});

/** moves the test clock to an instant, as a tester does; answers the jobs it ran, by queue name */
const moveTo = async (to: string) => {
  const moved = await client(t.app).json('POST', '/api/sandbox/clock', { to });
  expect(moved.status).toBe(200);
  expect(moved.body.now).toBe(new Date(to).toISOString());
  const lines = moved.body.jobsRun as string[];
  return { lines, names: lines.map((line) => line.split(' ')[0]) };
};

/** a borrower paid out through the API: complete enough for the CIC file (its ID number) */
async function paidOutBorrower(phone: string) {
  const api = client(t.app);
  const b = await submitCompleteApplication(t.database.db, api, phone, { idNumber: 'CRN-0111-5559009-9' });
  await decidePendingApplications(lendingContext(t.app));
  const signature = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
  const placed = await api.json('POST', '/api/orders', await withdrawalBody(api, b.h, { signature }), {
    ...b.h,
    'idempotency-key': `order-${phone}`,
  });
  expect(placed.status).toBe(201);
  await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
  return { customerId: b.customerId };
}

describe('BE-09 moving the test clock runs every scheduled job that became due', () => {
  // the app's clock starts at 10:00 Manila on 22 November 2026 (test-app.ts)

  it('BE-09 BE-12 moving past 02:30 Manila runs the retention job: a paid-out borrower gets a retention date', async () => {
    const { customerId } = await paidOutBorrower('9197000001');
    const recordOf = async () =>
      (
        await t.database.db.select().from(retentionRecords).where(eq(retentionRecords.customerId, customerId))
      )[0];

    // to 02:20 the next day: the day jobs ran (00:05, 00:06), retention not yet
    const early = await moveTo('2026-11-23T02:20:00+08:00');
    expect(early.names).toContain('servicing.day');
    expect(early.names).not.toContain('privacy.retention');
    expect(await recordOf()).toBeUndefined();

    const past = await moveTo('2026-11-23T02:31:00+08:00');
    expect(past.names).toContain('privacy.retention');
    expect(past.lines).toContainEqual(
      expect.stringMatching(/^privacy\.retention \(.*[1-9]\d* retention dates recorded\)$/),
    );
    expect(await recordOf()).toMatchObject({ basis: 'aml_5_years', status: 'kept' });
    // the day jobs ran at 00:05 already: not again on this move
    expect(past.names).not.toContain('servicing.day');
  });

  it('BE-09 BE-13 moving to just after 01:15 Manila on the 1st makes the previous month’s CIC file; the response lists every job run, in order', async () => {
    const novemberFiles = () =>
      t.database.db.select().from(creditReports).where(eq(creditReports.month, '2026-11'));
    // 02:31 on 23 November → 01:10 on 1 December: every scheduled job but the monthly file, each
    // once although eight days passed, in the order its first skipped run falls
    const before = await moveTo('2026-12-01T01:10:00+08:00');
    expect(before.names).toEqual([
      'lending.decide-pending', // 02:32
      'lending.disburse-pending',
      'engagement.easy-reloan-book',
      'auth.clean-up-login-data', // 02:45
      'servicing.hourly', // 03:10
      'servicing.day', // 00:05 on the 24th
      'engagement.coupons-expire', // 00:06
      'privacy.retention', // 02:30
    ]);
    expect(before.lines).toContainEqual(expect.stringMatching(/^servicing\.day \(2026-12-01: /));
    expect(await novemberFiles()).toHaveLength(0);

    const after = await moveTo('2026-12-01T01:16:00+08:00');
    expect(after.names).toContain('credit-reports.monthly');
    expect(after.names).not.toContain('servicing.day');
    expect(after.lines).toContainEqual(
      expect.stringMatching(/^credit-reports\.monthly \(2026-11 file made, \d+ records\)$/),
    );
    const [file, ...more] = await novemberFiles();
    // made by the schedule (no operator), as of November's last day
    expect(file).toMatchObject({ month: '2026-11', asOf: '2026-11-30', createdBy: null });
    expect(more).toHaveLength(0);
  });

  it('BE-09 a move of nothing runs nothing; GET runs nothing', async () => {
    expect((await moveTo(t.clock.now().toISOString())).lines).toEqual([]);
    expect((await client(t.app).json('GET', '/api/sandbox/clock')).body.jobsRun).toEqual([]);
  });
});

describe('BE-09 a job that fails during a move of the test clock is retried by the queue', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ JOBS: '1' });
  });
  afterAll(async () => q?.close());

  it('BE-09 servicing.day failing partway (after the accrual, in the delinquency buckets) is listed as failed and queued with its retry policy', async () => {
    // Fails the day job once, in the database, with no hook in the code: its delinquency step
    // starts by deleting from loan_delinquency, and a statement trigger fires even when no row
    // goes; a sequence is not rolled back with the failed transaction, so only the first run fails.
    for (const statement of [
      sql`create sequence test_day_job_runs`,
      sql.raw(`create function test_fail_day_job_once() returns trigger language plpgsql as $$
        begin
          if nextval('test_day_job_runs') = 1 then raise exception 'test: the day job fails once'; end if;
          return null;
        end $$`),
      sql`create trigger test_fail_day_job_once before delete on loan_delinquency
        for each statement execute function test_fail_day_job_once()`,
    ])
      await q.database.db.execute(statement);

    // 10:00 on 22 November → 00:10 on the 23rd: the day job's 00:05 run is due
    const moved = await client(q.app).json('POST', '/api/sandbox/clock', { to: '2026-11-23T00:10:00+08:00' });
    expect(moved.status).toBe(200);
    const lines = moved.body.jobsRun as string[];
    const failed = lines.find((line) => line.startsWith('servicing.day'));
    expect(failed).toMatch(/^servicing\.day failed: .+; queued for retry \(job [0-9a-f-]{36}\)$/s);
    // the others still ran
    expect(lines).toContainEqual(expect.stringMatching(/^engagement\.coupons-expire \(\d+ expired/));

    const id = /\(job ([0-9a-f-]{36})\)$/.exec(failed!)![1]!;
    const job = await q.app.jobs.boss()!.getJobById(JOBS.servicingDay.name, id);
    expect(job).toMatchObject({ name: 'servicing.day', data: {}, ...JOBS.servicingDay.retry });
  });
});
