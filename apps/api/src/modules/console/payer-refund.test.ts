import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { OperatorRole } from '@pisonow/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { importSanctionsList } from '../aml/import-sanctions-list.ts';
import { signInMoneyTeam, type ConsoleSession, type TestOperator } from '../../test/console-fixtures.ts';
import {
  consoleRequests,
  suspenseNamingNobody,
  unbalancedLedgerTransactions,
} from '../../test/console-requests.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { seedHeldRepayment, seedUnmatchedPayment } from '../../test/money-fixtures.ts';
import {
  approvalRequests,
  auditLog,
  ledgerEntries,
  ledgerTransactions,
  refunds,
  unmatchedResolutions,
} from '../../db/schema/index.ts';

/**
 * BE-05: money naming no borrower, back to a payer who is no borrower of ours: finance drafts the
 * refund at the account the payer gave, a different admin approves it, and only then does the
 * money leave suspense as a refund to execute; from there it is executed (and returned, and sent
 * again) like any refund. Never both assigned to a borrower and refunded; one draft however often
 * it is sent; nothing written by a refused request.
 */
let t: TestApp;
let ops: Record<OperatorRole, TestOperator>;
let finance: ConsoleSession;
let admin: ConsoleSession;
let admin2: ConsoleSession;

beforeAll(async () => {
  t = await createTestApp();
  ({ ops, finance, admin, admin2 } = await signInMoneyTeam(t));
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;

const { post, get } = consoleRequests(() => t.app);
const key = () => ({ 'idempotency-key': `payer-refund-${randomUUID()}` });
const account = {
  channel: 'ewallet',
  providerCode: 'GCASH',
  account: '09171234567',
  confirmAccount: '0917 123 4567',
  payeeName: 'Maria Santos',
  reason: 'the payer is no borrower: paid a dashboard link by mistake, sent the GCash receipt',
};
const draft = (
  session: ConsoleSession,
  id: string,
  headers: Record<string, string> = key(),
  body: object = account,
) => post(session, `/api/console/money/unmatched/${id}/refund`, body, headers);

const unassignedSuspense = () => suspenseNamingNobody(db());
async function accountTotal(accountName: string): Promise<bigint> {
  const [row] = await db()
    .select({ b: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, accountName));
  return BigInt(row!.b);
}
async function expectBalancedLedger() {
  expect(await unbalancedLedgerTransactions(db())).toEqual([]);
}
type Listed = { id: string; resolution: unknown; payerRefund: Record<string, unknown> | null };
const listed = async (id: string) =>
  ((await get(finance, '/api/console/money/suspense')).body.unmatched as Listed[]).find((u) => u.id === id);
const draftsOf = (webhookId: string) =>
  db()
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, 'payer_refund'),
        sql`${approvalRequests.payload}->>'webhookId' = ${webhookId}`,
      ),
    );
const refundsOf = (webhookId: string) => db().select().from(refunds).where(eq(refunds.webhookId, webhookId));

describe('BE-05 refund to a payer who is no borrower', () => {
  it('BE-05: one draft under 20 concurrent submits; nothing moves until a different admin approves; then a refund to execute at the typed account (suspense → refunds payable, balanced), executed, returned and sent again', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 150_000n });
    const suspenseBefore = await unassignedSuspense();
    const payableBefore = await accountTotal('refunds_payable');

    // one confirmed submission sent 20 times (a double click, network retries): one draft
    const submission = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => draft(finance, paid.id, submission)));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const approvalRequestId = results[0]!.body.approvalRequestId as string;
    expect(results.every((r) => r.body.approvalRequestId === approvalRequestId)).toBe(true);
    expect(results[0]!.body).toEqual({
      id: paid.id,
      approvalRequestId,
      amount: '150000',
      state: 'pending_approval',
      refundId: null,
    });
    expect(await draftsOf(paid.id)).toHaveLength(1);
    // a draft moves no money and makes no refund
    expect(await unassignedSuspense()).toBe(suspenseBefore);
    expect(await refundsOf(paid.id)).toEqual([]);
    expect(await listed(paid.id)).toMatchObject({
      resolution: null,
      payerRefund: {
        approvalRequestId,
        state: 'pending_approval',
        refundId: null,
        payeeName: 'Maria Santos',
        destination: { channel: 'ewallet', providerCode: 'GCASH', accountLast4: '4567' },
        by: ops.finance.email,
      },
    });

    // while it waits the money is resolved: not assigned to a borrower, not drafted again
    const borrower = await seedDisbursedLoan(db(), {
      disbursedAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
    });
    for (const refused of [
      await post(
        finance,
        `/api/console/money/unmatched/${paid.id}/assign`,
        { borrower: borrower.customerId, providerCode: 'GCASH', reason: 'a borrower claims it' },
        key(),
      ),
      await post(finance, `/api/console/money/unmatched/${paid.id}/preview`, {
        borrower: borrower.customerId,
      }),
      await draft(finance, paid.id),
    ])
      expect(refused).toMatchObject({ status: 409, body: { code: 'UNMATCHED_ALREADY_RESOLVED' } });
    expect(
      await db().select().from(unmatchedResolutions).where(eq(unmatchedResolutions.webhookId, paid.id)),
    ).toEqual([]);

    // the admins' queue shows it with the whole account to check against the payer's evidence
    const queue = (await get(admin, '/api/console/money/approvals')).body.requests as Record<
      string,
      unknown
    >[];
    expect(queue.find((r) => r.id === approvalRequestId)).toMatchObject({
      kind: 'payer_refund',
      state: 'pending',
      orderId: null,
      payload: {
        webhookId: paid.id,
        amount: '150000',
        destination: {
          channel: 'ewallet',
          providerCode: 'GCASH',
          account: '09171234567',
          payeeName: 'Maria Santos',
        },
      },
    });

    // a different admin approves, twice (a double click): one refund, one posting
    const approvals = await Promise.all(
      [1, 2].map(() => post(admin, `/api/console/money/approvals/${approvalRequestId}/approve`, {})),
    );
    for (const r of approvals) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [refund, ...more] = await refundsOf(paid.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      reason: 'payer_not_borrower',
      repaymentId: null,
      orderId: null,
      customerId: null,
      amount: 150_000n,
      state: 'to_execute',
      attempt: 1,
      destination: {
        channel: 'ewallet',
        providerCode: 'GCASH',
        account: '09171234567',
        payeeName: 'Maria Santos',
      },
      decidedBy: ops.admin.id,
    });
    const [posting] = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `refund:payer:${refund!.id}`));
    expect(posting).toMatchObject({ kind: 'refund', customerId: null, reference: refund!.id });
    expect(await unassignedSuspense()).toBe(suspenseBefore + 150_000n);
    expect(await accountTotal('refunds_payable')).toBe(payableBefore - 150_000n);
    // the same submission again answers what became of it
    expect((await draft(finance, paid.id, submission)).body).toMatchObject({
      state: 'approved',
      refundId: refund!.id,
    });
    expect((await listed(paid.id))!.payerRefund).toMatchObject({ state: 'to_execute', refundId: refund!.id });

    // finance reads whom to pay in the refund queue
    const inQueue = (
      (await get(finance, '/api/console/money/refunds')).body.refunds as Record<string, unknown>[]
    ).find((r) => r.id === refund!.id);
    expect(inQueue).toMatchObject({
      reason: 'payer_not_borrower',
      unmatchedId: paid.id,
      customerId: null,
      orderId: null,
      repaymentId: null,
      payee: { name: 'Maria Santos', account: '09171234567' },
      destination: { channel: 'ewallet', providerCode: 'GCASH', accountLast4: '4567' },
      state: 'to_execute',
    });
    // there is no borrower whose current account it could go to instead
    expect(
      await post(finance, `/api/console/money/refunds/${refund!.id}/current-account`, {
        reason: 'the payer gave another account',
      }),
    ).toMatchObject({ status: 409, body: { code: 'REFUND_NO_CURRENT_ACCOUNT' } });

    // executed, came back, sent again: each moves the money once
    const url = `/api/console/money/refunds/${refund!.id}`;
    const cashBefore = await accountTotal('cash_at_provider');
    expect(
      (await post(finance, `${url}/executed`, { transferReference: 'GCASH-OUT-1', attempt: 1 })).status,
    ).toBe(200);
    expect(await accountTotal('cash_at_provider')).toBe(cashBefore - 150_000n);
    expect((await listed(paid.id))!.payerRefund).toMatchObject({ state: 'executed' });
    expect(
      (await post(finance, `${url}/returned`, { attempt: 1, reason: 'the e-wallet returned the transfer' }))
        .body,
    ).toMatchObject({ state: 'to_execute', attempt: 2 });
    expect(await accountTotal('cash_at_provider')).toBe(cashBefore);
    expect(
      (await post(finance, `${url}/executed`, { transferReference: 'GCASH-OUT-2', attempt: 2 })).status,
    ).toBe(200);
    expect(await accountTotal('cash_at_provider')).toBe(cashBefore - 150_000n);
    expect(await accountTotal('refunds_payable')).toBe(payableBefore);
    await expectBalancedLedger();

    // the payer's new account is another: a refund sent is first marked returned, then cancelled;
    // its money names nobody again (a typed account is never changed by one person)
    expect(await post(finance, `${url}/cancel`, { reason: 'the payer closed this e-wallet' })).toMatchObject({
      status: 409,
      body: { code: 'REFUND_NOT_CANCELLABLE' },
    });
    await post(finance, `${url}/returned`, { attempt: 2, reason: 'came back again: the e-wallet is closed' });
    const cancels = await Promise.all(
      [1, 2].map(() => post(finance, `${url}/cancel`, { reason: 'the payer closed this e-wallet' })),
    );
    for (const c of cancels) expect(c).toMatchObject({ status: 200, body: { state: 'cancelled' } });
    expect(await unassignedSuspense()).toBe(suspenseBefore);
    expect(await accountTotal('refunds_payable')).toBe(payableBefore);
    expect((await listed(paid.id))!.payerRefund).toBeNull();
    expect(
      await post(finance, `${url}/executed`, { transferReference: 'GCASH-OUT-3', attempt: 3 }),
    ).toMatchObject({ status: 409, body: { code: 'REFUND_CANCELLED' } });
    await expectBalancedLedger();

    // drafted anew with the payer's bank account and approved again: a second refund of the money
    const anew = await draft(finance, paid.id, key(), {
      ...account,
      channel: 'bank',
      providerCode: 'BDO',
      account: '001234567890',
      confirmAccount: '0012 3456 7890',
    });
    expect(anew.status, JSON.stringify(anew.body)).toBe(200);
    await post(admin2, `/api/console/money/approvals/${anew.body.approvalRequestId as string}/approve`, {});
    const standing = (await refundsOf(paid.id)).filter((f) => f.state !== 'cancelled');
    expect(standing).toMatchObject([
      {
        approvalRequestId: anew.body.approvalRequestId,
        destination: { providerCode: 'BDO', account: '001234567890' },
      },
    ]);
    expect(await unassignedSuspense()).toBe(suspenseBefore + 150_000n);
    expect((await listed(paid.id))!.payerRefund).toMatchObject({
      state: 'to_execute',
      refundId: standing[0]!.id,
      destination: { channel: 'bank', providerCode: 'BDO', accountLast4: '7890' },
    });
    await expectBalancedLedger();

    // audited: the draft once (its replays marked, the refused second draft as failed), with the
    // account's last digits only
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'money.unmatched.refund'), eq(auditLog.targetId, paid.id)));
    const made = audits.filter((a) => a.outcome === 'ok' && !(a.detail as { replayed?: boolean }).replayed);
    expect(audits.filter((a) => a.outcome === 'failed')).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('09171234567');
    // nor does the approval's entry, or any other: the whole number lives on the refund only
    const everyEntry = JSON.stringify(await db().select().from(auditLog));
    expect(everyEntry).not.toContain('09171234567');
    expect(everyEntry).not.toContain('001234567890');
    expect(everyEntry).not.toContain('Maria Santos');
    // the first draft and the one made anew after the cancellation
    expect(
      made
        .map((a) => a.detail)
        .sort((a, b) => String(a!.accountLast4).localeCompare(String(b!.accountLast4))),
    ).toMatchObject([
      { amount: '150000', accountLast4: '4567' },
      { amount: '150000', accountLast4: '7890' },
    ]);
  });

  it('BE-05: the admin who drafted it cannot approve it (403 APPROVAL_SAME_OPERATOR); a rejected draft leaves the money unresolved, to assign or draft again', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 80_000n });
    const drafted = await draft(admin, paid.id);
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    const requestId = drafted.body.approvalRequestId as string;
    expect(await post(admin, `/api/console/money/approvals/${requestId}/approve`, {})).toMatchObject({
      status: 403,
      body: { code: 'APPROVAL_SAME_OPERATOR' },
    });
    expect(await refundsOf(paid.id)).toEqual([]);

    // another admin rejects it: the money is free again, and finance drafts anew (a new submission)
    expect((await post(admin2, `/api/console/money/approvals/${requestId}/reject`, {})).status).toBe(200);
    expect(await refundsOf(paid.id)).toEqual([]);
    const again = await draft(finance, paid.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.approvalRequestId).not.toBe(requestId);
    expect((await listed(paid.id))!.payerRefund).toMatchObject({
      state: 'pending_approval',
      approvalRequestId: again.body.approvalRequestId,
    });
  });

  it('BE-05: a rejected draft frees the money for an assignment; money assigned cannot be drafted (409); a bad account is 400 with its code (VAL-06: typed twice alike); the key of one submission with another account is 422; nothing written', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 90_000n });
    const submission = key();
    const first = await draft(finance, paid.id, submission);
    expect(first.status).toBe(200);
    await post(admin, `/api/console/money/approvals/${first.body.approvalRequestId as string}/reject`, {});
    expect((await draft(finance, paid.id, submission)).body).toMatchObject({
      state: 'rejected',
      refundId: null,
    });
    expect((await listed(paid.id))!.payerRefund).toBeNull();
    // the same key with another account is a client's mistake
    expect(
      await draft(finance, paid.id, submission, {
        ...account,
        account: '09998887777',
        confirmAccount: '09998887777',
      }),
    ).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });

    const borrower = await seedDisbursedLoan(db(), {
      disbursedAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
    });
    const assigned = await post(
      finance,
      `/api/console/money/unmatched/${paid.id}/assign`,
      { borrower: borrower.customerId, providerCode: 'GCASH', reason: 'the borrower sent the receipt' },
      key(),
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(await draft(finance, paid.id)).toMatchObject({
      status: 409,
      body: { code: 'UNMATCHED_ALREADY_RESOLVED' },
    });

    const other = await seedUnmatchedPayment(t, { amount: 10_000n });
    const cases: [object, number, string][] = [
      [{ ...account, account: '12345', confirmAccount: '12345' }, 400, 'EWALLET_INVALID'],
      [{ ...account, confirmAccount: '09171234568' }, 400, 'BANK_INFO_MISMATCH'],
      [
        { ...account, channel: 'bank', account: '123', confirmAccount: '123', providerCode: 'BDO' },
        400,
        'BANK_ACCOUNT_INVALID',
      ],
      // GCash is an e-wallet, not a bank
      [{ ...account, channel: 'bank', account: '1234567890', confirmAccount: '1234567890' }, 400, 'REQUIRED'],
      // a remittance pickup needs the payee's ID at the counter: not offered
      [{ ...account, channel: 'remittance', providerCode: 'PALAWAN' }, 400, 'REQUIRED'],
      [{ ...account, payeeName: ' ' }, 400, 'REQUIRED'],
      [{ ...account, reason: '' }, 400, 'REQUIRED'],
    ];
    for (const [body, status, code] of cases)
      expect(await draft(finance, other.id, key(), body), JSON.stringify(body)).toMatchObject({
        status,
        body: { code },
      });
    // no Idempotency-Key: refused before anything is drafted
    const unkeyed = await draft(finance, other.id, {});
    expect(unkeyed.status).toBe(400);
    expect(await draft(finance, randomUUID())).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await draftsOf(other.id)).toEqual([]);
    // a borrower's refund goes to their payout account: it is never cancelled back to suspense
    const now = t.clock.now();
    const repaymentId = await seedHeldRepayment(db(), {
      orderId: borrower.orderId,
      amount: 5_000n,
      paidAt: new Date(now.getTime() - 3_600_000),
      now,
    });
    const held = await post(finance, `/api/console/money/suspense/${repaymentId}/refund`, {
      reason: 'not meant for the loan',
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(
      await post(finance, `/api/console/money/refunds/${held.body.refundId as string}/cancel`, {
        reason: 'try it',
      }),
    ).toMatchObject({ status: 409, body: { code: 'REFUND_NOT_CANCELLABLE' } });
  });

  // last in this file: the list imported here stays the newest for what follows
  it('BE-05 BE-14: a payee who may be on the sanctions list gets no refund: one drafted before the list arrived is refused at approval, a new draft is refused at once (409 PAYEE_SANCTIONS_MATCH); nothing moves, the money stays in suspense', async () => {
    const paid = await seedUnmatchedPayment(t, { amount: 70_000n });
    const listed = { ...account, payeeName: 'rodrigo magbanua salvador' };
    const early = await draft(finance, paid.id, key(), listed);
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    const suspenseBefore = await unassignedSuspense();

    const xml = readFileSync(new URL('../aml/fixtures/un-consolidated-sample.xml', import.meta.url), 'utf8');
    await importSanctionsList(db(), { xml, now: t.clock.now() });
    const requestId = early.body.approvalRequestId as string;
    expect(await post(admin, `/api/console/money/approvals/${requestId}/approve`, {})).toMatchObject({
      status: 409,
      body: { code: 'PAYEE_SANCTIONS_MATCH' },
    });
    expect(await refundsOf(paid.id)).toEqual([]);
    expect(await unassignedSuspense()).toBe(suspenseBefore);
    const [stillPending] = await db()
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    expect(stillPending!.state).toBe('pending');

    // the admin rejects it; drafting it again is refused at once, and writes nothing
    expect((await post(admin, `/api/console/money/approvals/${requestId}/reject`, {})).status).toBe(200);
    expect(await draft(finance, paid.id, key(), listed)).toMatchObject({
      status: 409,
      body: { code: 'PAYEE_SANCTIONS_MATCH' },
    });
    expect(await draftsOf(paid.id)).toHaveLength(1);
    // a payee who is not on the list is drafted as before
    expect((await draft(finance, paid.id)).status).toBe(200);
  });
});
