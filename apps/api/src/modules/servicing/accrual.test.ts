import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { addDays, extensionQuote, applyOrderEvent, amountDueOn, type LoanTerms } from '@pisonow/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { ledgerEntries, loanTransactions, orderEvents, orders } from '../../db/schema/index.ts';
import { accrueOverdueCharges } from './accrue-overdue-charges.ts';
import { applyLoanEvent, loadLoan } from './loan-record.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY0 = '2027-01-05';
const at = (day: string) => new Date(`${day}T02:00:00Z`);
const db = () => t.database.db;

async function ledgerSumsToZero() {
  const rows = await db().execute<{ bad: string }>(sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`);
  return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
}

describe('BE-06 the day job: set-based accrual equals the domain rule', () => {
  it('BE-06 BE-07 for random loans and histories, the SQL accrual posts exactly what applyOrderEvent(day_passed) decides', async () => {
    const terms = fc.record({
      lateCharge: fc.constantFrom(0n, 100n, 5_000n),
      penaltyDailyPpm: fc.integer({ min: 0, max: 3_000 }),
      extensionFeeBp: fc.integer({ min: 0, max: 300 }),
      extensionDays: fc.constant(8),
    }) as fc.Arbitrary<LoanTerms>;
    const cases = fc.sample(
      fc.record({
        principal: fc.constantFrom(100_000n, 250_000n, 1_000_000n),
        termDays: fc.constantFrom(14, 30),
        terms,
        history: fc.array(fc.record({ gap: fc.integer({ min: 1, max: 20 }), extend: fc.boolean() }), { maxLength: 4 }),
      }),
      { numRuns: 24, seed: 7 },
    );
    const today = addDays(DAY0, 200);
    const expected = new Map<string, { late: bigint; penalty: bigint; status: string }>();
    for (const c of cases) {
      const { orderId } = await seedDisbursedLoan(db(), { principal: c.principal, termDays: c.termDays, terms: c.terms, disbursedAt: at(DAY0) });
      let day = DAY0;
      for (const [i, h] of c.history.entries()) {
        day = addDays(day, h.gap);
        await applyLoanEvent(db(), orderId, { type: 'day_passed', today: day }, at(day));
        if (h.extend) {
          const { loan } = (await loadLoan(db(), orderId))!;
          const q = extensionQuote(loan, day);
          if (q.available) await applyLoanEvent(db(), orderId, { type: 'payment_received', purpose: 'extension', amount: q.amount, paidAt: at(day), reference: `ext-${orderId}-${i}` }, at(day));
        }
      }
      // the day the job runs: what the domain says it should post
      const { loan } = (await loadLoan(db(), orderId))!;
      const outcome = applyOrderEvent(loan, { type: 'day_passed', today });
      expected.set(orderId, {
        late: outcome.transactions.reduce((s, x) => s + x.portions.lateCharge, 0n),
        penalty: outcome.transactions.reduce((s, x) => s + x.portions.penalty, 0n),
        status: outcome.status,
      });
    }
    // the sample must exercise the rule: some loans accrue penalties, some reach a cap
    expect([...expected.values()].filter((e) => e.penalty > 0n).length).toBeGreaterThan(3);
    await accrueOverdueCharges(db(), today, at(today));
    for (const [orderId, want] of expected) {
      const posted = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId));
      const todays = posted.filter((p) => p.businessDate === today);
      expect({ late: todays.reduce((s, x) => s + x.lateCharge, 0n), penalty: todays.reduce((s, x) => s + x.penalty, 0n) }, orderId).toEqual({ late: want.late, penalty: want.penalty });
      const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe(want.status);
      // and the ledger's receivables for the loan equal its history
      const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
      const receivable = lines.filter((l) => l.account === 'penalty_receivable').reduce((s, l) => s + l.amount, 0n);
      expect(receivable).toBe(posted.reduce((s, x) => s + x.lateCharge + x.penalty, 0n));
    }
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-06 the day job run twice (or after a crash) posts one accrual; missed days catch up to the same total', async () => {
    const a = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const b = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const due = addDays(DAY0, 14);
    // loan a: the job ran every day; loan b: only on the last day
    for (let d = 1; d <= 6; d++) await applyLoanEvent(db(), a.orderId, { type: 'day_passed', today: addDays(due, d) }, at(addDays(due, d)));
    const day6 = addDays(due, 6);
    const first = await accrueOverdueCharges(db(), day6, at(day6));
    const again = await accrueOverdueCharges(db(), day6, at(day6));
    expect(again.charges).toBe(0);
    expect(first.charges).toBeGreaterThan(0);
    const total = async (orderId: string) => (await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId))).reduce((s, x) => s + x.lateCharge + x.penalty, 0n);
    expect(await total(b.orderId)).toBe(await total(a.orderId));
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, b.orderId));
    expect(events.filter((e) => e.event === 'due_date_passed')).toHaveLength(1);
  });

  it('VAL-15 BE-10 a repayment of the amount due settles; a late webhook does not add the days after the payer paid', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const due = addDays(DAY0, 14);
    for (let d = 1; d <= 5; d++) await accrueOverdueCharges(db(), addDays(due, d), at(addDays(due, d)));
    const { loan } = (await loadLoan(db(), orderId))!;
    const paidDay = addDays(due, 2);
    const owed = amountDueOn(loan, paidDay);
    const outcome = await applyLoanEvent(db(), orderId, { type: 'payment_received', purpose: 'full', amount: owed, paidAt: at(paidDay), reference: 'late-hook' }, at(addDays(due, 5)));
    expect(outcome.status).toBe('settled');
    const after = (await loadLoan(db(), orderId))!;
    expect(after.loan.transactions.reduce((s, x) => s + x.portions.principal + x.portions.interest + x.portions.fees + x.portions.lateCharge + x.portions.penalty, 0n)).toBe(0n);
    expect(await ledgerSumsToZero()).toBe(true);
  });
});
