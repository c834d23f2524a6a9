import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  amountDueOn,
  extensionQuote,
  manilaDate,
  type Centavos,
  type OperatorRole,
} from '@pisonow/domain';
import type { Db } from '../db/client.ts';
import {
  applicationSteps,
  orders,
  payouts,
  providerWebhooks,
  refunds,
  repayments,
} from '../db/schema/index.ts';
import { applyLoanEvent, decide, loadLoan, persistLoanOutcome } from '../modules/servicing/loan-record.ts';
import { signInOperator, type TestOperator } from './console-fixtures.ts';
import { seedDisbursedLoan } from './loan-fixtures.ts';
import { applyPayoutResultInTx } from '../modules/orders/apply-payout-result.ts';
import type { TestApp } from './test-app.ts';
import type { SandboxCollectionProvider } from '../providers/collection/sandbox-collection.ts';

/**
 * Money held in suspense on a loan (issue 11), the way the collection webhook holds it: a payment
 * for the loan goes through the loan's own payment rules (applyOrderEvent) and, not matching what
 * is due, is held; the repayment record shows it held with the reason.
 */
export async function seedHeldRepayment(
  db: Db,
  input: { orderId: string; amount: Centavos; paidAt: Date; now: Date },
): Promise<string> {
  const repaymentId = randomUUID();
  await db.transaction(async (tx) => {
    const found = (await loadLoan(tx, input.orderId, { lock: true }))!;
    const outcome = decide(found.loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: input.amount,
      paidAt: input.paidAt,
      reference: repaymentId,
    });
    if (!outcome.held) throw new Error('seedHeldRepayment: the amount settles the loan; pick another');
    await tx.insert(repayments).values({
      id: repaymentId,
      orderId: input.orderId,
      customerId: found.order.customerId,
      purpose: 'full',
      channel: 'bank_transfer',
      provider: 'sandbox',
      providerCode: 'BPI',
      amount: input.amount,
      state: 'held',
      heldReason: outcome.held.reason,
      amountReceived: input.amount,
      expiresAt: new Date(input.now.getTime() + 86_400_000),
      paidAt: input.paidAt,
      createdAt: input.now,
      updatedAt: input.now,
    });
    await persistLoanOutcome(tx, found.order, outcome, input.now, { repaymentId });
  });
  return repaymentId;
}

/**
 * BE-05: a loan paid out by a real payout attempt, paid on by the borrower (each payment recorded
 * as the collection webhook records one: a paid repayment and the loan's payment event, as of now),
 * then the transfer comes back: the loan cannot be undone by itself and the returned net proceeds
 * are held in suspense (the console's payout queue lists the attempt).
 */
export async function seedReturnedPayoutAfterPayments(
  db: Db,
  input: { disbursedAt: Date; now: Date; payments: readonly ('extension' | 'full')[] },
): Promise<{ orderId: string; customerId: string; payoutId: string; paid: Centavos }> {
  const { orderId, customerId } = await seedDisbursedLoan(db, { disbursedAt: input.disbursedAt });
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const payoutId = randomUUID();
  await db.insert(payouts).values({
    id: payoutId,
    orderId,
    attempt: 1,
    provider: 'sandbox',
    state: 'succeeded',
    amount: order!.netProceeds,
    destination: order!.payoutDestination,
    providerPayoutId: `sandbox-${payoutId}`,
    createdAt: input.disbursedAt,
    updatedAt: input.disbursedAt,
  });
  let paid = 0n;
  for (const purpose of input.payments) {
    const repaymentId = randomUUID();
    await db.transaction(async (tx) => {
      const found = (await loadLoan(tx, orderId, { lock: true }))!;
      const today = manilaDate(input.now);
      const amount =
        purpose === 'extension' ? extensionQuote(found.loan, today).amount : amountDueOn(found.loan, today);
      const outcome = decide(found.loan, {
        type: 'payment_received',
        purpose,
        amount,
        paidAt: input.now,
        reference: repaymentId,
      });
      if (outcome.held) throw new Error(`seedReturnedPayoutAfterPayments: the ${purpose} was held`);
      await tx.insert(repayments).values({
        id: repaymentId,
        orderId,
        customerId,
        purpose,
        channel: 'ewallet',
        provider: 'sandbox',
        providerCode: 'GCASH',
        amount,
        state: 'paid',
        amountReceived: amount,
        expiresAt: new Date(input.now.getTime() + 86_400_000),
        paidAt: input.now,
        createdAt: input.now,
        updatedAt: input.now,
      });
      await persistLoanOutcome(tx, found.order, outcome, input.now, { repaymentId });
      paid += amount;
    });
  }
  const result = await db.transaction((tx) =>
    applyPayoutResultInTx(tx, payoutId, { state: 'reversed' }, input.now),
  );
  if (result !== 'applied') throw new Error('seedReturnedPayoutAfterPayments: the reversal was not applied');
  return { orderId, customerId, payoutId, paid };
}

/** The borrower's payout account as it is now (their application's bankInfo step; RO-02). */
export async function setCurrentPayoutAccount(
  db: Db,
  input: { orderId: string; account: Record<string, string>; now: Date },
): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId));
  await db
    .insert(applicationSteps)
    .values({
      applicationId: order!.applicationId,
      step: 'bankInfo',
      data: input.account,
      completedAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [applicationSteps.applicationId, applicationSteps.step],
      set: { data: input.account, updatedAt: input.now },
    });
}

/**
 * BE-05: money that names no borrower, delivered through the real webhook route as the provider
 * delivers it (a payment on a link made in the provider's dashboard, its reference none of ours).
 * Returns its id in the suspense queue's unmatched list (the webhook record's id).
 */
export async function seedUnmatchedPayment(
  t: TestApp,
  input: {
    amount: Centavos;
    collectionId?: string;
    /** when the payer paid, if before the webhook arrives (now) */
    paidAt?: Date;
  },
): Promise<{ id: string; collectionId: string; providerEventId: string }> {
  const collectionId = input.collectionId ?? `sbxc_dashboard_${randomUUID()}`;
  const collections = t.app.providers.collections as SandboxCollectionProvider;
  const hook = collections.simulate(collectionId, input.paidAt ? 'pay_late' : 'pay', {
    now: t.clock.now(),
    ...(input.paidAt ? { paidAt: input.paidAt } : {}),
    collection: {
      referenceId: `INV-${randomUUID().slice(0, 8)}`,
      amount: input.amount,
      channel: 'ewallet',
      providerCode: 'GCASH',
    },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collections/webhook',
    headers: hook.headers,
    payload: hook.rawBody,
  });
  if ((res.json() as { result?: string }).result !== 'unknown')
    throw new Error(`seedUnmatchedPayment: ${res.body}`);
  const [row] = await t.database.db
    .select({ id: providerWebhooks.id })
    .from(providerWebhooks)
    .where(
      and(
        eq(providerWebhooks.kind, 'collection'),
        eq(providerWebhooks.provider, 'sandbox'),
        eq(providerWebhooks.providerEventId, hook.providerEventId),
      ),
    );
  return { id: row!.id, collectionId, providerEventId: hook.providerEventId };
}

/**
 * The role matrix's requests for the money endpoints (issue 11): real records in the states each
 * endpoint acts on, so an allowed role gets a 2xx (finance acts first; admin's second submit finds
 * the action done, which is a 2xx too: every money action is idempotent).
 */
export async function moneyMatrixRequests(
  t: TestApp,
  ops: Record<OperatorRole, TestOperator>,
): Promise<Partial<Record<string, MatrixRequest>>> {
  const db = t.database.db;
  const now = t.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const hour = 3_600_000;
  const failedPayout = async () => {
    const { orderId } = await seedDisbursedLoan(db, { disbursedAt: ago(hour), payout: 'failed' });
    const [p] = await db.select().from(payouts).where(eq(payouts.orderId, orderId));
    return { orderId, payoutId: p!.id };
  };
  const held = async (amount?: Centavos, disbursedAgo = 3 * hour) => {
    const { orderId } = await seedDisbursedLoan(db, { disbursedAt: ago(disbursedAgo) });
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const repaymentId = await seedHeldRepayment(db, {
      orderId,
      amount: amount ?? order!.netProceeds,
      paidAt: ago(hour),
      now,
    });
    return { orderId, repaymentId };
  };
  const overdue = async (principal: Centavos) => {
    const { orderId } = await seedDisbursedLoan(db, { principal, disbursedAt: ago(34 * 24 * hour) });
    await applyLoanEvent(db, orderId, { type: 'day_passed', today: manilaDate(now) }, now);
    return orderId;
  };
  const unwind = await seedReturnedPayoutAfterPayments(db, {
    disbursedAt: ago(3 * 24 * hour),
    now,
    payments: ['extension'],
  });
  const retry = await failedPayout();
  const cancel = await failedPayout();
  const apply = await held(10_000n);
  const refund = await held(20_000n);
  const executed = await held(30_000n);
  const cancellable = await held();
  const small = await overdue(200_000n);
  const big = await overdue(1_000_000n);
  // BE-15: 100 days past due (14-day term), to be written off
  const { orderId: longOverdue } = await seedDisbursedLoan(db, { disbursedAt: ago(114 * 24 * hour) });
  await applyLoanEvent(db, longOverdue, { type: 'day_passed', today: manilaDate(now) }, now);

  const finance = await signInOperator(t, ops.finance);
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...finance.write, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`money fixture ${url}: ${res.body}`);
    return res.json() as Record<string, string>;
  };
  const refunded = await post(`/api/console/money/suspense/${executed.repaymentId}/refund`, {
    reason: 'fixture',
  });
  const bouncing = await held(50_000n);
  const toBounce = await post(`/api/console/money/suspense/${bouncing.repaymentId}/refund`, {
    reason: 'fixture',
  });
  await post(`/api/console/money/refunds/${toBounce.refundId}/executed`, { transferReference: 'MATRIX-B' });
  const moving = await held(40_000n);
  const toMove = await post(`/api/console/money/suspense/${moving.repaymentId}/refund`, {
    reason: 'fixture',
  });
  await setCurrentPayoutAccount(db, {
    orderId: moving.orderId,
    account: { channel: 'ewallet', providerCode: 'MAYA', account: '09179998888' },
    now,
  });
  const draft = (key: string) =>
    post(
      `/api/console/money/loans/${big}/waivers`,
      { lateCharge: '0', penalty: '20001', reason: 'fixture' },
      { 'idempotency-key': key },
    );
  const unmatched = await seedUnmatchedPayment(t, { amount: 60_000n });
  const payer = await seedDisbursedLoan(db, { disbursedAt: ago(3 * hour) });
  // BE-05: money to preview (never assigned), and money assigned by mistake, to undo
  const toPreview = await seedUnmatchedPayment(t, { amount: 61_000n });
  const mistaken = await seedUnmatchedPayment(t, { amount: 62_000n });
  const { repaymentId: mistakenHeld } = await post(
    `/api/console/money/unmatched/${mistaken.id}/assign`,
    { borrower: payer.customerId, providerCode: 'GCASH', reason: 'fixture: the wrong borrower' },
    { 'idempotency-key': 'matrix-mistaken-assign-1' },
  );
  // BE-05: money whose payer is no borrower, to draft a refund of
  const toRefund = await seedUnmatchedPayment(t, { amount: 63_000n });
  // and one whose refund an admin approved, to cancel
  const toCancel = await seedUnmatchedPayment(t, { amount: 64_000n });
  const cancelDraft = await post(
    `/api/console/money/unmatched/${toCancel.id}/refund`,
    {
      channel: 'bank',
      providerCode: 'BDO',
      account: '001234567890',
      confirmAccount: '001234567890',
      payeeName: 'Jose Rizal',
      reason: 'fixture: the payer is no borrower',
    },
    { 'idempotency-key': 'matrix-payer-refund-cancel-1' },
  );
  const admin = await signInOperator(t, ops.admin);
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/console/money/approvals/${cancelDraft.approvalRequestId}/approve`,
    headers: { ...admin.write, 'content-type': 'application/json' },
    payload: '{}',
  });
  if (approved.statusCode !== 200) throw new Error(`money fixture approve: ${approved.body}`);
  const [toCancelRefund] = await db.select().from(refunds).where(eq(refunds.webhookId, toCancel.id));
  const toApprove = await draft('matrix-approve-1');
  const toReject = await draft('matrix-reject-1');

  const json = (url: string, body: unknown, headers: Record<string, string> = {}): MatrixRequest => ({
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return {
    'POST /api/console/money/payouts/:orderId/retry': json(
      `/api/console/money/payouts/${retry.orderId}/retry`,
      {
        payoutId: retry.payoutId,
        reason: 'matrix',
      },
    ),
    'POST /api/console/money/payouts/:orderId/unwind': json(
      `/api/console/money/payouts/${unwind.orderId}/unwind`,
      { payoutId: unwind.payoutId, reason: 'matrix' },
    ),
    'POST /api/console/money/payouts/:orderId/cancel': json(
      `/api/console/money/payouts/${cancel.orderId}/cancel`,
      { payoutId: cancel.payoutId, reason: 'matrix' },
    ),
    'POST /api/console/money/suspense/:repaymentId/apply': json(
      `/api/console/money/suspense/${apply.repaymentId}/apply`,
      { purpose: 'partial', reason: 'matrix' },
    ),
    'POST /api/console/money/suspense/:repaymentId/refund': json(
      `/api/console/money/suspense/${refund.repaymentId}/refund`,
      { reason: 'matrix' },
    ),
    'POST /api/console/money/refunds/:refundId/current-account': json(
      `/api/console/money/refunds/${toMove.refundId}/current-account`,
      { reason: 'matrix: the borrower confirmed the account by phone' },
    ),
    'POST /api/console/money/refunds/:refundId/returned': json(
      `/api/console/money/refunds/${toBounce.refundId}/returned`,
      { attempt: 1, reason: 'matrix: the bank returned the transfer' },
    ),
    'POST /api/console/money/refunds/:refundId/executed': json(
      `/api/console/money/refunds/${refunded.refundId}/executed`,
      { transferReference: 'MATRIX-1' },
    ),
    // finance assigns it; admin's second submit, with the same key, is a replay
    'POST /api/console/money/unmatched/:unmatchedId/assign': json(
      `/api/console/money/unmatched/${unmatched.id}/assign`,
      {
        borrower: payer.customerId,
        orderId: payer.orderId,
        providerCode: 'GCASH',
        reason: 'matrix: the payer sent the receipt',
      },
      { 'idempotency-key': 'matrix-assign-1' },
    ),
    // a preview changes nothing: every allowed role sees the same borrower and loan
    'POST /api/console/money/unmatched/:unmatchedId/preview': json(
      `/api/console/money/unmatched/${toPreview.id}/preview`,
      { borrower: payer.customerId },
    ),
    // finance undoes it; admin's second submit names the same assignment: a replay
    'POST /api/console/money/unmatched/:unmatchedId/undo': json(
      `/api/console/money/unmatched/${mistaken.id}/undo`,
      { repaymentId: mistakenHeld, reason: 'matrix: a wrong phone number was typed' },
    ),
    // finance drafts the refund; admin's second submit, with the same key, finds that draft
    'POST /api/console/money/unmatched/:unmatchedId/refund': json(
      `/api/console/money/unmatched/${toRefund.id}/refund`,
      {
        channel: 'ewallet',
        providerCode: 'GCASH',
        account: '09171234567',
        confirmAccount: '0917 123 4567',
        payeeName: 'Maria Santos',
        reason: 'matrix: the payer is no borrower and sent the receipt',
      },
      { 'idempotency-key': 'matrix-payer-refund-1' },
    ),
    // finance cancels it; admin's second submit finds it cancelled
    'POST /api/console/money/refunds/:refundId/cancel': json(
      `/api/console/money/refunds/${toCancelRefund!.id}/cancel`,
      { reason: 'matrix: the account was wrong' },
    ),
    'GET /api/console/money/loans/:orderId': { url: `/api/console/money/loans/${small}` },
    'POST /api/console/money/loans/:orderId/cancel': json(
      `/api/console/money/loans/${cancellable.orderId}/cancel`,
      { repaymentId: cancellable.repaymentId, reason: 'matrix' },
    ),
    'POST /api/console/money/loans/:orderId/waivers': json(
      `/api/console/money/loans/${small}/waivers`,
      { lateCharge: '0', penalty: '1', reason: 'matrix' },
      { 'idempotency-key': 'matrix-waiver-1' },
    ),
    'POST /api/console/money/loans/:orderId/write-off': json(
      `/api/console/money/loans/${longOverdue}/write-off`,
      {
        reason: 'matrix: 100 days past due, no contact',
      },
    ),
    'POST /api/console/money/loans/:orderId/hardship': json(`/api/console/money/loans/${small}/hardship`, {
      until: addDays(manilaDate(now), 30),
      reason: 'matrix: lost job, paying in a month',
    }),
    'POST /api/console/money/approvals/:requestId/approve': json(
      `/api/console/money/approvals/${toApprove.approvalRequestId}/approve`,
      {},
    ),
    'POST /api/console/money/approvals/:requestId/reject': json(
      `/api/console/money/approvals/${toReject.approvalRequestId}/reject`,
      {},
    ),
  };
}

export interface MatrixRequest {
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}
