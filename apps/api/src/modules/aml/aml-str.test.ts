import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { manilaDate, strDeadline } from '@pisonow/domain';
import {
  amlRiskRatings,
  applicationEvents,
  applicationSteps,
  applications,
  repayments,
} from '../../db/schema/index.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import {
  createOperators,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { importSanctionsList } from './import-sanctions-list.ts';
import { CSV_FIELDS } from './str-format.ts';

/** BE-14 (SEC MC 4 s.2021; RA 9160 as amended): risk ratings and suspicious-transaction cases. */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<string, TestOperator>;
let uw: ConsoleSession;
/** two proclaimed non-working days in the week after the test clock's day (ManualClock: 2026-11-22) */
const NON_WORKING_DAYS = ['2026-11-24', '2026-11-25'];
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_IP_SENDS_PER_HOUR: '1000',
    CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000',
    NON_WORKING_DAYS: NON_WORKING_DAYS.join(','),
  });
  api = client(t.app);
  ops = await createOperators(t);
  uw = await signInOperator(t, ops.underwriter!);
}, 60_000);
afterAll(async () => t?.close());

const call = async (s: ConsoleSession, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: method === 'GET' ? s.get : { ...s.write, 'content-type': 'application/json' },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return res;
};

/** A borrower with a paid-out loan repaid in full the next day, an identity and a declared income. */
async function borrowerWithLoan() {
  const db = t.database.db;
  const now = t.clock.now();
  const { orderId, customerId } = await seedDisbursedLoan(db, {
    disbursedAt: new Date(now.getTime() - 5 * 86_400_000),
  });
  const [app] = await db.select().from(applications).where(eq(applications.customerId, customerId));
  for (const [step, data] of [
    [
      'identityInfo',
      { firstName: 'Maria', middleName: 'Reyes', lastName: 'Santos', birthDate: '1990-02-03' },
    ],
    ['workInfo', { employmentType: 'employed', monthlyIncome: 'lt12000' }],
  ] as const)
    await db
      .insert(applicationSteps)
      .values({ applicationId: app!.id, step, data, completedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [applicationSteps.applicationId, applicationSteps.step], set: { data } });
  const repaymentId = randomUUID();
  await db.insert(repayments).values({
    id: repaymentId,
    orderId,
    customerId,
    purpose: 'full',
    channel: 'ewallet',
    provider: 'sandbox',
    providerCode: 'GCASH',
    amount: 230_000n,
    amountReceived: 230_000n,
    state: 'paid',
    providerCollectionId: `col-${repaymentId}`,
    channelReference: 'GC-REF-1',
    expiresAt: now,
    paidAt: new Date(now.getTime() - 4 * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  return { orderId, customerId, repaymentId, applicationId: app!.id };
}

describe('BE-14 risk rating in the console', () => {
  it('BE-14 computed on demand with its reasons, stored with its time; payout-account changes raise it; an open case makes it high with enhanced due diligence', async () => {
    const b = await borrowerWithLoan();
    const first = await call(uw, 'GET', `/api/console/aml/borrowers/${b.customerId}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().rating).toMatchObject({ level: 'low', reasons: [], enhancedDueDiligence: false });
    expect(first.json().transactions.map((x: { kind: string; id: string }) => `${x.kind}:${x.id}`)).toEqual(
      expect.arrayContaining([`order:${b.orderId}`, `repayment:${b.repaymentId}`]),
    );

    for (let i = 0; i < 3; i++)
      await t.database.db.insert(applicationEvents).values({
        id: randomUUID(),
        applicationId: b.applicationId,
        type: 'payout_account_changed',
        step: 'bankInfo',
        at: t.clock.now(),
      });
    const again = await call(uw, 'POST', `/api/console/aml/borrowers/${b.customerId}/risk-rating`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      level: 'medium',
      trigger: 'on_demand',
      enhancedDueDiligence: false,
    });
    expect(again.json().reasons.map((r: { code: string }) => r.code)).toEqual(['payout_account_changes']);

    // a second later: the latest rating is found by its time (two in the same instant would tie)
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    const opened = await call(uw, 'POST', '/api/console/aml/str-cases', {
      requestKey: randomUUID(),
      customerId: b.customerId,
      reason: 'deviation_from_profile',
      narrative: 'Borrows and repays in full the next day, changing payout accounts each time.',
      transactions: [],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const [rated] = await t.database.db
      .select()
      .from(amlRiskRatings)
      .where(eq(amlRiskRatings.customerId, b.customerId))
      .orderBy(desc(amlRiskRatings.computedAt), desc(amlRiskRatings.id))
      .limit(1);
    expect(rated).toMatchObject({ level: 'high', enhancedDueDiligence: true, trigger: 'str_case' });
    const list = await call(uw, 'GET', '/api/console/aml/risk-ratings');
    expect(list.statusCode).toBe(200);
    const mine = list.json().items.find((i: { customerId: string }) => i.customerId === b.customerId);
    expect(mine).toMatchObject({ level: 'high', enhancedDueDiligence: true });
    expect(mine.reasons.map((r: { code: string }) => r.code)).toEqual(['str_case', 'payout_account_changes']);
  });

  it('BE-14 recomputed when screened: each screening stores a rating (a possible match: medium)', async () => {
    const xml = readFileSync(new URL('./fixtures/un-consolidated-sample.xml', import.meta.url), 'utf8');
    await importSanctionsList(t.database.db, { xml, now: t.clock.now() });
    const listed = await submitCompleteApplication(t.database.db, api, '9176700001', {
      name: { firstName: 'Rodrigo', lastName: 'Salvador' },
      birthDate: '1980-03-14',
    });
    await decidePendingApplications(lendingContext(t.app));
    const [rated] = await t.database.db
      .select()
      .from(amlRiskRatings)
      .where(and(eq(amlRiskRatings.customerId, listed.customerId), eq(amlRiskRatings.trigger, 'screening')));
    expect(rated).toMatchObject({ level: 'medium' });
    expect(rated!.reasons.map((r) => r.code)).toEqual(['list_match_possible']);
  });
});

describe('BE-14 suspicious-transaction cases', () => {
  it('BE-14 lifecycle: open with the transactions concerned and a 5-working-day deadline, narrate, export JSON and CSV, mark reported once', async () => {
    const b = await borrowerWithLoan();
    const other = await borrowerWithLoan();
    const body = {
      requestKey: randomUUID(),
      customerId: b.customerId,
      reason: 'amount_not_commensurate',
      narrative: 'Repaid in full the day after disbursement, far above the declared income.',
      transactions: [
        { kind: 'order', id: b.orderId },
        { kind: 'repayment', id: b.repaymentId },
      ],
    };
    // a transaction of another borrower is refused
    const foreign = await call(uw, 'POST', '/api/console/aml/str-cases', {
      ...body,
      requestKey: randomUUID(),
      transactions: [{ kind: 'order', id: other.orderId }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('STR_TRANSACTION_UNKNOWN');

    const opened = await call(uw, 'POST', '/api/console/aml/str-cases', body);
    expect(opened.statusCode, opened.body).toBe(201);
    const c = opened.json();
    const today = manilaDate(t.clock.now());
    expect(c).toMatchObject({
      status: 'open',
      determinedOn: today,
      deadline: strDeadline(today, NON_WORKING_DAYS),
      overdue: false,
    });
    // the configured days count: without them the deadline would be earlier
    expect(strDeadline(today) < c.deadline).toBe(true);
    // the same request key again: the same case
    expect((await call(uw, 'POST', '/api/console/aml/str-cases', body)).json().id).toBe(c.id);

    const narrated = await call(uw, 'POST', `/api/console/aml/str-cases/${c.id}/narrative`, {
      narrative:
        'Repaid ₱2,300 in full one day after disbursement; declared income under ₱12,000; ID checked.',
    });
    expect(narrated.json().narrative).toContain('ID checked');

    const json = await call(uw, 'GET', `/api/console/aml/str-cases/${c.id}/export?format=json`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(
      /attachment; filename="str-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.json"/,
    );
    expect(json.headers['x-str-problems']).toBe('0');
    const doc = json.json();
    expect(doc).toMatchObject({
      format: 'pisonow-str/1',
      reportingEntity: { name: expect.any(String), secRegistrationNo: expect.any(String) },
      subject: { customerId: b.customerId, lastName: 'Santos', firstName: 'Maria', birthDate: '1990-02-03' },
      reason: 'amount_not_commensurate',
      narrative: expect.stringContaining('ID checked'),
      case: { id: c.id, deadline: strDeadline(today, NON_WORKING_DAYS) },
    });
    expect(doc.transactions).toEqual([
      expect.objectContaining({ kind: 'order', id: b.orderId, amount: '2000.00', currency: 'PHP' }),
      expect.objectContaining({
        kind: 'repayment',
        id: b.repaymentId,
        amount: '2300.00',
        reference: 'GC-REF-1',
      }),
    ]);
    const csv = await call(uw, 'GET', `/api/console/aml/str-cases/${c.id}/export?format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(CSV_FIELDS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(b.repaymentId);
    expect(lines[2]).toContain('2300.00');

    const reported = await call(uw, 'POST', `/api/console/aml/str-cases/${c.id}/report`, {
      filingReference: 'AMLC-STR-2026-0001',
    });
    expect(reported.json()).toMatchObject({ status: 'reported', filingReference: 'AMLC-STR-2026-0001' });
    // once: the same decision again changes nothing; another is refused
    const twice = await call(uw, 'POST', `/api/console/aml/str-cases/${c.id}/report`, {
      filingReference: 'AMLC-OTHER',
    });
    expect(twice.json().filingReference).toBe('AMLC-STR-2026-0001');
    const closing = await call(uw, 'POST', `/api/console/aml/str-cases/${c.id}/close`, {
      note: 'changed mind',
    });
    expect(closing.statusCode).toBe(409);
    expect(closing.json().code).toBe('STR_CASE_NOT_OPEN');
    expect(
      (await call(uw, 'POST', `/api/console/aml/str-cases/${c.id}/narrative`, { narrative: 'x'.repeat(30) }))
        .statusCode,
    ).toBe(409);

    const listed = await call(uw, 'GET', `/api/console/aml/str-cases?customerId=${b.customerId}`);
    expect(listed.json().items).toEqual([expect.objectContaining({ id: c.id, status: 'reported' })]);
  });

  it('BE-14 a case closed without a report says why, and has no export', async () => {
    const b = await borrowerWithLoan();
    const c = (
      await call(uw, 'POST', '/api/console/aml/str-cases', {
        requestKey: randomUUID(),
        customerId: b.customerId,
        reason: 'structuring',
        narrative: 'Several small repayments just under a threshold, looked into.',
        transactions: [{ kind: 'repayment', id: b.repaymentId }],
      })
    ).json();
    const closed = await call(uw, 'POST', `/api/console/aml/str-cases/${c.id}/close`, {
      note: 'salary paid weekly: explains it',
    });
    expect(closed.json()).toMatchObject({
      status: 'closed_no_report',
      closeNote: 'salary paid weekly: explains it',
    });
    expect((await call(uw, 'GET', `/api/console/aml/str-cases/${c.id}/export`)).statusCode).toBe(409);
  });

  it('BE-14 role gate: support and finance get nothing', async () => {
    for (const role of ['support', 'finance']) {
      const s = await signInOperator(t, ops[role]!);
      expect((await call(s, 'GET', '/api/console/aml/str-cases')).statusCode).toBe(403);
      expect((await call(s, 'GET', '/api/console/aml/risk-ratings')).statusCode).toBe(403);
    }
  });

  it('BE-14 the borrower never sees it: the my-data export withholds risk ratings and cases (no tipping off)', async () => {
    const b = await submitCompleteApplication(t.database.db, api, '9176700002');
    const narrative = `Tipping-off canary ${randomUUID()} in the narrative.`;
    const opened = await call(uw, 'POST', '/api/console/aml/str-cases', {
      requestKey: randomUUID(),
      customerId: b.customerId,
      reason: 'client_not_properly_identified',
      narrative,
      transactions: [],
    });
    expect(opened.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/me/data', headers: b.h });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Tipping-off canary');
    const data = res.json() as { tables: { name: string }[]; withheldTables: Record<string, string> };
    expect(data.tables.map((x) => x.name).filter((n) => n.startsWith('aml_'))).toEqual([]);
    expect(data.withheldTables.aml_str_cases).toBe(data.withheldTables.aml_screenings);
    expect(data.withheldTables.aml_risk_ratings).toMatch(/no tipping off/);
  });
});
