import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  amountDueOn,
  creditStandingAsOf,
  manilaDate,
  outstandingOf,
  totalOf,
  type OperatorRole,
} from '@pisonow/domain';
import {
  approvalRequests,
  ledgerEntries,
  loanChargePauses,
  loanTransactions,
  loanWriteOffs,
  messages,
  orders,
  repayments,
} from '../../db/schema/index.ts';
import {
  createOperators,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { seedHeldRepayment } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accrueOverdueCharges } from '../servicing/accrue-overdue-charges.ts';
import { applyLoanEvent, loadLoan, loadLoans } from '../servicing/loan-record.ts';

/**
 * BE-15 write-off and recovery: drafted by finance with a reason, approved by an admin (never the
 * maker), posted to credit loss against an allowance; the borrower still owes and is still reported
 * to the CIC; charges stop; later payments post recovery income, never more than was written off.
 */
let t: TestApp;
let ops: Record<OperatorRole, TestOperator>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
// a fresh console session per call, 31 s on: a TOTP code is taken once
async function as(role: OperatorRole): Promise<ConsoleSession> {
  t.clock.set(new Date(t.clock.now().getTime() + 31_000));
  return signInOperator(t, ops[role]);
}
async function post(role: OperatorRole, url: string, body: unknown, headers: Record<string, string> = {}) {
  const s = await as(role);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...s.write, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as Record<string, string> };
}
const accountTotal = async (orderId: string, account: string) =>
  (
    await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, account as never)))
  ).reduce((s, e) => s + e.amount, 0n);
async function ledgerSumsToZero() {
  const rows = await db().execute(
    sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
  );
  return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
}

async function overdueLoan(daysPastDue: number) {
  const now = t.clock.now();
  const { orderId } = await seedDisbursedLoan(db(), {
    disbursedAt: new Date(now.getTime() - (14 + daysPastDue) * DAY),
  });
  await applyLoanEvent(db(), orderId, { type: 'day_passed', today: manilaDate(now) }, now);
  return orderId;
}

describe('BE-15 write-off and recovery', () => {
  it('BE-15 a loan under 90 days past due cannot be written off; nothing is drafted', async () => {
    const orderId = await overdueLoan(30);
    const res = await post('finance', `/api/console/money/loans/${orderId}/write-off`, {
      reason: 'no contact for a month',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('WRITE_OFF_NOT_ELIGIBLE');
    expect(res.body.message).toContain('90 days'); // the threshold comes from its one constant
    expect(await db().select().from(loanWriteOffs).where(eq(loanWriteOffs.orderId, orderId))).toHaveLength(0);
  });

  it('BE-15 after a rejected draft, one new draft: asking again (or twice at once) answers with it', async () => {
    const orderId = await overdueLoan(95);
    const first = await post('finance', `/api/console/money/loans/${orderId}/write-off`, {
      reason: 'unreachable',
    });
    expect(first.body.state).toBe('pending_approval');
    const rejected = await post(
      'admin',
      `/api/console/money/approvals/${first.body.approvalRequestId}/reject`,
      {
        reason: 'try collections once more',
      },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    // two at once from one finance session (a second sign-in would reuse its authenticator code)
    const session = await as('finance');
    const draft = () =>
      t.app
        .inject({
          method: 'POST',
          url: `/api/console/money/loans/${orderId}/write-off`,
          headers: { ...session.write, 'content-type': 'application/json' },
          payload: JSON.stringify({ reason: 'still unreachable' }),
        })
        .then((res) => ({ body: res.json() as Record<string, string> }));
    const [a, b] = await Promise.all([draft(), draft()]);
    const again = await post('finance', `/api/console/money/loans/${orderId}/write-off`, {
      reason: 'and again',
    });
    expect(
      new Set([a!.body.approvalRequestId, b!.body.approvalRequestId, again.body.approvalRequestId]).size,
    ).toBe(1);
    expect(again.body.approvalRequestId).not.toBe(first.body.approvalRequestId);
    const pending = await db()
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.orderId, orderId), eq(approvalRequests.state, 'pending')));
    expect(pending).toHaveLength(1);
  });

  it('BE-15 drafted by finance, approved by an admin: credit loss against the allowance; the borrower still owes; charges stop; recovery on later payments', async () => {
    const orderId = await overdueLoan(100);
    const before = (await loadLoan(db(), orderId))!;
    const drafted = await post('finance', `/api/console/money/loans/${orderId}/write-off`, {
      reason: '100 days past due, unreachable',
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(drafted.body.state).toBe('pending_approval');
    // asking again answers with the same draft
    const again = await post('finance', `/api/console/money/loans/${orderId}/write-off`, { reason: 'again' });
    expect(again.body.approvalRequestId).toBe(drafted.body.approvalRequestId);
    // finance cannot approve (an admin's power); nothing is posted before approval
    expect(
      (await post('finance', `/api/console/money/approvals/${drafted.body.approvalRequestId}/approve`, {}))
        .status,
    ).toBe(403);
    expect(await accountTotal(orderId, 'credit_loss_expense')).toBe(0n);
    const approved = await post(
      'admin',
      `/api/console/money/approvals/${drafted.body.approvalRequestId}/approve`,
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const amount = BigInt(drafted.body.amount!);
    expect(amount).toBeGreaterThan(0n);
    expect(await accountTotal(orderId, 'credit_loss_expense')).toBe(amount);
    expect(await accountTotal(orderId, 'allowance_written_off')).toBe(-amount);
    // approving twice posts nothing more
    await post('admin', `/api/console/money/approvals/${drafted.body.approvalRequestId}/approve`, {});
    expect(await accountTotal(orderId, 'credit_loss_expense')).toBe(amount);

    // the borrower still owes the same, the status is unchanged, the CIC still sees a past-due loan
    const after = (await loadLoan(db(), orderId))!;
    expect(after.order.status).toBe('overdue');
    expect(after.loan.writeOff).toEqual({ amount, recovered: 0n });
    const today = manilaDate(t.clock.now());
    const standing = creditStandingAsOf(
      { ...after.loan, termDays: after.order.termDays, principal: after.order.principal },
      today,
    );
    expect(standing).not.toBeNull();
    expect(standing).toMatchObject({ status: 'past_due' });
    expect(standing!.daysPastDue).toBeGreaterThanOrEqual(90);
    expect(after.loan.transactions.length).toBe(before.loan.transactions.length);

    // no more charges: the day job over the next 10 days posts nothing for this loan
    const posted = async () =>
      (await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId))).length;
    const count = await posted();
    for (let d = 1; d <= 10; d++) {
      const day = addDays(today, d);
      await accrueOverdueCharges(db(), day, new Date(`${day}T02:00:00Z`));
    }
    expect(await posted()).toBe(count);

    // a partial payment later (found in suspense and applied): recovery income for all of it
    const held = await seedHeldRepayment(db(), {
      orderId,
      amount: 50_000n,
      paidAt: t.clock.now(),
      now: t.clock.now(),
    });
    const applied = await post('finance', `/api/console/money/suspense/${held}/apply`, {
      purpose: 'partial',
      reason: 'borrower paid after the write-off',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await accountTotal(orderId, 'recovery_income')).toBe(-50_000n);
    expect(await accountTotal(orderId, 'allowance_written_off')).toBe(-amount + 50_000n);
    // receivables fall as for any payment
    const owed = (await loadLoan(db(), orderId))!;
    expect(owed.loan.writeOff).toEqual({ amount, recovered: 50_000n });
    expect(await ledgerSumsToZero()).toBe(true);
    const [repayment] = await db().select().from(repayments).where(eq(repayments.id, held));
    expect(repayment!.state).toBe('paid');
  });

  it('BE-15 recovery never exceeds what was written off, and the whole balance paid settles the loan', async () => {
    const orderId = await overdueLoan(95);
    const drafted = await post('finance', `/api/console/money/loans/${orderId}/write-off`, {
      reason: 'policy',
    });
    await post('admin', `/api/console/money/approvals/${drafted.body.approvalRequestId}/approve`, {});
    const amount = BigInt(drafted.body.amount!);
    const { loan } = (await loadLoan(db(), orderId))!;
    // the borrower pays everything owed as of today (the balance, with its charges)
    const due = loan.transactions.reduce(
      (s, x) =>
        s +
        x.portions.principal +
        x.portions.interest +
        x.portions.fees +
        x.portions.lateCharge +
        x.portions.penalty,
      0n,
    );
    const now = t.clock.now();
    await applyLoanEvent(
      db(),
      orderId,
      { type: 'payment_received', purpose: 'full', amount: due, paidAt: now, reference: `full-${orderId}` },
      now,
    );
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('settled');
    const recovered = -(await accountTotal(orderId, 'recovery_income'));
    expect(recovered).toBe(due < amount ? due : amount);
    expect(await accountTotal(orderId, 'allowance_written_off')).toBe(-amount + recovered);
    expect(await ledgerSumsToZero()).toBe(true);
  });
});

describe('BE-15 issue 11 waivers on a written-off loan', () => {
  const RECEIVABLES = ['principal_receivable', 'interest_receivable', 'fee_receivable', 'penalty_receivable'];
  const receivables = async (orderId: string) => {
    let sum = 0n;
    for (const account of RECEIVABLES) sum += await accountTotal(orderId, account);
    return sum;
  };
  async function writtenOff(orderId: string) {
    const drafted = await post('finance', `/api/console/money/loans/${orderId}/write-off`, {
      reason: 'unreachable',
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    const approved = await post(
      'admin',
      `/api/console/money/approvals/${drafted.body.approvalRequestId}/approve`,
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return BigInt(drafted.body.amount!);
  }
  /** A waiver through the console, approved by an admin when above the threshold. */
  async function waive(orderId: string, lateCharge: bigint, penalty: bigint, key: string) {
    const w = await post(
      'finance',
      `/api/console/money/loans/${orderId}/waivers`,
      { lateCharge: lateCharge.toString(), penalty: penalty.toString(), reason: 'settlement agreed' },
      { 'idempotency-key': key },
    );
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    if (w.body.state === 'pending_approval') {
      const a = await post('admin', `/api/console/money/approvals/${w.body.approvalRequestId}/approve`, {});
      expect(a.status, JSON.stringify(a.body)).toBe(200);
    }
  }

  it('BE-15 issue 11 a waiver after the write-off comes off the allowance, not the income: paid off, the receivables and the allowance are 0 and the loss is counted once', async () => {
    const orderId = await overdueLoan(100);
    const amount = await writtenOff(orderId);
    const owed = outstandingOf((await loadLoan(db(), orderId))!.loan.transactions);
    const waived = owed.lateCharge + owed.penalty;
    expect(waived).toBeGreaterThan(0n);
    const penaltyIncome = await accountTotal(orderId, 'penalty_income');
    await waive(orderId, owed.lateCharge, owed.penalty, `settle-${orderId.slice(0, 8)}`);
    // the write-off already took the charges to credit loss: their income stays as earned
    expect(await accountTotal(orderId, 'penalty_income')).toBe(penaltyIncome);
    expect(await accountTotal(orderId, 'allowance_written_off')).toBe(-amount + waived);
    // the borrower pays the rest
    const rest = totalOf(outstandingOf((await loadLoan(db(), orderId))!.loan.transactions));
    expect(rest).toBe(amount - waived);
    const now = t.clock.now();
    await applyLoanEvent(
      db(),
      orderId,
      { type: 'payment_received', purpose: 'full', amount: rest, paidAt: now, reference: `rest-${orderId}` },
      now,
    );
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('settled');
    expect(await receivables(orderId)).toBe(0n);
    expect(await accountTotal(orderId, 'allowance_written_off')).toBe(0n);
    // the loss: what was forgiven, once (credit loss less what was recovered)
    expect(
      (await accountTotal(orderId, 'credit_loss_expense')) + (await accountTotal(orderId, 'recovery_income')),
    ).toBe(waived);
    expect(await ledgerSumsToZero()).toBe(true);
  });

  it('BE-15 what a waiver releases from the allowance counts as released: the loan leaves only the rest of the write-off to release', async () => {
    // The domain releases the allowance up to what is left of the write-off; the loader counted
    // only recovery income as released, not what waivers had already taken off the allowance, so
    // a charge added after the write-off (an extension fee) and paid released it a second time:
    // the allowance ended in debit by that charge.
    const orderId = await overdueLoan(100);
    const amount = await writtenOff(orderId);
    const owed = outstandingOf((await loadLoan(db(), orderId))!.loan.transactions);
    const waived = owed.lateCharge + owed.penalty;
    await waive(orderId, owed.lateCharge, owed.penalty, `left-${orderId.slice(0, 8)}`);
    expect((await loadLoan(db(), orderId))!.loan.writeOff).toEqual({ amount, recovered: waived });
    expect(await accountTotal(orderId, 'allowance_written_off')).toBe(-amount + waived);
  });

  it('BE-15 issue 11 BE-10 money paid before the write-off, found in suspense and applied after part of the charges was waived: the waiver and the charges taken back come off the allowance, the recovery is posted once', async () => {
    const orderId = await overdueLoan(100);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    // the borrower paid the principal and interest two days after the due date, short of two
    // days of penalty: held in suspense
    const paidAt = new Date(`${addDays(order!.dueDate!, 2)}T02:00:00Z`);
    const held = await seedHeldRepayment(db(), {
      orderId,
      amount: order!.totalRepayment,
      paidAt,
      now: t.clock.now(),
    });
    const amount = await writtenOff(orderId);
    // months later finance agrees to forgive half the charges and applies the money as of its day
    const owed = outstandingOf((await loadLoan(db(), orderId))!.loan.transactions);
    await waive(orderId, owed.lateCharge, owed.penalty / 2n, `half-${orderId.slice(0, 8)}`);
    const applied = await post('finance', `/api/console/money/suspense/${held}/apply`, {
      purpose: 'full',
      reason: 'paid long ago, charges settled',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(after!.status).toBe('settled');
    expect(await receivables(orderId)).toBe(0n);
    expect(await accountTotal(orderId, 'allowance_written_off')).toBe(0n);
    expect(await accountTotal(orderId, 'recovery_income')).toBe(-order!.totalRepayment);
    expect(await accountTotal(orderId, 'credit_loss_expense')).toBe(amount);
    expect(await accountTotal(orderId, 'suspense')).toBe(0n);
    expect(await ledgerSumsToZero()).toBe(true);
  });
});

describe('BE-15 hardship plan', () => {
  it('SH-13 BE-15 a hardship plan submitted 20 times at once drafts one plan; every submit answers with it', async () => {
    const orderId = await overdueLoan(10);
    const until = addDays(manilaDate(t.clock.now()), 20);
    // one finance session (a second sign-in would reuse its authenticator code)
    const session = await as('finance');
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/console/money/loans/${orderId}/hardship`,
          headers: { ...session.write, 'content-type': 'application/json' },
          payload: JSON.stringify({ until, reason: 'lost her job' }),
        }),
      ),
    );
    for (const res of all) expect(res.statusCode, res.body).toBe(200);
    const answers = all.map((res) => res.json() as { state: string; approvalRequestId: string });
    expect(new Set(answers.map((a) => a.approvalRequestId)).size).toBe(1);
    expect(answers.every((a) => a.state === 'pending_approval')).toBe(true);
    const drafts = await db()
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.orderId, orderId), eq(approvalRequests.kind, 'hardship')));
    expect(drafts.map((d) => d.id)).toEqual([answers[0]!.approvalRequestId]);
  });

  it('BE-15 drafted by finance, approved by an admin: no charges until the plan date, the borrower told; then charges resume', async () => {
    const orderId = await overdueLoan(10);
    const today = manilaDate(t.clock.now());
    const until = addDays(today, 20);
    // more than 90 days is refused, nothing drafted
    const tooLong = await post('finance', `/api/console/money/loans/${orderId}/hardship`, {
      until: addDays(today, 91),
      reason: 'too long',
    });
    expect(tooLong.body.code).toBe('HARDSHIP_NOT_ELIGIBLE');
    const drafted = await post('finance', `/api/console/money/loans/${orderId}/hardship`, {
      until,
      reason: 'lost her job; pays when the new one starts',
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(drafted.body.state).toBe('pending_approval');
    const approved = await post(
      'admin',
      `/api/console/money/approvals/${drafted.body.approvalRequestId}/approve`,
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const charges = async () =>
      (await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId))).reduce(
        (s, x) => s + x.lateCharge + x.penalty,
        0n,
      );
    const before = await charges();
    for (let d = 1; d <= 20; d++) {
      const day = addDays(today, d);
      await accrueOverdueCharges(db(), day, new Date(`${day}T02:00:00Z`));
    }
    expect(await charges()).toBe(before);
    // the day after the plan's last day, charges run again
    const after = addDays(today, 22);
    await accrueOverdueCharges(db(), after, new Date(`${after}T02:00:00Z`));
    expect(await charges()).toBeGreaterThan(before);
    const [message] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, orderId), eq(messages.event, 'hardship_plan_approved')));
    expect(message!.params).toEqual({ date: until });
    // a second plan ending before this one's end has nothing to do: refused; a longer one starts
    // where the first ends (pauses never overlap)
    const shorter = await post('finance', `/api/console/money/loans/${orderId}/hardship`, {
      until: addDays(today, 10),
      reason: 'second plan',
    });
    expect(shorter.body.code).toBe('HARDSHIP_NOT_ELIGIBLE');
    const longer = await post('finance', `/api/console/money/loans/${orderId}/hardship`, {
      until: addDays(today, 40),
      reason: 'second plan, longer',
    });
    expect(longer.status).toBe(200);
    const second = await post(
      'admin',
      `/api/console/money/approvals/${longer.body.approvalRequestId}/approve`,
      {},
    );
    expect(second.status).toBe(200);
    const pauses = await db().select().from(loanChargePauses).where(eq(loanChargePauses.orderId, orderId));
    const sorted = pauses.map((p) => [p.fromDate, p.untilDate ?? '']).sort();
    expect(sorted).toHaveLength(2);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]! >= sorted[i - 1]![1]!).toBe(true);
  });

  it('BE-15 a write-off approved while a hardship plan runs: the plan ends where the write-off pause begins, so the bill never falls below what was charged', async () => {
    const orderId = await overdueLoan(85);
    const plan = await post('finance', `/api/console/money/loans/${orderId}/hardship`, {
      until: addDays(manilaDate(t.clock.now()), 60),
      reason: 'lost his job',
    });
    expect(
      (await post('admin', `/api/console/money/approvals/${plan.body.approvalRequestId}/approve`, {})).status,
    ).toBe(200);
    // ten days on, 95 days past due: written off
    t.clock.set(new Date(t.clock.now().getTime() + 10 * DAY));
    const today = manilaDate(t.clock.now());
    await applyLoanEvent(db(), orderId, { type: 'day_passed', today }, t.clock.now());
    const drafted = await post('finance', `/api/console/money/loans/${orderId}/write-off`, {
      reason: 'unreachable',
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(
      (await post('admin', `/api/console/money/approvals/${drafted.body.approvalRequestId}/approve`, {}))
        .status,
    ).toBe(200);

    const pauses = (await db().select().from(loanChargePauses).where(eq(loanChargePauses.orderId, orderId)))
      .map((p) => ({ reason: p.reason, from: p.fromDate, until: p.untilDate }))
      .sort((a, b) => a.from.localeCompare(b.from));
    expect(pauses).toEqual([
      expect.objectContaining({ reason: 'hardship', until: addDays(today, 1) }),
      { reason: 'write_off', from: addDays(today, 1), until: null },
    ]);
    // what the borrower owes stays what was charged, however long the loan stays written off
    const { loan } = (await loadLoan(db(), orderId))!;
    const charged = (
      await db().select().from(loanTransactions).where(eq(loanTransactions.orderId, orderId))
    ).reduce((s, x) => s + x.principal + x.interest + x.fees + x.lateCharge + x.penalty, 0n);
    for (const d of [0, 30, 60, 90]) expect(amountDueOn(loan, addDays(today, d))).toBe(charged);
  });
});

describe('loans read many at a time (the console queues, the reminders job)', () => {
  it('BE-15 BE-10 loadLoans gives every loan of this file exactly what loadLoan gives it', async () => {
    const ids = (await t.database.db.select({ id: orders.id }).from(orders)).map((o) => o.id);
    const many = await loadLoans(t.database.db, [...ids, ids[0]!, '00000000-0000-4000-8000-000000000000']);
    expect(many.size).toBe(ids.length);
    for (const id of ids) expect(many.get(id), id).toEqual(await loadLoan(t.database.db, id));
    // and each loan got its own history, counted apart from the code under test
    const counts = await t.database.db
      .select({ orderId: loanTransactions.orderId, n: sql<number>`count(*)::int` })
      .from(loanTransactions)
      .groupBy(loanTransactions.orderId);
    for (const { orderId, n } of counts)
      expect(many.get(orderId)!.loan.transactions, orderId).toHaveLength(n);
    // the file's loans cover what the batched reads must get right: a write-off with recovery, pauses
    const loans = [...many.values()].map((l) => l.loan);
    expect(loans.some((l) => (l.writeOff?.recovered ?? 0n) > 0n)).toBe(true);
    expect(loans.some((l) => (l.chargePauses ?? []).length > 0)).toBe(true);
  });
});
