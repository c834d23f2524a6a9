import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { creditReportMonths } from '@pisonow/domain';
import { auditLog, creditReports } from '../../db/schema/index.ts';
import { createOperators, signInOperator, type TestOperator } from '../../test/console-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { consoleContext } from '../console/console-context.ts';
import { generateScheduledCreditReport } from './generate-scheduled-credit-report.ts';

/** BE-13: the CIC monthly file on a schedule, and the console's due / generated / submitted view. */
let t: TestApp;
let ops: Record<string, TestOperator>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2027-03-20T02:00:00Z');
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const ctx = () => ({ ...consoleContext(t.app), providerCode: t.app.config.COMPANY_SEC_REG_NO });
const reportsOf = (month: string) => db().select().from(creditReports).where(eq(creditReports.month, month));

describe('BE-13 CIC file on a schedule', () => {
  it('BE-13 the monthly job is typed and scheduled on the 1st–5th, Manila time; a missed run is made up once', () => {
    expect(JOBS.creditReportMonthly.name).toBe('credit-reports.monthly');
    expect(JOBS.creditReportMonthly.schedule).toEqual({
      cron: '15 1 1-5 * *',
      tz: 'UTC+8',
      missed: 'once',
    });
    expect(JOBS.creditReportMonthly.payload.safeParse({}).success).toBe(true);
    expect(JOBS.creditReportMonthly.payload.safeParse({ month: '2027-01' }).success).toBe(false);
  });

  it('BE-13 not before the month ended: on 31 March (Manila) it makes February, never March', async () => {
    t.clock.set('2027-03-31T15:59:00Z'); // 23:59 on 31 March in Manila
    const run = await generateScheduledCreditReport(ctx());
    expect(run.month).toBe('2027-02');
    expect(run.report).toMatchObject({ month: '2027-02', asOf: '2027-02-28', scheduled: true });
    expect(await reportsOf('2027-03')).toHaveLength(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'credit_report.generate'), eq(auditLog.targetId, run.report!.id)));
    expect(audit).toMatchObject({ role: 'system', operatorId: null, requestId: 'credit-reports.monthly' });
  });

  it('BE-13 once per month: the next days, and two runs at once, make no second file', async () => {
    t.clock.set('2027-03-31T16:15:00Z'); // 00:15 on 1 April in Manila
    const [a, b] = await Promise.all([
      generateScheduledCreditReport(ctx()),
      generateScheduledCreditReport(ctx()),
    ]);
    expect([a.month, b.month]).toEqual(['2027-03', '2027-03']);
    expect(await reportsOf('2027-03')).toHaveLength(1);
    for (const day of ['2027-04-02T02:00:00Z', '2027-04-05T02:00:00Z', '2027-04-09T02:00:00Z']) {
      t.clock.set(day);
      expect((await generateScheduledCreditReport(ctx())).report).toBeNull();
    }
    expect(await reportsOf('2027-03')).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(creditReports)
        .where(and(eq(creditReports.month, '2027-03'), isNull(creditReports.createdBy))),
    ).toHaveLength(1);
  });

  it('BE-13 a month an operator already made is left alone', async () => {
    t.clock.set('2027-05-01T01:00:00Z'); // 09:00 on 1 May in Manila
    const finance = await signInOperator(t, ops.finance!);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/console/credit-reports',
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ month: '2027-04' }),
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ scheduled: false });
    t.clock.set('2027-05-01T17:15:00Z'); // 01:15 on 2 May in Manila
    expect((await generateScheduledCreditReport(ctx())).report).toBeNull();
    expect(await reportsOf('2027-04')).toHaveLength(1);
  });

  it('BE-13 the console shows each month due, generated, submitted or overdue', async () => {
    t.clock.set('2027-05-03T02:00:00Z');
    const admin = await signInOperator(t, ops.admin!);
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/console/credit-reports', headers: admin.get })
      ).json() as {
        items: { id: string; month: string }[];
        months: { month: string; state: string; submitBy: string }[];
      };
    let body = await list();
    const state = (month: string) => body.months.find((m) => m.month === month);
    // no loan was ever paid out here: the months start with the first file made (February)
    expect(body.months.map((m) => m.month)).toEqual(['2027-04', '2027-03', '2027-02']);
    expect(state('2027-04')).toMatchObject({ state: 'generated', submitBy: '2027-05-15' });
    expect(state('2027-03')).toMatchObject({ state: 'overdue', submitBy: '2027-04-15' }); // made, never sent
    const april = body.items.find((i) => i.month === '2027-04')!;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/console/credit-reports/${april.id}/submitted`,
      headers: { ...admin.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ reference: 'CIC-2027-04-0001' }),
    });
    expect(sent.statusCode).toBe(200);
    body = await list();
    expect(state('2027-04')).toMatchObject({ state: 'submitted' });
  });

  it('BE-13 month states (pure): due until made, overdue after the submission day unless sent', () => {
    expect(creditReportMonths('2027-06-02', 12, 15, [])).toEqual([]); // nothing lent, nothing made
    const none = creditReportMonths('2027-06-02', 12, 15, [], '2027-04');
    expect(none).toEqual([
      { month: '2027-05', submitBy: '2027-06-15', state: 'due', generatedAt: null, submittedAt: null },
      { month: '2027-04', submitBy: '2027-05-15', state: 'overdue', generatedAt: null, submittedAt: null },
    ]);
    const sentLate = creditReportMonths('2027-06-20', 1, 15, [
      { month: '2027-05', createdAt: '2027-06-01T00:00:00Z', submittedAt: '2027-06-18T00:00:00Z' },
    ]);
    expect(sentLate[0]!.state).toBe('submitted');
    expect(creditReportMonths('2027-01-03', 1, 15, [], '2026-01')[0]).toMatchObject({
      month: '2026-12',
      submitBy: '2027-01-15',
    });
  });
});
