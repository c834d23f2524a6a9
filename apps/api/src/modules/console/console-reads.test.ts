import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { manilaDate, type OperatorRole } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  createOperators,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { seedBorrowers, type Borrower } from '../../test/openapi-sweep.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applications, orders, photos } from '../../db/schema/index.ts';
import { classifyDelinquency } from '../servicing/classify-delinquency.ts';

const ID_CARD = fileURLToPath(new URL('../../test/fixtures/photos/id-card-sharp.jpg', import.meta.url));

/**
 * The console's first read endpoints (issue 11, BE-08): dashboard, borrower search (phone, name,
 * order id, last four or whole ID number: ID numbers stay sealed) and the borrower page.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let seeded: Awaited<ReturnType<typeof seedBorrowers>>;
let support: ConsoleSession;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  ops = await createOperators(t);
  seeded = await seedBorrowers(t, api, '91793000');
  support = await signInOperator(t, ops.support);
}, 180_000);
afterAll(async () => t?.close());

const search = async (q: string) => {
  const res = await api.json(
    'GET',
    `/api/console/borrowers?q=${encodeURIComponent(q)}`,
    undefined,
    support.get,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results as { customerId: string; matchedBy: string; name: string | null; phone: string }[];
};
const ids = (rows: { customerId: string }[]) => rows.map((r) => r.customerId);

describe('BE-08 console reads', () => {
  it("BE-08: the dashboard counts today's applications, approvals, disbursements and collections, and loans by days past due", async () => {
    const res = await api.json('GET', '/api/console/dashboard', undefined, support.get);
    expect(res.status).toBe(200);
    expect(res.body.today.applications).toBeGreaterThanOrEqual(4);
    expect(res.body.today.approvals).toBeGreaterThanOrEqual(3);
    expect(res.body.today.disbursements).toBe(1); // the failed payout did not disburse
    // the servicing day job has not run in this app yet: nothing classified
    expect(res.body.classifiedOn).toBeNull();
    expect(res.body.loansByDpd.map((b: { bucket: string }) => b.bucket)).toEqual([
      'current',
      '1-30',
      '31-60',
      '61-90',
      '90+',
    ]);
    // the last 30 Manila days, today last and equal to the counts of today
    expect(res.body.last30Days).toHaveLength(30);
    const todayRow = res.body.last30Days[29];
    expect(todayRow.date).toBe(res.body.date);
    expect({ ...todayRow, date: undefined }).toEqual({ ...res.body.today, date: undefined });
    expect(res.body.portfolioAtRisk.par30Bp).toBe(0);
    expect(BigInt(res.body.portfolioAtRisk.outstandingPrincipal)).toBeGreaterThan(0n);
    const [loan] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, seeded.disbursed.customerId));
    const days = loan!.termDays + 36; // the repaying loan is now 36 days past due by date (status aside)
    t.clock.advance(days * 86_400_000);
    // the day job's classification (BE-15) alone: its accrual would move the loan overdue for the
    // tests below, which expect it repaying
    await classifyDelinquency(t.database.db, manilaDate(t.clock.now()), t.app.config.DELINQUENCY_BUCKETS);
    const later = await api.json(
      'GET',
      '/api/console/dashboard',
      undefined,
      (await signInOperator(t, ops.finance)).get,
    );
    expect(later.body.today.applications).toBe(0);
    expect(loan!.dueDate).not.toBeNull();
    const buckets = Object.fromEntries(
      (later.body.loansByDpd as { bucket: string; loans: number }[]).map((b) => [b.bucket, b.loans]),
    );
    expect(Object.values(buckets).reduce((a, b) => a + b, 0)).toBe(1);
    expect(buckets['31-60']).toBe(1);
    // the day the loans were made is now out of the 30-day window
    expect(later.body.last30Days.every((d: { applications: number }) => d.applications === 0)).toBe(true);
    // PAR30: the one loan is at risk once it is more than 30 days past due
    expect(later.body.portfolioAtRisk.par30Bp).toBe(10_000);
    expect(later.body.portfolioAtRisk.atRisk30Principal).toBe(
      later.body.portfolioAtRisk.outstandingPrincipal,
    );
    t.clock.advance(-days * 86_400_000);
    support = await signInOperator(t, ops.support);
  });

  it('BE-08: search by phone in any typed form, by name, by order id', async () => {
    const b: Borrower = seeded.disbursed;
    expect(ids(await search(b.phone))).toEqual([b.customerId]);
    expect(ids(await search(`0${b.phone}`))).toEqual([b.customerId]);
    expect(ids(await search(`+63 ${b.phone.slice(0, 3)} ${b.phone.slice(3)}`))).toEqual([b.customerId]);
    const byName = await search('maria');
    expect(ids(byName)).toContain(b.customerId);
    expect(byName.find((r) => r.customerId === b.customerId)!.name).toMatch(/Maria/);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.customerId, b.customerId));
    const byOrder = await search(order!.id);
    expect(ids(byOrder)).toEqual([b.customerId]);
    expect(byOrder[0]!.matchedBy).toBe('order');
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('BE-08: search by the last four digits or the whole ID number, without unsealing any row', async () => {
    const b = seeded.approved;
    const [app] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.customerId, b.customerId));
    const last4 = app!.idNumberLast4!;
    expect(ids(await search(last4))).toContain(b.customerId);
    const whole = `CRN${b.phone.slice(-9)}789`; // the fixture's ID number
    expect(whole.endsWith(last4)).toBe(true);
    const byWhole = await search(whole);
    expect(ids(byWhole)).toEqual([b.customerId]);
    expect(byWhole[0]!.matchedBy).toBe('idNumber');
    // the response never carries the whole number
    expect(JSON.stringify(byWhole)).not.toContain(whole);
  });

  it("BE-08: the borrower page shows profile, steps, photos as short-lived links, the decision's rules, ledger and balance, repayments, messages, consents, sessions", async () => {
    const b = seeded.disbursed;
    const res = await api.json('GET', `/api/console/borrowers/${b.customerId}`, undefined, support.get);
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page.customer).toMatchObject({ id: b.customerId, phone: b.phone });
    expect(page.application.steps.map((s: { step: string }) => s.step)).toContain('identityInfo');
    expect(JSON.stringify(page.application)).not.toContain('CRN'); // sealed: only the last four
    expect(page.application.idNumberLast4).toMatch(/^\d{4}$/);
    expect(page.decisions[0].outcome).toBe('approve');
    expect(page.decisions[0].rules.length).toBeGreaterThan(3);
    const [order] = page.orders;
    expect(order.status).toBe('repaying');
    expect(order.transactions.map((x: { type: string }) => x.type)).toContain('disbursement');
    expect(order.ledger.length).toBeGreaterThanOrEqual(2);
    expect(order.ledger.reduce((sum: bigint, l: { amount: string }) => sum + BigInt(l.amount), 0n)).toBe(0n);
    expect(BigInt(order.balance.total)).toBeGreaterThan(0n);
    expect(BigInt(order.balance.principal)).toBe(BigInt(order.principal));
    expect(order.payouts[0].state).toBe('succeeded');
    expect(page.repayments).toHaveLength(1);
    expect(page.consents.length).toBeGreaterThanOrEqual(1);
    expect(page.sessions.length).toBeGreaterThanOrEqual(1);
    // EN-08: what the borrower was told, newest first, in English for the operator
    const events = page.messages.map((m: { event: string }) => m.event);
    expect(events).toEqual(expect.arrayContaining(['application_approved', 'loan_disbursed']));
    expect(page.messages[0].createdAt >= page.messages.at(-1).createdAt).toBe(true);
    expect(page.messages.find((m: { event: string }) => m.event === 'loan_disbursed')).toMatchObject({
      title: 'Your loan has been sent',
      orderId: order.id,
      readAt: null,
    });
    const photo = page.photos.find((p: { url: string | null }) => p.url);
    expect(photo).toBeDefined();
    // the fixture's photo rows have no bytes in storage yet: put some behind this one
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, photo.id));
    await t.app.providers.storage.put(row!.storageKey, readFileSync(ID_CARD), 'image/jpeg');
    const file = await t.app.inject({ url: photo.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    // short-lived: after PHOTO_LINK_SECONDS the link is dead
    t.clock.advanceSeconds(t.app.config.PHOTO_LINK_SECONDS + 1);
    expect((await t.app.inject({ url: photo.url })).statusCode).toBeGreaterThanOrEqual(400);
    support = await signInOperator(t, ops.support);
    const missing = await api.json(
      'GET',
      `/api/console/borrowers/${crypto.randomUUID()}`,
      undefined,
      support.get,
    );
    expect(missing.status).toBe(404);
  });
});
