import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  amountDueOn,
  extensionStatement,
  manilaDate,
  messageParams,
  outstandingOf,
  renderMessage,
  totalOf,
  type OperatorRole,
} from '@pisonow/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  signInMoneyTeam,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import {
  consoleRequests,
  suspenseNamingNobody,
  unbalancedLedgerTransactions,
} from '../../test/console-requests.ts';
import { seedDisbursedLoan, seedReceiptPhoto } from '../../test/loan-fixtures.ts';
import {
  seedHeldRepayment,
  seedReturnedPayoutAfterPayments,
  seedUnmatchedPayment,
  setCurrentPayoutAccount,
} from '../../test/money-fixtures.ts';
import {
  applicationSteps,
  approvalRequests,
  auditLog,
  customers,
  extensionDisclosures,
  ledgerEntries,
  ledgerTransactions,
  loanTransactions,
  messages,
  orders,
  paymentDisputes,
  payouts,
  refunds,
  repayments,
  unmatchedResolutions,
} from '../../db/schema/index.ts';
import { formatDate } from '@pisonow/domain/date-format';
import { applyLoanEvent, loadLoan } from '../servicing/loan-record.ts';
import { worstPastOverdueDays } from '../lending/decision-facts.ts';
import { getRepayment, listRepayments, repaymentView } from '../servicing/repayment-view.ts';
import { getPayoutAccount } from '../servicing/change-payout-account.ts';
import { servicingContext } from '../servicing/routes.ts';
import type { SandboxCollectionProvider } from '../../providers/collection/sandbox-collection.ts';

/**
 * The finance role's money operations (issue 11, CO-05, BE-05, BE-08): each through the loan's own
 * domain events, each balanced in the ledger, each idempotent under 20 concurrent submits, each
 * with one audit entry; maker-checker never satisfied by one admin twice.
 */
let t: TestApp;
let ops: Record<OperatorRole, TestOperator>;
let finance: ConsoleSession;
let admin: ConsoleSession;
let admin2: ConsoleSession;
let admin2Id: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  ({ ops, finance, admin, admin2, admin2Id } = await signInMoneyTeam(t));
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

const { post, get } = consoleRequests(() => t.app);
/** the Idempotency-Key of one confirmed "Confirm and assign" submission, as the console makes it */
const assignKey = () => ({ 'idempotency-key': `assign-${randomUUID()}` });
const twenty = <T>(f: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, f));

/** Every ledger transaction sums to zero (the database refuses otherwise; checked here as well). */
async function expectBalancedLedger() {
  expect(await unbalancedLedgerTransactions(db())).toEqual([]);
}
async function orderBalance(orderId: string, account: string): Promise<bigint> {
  const [row] = await db()
    .select({ b: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, account)));
  return BigInt(row!.b);
}
async function auditsFor(action: string, targetId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}
async function ledgerKeys(prefix: string) {
  return db()
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `${prefix}%`));
}

describe('CO-05 cancellation of a loan within 24 hours of disbursement', () => {
  it('CO-05: the returned net proceeds cancel the loan once under 20 concurrent submits; balanced; borrower told; audited', async () => {
    const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(5 * HOUR) });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const repaymentId = await seedHeldRepayment(db(), {
      orderId,
      amount: order!.netProceeds,
      paidAt: ago(2 * HOUR),
      now: t.clock.now(),
    });
    const results = await twenty(() =>
      post(finance, `/api/console/money/loans/${orderId}/cancel`, { repaymentId, reason: 'borrower asked' }),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results[0]!.body).toMatchObject({
      orderStatus: 'cancelled',
      returned: order!.netProceeds.toString(),
    });
    expect(await ledgerKeys(`cancellation:${orderId}`)).toHaveLength(1);
    const reversal = await db()
      .select()
      .from(loanTransactions)
      .where(and(eq(loanTransactions.orderId, orderId), eq(loanTransactions.type, 'reversal')));
    expect(reversal).toHaveLength(1);
    await expectBalancedLedger();
    for (const account of ['principal_receivable', 'interest_receivable', 'suspense'])
      expect(await orderBalance(orderId, account)).toBe(0n);
    expect(await orderBalance(orderId, 'fee_income')).toBe(0n);
    expect(await orderBalance(orderId, 'interest_income')).toBe(0n);
    const told = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customerId), eq(messages.event, 'loan_cancelled')));
    expect(told).toHaveLength(1);
    const [held] = await db().select().from(repayments).where(eq(repayments.id, repaymentId));
    expect(held!.state).toBe('paid');
    // one audit entry per submit; exactly one made the change, the rest found it done
    const audits = await auditsFor('money.loan.cancel', orderId);
    expect(audits).toHaveLength(20);
    expect(audits.filter((a) => !(a.detail as { replayed?: boolean }).replayed)).toHaveLength(1);
  });

  it('CO-05: refused after 24 hours with a catalogue error in the three languages; nothing written but the audit entry', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(30 * HOUR) });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const repaymentId = await seedHeldRepayment(db(), {
      orderId,
      amount: order!.netProceeds,
      paidAt: ago(4 * HOUR),
      now: t.clock.now(),
    });
    const before = (await db().select().from(ledgerTransactions)).length;
    for (const [lang, text] of [
      ['en-US', /24 hours/],
      ['fil', /24 oras/],
      ['zh-CN', /24 小时/],
    ] as const) {
      const res = await post(
        finance,
        `/api/console/money/loans/${orderId}/cancel`,
        { repaymentId, reason: 'too late' },
        { 'accept-language': lang },
      );
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CANCELLATION_WINDOW_PASSED');
      expect(String(res.body.message)).toMatch(text);
    }
    expect((await db().select().from(ledgerTransactions)).length).toBe(before);
    const [after] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(after!.status).toBe('repaying');
    const audits = await auditsFor('money.loan.cancel', orderId);
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.outcome === 'failed')).toBe(true);
  });
});

describe('issue 11 suspense: apply or refund held money', () => {
  it('BE-10: held money applied to the loan once under 20 concurrent submits, as of the paid-at day; suspense emptied', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const repaymentId = await seedHeldRepayment(db(), {
      orderId,
      amount: 50_000n,
      paidAt: ago(DAY),
      now: t.clock.now(),
    });
    expect(await orderBalance(orderId, 'suspense')).toBe(-50_000n);
    const queue = await get(finance, '/api/console/money/suspense');
    expect(queue.status).toBe(200);
    expect((queue.body.items as { repaymentId: string }[]).map((i) => i.repaymentId)).toContain(repaymentId);
    const results = await twenty(() =>
      post(finance, `/api/console/money/suspense/${repaymentId}/apply`, {
        purpose: 'partial',
        reason: 'underpaid',
      }),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await ledgerKeys(`payment:suspense:${repaymentId}`)).toHaveLength(1);
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    const [repayment] = await db()
      .select()
      .from(loanTransactions)
      .where(eq(loanTransactions.idempotencyKey, `payment:suspense:${repaymentId}`));
    expect(repayment!.businessDate).toBe(manilaDate(ago(DAY)));
    await expectBalancedLedger();
    expect(await auditsFor('money.suspense.apply', repaymentId)).toHaveLength(20);
    // resolved money can no longer be refunded
    const again = await post(finance, `/api/console/money/suspense/${repaymentId}/refund`, {
      reason: 'oops',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SUSPENSE_ALREADY_RESOLVED');
  });

  it('CO-02 issue 7: held money applied as an extension keeps the statement in force when the payer paid, in the borrower language, once', async () => {
    const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    await db().update(customers).set({ locale: 'fil' }).where(eq(customers.id, customerId));
    const paidAt = ago(HOUR);
    const before = (await loadLoan(db(), orderId))!.loan;
    const statement = extensionStatement(before, paidAt);
    expect(statement.extended).not.toBeNull();
    // the exact extension amount, paid as a full repayment: held (amount_mismatch)
    const held = await seedHeldRepayment(db(), {
      orderId,
      amount: statement.quote.amount,
      paidAt,
      now: t.clock.now(),
    });
    const results = await twenty(() =>
      post(finance, `/api/console/money/suspense/${held}/apply`, {
        purpose: 'extension',
        reason: 'borrower meant to extend',
      }),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(after!.status).toBe('extended');
    expect(after!.dueDate).toBe(statement.extended!.newDueDate);
    const kept = await db()
      .select()
      .from(extensionDisclosures)
      .where(eq(extensionDisclosures.repaymentId, held));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.orderId).toBe(orderId);
    expect(kept[0]!.locale).toBe('fil');
    expect(kept[0]!.html).toContain('lang="fil"');
    // the new due date as the borrower reads it (issue 9, clarity item 7)
    expect(kept[0]!.html).toContain(formatDate(statement.extended!.newDueDate, 'fil'));
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    await expectBalancedLedger();
  });

  it('BE-05 BE-10 the queue says what Apply would take each held amount as; Apply refuses every other purpose and takes the one shown', async () => {
    type Purpose = 'full' | 'extension' | 'partial';
    const paidAt = ago(HOUR);
    const loanFor = async () => {
      const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
      const { loan } = (await loadLoan(db(), orderId))!;
      return { orderId, customerId, dueThen: amountDueOn(loan, manilaDate(paidAt)), loan };
    };
    const held = async (amountOf: (l: Awaited<ReturnType<typeof loanFor>>) => bigint) => {
      const l = await loanFor();
      const amount = amountOf(l);
      const id = await seedHeldRepayment(db(), { orderId: l.orderId, amount, paidAt, now: t.clock.now() });
      return { id, orderId: l.orderId };
    };
    // less than was due: a part payment only; the extension's exact amount: an extension, or a
    // part payment; more than was due: nothing (only a refund)
    const cases: { id: string; orderId: string; expected: Purpose[] }[] = [
      { ...(await held((l) => l.dueThen - 100n)), expected: ['partial'] },
      {
        ...(await held((l) => extensionStatement(l.loan, paidAt).quote.amount)),
        expected: ['extension', 'partial'],
      },
      { ...(await held((l) => l.dueThen + 100n)), expected: [] },
    ];
    // exactly what was due then, named by no borrower and assigned to the loan: in full only
    const exact = await loanFor();
    const unmatched = await seedUnmatchedPayment(t, { amount: exact.dueThen, paidAt });
    const assigned = await post(
      finance,
      `/api/console/money/unmatched/${unmatched.id}/assign`,
      { borrower: exact.customerId, orderId: exact.orderId, providerCode: 'GCASH', reason: 'receipt sent' },
      assignKey(),
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    cases.push({ id: assigned.body.repaymentId as string, orderId: exact.orderId, expected: ['full'] });

    const queue = await get(finance, '/api/console/money/suspense');
    const items = queue.body.items as { repaymentId: string; appliesAs: Purpose[] }[];
    for (const c of cases) {
      const shown = items.find((i) => i.repaymentId === c.id)!.appliesAs;
      expect(shown, c.id).toEqual(c.expected);
      // every purpose not shown is refused and changes nothing
      for (const purpose of (['full', 'extension', 'partial'] as const).filter((p) => !shown.includes(p))) {
        const refused = await post(finance, `/api/console/money/suspense/${c.id}/apply`, {
          purpose,
          reason: 'trying what the queue did not offer',
        });
        expect(refused.status, `${purpose} ${JSON.stringify(refused.body)}`).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
        expect(await ledgerKeys(`payment:suspense:${c.id}`)).toHaveLength(0);
      }
      // the first purpose shown is taken
      if (shown[0]) {
        const applied = await post(finance, `/api/console/money/suspense/${c.id}/apply`, {
          purpose: shown[0],
          reason: 'as the queue showed',
        });
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        expect(await orderBalance(c.orderId, 'suspense')).toBe(0n);
      }
    }
    await expectBalancedLedger();
  });

  it('issue 11: a refund is recorded once under 20 concurrent submits, then executed once: suspense → refunds payable → cash', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const repaymentId = await seedHeldRepayment(db(), {
      orderId,
      amount: 77_700n,
      paidAt: ago(DAY),
      now: t.clock.now(),
    });
    const results = await twenty(() =>
      post(finance, `/api/console/money/suspense/${repaymentId}/refund`, { reason: 'paid by mistake' }),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await db().select().from(refunds).where(eq(refunds.repaymentId, repaymentId));
    expect(rows).toHaveLength(1);
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(-77_700n);
    const [rep] = await db().select().from(repayments).where(eq(repayments.id, repaymentId));
    expect(rep!.state).toBe('refunded');
    const cashBefore = await orderBalance(orderId, 'cash_at_provider');
    const executed = await twenty(() =>
      post(finance, `/api/console/money/refunds/${rows[0]!.id}/executed`, {
        transferReference: 'INSTAPAY-123',
      }),
    );
    for (const r of executed) expect(r.status).toBe(200);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(0n);
    expect(await orderBalance(orderId, 'cash_at_provider')).toBe(cashBefore - 77_700n);
    expect(await ledgerKeys(`refund-paid:${rows[0]!.id}`)).toHaveLength(1);
    await expectBalancedLedger();
    expect(await auditsFor('money.suspense.refund', repaymentId)).toHaveLength(20);
  });
  it('BE-05: money paid again on a collection already refunded is held as a record of its own, booked, refundable; the refund stays as it was', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const repaymentId = await seedHeldRepayment(db(), {
      orderId,
      amount: 77_700n,
      paidAt: ago(DAY),
      now: t.clock.now(),
    });
    expect(
      (await post(finance, `/api/console/money/suspense/${repaymentId}/refund`, { reason: 'wrong amount' }))
        .status,
    ).toBe(200);
    // the payer pays the same collection again: new money, on an attempt already refunded
    const hook = (t.app.providers.collections as SandboxCollectionProvider).simulate(
      'sbxc_paid_again',
      'pay',
      {
        now: t.clock.now(),
        attempt: 2,
        collection: {
          referenceId: repaymentId,
          amount: 77_700n,
          channel: 'bank_transfer',
          providerCode: 'BPI',
        },
      },
    );
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/collections/webhook',
      headers: hook.headers,
      payload: hook.rawBody,
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ result: 'held' });
    // booked (it was not: the attempt's own suspense key was taken by the first payment) …
    expect(await orderBalance(orderId, 'suspense')).toBe(-77_700n);
    await expectBalancedLedger();
    // … as a record of its own, which finance can refund in turn; the first refund is untouched
    const rows = await db().select().from(repayments).where(eq(repayments.orderId, orderId));
    expect(rows.find((r) => r.id === repaymentId)).toMatchObject({
      state: 'refunded',
      amountReceived: 77_700n,
    });
    const again = rows.find((r) => r.id !== repaymentId)!;
    expect(again).toMatchObject({ state: 'held', heldReason: 'duplicate', amountReceived: 77_700n });
    expect(
      (await post(finance, `/api/console/money/suspense/${again.id}/refund`, { reason: 'paid twice' }))
        .status,
    ).toBe(200);
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(-2n * 77_700n);
    await expectBalancedLedger();
  });
});

describe('BE-05 issue 7 money that names no borrower', () => {
  it('BE-05: a payment whose reference is not one of our ids is listed as unmatched in the suspense queue with its amount, once despite a replay', async () => {
    const collectionId = `sbxc_dashboard_${randomUUID()}`;
    const hook = (t.app.providers.collections as SandboxCollectionProvider).simulate(collectionId, 'pay', {
      now: t.clock.now(),
      collection: {
        referenceId: 'INV-2027-0042',
        amount: 123_400n,
        channel: 'ewallet',
        providerCode: 'GCASH',
      },
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/collections/webhook',
        headers: hook.headers,
        payload: hook.rawBody,
      });
    expect((await deliver()).json()).toMatchObject({ result: 'unknown' });
    expect((await deliver()).json()).toMatchObject({ result: 'replayed' });
    for (const session of [finance, admin]) {
      const queue = await get(session, '/api/console/money/suspense');
      expect(queue.status).toBe(200);
      const listed = (queue.body.unmatched as { providerCollectionId: string }[]).filter(
        (u) => u.providerCollectionId === collectionId,
      );
      expect(listed).toEqual([
        {
          id: expect.any(String),
          provider: 'sandbox',
          providerEventId: hook.providerEventId,
          providerCollectionId: collectionId,
          amount: '123400',
          receivedAt: t.clock.now().toISOString(),
          resolution: null,
          payerRefund: null,
          history: [],
        },
      ]);
    }
    await expectBalancedLedger();
  });

  type Unmatched = {
    id: string;
    providerCollectionId: string;
    amount: string;
    resolution: Record<string, unknown> | null;
  };
  const unmatchedListed = async (id: string) =>
    ((await get(finance, '/api/console/money/suspense')).body.unmatched as Unmatched[]).find(
      (u) => u.id === id,
    );
  /** the suspense lines that name no borrower: the money nobody is matched to yet */
  const unassignedSuspense = () => suspenseNamingNobody(db());
  const phoneOf = async (customerId: string) =>
    (await db().select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId)))[0]!
      .phone;

  it('BE-05: money naming no borrower is assigned to the borrower named by phone once under 20 concurrent submits: balanced, held on their loan, seen by them, then refunded through the held-money flow; the queue shows who and when', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 150_000n });
    const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const phone = await phoneOf(customerId);
    const unassignedBefore = await unassignedSuspense();
    // one confirmed submission, sent 20 times (a double click, network retries): one key
    const submission = assignKey();
    const results = await twenty(() =>
      post(
        finance,
        `/api/console/money/unmatched/${paid.id}/assign`,
        {
          borrower: `+63 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
          providerCode: 'GCASH',
          reason: 'the payer called with the GCash receipt',
        },
        submission,
      ),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const repaymentId = results[0]!.body.repaymentId as string;
    expect(results.every((r) => r.body.repaymentId === repaymentId)).toBe(true);
    expect(results[0]!.body).toMatchObject({
      id: paid.id,
      customerId,
      // no loan named: the borrower's latest loan paid out
      orderId,
      amount: '150000',
      assignedBy: ops.finance.email,
      assignedAt: t.clock.now().toISOString(),
    });
    // one balanced move: out of the suspense that names nobody, into this borrower's on this loan
    expect(await ledgerKeys(`suspense-assigned:${paid.id}`)).toHaveLength(1);
    expect(await unassignedSuspense()).toBe(unassignedBefore + 150_000n);
    expect(await orderBalance(orderId, 'suspense')).toBe(-150_000n);
    await expectBalancedLedger();
    expect(
      await db().select().from(unmatchedResolutions).where(eq(unmatchedResolutions.webhookId, paid.id)),
    ).toHaveLength(1);
    // held money like any other: a record the borrower sees, listed in the suspense queue
    const held = await db().select().from(repayments).where(eq(repayments.orderId, orderId));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      id: repaymentId,
      customerId,
      state: 'held',
      heldReason: 'unmatched',
      amountReceived: 150_000n,
      channel: 'ewallet',
      providerCode: 'GCASH',
      channelReference: paid.collectionId,
    });
    const mine = await listRepayments({ db: db(), clock: t.clock }, { customerId });
    expect(mine.map((r) => [r.id, r.state, r.heldReason])).toEqual([[repaymentId, 'held', 'unmatched']]);
    const queue = await get(finance, '/api/console/money/suspense');
    expect((queue.body.items as { repaymentId: string }[]).map((i) => i.repaymentId)).toContain(repaymentId);
    expect(await unmatchedListed(paid.id)).toMatchObject({
      resolution: {
        action: 'assigned',
        customerId,
        orderId,
        repaymentId,
        reason: 'the payer called with the GCash receipt',
        by: ops.finance.email,
        at: t.clock.now().toISOString(),
      },
    });
    // one audit entry per submit; exactly one made the change
    const audits = await auditsFor('money.unmatched.assign', paid.id);
    expect(audits).toHaveLength(20);
    expect(audits.filter((a) => !(a.detail as { replayed?: boolean }).replayed)).toHaveLength(1);
    // the existing held-money refund takes it from here: suspense → refunds payable → cash
    const refunded = await post(finance, `/api/console/money/suspense/${repaymentId}/refund`, {
      reason: 'not theirs to pay: returned',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.repaymentId, repaymentId));
    expect(refund).toMatchObject({ customerId, orderId, amount: 150_000n, state: 'to_execute' });
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(-150_000n);
    const executed = await post(finance, `/api/console/money/refunds/${refund!.id}/executed`, {
      transferReference: 'INSTAPAY-UNMATCHED-1',
      attempt: 1,
    });
    expect(executed.status).toBe(200);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(0n);
    await expectBalancedLedger();
  });

  it('BE-05: money naming no borrower assigned by customer id to a loan named, then applied to that loan through the held-money flow', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 50_000n });
    const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const assigned = await post(
      finance,
      `/api/console/money/unmatched/${paid.id}/assign`,
      {
        borrower: customerId,
        orderId,
        providerCode: '7ELEVEN',
        reason: 'receipt matched at the counter',
      },
      assignKey(),
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const repaymentId = assigned.body.repaymentId as string;
    const [held] = await db().select().from(repayments).where(eq(repayments.id, repaymentId));
    expect(held).toMatchObject({ channel: 'otc', providerCode: '7ELEVEN', state: 'held' });
    const before = outstandingOf((await loadLoan(db(), orderId))!.loan.transactions);
    const applied = await post(finance, `/api/console/money/suspense/${repaymentId}/apply`, {
      purpose: 'partial',
      reason: 'the borrower asked to pay down the loan',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const after = outstandingOf((await loadLoan(db(), orderId))!.loan.transactions);
    expect(totalOf(before) - totalOf(after)).toBe(50_000n);
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    await expectBalancedLedger();
  });

  it('BE-05: an unmatched payment already assigned answers 409 UNMATCHED_ALREADY_RESOLVED to another borrower or loan; nothing more written', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 70_000n });
    const first = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const other = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const body = { providerCode: 'MAYA', reason: 'the payer sent the receipt' };
    expect(
      (
        await post(
          finance,
          `/api/console/money/unmatched/${paid.id}/assign`,
          {
            ...body,
            borrower: first.customerId,
          },
          assignKey(),
        )
      ).status,
    ).toBe(200);
    const keys = await ledgerKeys('suspense-assigned:');
    const again = await post(
      admin,
      `/api/console/money/unmatched/${paid.id}/assign`,
      {
        ...body,
        borrower: other.customerId,
      },
      assignKey(),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('UNMATCHED_ALREADY_RESOLVED');
    expect(typeof again.body.message).toBe('string');
    expect(await ledgerKeys('suspense-assigned:')).toHaveLength(keys.length);
    expect(await db().select().from(repayments).where(eq(repayments.orderId, other.orderId))).toHaveLength(0);
    expect(await orderBalance(first.orderId, 'suspense')).toBe(-70_000n);
  });

  it('BE-05: an unknown borrower, a loan of another borrower, an unknown item, a bad payment channel or no reason is refused with a 4xx and writes nothing', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 80_000n });
    const mine = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const theirs = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const url = `/api/console/money/unmatched/${paid.id}/assign`;
    const ok = { borrower: mine.customerId, providerCode: 'GCASH', reason: 'the payer sent the receipt' };
    const keys = (await ledgerKeys('suspense-assigned:')).length;
    const cases: [unknown, number, string, string?][] = [
      [{ ...ok, borrower: '9170000000' }, 404, 'UNMATCHED_BORROWER_NOT_FOUND'],
      [{ ...ok, borrower: randomUUID() }, 404, 'UNMATCHED_BORROWER_NOT_FOUND'],
      [{ ...ok, borrower: 'somebody' }, 404, 'UNMATCHED_BORROWER_NOT_FOUND'],
      [{ ...ok, orderId: theirs.orderId }, 404, 'UNMATCHED_LOAN_NOT_FOUND'],
      [{ ...ok, providerCode: 'PAYPAL' }, 400, 'VALIDATION_FAILED'],
      [{ ...ok, reason: ' ' }, 400, 'REQUIRED'],
      [{ ...ok, borrower: '' }, 400, 'REQUIRED'],
      [ok, 404, 'NOT_FOUND', `/api/console/money/unmatched/${randomUUID()}/assign`],
    ];
    for (const [body, status, code, at] of cases) {
      const res = await post(finance, at ?? url, body, assignKey());
      expect(res.status, JSON.stringify([body, res.body])).toBe(status);
      expect(res.body.code).toBe(code);
    }
    expect(await ledgerKeys('suspense-assigned:')).toHaveLength(keys);
    expect(
      await db().select().from(unmatchedResolutions).where(eq(unmatchedResolutions.webhookId, paid.id)),
    ).toHaveLength(0);
    expect(
      await db().select().from(repayments).where(eq(repayments.customerId, mine.customerId)),
    ).toHaveLength(0);
    expect((await unmatchedListed(paid.id))!.resolution).toBeNull();
    // and then the right request still works
    expect((await post(finance, url, ok, assignKey())).status).toBe(200);
  });

  it('BE-05: money cannot be held on a loan never paid out: a named order whose payout failed is 404 UNMATCHED_LOAN_NOT_FOUND; nothing written', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 85_000n });
    const { orderId, customerId } = await seedDisbursedLoan(db(), {
      disbursedAt: ago(HOUR),
      payout: 'failed',
    });
    const res = await post(
      finance,
      `/api/console/money/unmatched/${paid.id}/assign`,
      {
        borrower: customerId,
        orderId,
        providerCode: 'GCASH',
        reason: 'the payer sent the receipt',
      },
      assignKey(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.code).toBe('UNMATCHED_LOAN_NOT_FOUND');
    expect(await ledgerKeys(`suspense-assigned:${paid.id}`)).toHaveLength(0);
    expect(await db().select().from(repayments).where(eq(repayments.orderId, orderId))).toHaveLength(0);
    expect((await unmatchedListed(paid.id))!.resolution).toBeNull();
  });

  it("BE-10 BE-05: money naming no borrower paid 2 days before its webhook arrived counts as of the payer's paid-at day: assigned, then applied in full with exactly what was due that day; no penalty for the gap", async () => {
    // 20 days after a 14-day loan was paid out, the webhook of a payment made 2 days ago arrives
    const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(20 * DAY) });
    const now = t.clock.now();
    await applyLoanEvent(db(), orderId, { type: 'day_passed', today: manilaDate(now) }, now);
    const paidAt = ago(2 * DAY);
    const { loan } = (await loadLoan(db(), orderId))!;
    const dueThen = amountDueOn(loan, manilaDate(paidAt));
    // the 2 days between paying and the webhook would cost the borrower penalty
    expect(amountDueOn(loan, manilaDate(now))).toBeGreaterThan(dueThen);
    const paid = await seedUnmatchedPayment(t, { amount: dueThen, paidAt });
    const assigned = await post(
      finance,
      `/api/console/money/unmatched/${paid.id}/assign`,
      {
        borrower: customerId,
        orderId,
        providerCode: 'GCASH',
        reason: 'the payer sent the GCash receipt',
      },
      assignKey(),
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const repaymentId = assigned.body.repaymentId as string;
    const [held] = await db().select().from(repayments).where(eq(repayments.id, repaymentId));
    expect(held!.paidAt!.toISOString()).toBe(paidAt.toISOString());
    const queue = await get(finance, '/api/console/money/suspense');
    expect(
      (queue.body.items as { repaymentId: string }[]).find((i) => i.repaymentId === repaymentId),
    ).toMatchObject({ paidAt: paidAt.toISOString(), amountDueAtPaidAt: dueThen.toString() });
    const applied = await post(finance, `/api/console/money/suspense/${repaymentId}/apply`, {
      purpose: 'full',
      reason: 'paid in full on the day of the receipt',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(after!.status).toBe('settled');
    const [payment] = await db()
      .select()
      .from(loanTransactions)
      .where(eq(loanTransactions.idempotencyKey, `payment:suspense:${repaymentId}`));
    expect(payment!.businessDate).toBe(manilaDate(paidAt));
    expect(totalOf(outstandingOf((await loadLoan(db(), orderId))!.loan.transactions))).toBe(0n);
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    await expectBalancedLedger();
  });

  /** money naming no borrower, assigned by finance to the borrower named */
  async function assignedTo(borrower: string, amount: bigint, orderId?: string) {
    const paid = await seedUnmatchedPayment(t, { amount });
    const res = await post(
      finance,
      `/api/console/money/unmatched/${paid.id}/assign`,
      {
        borrower,
        ...(orderId ? { orderId } : {}),
        providerCode: 'GCASH',
        reason: 'the payer called with the GCash receipt',
      },
      assignKey(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...paid, repaymentId: res.body.repaymentId as string };
  }

  it('BE-05: a mistaken assignment is undone once under 20 concurrent submits: the money names nobody again (one balanced move back), the wrong borrower no longer sees it, who, when and why are kept; then it is assigned to the right borrower and the queue shows both', async () => {
    const wrong = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const right = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const unassignedBefore = await unassignedSuspense();
    const paid = await assignedTo(await phoneOf(wrong.customerId), 110_000n);
    expect(await orderBalance(wrong.orderId, 'suspense')).toBe(-110_000n);
    expect(
      (await listRepayments({ db: db(), clock: t.clock }, { customerId: wrong.customerId })).length,
    ).toBe(1);

    const url = `/api/console/money/unmatched/${paid.id}/undo`;
    const body = { repaymentId: paid.repaymentId, reason: 'wrong phone number typed: not the payer' };
    const results = await twenty(() => post(finance, url, body));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results[0]!.body).toEqual({
      id: paid.id,
      customerId: wrong.customerId,
      orderId: wrong.orderId,
      repaymentId: paid.repaymentId,
      amount: '110000',
      undoneBy: ops.finance.email,
      undoneAt: t.clock.now().toISOString(),
    });
    // one balanced move back: off the wrong borrower's loan, onto the suspense that names nobody
    expect(await ledgerKeys(`suspense-unassigned:${paid.id}`)).toHaveLength(1);
    expect(await orderBalance(wrong.orderId, 'suspense')).toBe(0n);
    expect(await unassignedSuspense()).toBe(unassignedBefore - 110_000n);
    await expectBalancedLedger();
    // the held repayment is closed: out of the suspense queue, not Apply's nor Refund's, not the borrower's
    const [closed] = await db().select().from(repayments).where(eq(repayments.id, paid.repaymentId));
    expect(closed).toMatchObject({ state: 'expired', heldReason: 'unmatched' });
    expect(await listRepayments({ db: db(), clock: t.clock }, { customerId: wrong.customerId })).toEqual([]);
    await expect(
      getRepayment({ db: db() }, { customerId: wrong.customerId, repaymentId: paid.repaymentId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    let queue = await get(finance, '/api/console/money/suspense');
    expect((queue.body.items as { repaymentId: string }[]).map((i) => i.repaymentId)).not.toContain(
      paid.repaymentId,
    );
    for (const action of ['apply', 'refund']) {
      const res = await post(finance, `/api/console/money/suspense/${paid.repaymentId}/${action}`, {
        purpose: 'partial',
        reason: 'trying on money undone',
        ...(action === 'refund' ? { purpose: undefined } : {}),
      });
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe('SUSPENSE_ALREADY_RESOLVED');
    }
    // unresolved again, with its history
    const history = [
      {
        action: 'assigned',
        customerId: wrong.customerId,
        orderId: wrong.orderId,
        repaymentId: paid.repaymentId,
        reason: 'the payer called with the GCash receipt',
        by: ops.finance.email,
        at: t.clock.now().toISOString(),
        undone: {
          by: ops.finance.email,
          at: t.clock.now().toISOString(),
          reason: 'wrong phone number typed: not the payer',
        },
      },
    ];
    expect(await unmatchedListed(paid.id)).toMatchObject({ resolution: null, history });
    const audits = await auditsFor('money.unmatched.undo', paid.id);
    expect(audits).toHaveLength(20);
    const made = audits.filter((a) => !(a.detail as { replayed?: boolean }).replayed);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      outcome: 'ok',
      operatorId: ops.finance.id,
      before: { action: 'assigned', customerId: wrong.customerId, repaymentState: 'held' },
      after: { action: 'undone', repaymentState: 'expired' },
    });
    expect(made[0]!.detail).toMatchObject({ reason: 'wrong phone number typed: not the payer' });

    // assigned again, to the one who paid: held on their loan; the first stays in the history
    const again = await post(
      finance,
      `/api/console/money/unmatched/${paid.id}/assign`,
      {
        borrower: right.customerId,
        providerCode: 'GCASH',
        reason: 'the real payer sent the receipt',
      },
      assignKey(),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.repaymentId).not.toBe(paid.repaymentId);
    expect(await orderBalance(right.orderId, 'suspense')).toBe(-110_000n);
    expect(await unassignedSuspense()).toBe(unassignedBefore);
    await expectBalancedLedger();
    expect(await unmatchedListed(paid.id)).toMatchObject({
      resolution: { customerId: right.customerId, repaymentId: again.body.repaymentId },
      history,
    });
    // the old undo again is a replay of the first: it does not touch the new assignment
    const late = await post(finance, url, body);
    expect(late.status).toBe(200);
    expect(late.body.repaymentId).toBe(paid.repaymentId);
    expect(await orderBalance(right.orderId, 'suspense')).toBe(-110_000n);
    expect(await ledgerKeys(`suspense-unassigned:${paid.id}`)).toHaveLength(1);
    queue = await get(finance, '/api/console/money/suspense');
    expect((queue.body.items as { repaymentId: string }[]).map((i) => i.repaymentId)).toContain(
      again.body.repaymentId,
    );
  });

  it('BE-05: a late retry of a mistaken "Confirm and assign" after finance undid it assigns nothing (200, the undone assignment); a new submission with a new key assigns; the key of one submission with another borrower is 422', async () => {
    const wrong = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const other = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const paid = await seedUnmatchedPayment(t, { amount: 120_000n });
    const url = `/api/console/money/unmatched/${paid.id}/assign`;
    const body = { borrower: wrong.customerId, providerCode: 'GCASH', reason: 'the payer sent the receipt' };
    const submission = assignKey();
    const first = await post(finance, url, body, submission);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.undone).toBeNull();
    const undone = await post(finance, `/api/console/money/unmatched/${paid.id}/undo`, {
      repaymentId: first.body.repaymentId,
      reason: 'wrong borrower: not the payer',
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const unassigned = await unassignedSuspense();

    // the network retry of that submission arrives late: the undone assignment, nothing assigned
    const late = await post(finance, url, body, submission);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body).toMatchObject({
      repaymentId: first.body.repaymentId,
      customerId: wrong.customerId,
      undone: {
        by: ops.finance.email,
        at: t.clock.now().toISOString(),
        reason: 'wrong borrower: not the payer',
      },
    });
    expect(await orderBalance(wrong.orderId, 'suspense')).toBe(0n);
    expect(await unassignedSuspense()).toBe(unassigned);
    expect(await ledgerKeys(`suspense-assigned:${paid.id}`)).toHaveLength(1);
    expect(await listRepayments({ db: db(), clock: t.clock }, { customerId: wrong.customerId })).toEqual([]);
    expect((await unmatchedListed(paid.id))!.resolution).toBeNull();
    const audits = await auditsFor('money.unmatched.assign', paid.id);
    expect(audits.at(-1)!.detail).toMatchObject({ replayed: true, undone: true });

    // the same key naming someone else is a client's mistake, not a new assignment
    const reused = await post(finance, url, { ...body, borrower: other.customerId }, submission);
    expect(reused.status, JSON.stringify(reused.body)).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ledgerKeys(`suspense-assigned:${paid.id}`)).toHaveLength(1);

    // finance means it: a new confirmed submission (a new key) assigns again, to whom it names
    const meant = await post(finance, url, body, assignKey());
    expect(meant.status, JSON.stringify(meant.body)).toBe(200);
    expect(meant.body.repaymentId).not.toBe(first.body.repaymentId);
    expect(meant.body.undone).toBeNull();
    expect(await orderBalance(wrong.orderId, 'suspense')).toBe(-120_000n);
    expect(await ledgerKeys(`suspense-assigned:${paid.id}`)).toHaveLength(2);
    await expectBalancedLedger();

    // and the request without a key is refused before anything is looked at
    const keyless = await post(finance, url, body);
    expect(keyless.status).toBe(400);
    expect(keyless.body.code).toBe('IDEMPOTENCY_KEY_MISSING');
  });

  it('BE-05: an assignment whose held money was applied, refunded or is being refunded cannot be undone: 409 UNMATCHED_HELD_MONEY_RESOLVED; an unknown assignment 404; nothing written but the audit entry', async () => {
    const cases: { action: string; body: Record<string, string> }[] = [
      { action: 'apply', body: { purpose: 'partial', reason: 'the borrower asked to pay down' } },
      { action: 'refund', body: { reason: 'returned to the borrower' } },
    ];
    for (const { action, body } of cases) {
      const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
      const paid = await assignedTo(customerId, 40_000n, orderId);
      const done = await post(finance, `/api/console/money/suspense/${paid.repaymentId}/${action}`, body);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const [before] = await db().select().from(repayments).where(eq(repayments.id, paid.repaymentId));
      const audits = (await auditsFor('money.unmatched.undo', paid.id)).length;
      const res = await post(admin, `/api/console/money/unmatched/${paid.id}/undo`, {
        repaymentId: paid.repaymentId,
        reason: 'too late to undo',
      });
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe('UNMATCHED_HELD_MONEY_RESOLVED');
      expect(typeof res.body.message).toBe('string');
      expect(await ledgerKeys(`suspense-unassigned:${paid.id}`)).toHaveLength(0);
      const [after] = await db().select().from(repayments).where(eq(repayments.id, paid.repaymentId));
      expect(after!.state).toBe(before!.state);
      expect((await unmatchedListed(paid.id))!.resolution).toMatchObject({ repaymentId: paid.repaymentId });
      const refused = await auditsFor('money.unmatched.undo', paid.id);
      expect(refused).toHaveLength(audits + 1);
      expect(refused.at(-1)).toMatchObject({
        outcome: 'failed',
        detail: { code: 'UNMATCHED_HELD_MONEY_RESOLVED' },
      });
    }
    const { customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const paid = await assignedTo(customerId, 45_000n);
    for (const [id, repaymentId] of [
      [paid.id, randomUUID()],
      [randomUUID(), paid.repaymentId],
    ]) {
      const res = await post(finance, `/api/console/money/unmatched/${id}/undo`, {
        repaymentId,
        reason: 'no such assignment',
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const noReason = await post(finance, `/api/console/money/unmatched/${paid.id}/undo`, {
      repaymentId: paid.repaymentId,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('REQUIRED');
    expect(await ledgerKeys(`suspense-unassigned:${paid.id}`)).toHaveLength(0);
  });

  it('BE-05: before assigning, the preview shows whom the money would be matched to (name, masked phone, the loan it would be held on) and changes nothing; a wrong borrower or loan is refused as the assignment would be', async () => {
    const paidAt = ago(DAY);
    const paid = await seedUnmatchedPayment(t, { amount: 95_000n, paidAt });
    const older = await seedDisbursedLoan(db(), { disbursedAt: ago(10 * DAY) });
    const [order] = await db().select().from(orders).where(eq(orders.id, older.orderId));
    await db()
      .insert(applicationSteps)
      .values({
        applicationId: order!.applicationId,
        step: 'identityInfo',
        data: { firstName: 'Maria', middleName: 'Santos', lastName: 'Reyes' },
        completedAt: ago(10 * DAY),
        updatedAt: ago(10 * DAY),
      });
    const phone = await phoneOf(older.customerId);
    const url = `/api/console/money/unmatched/${paid.id}/preview`;
    const res = await post(finance, url, { borrower: `0${phone}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: paid.id,
      amount: '95000',
      paidAt: paidAt.toISOString(),
      customerId: older.customerId,
      name: 'Maria Santos Reyes',
      phoneMasked: `+63 ${phone.slice(0, 3)} *** ${phone.slice(6)}`,
      orderId: older.orderId,
      loan: {
        status: order!.status,
        principal: order!.principal.toString(),
        disbursedAt: order!.disbursedAt!.toISOString(),
        dueDate: order!.dueDate,
      },
    });
    // audited as a view of the borrower: who was shown, never the number typed
    const [audit] = await auditsFor('money.unmatched.preview', paid.id);
    expect(audit).toMatchObject({ outcome: 'ok', operatorId: ops.finance.id });
    expect(JSON.stringify(audit!.detail)).not.toContain(phone);
    expect(audit!.detail).toMatchObject({ customerId: older.customerId, orderId: older.orderId });
    // nothing changed
    expect(await ledgerKeys(`suspense-assigned:${paid.id}`)).toHaveLength(0);
    expect((await unmatchedListed(paid.id))!.resolution).toBeNull();
    // refused like the assignment: nobody with that number, a loan not paid out, already assigned
    const failed = await seedDisbursedLoan(db(), { disbursedAt: ago(HOUR), payout: 'failed' });
    for (const [body, code] of [
      [{ borrower: '9170000000' }, 'UNMATCHED_BORROWER_NOT_FOUND'],
      [{ borrower: failed.customerId, orderId: failed.orderId }, 'UNMATCHED_LOAN_NOT_FOUND'],
      [{ borrower: older.customerId, orderId: failed.orderId }, 'UNMATCHED_LOAN_NOT_FOUND'],
    ] as const) {
      const refused = await post(finance, url, body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(404);
      expect(refused.body.code).toBe(code);
    }
    const assign = await post(
      finance,
      `/api/console/money/unmatched/${paid.id}/assign`,
      {
        borrower: res.body.customerId,
        orderId: res.body.orderId,
        providerCode: 'GCASH',
        reason: 'confirmed after the preview',
      },
      assignKey(),
    );
    expect(assign.status).toBe(200);
    const done = await post(finance, url, { borrower: older.customerId });
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('UNMATCHED_ALREADY_RESOLVED');
  });

  it('BE-05: support and underwriters cannot preview or undo an assignment (403); nothing written', async () => {
    const { customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    const paid = await assignedTo(customerId, 65_000n);
    for (const role of ['support', 'underwriter'] as const) {
      const session = await signInOperator(t, ops[role]);
      const undo = await post(session, `/api/console/money/unmatched/${paid.id}/undo`, {
        repaymentId: paid.repaymentId,
        reason: 'trying without the role',
      });
      expect(undo.status).toBe(403);
      expect(undo.body.code).toBe('FORBIDDEN');
      const preview = await post(session, `/api/console/money/unmatched/${paid.id}/preview`, {
        borrower: customerId,
      });
      expect(preview.status).toBe(403);
      expect(preview.body.code).toBe('FORBIDDEN');
    }
    expect(await ledgerKeys(`suspense-unassigned:${paid.id}`)).toHaveLength(0);
    expect((await unmatchedListed(paid.id))!.resolution).toMatchObject({ repaymentId: paid.repaymentId });
    expect(await auditsFor('money.unmatched.undo', paid.id)).toHaveLength(0);
  });

  it('BE-05: support and underwriters cannot assign money naming no borrower (403); nothing written', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 90_000n });
    const { customerId } = await seedDisbursedLoan(db(), { disbursedAt: ago(3 * DAY) });
    for (const role of ['support', 'underwriter'] as const) {
      const session = await signInOperator(t, ops[role]);
      const res = await post(
        session,
        `/api/console/money/unmatched/${paid.id}/assign`,
        {
          borrower: customerId,
          providerCode: 'GCASH',
          reason: 'trying without the role',
        },
        assignKey(),
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(await ledgerKeys(`suspense-assigned:${paid.id}`)).toHaveLength(0);
    expect((await unmatchedListed(paid.id))!.resolution).toBeNull();
  });
});

describe('issue 11 waivers and maker-checker', () => {
  async function overdueLoan(principal: bigint) {
    const { orderId } = await seedDisbursedLoan(db(), { principal, disbursedAt: ago(34 * DAY) });
    const now = t.clock.now();
    await applyLoanEvent(db(), orderId, { type: 'day_passed', today: manilaDate(now) }, now);
    const loan = await get(finance, `/api/console/money/loans/${orderId}`);
    return { orderId, penalty: BigInt((loan.body.outstanding as { penalty: string }).penalty) };
  }

  it('issue 11: a waiver within the threshold applies at once, once under 20 concurrent submits with one key; balanced', async () => {
    const { orderId, penalty } = await overdueLoan(200_000n);
    expect(penalty).toBeGreaterThan(1_000n);
    const results = await twenty(() =>
      post(
        finance,
        `/api/console/money/loans/${orderId}/waivers`,
        { lateCharge: '0', penalty: '1000', reason: 'hospitalised' },
        { 'idempotency-key': 'waiver-key-0001' },
      ),
    );
    for (const r of results) expect(r.body).toMatchObject({ state: 'applied', amount: '1000' });
    const waivers = await db()
      .select()
      .from(loanTransactions)
      .where(and(eq(loanTransactions.orderId, orderId), eq(loanTransactions.type, 'waiver')));
    expect(waivers).toHaveLength(1);
    expect(waivers[0]!.penalty).toBe(-1000n);
    await expectBalancedLedger();
    expect(await auditsFor('money.waiver', orderId)).toHaveLength(20);
    // without a key, refused; more than owed, refused
    const noKey = await post(finance, `/api/console/money/loans/${orderId}/waivers`, {
      lateCharge: '0',
      penalty: '1',
      reason: 'again',
    });
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_MISSING');
    const tooMuch = await post(
      finance,
      `/api/console/money/loans/${orderId}/waivers`,
      { lateCharge: '0', penalty: String(penalty), reason: 'all of it and more' },
      { 'idempotency-key': 'waiver-key-0002' },
    );
    expect(tooMuch.body.code).toBe('WAIVER_EXCEEDS_CHARGES');
  });

  it('BE-10 issue 11: a waiver, then money paid before most of the charges applied as of its day: the exact amount owed that day is accepted, no charge goes negative', async () => {
    const { orderId, penalty } = await overdueLoan(200_000n);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    // the borrower paid the principal and interest two days after the due date, short of two
    // days of penalty: held in suspense
    const paidAt = new Date(`${manilaDate(ago(18 * DAY))}T02:00:00Z`);
    expect(manilaDate(paidAt) > order!.dueDate!).toBe(true);
    const held = await seedHeldRepayment(db(), {
      orderId,
      amount: order!.totalRepayment,
      paidAt,
      now: t.clock.now(),
    });
    // finance waives every charge as goodwill, then applies the money as of the day it was paid:
    // the charges posted since are already waived, nothing more is taken back
    const waived = await post(
      finance,
      `/api/console/money/loans/${orderId}/waivers`,
      { lateCharge: '0', penalty: String(penalty), reason: 'goodwill: paid on time per receipt' },
      { 'idempotency-key': `goodwill-${orderId.slice(0, 8)}` },
    );
    expect(waived.status, JSON.stringify(waived.body)).toBe(200);
    if (waived.body.state === 'pending_approval')
      expect(
        (
          await post(
            admin,
            `/api/console/money/approvals/${String(waived.body.approvalRequestId)}/approve`,
            {},
          )
        ).status,
      ).toBe(200);
    const applied = await post(finance, `/api/console/money/suspense/${held}/apply`, {
      purpose: 'full',
      reason: 'paid on time, charges waived',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(after!.status).toBe('settled');
    const { loan } = (await loadLoan(db(), orderId))!;
    for (let i = 1; i <= loan.transactions.length; i++) {
      const owed = outstandingOf(loan.transactions.slice(0, i));
      expect(owed.lateCharge).toBeGreaterThanOrEqual(0n);
      expect(owed.penalty).toBeGreaterThanOrEqual(0n);
    }
    expect(totalOf(outstandingOf(loan.transactions))).toBe(0n);
    expect(await orderBalance(orderId, 'penalty_receivable')).toBe(0n);
    // the charges were all waived: none of their income is left, and none was undone twice
    expect(await orderBalance(orderId, 'penalty_income')).toBe(0n);
    expect(await orderBalance(orderId, 'suspense')).toBe(0n);
    await expectBalancedLedger();
  });

  it('BE-08 BE-15 issue 11: the threshold counts the waivers already on the loan: a large waiver split into small ones still waits for an admin', async () => {
    const { orderId, penalty } = await overdueLoan(1_000_000n);
    expect(penalty).toBeGreaterThan(24_000n);
    const waive = (key: string) =>
      post(
        finance,
        `/api/console/money/loans/${orderId}/waivers`,
        { lateCharge: '0', penalty: '12000', reason: 'split into pieces' },
        { 'idempotency-key': key },
      );
    // ₱120 each against the default ₱200 threshold: the first fits, the second would make ₱240
    expect((await waive('waiver-split-0001')).body).toMatchObject({ state: 'applied' });
    const second = await waive('waiver-split-0002');
    expect(second.body).toMatchObject({ state: 'pending_approval' });
    expect((await waive('waiver-split-0003')).body).toMatchObject({ state: 'pending_approval' });
    const applied = await db()
      .select()
      .from(loanTransactions)
      .where(and(eq(loanTransactions.orderId, orderId), eq(loanTransactions.type, 'waiver')));
    expect(applied.map((w) => w.penalty)).toEqual([-12_000n]);
    await expectBalancedLedger();
  });

  it('issue 11: above the threshold a waiver waits for a DIFFERENT admin: the maker cannot approve, nor can finance', async () => {
    const { orderId, penalty } = await overdueLoan(1_000_000n);
    expect(penalty).toBeGreaterThan(20_000n);
    const drafted = await post(
      admin,
      `/api/console/money/loans/${orderId}/waivers`,
      { lateCharge: '0', penalty: '25000', reason: 'goodwill after outage' },
      { 'idempotency-key': 'waiver-big-0001' },
    );
    expect(drafted.body).toMatchObject({ state: 'pending_approval' });
    const requestId = String(drafted.body.approvalRequestId);
    const waived = async () =>
      db()
        .select()
        .from(loanTransactions)
        .where(and(eq(loanTransactions.orderId, orderId), eq(loanTransactions.type, 'waiver')));
    expect(await waived()).toHaveLength(0);

    const self = await post(admin, `/api/console/money/approvals/${requestId}/approve`, {});
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('APPROVAL_SAME_OPERATOR');
    const byFinance = await post(finance, `/api/console/money/approvals/${requestId}/approve`, {});
    expect(byFinance.status).toBe(403);
    expect(await waived()).toHaveLength(0);

    const results = await twenty(() => post(admin2, `/api/console/money/approvals/${requestId}/approve`, {}));
    for (const r of results) expect(r.body).toMatchObject({ state: 'approved', checkerId: admin2Id });
    expect(await waived()).toHaveLength(1);
    await expectBalancedLedger();
    expect(await auditsFor('money.approval.approve', requestId)).toHaveLength(21);
    // decided: the maker's second decision is refused
    const late = await post(admin2, `/api/console/money/approvals/${requestId}/reject`, {});
    expect(late.body.code).toBe('APPROVAL_NOT_PENDING');
  });

  it('issue 11: the database itself refuses a checker who is the maker', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(DAY) });
    const id = crypto.randomUUID();
    const now = t.clock.now();
    await db()
      .insert(approvalRequests)
      .values({
        id,
        kind: 'waiver',
        payload: {},
        orderId,
        reason: 'test',
        state: 'pending',
        makerId: ops.admin.id,
        idempotencyKey: `test:${id}`,
        createdAt: now,
      });
    await expect(
      db()
        .update(approvalRequests)
        .set({ state: 'approved', checkerId: ops.admin.id, decidedAt: now })
        .where(eq(approvalRequests.id, id)),
    ).rejects.toThrow();
  });
});

describe('issue 11 payouts: retry or cancel a failed payout', () => {
  it('ST-04: a failed payout is retried once under 20 concurrent submits, through the disbursement path, and paid', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(HOUR), payout: 'failed' });
    const queue = await get(finance, '/api/console/money/payouts');
    const item = (queue.body.payouts as { orderId: string; payoutId: string }[]).find(
      (p) => p.orderId === orderId,
    );
    expect(item).toBeDefined();
    const results = await twenty(() =>
      post(finance, `/api/console/money/payouts/${orderId}/retry`, {
        payoutId: item!.payoutId,
        reason: 'provider outage over',
      }),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const attempts = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2]);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('repaying');
    expect(await ledgerKeys(`disbursement:${attempts.find((a) => a.attempt === 2)!.id}`)).toHaveLength(1);
    await expectBalancedLedger();
    expect(await auditsFor('money.payout.retry', orderId)).toHaveLength(20);
  });

  it('ST-04: a failed payout is cancelled once; the borrower is told; nothing posted', async () => {
    const { orderId, customerId } = await seedDisbursedLoan(db(), {
      disbursedAt: ago(HOUR),
      payout: 'failed',
    });
    const [failed] = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
    const results = await twenty(() =>
      post(finance, `/api/console/money/payouts/${orderId}/cancel`, {
        payoutId: failed!.id,
        reason: 'borrower withdrew',
      }),
    );
    for (const r of results) expect(r.body).toMatchObject({ orderStatus: 'cancelled' });
    const told = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customerId), eq(messages.event, 'loan_cancelled')));
    expect(told).toHaveLength(1);
    expect(await ledgerKeys(`cancellation:${orderId}`)).toHaveLength(0);
    const audits = await auditsFor('money.payout.cancel', orderId);
    expect(audits).toHaveLength(20);
    // a cancelled order cannot be retried
    const retry = await post(finance, `/api/console/money/payouts/${orderId}/retry`, {
      payoutId: failed!.id,
      reason: 'try',
    });
    expect(retry.body.code).toBe('PAYOUT_NOT_FAILED');
  });

  it('BE-05: a payout the provider accepted and never confirmed is listed after 30 minutes, and cannot be retried or cancelled', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(2 * HOUR), payout: 'failed' });
    // the attempt is still at the provider: accepted, no answer for two hours
    await db().update(orders).set({ status: 'disbursing' }).where(eq(orders.id, orderId));
    await db()
      .update(payouts)
      .set({ state: 'accepted', failureCode: null })
      .where(eq(payouts.orderId, orderId));
    const [attempt] = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
    const queue = await get(finance, '/api/console/money/payouts');
    const item = (queue.body.payouts as { orderId: string; state: string }[]).find(
      (p) => p.orderId === orderId,
    );
    expect(item?.state).toBe('accepted');
    for (const action of ['retry', 'cancel']) {
      const res = await post(finance, `/api/console/money/payouts/${orderId}/${action}`, {
        payoutId: attempt!.id,
        reason: 'impatient',
      });
      expect(res.body.code).toBe('PAYOUT_NOT_FAILED');
    }
    expect((await db().select().from(payouts).where(eq(payouts.orderId, orderId))).length).toBe(1);
  });

  it('BE-05: a transfer that came back after the borrower paid: the loan is undone once under 20 concurrent submits, each payment refunded, the borrower told', async () => {
    // paid 6 days after the due date (a 14-day term), extended, then repaid in full
    const { orderId, customerId, payoutId, paid } = await seedReturnedPayoutAfterPayments(db(), {
      disbursedAt: ago(20 * DAY),
      now: t.clock.now(),
      payments: ['extension', 'full'],
    });
    expect(await worstPastOverdueDays(db(), customerId)).toBeGreaterThanOrEqual(5);
    const [net] = await db().select({ n: orders.netProceeds }).from(orders).where(eq(orders.id, orderId));
    expect(await orderBalance(orderId, 'suspense')).toBe(-net!.n);
    const listed = async () =>
      ((await get(finance, '/api/console/money/payouts')).body.payouts as { orderId: string }[]).some(
        (p) => p.orderId === orderId,
      );
    expect(await listed()).toBe(true);

    const results = await twenty(() =>
      post(finance, `/api/console/money/payouts/${orderId}/unwind`, {
        payoutId,
        reason: 'the bank returned the transfer; the borrower never had the money',
      }),
    );
    for (const r of results) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ orderStatus: 'cancelled', refunded: paid.toString() });
      expect(r.body.refundIds).toHaveLength(2);
    }
    expect(await ledgerKeys(`unwound:${payoutId}`)).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('cancelled');
    // nothing owed, nothing earned on the loan, the proceeds out of suspense, the payments owed back
    expect(totalOf(outstandingOf((await loadLoan(db(), orderId))!.loan.transactions))).toBe(0n);
    for (const account of [
      'principal_receivable',
      'interest_receivable',
      'fee_receivable',
      'penalty_receivable',
      'interest_income',
      'fee_income',
      'penalty_income',
      'suspense',
    ])
      expect(await orderBalance(orderId, account), account).toBe(0n);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(-paid);
    await expectBalancedLedger();
    const made = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(made).toHaveLength(2);
    expect(made.every((r) => r.reason === 'payout_returned' && r.state === 'to_execute')).toBe(true);
    expect(made.reduce((s, r) => s + r.amount, 0n)).toBe(paid);
    const payments = await db().select().from(repayments).where(eq(repayments.orderId, orderId));
    expect(payments.map((r) => r.state)).toEqual(['refunded', 'refunded']);
    // the borrower still has the receipt of what they paid, the record says it is coming back
    for (const r of payments)
      expect(repaymentView(r)).toMatchObject({
        state: 'refunded',
        record: 'fail',
        receipt: { amount: String(r.amountReceived) },
      });
    // told once, in their language, with the amount coming back
    const told = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customerId), eq(messages.event, 'loan_cancelled')));
    expect(told).toHaveLength(1);
    const params = messageParams.parse(told[0]!.params);
    expect(params).toEqual({ cancelReason: 'payout_returned', amount: paid.toString() });
    const body = renderMessage('loan_cancelled', params, 'fil').body;
    expect(body).toContain('kanselado');
    expect(body).toContain((Number(paid) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    expect(await auditsFor('money.payout.unwind', orderId)).toHaveLength(20);
    // a loan that was never the borrower's money does not count against them in the next decision
    expect(await worstPastOverdueDays(db(), customerId)).toBe(0);
    // RO-02: the account that bounced can be changed before the next loan (no settled loan needed)
    const account = await getPayoutAccount(servicingContext(t.app), { customerId });
    expect(account).toMatchObject({ canChange: true, blockedBy: null });
    // it leaves the queue, and the refunds are executed like any other
    expect(await listed()).toBe(false);
    const refundQueue = await get(finance, '/api/console/money/refunds');
    const queued = (refundQueue.body.refunds as { id: string; reason: string }[]).filter((r) =>
      made.some((m) => m.id === r.id),
    );
    expect(queued.map((r) => r.reason)).toEqual(['payout_returned', 'payout_returned']);
    // the account on the order bounced: the borrower gives a new one, finance sends the refunds there
    await setCurrentPayoutAccount(db(), {
      orderId,
      account: { channel: 'ewallet', providerCode: 'MAYA', account: '09175551234' },
      now: t.clock.now(),
    });
    const moved = await twenty(() =>
      post(finance, `/api/console/money/refunds/${made[0]!.id}/current-account`, {
        reason: 'the borrower confirmed the new account by phone',
      }),
    );
    for (const r of moved)
      expect(r.body).toMatchObject({ destination: { providerCode: 'MAYA', accountLast4: '1234' } });
    const [movedRow] = await db().select().from(refunds).where(eq(refunds.id, made[0]!.id));
    expect(movedRow!.destination).toMatchObject({ account: '09175551234' });
    const changes = (await auditsFor('money.refund.destination', made[0]!.id)).filter(
      (a) => a.after !== null,
    );
    expect(changes).toHaveLength(1);
    for (const r of made) {
      const done = await post(finance, `/api/console/money/refunds/${r.id}/executed`, {
        transferReference: `INSTAPAY-${r.id.slice(0, 6)}`,
      });
      expect(done.status).toBe(200);
    }
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(0n);
    expect(await orderBalance(orderId, 'cash_at_provider')).toBe(0n);
    await expectBalancedLedger();
    // sent: its account can no longer change
    const late = await post(finance, `/api/console/money/refunds/${made[0]!.id}/current-account`, {
      reason: 'too late',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('REFUND_ALREADY_EXECUTED');

    // the second refund's transfer comes back (a closed account): owed again, sent again
    const bounced = made[1]!;
    const returned = await twenty(() =>
      post(finance, `/api/console/money/refunds/${bounced.id}/returned`, {
        attempt: 1,
        reason: 'the bank returned it: account closed',
      }),
    );
    for (const r of returned) expect(r.body).toMatchObject({ state: 'to_execute', attempt: 2 });
    expect(await ledgerKeys(`refund-returned:${bounced.id}:1`)).toHaveLength(1);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(-bounced.amount);
    expect(await orderBalance(orderId, 'cash_at_provider')).toBe(bounced.amount);
    // a return of an attempt not sent is refused
    const early = await post(finance, `/api/console/money/refunds/${bounced.id}/returned`, {
      attempt: 2,
      reason: 'not sent yet',
    });
    expect(early.body.code).toBe('REFUND_NOT_EXECUTED');
    // a stale "executed" for the attempt that came back (a console tab left open) books nothing
    const stale = await post(finance, `/api/console/money/refunds/${bounced.id}/executed`, {
      transferReference: 'INSTAPAY-STALE',
      attempt: 1,
    });
    expect(stale.body).toMatchObject({ state: 'to_execute', attempt: 2 });
    expect(await ledgerKeys(`refund-paid:${bounced.id}:2`)).toHaveLength(0);
    const again = await post(finance, `/api/console/money/refunds/${bounced.id}/executed`, {
      transferReference: 'INSTAPAY-AGAIN',
    });
    expect(again.body).toMatchObject({ state: 'executed', attempt: 2, transferReference: 'INSTAPAY-AGAIN' });
    expect(await ledgerKeys(`refund-paid:${bounced.id}:2`)).toHaveLength(1);
    expect(await orderBalance(orderId, 'refunds_payable')).toBe(0n);
    expect(await orderBalance(orderId, 'cash_at_provider')).toBe(0n);
    await expectBalancedLedger();
  });

  it('BE-05: undoing is refused where the returned money is not held: a failed payout, a reversal the loan took by itself; nothing written', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(HOUR), payout: 'failed' });
    const [failed] = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
    const refused = await post(finance, `/api/console/money/payouts/${orderId}/unwind`, {
      payoutId: failed!.id,
      reason: 'wrong button',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYOUT_REVERSAL_NOT_HELD');
    // nothing paid yet: the reversal undid the loan by itself (payout_failed), nothing to unwind
    const undone = await seedReturnedPayoutAfterPayments(db(), {
      disbursedAt: ago(HOUR),
      now: t.clock.now(),
      payments: [],
    });
    const [o] = await db().select().from(orders).where(eq(orders.id, undone.orderId));
    expect(o!.status).toBe('payout_failed');
    const again = await post(
      finance,
      `/api/console/money/payouts/${undone.orderId}/unwind`,
      { payoutId: undone.payoutId, reason: 'wrong button' },
      { 'accept-language': 'fil' },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PAYOUT_REVERSAL_NOT_HELD');
    expect(await ledgerKeys(`unwound:`)).not.toContainEqual(
      expect.objectContaining({ idempotencyKey: `unwound:${undone.payoutId}` }),
    );
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, undone.orderId));
    expect(rows).toEqual([]);
  });

  it('BE-05 BE-10: a payment dispute still open on the loan is decided first; nothing written', async () => {
    const { orderId, customerId, payoutId } = await seedReturnedPayoutAfterPayments(db(), {
      disbursedAt: ago(3 * DAY),
      now: t.clock.now(),
      payments: ['extension'],
    });
    const disputeId = randomUUID();
    await db()
      .insert(paymentDisputes)
      .values({
        id: disputeId,
        orderId,
        customerId,
        providerCode: 'GCASH',
        reference: 'GC-REF-123456',
        amount: 50_000n,
        paidOn: manilaDate(ago(DAY)),
        receiptPhotoId: await seedReceiptPhoto(db(), customerId, ago(DAY)),
        status: 'open',
        createdAt: ago(DAY),
      });
    const refused = await post(finance, `/api/console/money/payouts/${orderId}/unwind`, {
      payoutId,
      reason: 'the transfer came back',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYOUT_REVERSAL_DISPUTE_OPEN');
    expect(await ledgerKeys(`unwound:${payoutId}`)).toHaveLength(0);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('extended');
  });

  it('BE-08: every money action writes exactly one audit entry', async () => {
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: ago(HOUR), payout: 'failed' });
    const [failed] = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
    const count = async () => (await db().select().from(auditLog)).length;
    const before = await count();
    await post(finance, `/api/console/money/payouts/${orderId}/cancel`, {
      payoutId: failed!.id,
      reason: 'why not',
    });
    expect(await count()).toBe(before + 1);
    await get(finance, `/api/console/money/loans/${orderId}`);
    expect(await count()).toBe(before + 2);
  });
});
