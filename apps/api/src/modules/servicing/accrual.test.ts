import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { addDays, extensionQuote, applyOrderEvent, amountDueOn, type LoanTerms } from '@pisonow/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  loanChargePauses,
  loanTransactions,
  orderEvents,
  orders,
} from '../../db/schema/index.ts';
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
  const rows = await db().execute<{ bad: string }>(
    sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
  );
  return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
}

describe('BE-06 the day job: set-based accrual equals the domain rule', () => {
  it('BE-06 BE-07 BE-10 for random loans, histories and charge pauses, the SQL accrual posts exactly what applyOrderEvent(day_passed) decides', async () => {
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
        history: fc.array(fc.record({ gap: fc.integer({ min: 1, max: 20 }), extend: fc.boolean() }), {
          maxLength: 4,
        }),
        // BE-10: charge pauses (disputes, hardship), as gaps and lengths in days; the last may be open
        pauses: fc.array(
          fc.record({ gap: fc.integer({ min: 0, max: 40 }), days: fc.integer({ min: 0, max: 25 }) }),
          {
            maxLength: 3,
          },
        ),
        lastPauseOpen: fc.boolean(),
      }),
      { numRuns: 24, seed: 7 },
    );
    const today = addDays(DAY0, 200);
    const expected = new Map<string, { late: bigint; penalty: bigint; status: string }>();
    for (const c of cases) {
      const { orderId } = await seedDisbursedLoan(db(), {
        principal: c.principal,
        termDays: c.termDays,
        terms: c.terms,
        disbursedAt: at(DAY0),
      });
      let from = DAY0;
      for (const [i, p] of c.pauses.entries()) {
        from = addDays(from, p.gap);
        const open = c.lastPauseOpen && i === c.pauses.length - 1;
        await db()
          .insert(loanChargePauses)
          .values({
            id: randomUUID(),
            orderId,
            reason: 'hardship',
            fromDate: from,
            untilDate: open ? null : addDays(from, p.days),
            createdAt: at(from),
          });
        from = addDays(from, p.days);
      }
      let day = DAY0;
      for (const [i, h] of c.history.entries()) {
        day = addDays(day, h.gap);
        await applyLoanEvent(db(), orderId, { type: 'day_passed', today: day }, at(day));
        if (h.extend) {
          const { loan } = (await loadLoan(db(), orderId))!;
          const q = extensionQuote(loan, day);
          if (q.available)
            await applyLoanEvent(
              db(),
              orderId,
              {
                type: 'payment_received',
                purpose: 'extension',
                amount: q.amount,
                paidAt: at(day),
                reference: `ext-${orderId}-${i}`,
              },
              at(day),
            );
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
    // the sample must exercise the rule: some loans accrue penalties, some reach a cap, some pause
    expect([...expected.values()].filter((e) => e.penalty > 0n).length).toBeGreaterThan(3);
    expect(cases.filter((c) => c.pauses.some((p) => p.days > 0)).length).toBeGreaterThan(3);
    await accrueOverdueCharges(db(), today, at(today));
    for (const [orderId, want] of expected) {
      const posted = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId));
      const todays = posted.filter((p) => p.businessDate === today);
      expect(
        {
          late: todays.reduce((s, x) => s + x.lateCharge, 0n),
          penalty: todays.reduce((s, x) => s + x.penalty, 0n),
        },
        orderId,
      ).toEqual({ late: want.late, penalty: want.penalty });
      const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe(want.status);
      // and the ledger's receivables for the loan equal its history
      const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
      const receivable = lines
        .filter((l) => l.account === 'penalty_receivable')
        .reduce((s, l) => s + l.amount, 0n);
      expect(receivable).toBe(posted.reduce((s, x) => s + x.lateCharge + x.penalty, 0n));
    }
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-06 the day job run twice (or after a crash) posts one accrual; missed days catch up to the same total', async () => {
    const a = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const b = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const due = addDays(DAY0, 14);
    // loan a: the job ran every day; loan b: only on the last day
    for (let d = 1; d <= 6; d++)
      await applyLoanEvent(
        db(),
        a.orderId,
        { type: 'day_passed', today: addDays(due, d) },
        at(addDays(due, d)),
      );
    const day6 = addDays(due, 6);
    const first = await accrueOverdueCharges(db(), day6, at(day6));
    const again = await accrueOverdueCharges(db(), day6, at(day6));
    expect(again.charges).toBe(0);
    expect(first.charges).toBeGreaterThan(0);
    const total = async (orderId: string) =>
      (await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId))).reduce(
        (s, x) => s + x.lateCharge + x.penalty,
        0n,
      );
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
    const outcome = await applyLoanEvent(
      db(),
      orderId,
      {
        type: 'payment_received',
        purpose: 'full',
        amount: owed,
        paidAt: at(paidDay),
        reference: 'late-hook',
      },
      at(addDays(due, 5)),
    );
    expect(outcome.status).toBe('settled');
    const after = (await loadLoan(db(), orderId))!;
    expect(
      after.loan.transactions.reduce(
        (s, x) =>
          s +
          x.portions.principal +
          x.portions.interest +
          x.portions.fees +
          x.portions.lateCharge +
          x.portions.penalty,
        0n,
      ),
    ).toBe(0n);
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-06 in batches: a crash between batches loses nothing, the re-run completes it, and every batch is one balanced ledger transaction', async () => {
    const start = addDays(DAY0, 260);
    const today = addDays(start, 14 + 9);
    const loans = [];
    for (let i = 0; i < 7; i++) loans.push(await seedDisbursedLoan(db(), { disbursedAt: at(start) }));
    const expected = new Map<string, bigint>();
    for (const { orderId } of loans) {
      const { loan } = (await loadLoan(db(), orderId))!;
      const outcome = applyOrderEvent(loan, { type: 'day_passed', today });
      expected.set(
        orderId,
        outcome.transactions.reduce((s, x) => s + x.portions.lateCharge + x.portions.penalty, 0n),
      );
    }
    // the process dies after the first committed batch of three orders
    const crash = accrueOverdueCharges(db(), today, at(today), {
      batchSize: 3,
      afterBatch: () => {
        throw new Error('crash');
      },
    });
    await expect(crash).rejects.toThrow('crash');
    const postedFor = async (orderId: string) =>
      (await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId)))
        .filter((x) => x.businessDate === today)
        .reduce((s, x) => s + x.lateCharge + x.penalty, 0n);
    const done = [];
    for (const { orderId } of loans) done.push(await postedFor(orderId));
    expect(done.filter((x) => x > 0n).length).toBeLessThan(loans.length);
    // the next run (the job retried) posts exactly what is missing, in batches of three
    const resumed = await accrueOverdueCharges(db(), today, at(today), { batchSize: 3 });
    expect(resumed.batches).toBeGreaterThan(1);
    for (const { orderId } of loans) expect(await postedFor(orderId), orderId).toBe(expected.get(orderId));
    const again = await accrueOverdueCharges(db(), today, at(today), { batchSize: 3 });
    expect(again.charges).toBe(0);
    for (const { orderId } of loans) {
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(events.filter((e) => e.event === 'due_date_passed')).toHaveLength(1);
    }
    // one ledger transaction per batch that posted: a receivable line per loan transaction (its
    // order and borrower), one income line for the batch, summing to zero
    const batches = await db()
      .select()
      .from(ledgerTransactions)
      .where(
        sql`${ledgerTransactions.kind} = 'overdue_accrual' and ${ledgerTransactions.reference} = ${today}`,
      );
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, batch.id));
      const history = await db()
        .select()
        .from(loanTransactions)
        .where(eq(loanTransactions.ledgerTransactionId, batch.id));
      const receivable = lines.filter((l) => l.account === 'penalty_receivable');
      const income = lines.filter((l) => l.account === 'penalty_income');
      expect(income).toHaveLength(1);
      // time-ordered ids (UUID version 7 with a row counter): appended at the right of each index
      for (const row of [...lines, ...history])
        expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
      expect(receivable).toHaveLength(history.length);
      expect(receivable.reduce((s, l) => s + l.amount, 0n)).toBe(-income[0]!.amount);
      for (const h of history)
        expect(
          receivable.some(
            (l) =>
              l.orderId === h.orderId &&
              l.customerId === h.customerId &&
              l.amount === h.lateCharge + h.penalty,
          ),
        ).toBe(true);
    }
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-06 in parallel slices (two connections on PostgreSQL): the same postings as the domain decides, each loan once, balanced; a second run posts nothing', async () => {
    const start = addDays(DAY0, 300);
    const today = addDays(start, 14 + 5);
    const loans = [];
    for (let i = 0; i < 9; i++) loans.push(await seedDisbursedLoan(db(), { disbursedAt: at(start) }));
    const expected = new Map<string, bigint>();
    for (const { orderId } of loans) {
      const { loan } = (await loadLoan(db(), orderId))!;
      const outcome = applyOrderEvent(loan, { type: 'day_passed', today });
      expected.set(
        orderId,
        outcome.transactions.reduce((s, x) => s + x.portions.lateCharge + x.portions.penalty, 0n),
      );
    }
    const run = await accrueOverdueCharges(db(), today, at(today), { batchSize: 2, parallelism: 3 });
    expect(run.batches).toBeGreaterThanOrEqual(5);
    for (const { orderId } of loans) {
      const posted = (await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId)))
        .filter((x) => x.businessDate === today)
        .reduce((s, x) => s + x.lateCharge + x.penalty, 0n);
      expect(posted, orderId).toBe(expected.get(orderId));
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(events.filter((e) => e.event === 'due_date_passed')).toHaveLength(1);
    }
    const again = await accrueOverdueCharges(db(), today, at(today), { batchSize: 2, parallelism: 3 });
    expect(again.charges).toBe(0);
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-06 two day runs for different Manila days at once (two clock moves, a run still going at midnight) charge each loan once', async () => {
    // On PostgreSQL the second run waited for the first's row locks, then computed from the history
    // as it was before the first committed, and posted the first day's charges again under its
    // own day's keys (found in review: 300 of 300 loans charged twice). To make that interleaving
    // certain, a third transaction holds the loans while both runs start and queue behind it.
    // PGlite runs one transaction at a time: there the two runs simply follow each other.
    const start = addDays(DAY0, 400);
    const due = addDays(start, 14);
    const loans = [];
    for (let i = 0; i < 20; i++) loans.push(await seedDisbursedLoan(db(), { disbursedAt: at(start) }));
    const day1 = addDays(due, 3);
    const day2 = addDays(due, 4);
    const expected = new Map<string, bigint>();
    for (const { orderId } of loans) {
      const { loan } = (await loadLoan(db(), orderId))!;
      const outcome = applyOrderEvent(loan, { type: 'day_passed', today: day2 });
      expected.set(
        orderId,
        outcome.transactions.reduce((s, x) => s + x.portions.lateCharge + x.portions.penalty, 0n),
      );
    }
    const bothRuns = () =>
      Promise.all([accrueOverdueCharges(db(), day1, at(day1)), accrueOverdueCharges(db(), day2, at(day2))]);
    if (t.database.kind === 'postgres') {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let runs!: ReturnType<typeof bothRuns>;
      const holder = db().transaction(async (tx) => {
        await tx.execute(sql`select id from orders where status in ('repaying', 'overdue') for update`);
        runs = bothRuns();
        // both runs' statements are waiting for these rows (each with its snapshot taken)
        for (let waited = 0; ; waited += 20) {
          const rows = await db().execute<{ waiting: string }>(
            sql`select count(*)::text as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((rows as unknown as { rows: { waiting: string }[] }).rows[0]!.waiting === '2') break;
          if (waited > 10_000) throw new Error('the two runs never queued behind the holder');
          await new Promise((r) => setTimeout(r, 20));
        }
        release();
      });
      await released;
      await holder;
      await runs;
    } else await bothRuns();
    const wrong: string[] = [];
    for (const { orderId } of loans) {
      const posted = (
        await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId))
      ).reduce((s, x) => s + x.lateCharge + x.penalty, 0n);
      if (posted !== expected.get(orderId)) wrong.push(`${orderId}: ${posted} ≠ ${expected.get(orderId)}`);
    }
    expect(wrong).toEqual([]);
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-05 BE-06 without row-level foreign keys the database still refuses history that names no order, another borrower or no posting, and deleting an order with history', async () => {
    const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const other = await seedDisbursedLoan(db(), { disbursedAt: at(DAY0) });
    const [posting] = await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId));
    const history = (over: Record<string, string>) =>
      db().execute(
        sql.raw(`insert into loan_transactions (id, order_id, customer_id, type, principal, interest, fees, late_charge, penalty, cash, business_date, idempotency_key, ledger_transaction_id, created_at)
          values (gen_random_uuid(), '${over.orderId ?? orderId}', '${over.customerId ?? customerId}', 'waiver', 0, 0, 0, 0, 0, 0, '${DAY0}', 'test:${randomUUID()}', '${over.ledger ?? posting!.ledgerTransactionId}', now())`),
      );
    await expect(history({ orderId: '00000000-0000-4000-8000-0000000000aa' })).rejects.toThrow();
    await expect(history({ customerId: other.customerId })).rejects.toThrow();
    await expect(history({ ledger: '00000000-0000-4000-8000-0000000000ab' })).rejects.toThrow();
    await expect(history({})).resolves.toBeDefined();
    await expect(
      db().execute(
        sql`insert into order_events (id, order_id, event, from_status, to_status, occurred_at) values (gen_random_uuid(), '00000000-0000-4000-8000-0000000000ac', 'x', 'repaying', 'overdue', now())`,
      ),
    ).rejects.toThrow();
    // a ledger line naming a loan of another borrower, or a transaction that does not exist
    const line = (customer: string, transaction: string | null) =>
      db().transaction(async (tx) => {
        const id = transaction ?? randomUUID();
        if (!transaction)
          await tx.execute(
            sql`insert into ledger_transactions (id, kind, idempotency_key, posted_at) values (${id}::uuid, 'test', ${`test:${id}`}, now())`,
          );
        await tx.execute(
          sql`insert into ledger_entries (id, transaction_id, account, customer_id, order_id, amount) values
            (gen_random_uuid(), ${id}::uuid, 'penalty_receivable', ${customer}::uuid, ${orderId}::uuid, 5),
            (gen_random_uuid(), ${id}::uuid, 'penalty_income', null, null, -5)`,
        );
      });
    await expect(line(other.customerId, null)).rejects.toThrow();
    await expect(line(customerId, '00000000-0000-4000-8000-0000000000ad')).rejects.toThrow();
    await expect(line(customerId, null)).resolves.toBeUndefined();
    await expect(db().delete(orders).where(eq(orders.id, orderId))).rejects.toThrow();
    await expect(
      db().update(orders).set({ customerId: other.customerId }).where(eq(orders.id, orderId)),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from customers where id = ${customerId}::uuid`)).rejects.toThrow();
  });
});
