import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balanced, positionsAsOf, provisionRequired, type OperatorRole } from '@pisonow/domain';
import { loadPortfolioLoans } from '../reports/load-books.ts';
import { createOperators, signInOperator, type TestOperator } from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { causedByClosedPeriod } from '../../plugins/app/error-handler.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import { accrueOverdueCharges } from '../servicing/accrue-overdue-charges.ts';

/**
 * BE-15 month-end: the books close month by month; nothing can be posted into a closed month, by
 * any path (a use case, the day job's SQL); the closure keeps the month's trial balance, which
 * sums to zero.
 */
let t: TestApp;
let ops: Record<OperatorRole, TestOperator>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2027-04-10T02:00:00Z');
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

async function close(month: string, role: OperatorRole = 'admin') {
  t.clock.set(new Date(t.clock.now().getTime() + 31_000)); // a TOTP code is taken once
  const s = await signInOperator(t, ops[role]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/console/accounting/closures',
    headers: { ...s.write, 'content-type': 'application/json', 'accept-language': 'fil' },
    payload: JSON.stringify({ month }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const post = (at: Date, key: string) =>
  t.database.db.transaction((tx) =>
    postLedgerTransaction(tx, {
      kind: 'test_adjustment',
      idempotencyKey: key,
      entries: balanced([
        { account: 'cash_at_provider', amount: 100n },
        { account: 'suspense', amount: -100n },
      ]),
      at,
    }),
  );

describe('BE-15 month-end closure and provisioning', () => {
  it('BE-15 only an ended month, only in order, only an admin; provisioning by days past due booked with it; the trial balance kept sums to zero', async () => {
    // money moved in February and March
    await seedDisbursedLoan(t.database.db, { disbursedAt: new Date('2027-02-10T02:00:00Z') });
    await seedDisbursedLoan(t.database.db, { disbursedAt: new Date('2027-03-05T02:00:00Z') });
    expect((await close('2027-04')).body.code).toBe('PERIOD_NOT_ENDED');
    // a slip of the year (read as 1927) would close the books irrevocably out of order: refused
    for (const typo of ['0027-04', '1927-04', '2027-13'])
      expect(await close(typo)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await close('2027-02', 'finance')).status).toBe(403);
    const feb = await close('2027-02');
    expect(feb.status, JSON.stringify(feb.body)).toBe(200);
    expect(feb.body.closedThrough).toBe('2027-02-28');
    const tb = feb.body.trialBalance as Record<string, string>;
    expect(Object.values(tb).reduce((s, v) => s + BigInt(v), 0n)).toBe(0n);
    expect(BigInt(tb.principal_receivable!)).toBeGreaterThan(0n);
    // provisioning booked with the closure: the one loan open on 28 Feb is 4 days past due (5%)
    const owed = ['principal_receivable', 'interest_receivable', 'fee_receivable', 'penalty_receivable']
      .map((a) => BigInt(tb[a] ?? '0'))
      .reduce((x, y) => x + y, 0n);
    expect(BigInt(tb.provision_expense!)).toBe((owed * 500n) / 10_000n);
    expect(BigInt(tb.allowance_for_credit_losses!)).toBe(-BigInt(tb.provision_expense!));
    // the same month again: the closure as it is; a month out of order: refused, in Filipino
    expect((await close('2027-02')).body.closedThrough).toBe('2027-02-28');
    const skip = await close('2027-05');
    expect(skip.body.code).toBe('PERIOD_NOT_ENDED');
    t.clock.set('2027-06-02T02:00:00Z');
    const gap = await close('2027-04');
    expect(gap.body.code).toBe('PERIOD_OUT_OF_ORDER');
    expect(String(gap.body.message)).toContain('2027-03');
    const mar = await close('2027-03');
    expect(mar.status).toBe(200);
    // March: the allowance is what the book needs on 31 March (35 days past due at 25%, 12 at 5%),
    // the February charge adjusted, not added again
    const positions = positionsAsOf(await loadPortfolioLoans({ db: t.database.db }), '2027-03-31');
    expect(positions.map((p) => p.bucket).sort()).toEqual(['1-30', '31-60']);
    const marTb = mar.body.trialBalance as Record<string, string>;
    expect(-BigInt(marTb.allowance_for_credit_losses!)).toBe(provisionRequired(positions).total);
    expect(Object.values(marTb).reduce((x, v) => x + BigInt(v), 0n)).toBe(0n);
  });

  it('BE-15 posting into a closed month is refused by the database, whoever posts; posting today is fine', async () => {
    expect(
      causedByClosedPeriod(
        await post(new Date('2027-02-15T02:00:00Z'), 'into-closed-feb').catch((e: unknown) => e),
      ),
    ).toBe(true);
    // the last day of a closed month, late evening Manila time (15:59 UTC = 23:59 Manila)
    expect(
      causedByClosedPeriod(
        await post(new Date('2027-03-31T15:59:00Z'), 'into-closed-mar-end').catch((e: unknown) => e),
      ),
    ).toBe(true);
    // the first minute of April, Manila
    await expect(post(new Date('2027-03-31T16:00:00Z'), 'first-of-april')).resolves.toMatchObject({
      posted: true,
    });
    // the day job's own SQL, run for a day in the closed period, posts nothing
    const { orderId } = await seedDisbursedLoan(t.database.db, {
      disbursedAt: new Date('2027-04-01T02:00:00Z'),
    });
    const refused = await accrueOverdueCharges(
      t.database.db,
      '2027-05-20',
      new Date('2027-03-20T02:00:00Z'),
    ).catch((e: unknown) => e);
    expect(causedByClosedPeriod(refused)).toBe(true);
    const rows = await t.database.db.execute(
      sql`select count(*)::text as n from ledger_entries where order_id = ${orderId} and account = 'penalty_receivable'`,
    );
    expect((rows as unknown as { rows: { n: string }[] }).rows[0]!.n).toBe('0');
  });

  it('BE-15 the error handler knows the database refusal (it answers 409 PERIOD_CLOSED, not a 500)', async () => {
    const error = await post(new Date('2027-02-20T02:00:00Z'), 'via-handler').catch((e: unknown) => e);
    expect(causedByClosedPeriod(error)).toBe(true);
    expect(causedByClosedPeriod(new Error('something else'))).toBe(false);
  });
});
