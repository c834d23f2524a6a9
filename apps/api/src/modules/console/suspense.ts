import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CANCELLATION_WINDOW_MS,
  DEFAULT_LOCALE,
  amountDueOn,
  balanced,
  extensionStatement,
  manilaDate,
  SUSPENSE_APPLY_PURPOSES,
  type Loan,
  type LoanEvent,
  type RefundQueueResponse,
  type SuspenseQueueResponse,
  type SuspenseResolutionResponse,
} from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import {
  applicationSteps,
  applications,
  customers,
  refunds,
  repayments,
  suspenseResolutions,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import { decide, loadLoan, loadLoans, persistLoanOutcome } from '../servicing/loan-record.ts';
import { extensionDisclosure, keepExtensionDisclosure } from '../servicing/extension-disclosure.ts';
import { samePayoutAccount } from '../servicing/change-payout-account.ts';
import {
  extensionsPaidOn,
  extensionsPaidOnLoans,
  recordReversedExtensions,
} from '../servicing/reversed-extensions.ts';
import { recordAudit, type Actor } from './audit.ts';
import { listUnmatchedPayments } from './list-unmatched-payments.ts';
import { auditedAction, destinationSummary, type Audited, type MoneyContext } from './money-context.ts';

type Repayment = typeof repayments.$inferSelect;

/** The money a held repayment brought: what the payer paid, when they paid it (BE-10). */
export function heldMoney(r: Repayment): { amount: bigint; paidAt: Date } {
  return { amount: r.amountReceived ?? r.amount, paidAt: r.paidAt ?? r.createdAt };
}

type ApplyPurpose = (typeof SUSPENSE_APPLY_PURPOSES)[number];

/**
 * The loan event of an Apply: the held money as of its payer's paid-at (BE-10), with the extensions
 * paid on the loan for a payment that may reverse them (CO-02). One builder for Apply and for the
 * queue's preview of it, so the two cannot disagree.
 */
function suspenseEvent(
  repayment: Repayment,
  purpose: ApplyPurpose,
  extensionsPaid: readonly { reference: string; paidAt: Date }[],
  now: Date,
): Extract<LoanEvent, { type: 'suspense_applied' }> {
  const { amount, paidAt } = heldMoney(repayment);
  const paid = purpose === 'extension' ? [] : extensionsPaid;
  return {
    type: 'suspense_applied',
    purpose,
    amount,
    paidAt,
    reference: `suspense:${repayment.id}`,
    ...(paid.length > 0 ? { extensionsPaid: paid } : {}),
    appliedAt: now,
  };
}

/**
 * What Apply would take held money as now: the purposes the loan's rules accept (nothing written).
 * A refusal is an answer; anything else the domain throws is logged and counted as a refusal too,
 * so one odd loan never takes the whole queue away from finance (its Apply would answer the same).
 */
function purposesThatApply(
  loan: Loan,
  repayment: Repayment,
  extensionsPaid: readonly { reference: string; paidAt: Date }[],
  now: Date,
  log: FastifyBaseLogger,
): ApplyPurpose[] {
  return SUSPENSE_APPLY_PURPOSES.filter((purpose) => {
    try {
      decide(loan, suspenseEvent(repayment, purpose, extensionsPaid, now));
      return true;
    } catch (error) {
      if (!(error instanceof AppError))
        log.error({ err: error, repaymentId: repayment.id, purpose }, 'suspense preview: the domain failed');
      return false;
    }
  });
}

/**
 * GET /api/console/money/suspense: money held in suspense on a borrower's repayment (another amount,
 * a second payment, a settled loan), not yet resolved, oldest first, with what finance needs to
 * choose: the amount due as of the payer's paid-at day, what Apply would take the money as now
 * (`appliesAs`: the same decision, nothing written), and whether it can cancel the loan (CO-05).
 * Money that names no borrower is listed with it, apart (BE-05: listUnmatchedPayments).
 */
export async function listSuspense(
  ctx: MoneyContext,
  input: { actor: Actor },
): Promise<SuspenseQueueResponse> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ repayment: repayments })
    .from(repayments)
    .leftJoin(suspenseResolutions, eq(suspenseResolutions.repaymentId, repayments.id))
    .where(and(eq(repayments.state, 'held'), isNull(suspenseResolutions.id)))
    .orderBy(asc(repayments.createdAt))
    .limit(200);
  const items: SuspenseQueueResponse['items'] = [];
  let total = 0n;
  const orderIds = rows.map((r) => r.repayment.orderId);
  const loans = await loadLoans(ctx.db, orderIds);
  const extensionsPaid = await extensionsPaidOnLoans(ctx.db, orderIds);
  for (const { repayment } of rows) {
    const found = loans.get(repayment.orderId);
    if (!found) continue;
    const { amount, paidAt } = heldMoney(repayment);
    const { order, loan } = found;
    total += amount;
    items.push({
      repaymentId: repayment.id,
      orderId: order.id,
      customerId: order.customerId,
      orderStatus: order.status,
      amount: amount.toString(),
      heldReason: repayment.heldReason,
      paidAt: repayment.paidAt?.toISOString() ?? null,
      amountDueAtPaidAt: amountDueOn(loan, manilaDate(paidAt)).toString(),
      appliesAs: purposesThatApply(loan, repayment, extensionsPaid.get(order.id) ?? [], now, ctx.log),
      netProceeds: order.netProceeds.toString(),
      disbursedAt: order.disbursedAt?.toISOString() ?? null,
      cancellable:
        order.status === 'repaying' &&
        order.disbursedAt !== null &&
        paidAt.getTime() - order.disbursedAt.getTime() <= CANCELLATION_WINDOW_MS &&
        amount === order.netProceeds &&
        loan.transactions.every((t) => t.type === 'disbursement'),
    });
  }
  const unmatched = await listUnmatchedPayments(ctx.db);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'money.suspense.view',
    targetType: 'queue',
    detail: { count: items.length, unmatched: unmatched.length },
  });
  return { total: total.toString(), items, unmatched };
}

/** Locks one held repayment; a resolution already made is returned instead (naturally idempotent). */
export async function lockHeld(
  tx: Tx,
  repaymentId: string,
): Promise<{ repayment: Repayment; resolution: typeof suspenseResolutions.$inferSelect | null }> {
  const [repayment] = await tx.select().from(repayments).where(eq(repayments.id, repaymentId)).for('update');
  if (!repayment) throw new AppError('NOT_FOUND');
  const [resolution] = await tx
    .select()
    .from(suspenseResolutions)
    .where(eq(suspenseResolutions.repaymentId, repaymentId));
  if (!resolution && repayment.state !== 'held') throw new AppError('SUSPENSE_ALREADY_RESOLVED');
  return { repayment, resolution: resolution ?? null };
}

export async function recordResolution(
  tx: Tx,
  input: {
    repayment: Repayment;
    action: 'applied' | 'refunded' | 'cancellation';
    purpose?: string;
    amount: bigint;
    reason: string;
    operatorId: string;
    now: Date;
  },
): Promise<void> {
  await tx.insert(suspenseResolutions).values({
    id: randomUUID(),
    repaymentId: input.repayment.id,
    action: input.action,
    purpose: input.purpose ?? null,
    amount: input.amount,
    reason: input.reason,
    operatorId: input.operatorId,
    createdAt: input.now,
  });
  await tx
    .update(repayments)
    .set({ state: input.action === 'refunded' ? 'refunded' : 'paid', updatedAt: input.now })
    .where(eq(repayments.id, input.repayment.id));
}

/**
 * POST /api/console/money/suspense/:repaymentId/apply: the held money is applied to the borrower's
 * loan through the loan's own payment rules (applyOrderEvent), counted as of the payer's paid-at
 * time (BE-10); the cash leaves suspense. The repayment then shows as paid to the borrower.
 */
export async function applySuspense(
  ctx: MoneyContext,
  input: { actor: Actor; repaymentId: string; purpose: 'full' | 'extension' | 'partial'; reason: string },
): Promise<SuspenseResolutionResponse> {
  const now = ctx.clock.now();
  const what = { action: 'money.suspense.apply', targetType: 'repayment', targetId: input.repaymentId };
  return auditedAction(ctx, input.actor, what, (tx) =>
    applyHeldRepayment(tx, { ...input, now, log: ctx.log }),
  );
}

/**
 * The held money applied to its loan, inside the caller's transaction (the suspense queue's Apply,
 * and a payment dispute matched to it: BE-10). Returns the result and what the audit entry says.
 */
export async function applyHeldRepayment(
  tx: Tx,
  input: {
    actor: Actor;
    repaymentId: string;
    purpose: 'full' | 'extension' | 'partial';
    reason: string;
    now: Date;
    /** where an anomaly of a reversed extension is logged (recordReversedExtensions) */
    log: FastifyBaseLogger;
  },
): Promise<Audited<SuspenseResolutionResponse>> {
  const { now } = input;
  const { repayment, resolution } = await lockHeld(tx, input.repaymentId);
  const found = await loadLoan(tx, repayment.orderId, { lock: true });
  if (!found) throw new AppError('NOT_FOUND');
  if (resolution) {
    if (resolution.action !== 'applied') throw new AppError('SUSPENSE_ALREADY_RESOLVED');
    return {
      result: response(repayment.id, 'applied', resolution.amount, found.order.status, null),
      audit: { replayed: true, detail: { reason: input.reason } },
    };
  }
  const { amount, paidAt } = heldMoney(repayment);
  // CO-02, BE-10: the extensions paid on the loan, listed as the webhook lists them, so money paid
  // before some of them reverses them exactly as its webhook would have; when the reversal cannot
  // be built, the money counts as the loan stands today (`appliedAt`) and what it does not need
  // stays held (`leftHeld`)
  const extensionsPaid = input.purpose === 'extension' ? [] : await extensionsPaidOn(tx, repayment.orderId);
  const outcome = decide(found.loan, suspenseEvent(repayment, input.purpose, extensionsPaid, now));
  const applied = amount - (outcome.leftHeld ?? 0n);
  // CO-02, RA 3765: an extension bought with held money has its disclosure statement too, the one
  // in force when the payer paid (the extension is booked as of then), in the borrower's language;
  // the borrower's own attempt may already have kept the one they read, and that copy stays
  const statement = input.purpose === 'extension' ? extensionStatement(found.loan, paidAt) : null;
  await persistLoanOutcome(tx, found.order, outcome, now, {
    by: 'console',
    operatorId: input.actor.operatorId,
    repaymentId: repayment.id,
    paidAt: paidAt.toISOString(),
  });
  await recordReversedExtensions(tx, {
    outcome,
    customerId: repayment.customerId,
    orderId: repayment.orderId,
    settledBy: repayment.id,
    now,
    log: input.log,
    actor: input.actor,
  });
  // the rest of the money, which the loan did not need, is the borrower's held money on a record of
  // its own (the same paid-at), listed in the queue for finance to refund
  const leftHeldId = outcome.leftHeld ? randomUUID() : null;
  if (leftHeldId)
    await tx.insert(repayments).values({
      id: leftHeldId,
      orderId: repayment.orderId,
      customerId: repayment.customerId,
      purpose: repayment.purpose,
      channel: repayment.channel,
      provider: repayment.provider,
      providerCode: repayment.providerCode,
      amount: outcome.leftHeld!,
      state: 'held',
      heldReason: 'left_after_settling',
      amountReceived: outcome.leftHeld!,
      expiresAt: repayment.expiresAt,
      paidAt,
      channelReference: repayment.channelReference,
      createdAt: now,
      updatedAt: now,
    });
  if (statement?.extended) {
    const [borrower] = await tx
      .select({ locale: customers.locale })
      .from(customers)
      .where(eq(customers.id, found.order.customerId));
    const locale = borrower?.locale ?? DEFAULT_LOCALE;
    await keepExtensionDisclosure(tx, {
      repaymentId: repayment.id,
      orderId: found.order.id,
      locale,
      html: extensionDisclosure(found.loan, { quote: statement.quote, extended: statement.extended }, locale),
      at: now,
    });
  }
  await recordResolution(tx, {
    repayment,
    action: 'applied',
    purpose: input.purpose,
    amount: applied,
    reason: input.reason,
    operatorId: input.actor.operatorId!,
    now,
  });
  return {
    result: response(repayment.id, 'applied', applied, outcome.status, null),
    audit: {
      before: {
        repaymentState: repayment.state,
        heldReason: repayment.heldReason,
        orderStatus: found.order.status,
      },
      after: {
        repaymentState: 'paid',
        orderStatus: outcome.status,
        ...(leftHeldId
          ? { leftHeld: { repaymentId: leftHeldId, amount: outcome.leftHeld!.toString() } }
          : {}),
        ...(outcome.reversedExtensions?.length
          ? { reversedExtensions: outcome.reversedExtensions.map((r) => r.reference) }
          : {}),
      },
      detail: { reason: input.reason, purpose: input.purpose, amount: applied.toString() },
    },
  };
}

function response(
  repaymentId: string,
  action: SuspenseResolutionResponse['action'],
  amount: bigint,
  orderStatus: string,
  refundId: string | null,
): SuspenseResolutionResponse {
  return { repaymentId, action, amount: amount.toString(), orderStatus, refundId };
}

/**
 * POST /api/console/money/suspense/:repaymentId/refund: the held money goes back to the payer. The
 * refund is recorded as an outbound transfer for finance to execute (to the borrower's payout
 * account on the order) and the money moves from suspense to refunds payable; marking the transfer
 * executed pays it out of our float (markRefundExecuted).
 */
export async function refundSuspense(
  ctx: MoneyContext,
  input: { actor: Actor; repaymentId: string; reason: string },
): Promise<SuspenseResolutionResponse> {
  const now = ctx.clock.now();
  const what = { action: 'money.suspense.refund', targetType: 'repayment', targetId: input.repaymentId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const { repayment, resolution } = await lockHeld(tx, input.repaymentId);
    const found = await loadLoan(tx, repayment.orderId);
    if (!found) throw new AppError('NOT_FOUND');
    if (resolution) {
      if (resolution.action !== 'refunded') throw new AppError('SUSPENSE_ALREADY_RESOLVED');
      const [refund] = await tx.select().from(refunds).where(eq(refunds.repaymentId, repayment.id));
      return {
        result: response(repayment.id, 'refunded', resolution.amount, found.order.status, refund!.id),
        audit: { replayed: true, detail: { reason: input.reason } },
      };
    }
    const { amount } = heldMoney(repayment);
    const refundId = randomUUID();
    await postLedgerTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `refund:${repayment.id}`,
      customerId: repayment.customerId,
      orderId: repayment.orderId,
      reference: refundId,
      entries: balanced([
        { account: 'suspense', amount },
        { account: 'refunds_payable', amount: -amount },
      ]),
      at: now,
    });
    await tx.insert(refunds).values({
      id: refundId,
      repaymentId: repayment.id,
      orderId: repayment.orderId,
      customerId: repayment.customerId,
      amount,
      reason: 'held_money',
      destination: found.order.payoutDestination,
      state: 'to_execute',
      decidedBy: input.actor.operatorId!,
      createdAt: now,
    });
    await recordResolution(tx, {
      repayment,
      action: 'refunded',
      amount,
      reason: input.reason,
      operatorId: input.actor.operatorId!,
      now,
    });
    return {
      result: response(repayment.id, 'refunded', amount, found.order.status, refundId),
      audit: {
        before: { repaymentState: repayment.state, heldReason: repayment.heldReason },
        after: { repaymentState: 'refunded', refundId },
        detail: { reason: input.reason, amount: amount.toString() },
      },
    };
  });
}

function refundView(r: typeof refunds.$inferSelect): RefundQueueResponse['refunds'][number] {
  const payerDestination =
    r.reason === 'payer_not_borrower' ? (r.destination as { payeeName?: unknown; account?: unknown }) : null;
  return {
    id: r.id,
    repaymentId: r.repaymentId,
    orderId: r.orderId,
    customerId: r.customerId,
    unmatchedId: r.webhookId,
    // no borrower record holds a payer's account: finance reads it here to make the transfer
    payee: payerDestination
      ? { name: String(payerDestination.payeeName ?? ''), account: String(payerDestination.account ?? '') }
      : null,
    amount: r.amount.toString(),
    state: r.state as RefundQueueResponse['refunds'][number]['state'],
    attempt: r.attempt,
    reason: r.reason as RefundQueueResponse['refunds'][number]['reason'],
    destination: destinationSummary(r.destination),
    transferReference: r.transferReference,
    createdAt: r.createdAt.toISOString(),
    executedAt: r.executedAt?.toISOString() ?? null,
  };
}

/** GET /api/console/money/refunds: refunds to execute first, then the latest executed. */
export async function listRefunds(ctx: MoneyContext, input: { actor: Actor }): Promise<RefundQueueResponse> {
  const rows = await ctx.db.select().from(refunds).orderBy(desc(refunds.createdAt)).limit(200);
  rows.sort((a, b) => (a.state === b.state ? 0 : a.state === 'to_execute' ? -1 : 1));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'money.refunds.view',
    targetType: 'queue',
    detail: { count: rows.length },
  });
  return { refunds: rows.map(refundView) };
}

/**
 * POST /api/console/money/refunds/:refundId/executed: finance made the transfer; the money leaves
 * our float (refunds payable → cash). Naturally idempotent: an executed refund stays executed.
 */
export async function markRefundExecuted(
  ctx: MoneyContext,
  input: { actor: Actor; refundId: string; transferReference: string; attempt?: number | undefined },
): Promise<RefundQueueResponse['refunds'][number]> {
  const now = ctx.clock.now();
  const what = { action: 'money.refund.executed', targetType: 'refund', targetId: input.refundId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const refund = await lockRefund(tx, input.refundId);
    // a cancelled refund's money is back in suspense: nothing is sent from it
    if (refund.state === 'cancelled') throw new AppError('REFUND_CANCELLED');
    // a stale submit for an attempt that came back since (a console tab left open) is a replay:
    // recording it against the next attempt would book a transfer nobody made
    const stale = input.attempt !== undefined && input.attempt < refund.attempt;
    if (refund.state === 'executed' || stale)
      return { result: refundView(refund), audit: { replayed: true, detail: {} } };
    if (input.attempt !== undefined && input.attempt !== refund.attempt) throw new AppError('NOT_FOUND');
    await postLedgerTransaction(tx, {
      kind: 'refund_paid',
      idempotencyKey: refundPaidKey(refund),
      customerId: refund.customerId,
      orderId: refund.orderId,
      reference: input.transferReference,
      entries: balanced([
        { account: 'refunds_payable', amount: refund.amount },
        { account: 'cash_at_provider', amount: -refund.amount },
      ]),
      at: now,
    });
    const [updated] = await tx
      .update(refunds)
      .set({
        state: 'executed',
        transferReference: input.transferReference,
        executedBy: input.actor.operatorId,
        executedAt: now,
      })
      .where(eq(refunds.id, refund.id))
      .returning();
    return {
      result: refundView(updated!),
      audit: {
        before: { state: refund.state },
        after: { state: 'executed', transferReference: input.transferReference },
        detail: { amount: refund.amount.toString() },
      },
    };
  });
}

/** Locks one refund row for the action that changes it (404 when there is none). */
async function lockRefund(tx: Tx, refundId: string): Promise<typeof refunds.$inferSelect> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) throw new AppError('NOT_FOUND');
  return refund;
}

/** The ledger key of a refund attempt's payment (the first attempt's is the one refunds always had). */
function refundPaidKey(refund: { id: string; attempt: number }): string {
  return refund.attempt === 1 ? `refund-paid:${refund.id}` : `refund-paid:${refund.id}:${refund.attempt}`;
}

/**
 * POST /api/console/money/refunds/:refundId/returned: the refund transfer came back (a closed or
 * wrong account). The money is in our float again and still owed to the borrower (cash → refunds
 * payable), and the refund waits to be sent again as its next attempt, to an account finance
 * confirms with the borrower ("Use current account"). Only an executed refund; naturally
 * idempotent: the request names the attempt that came back, and a second submit finds it returned.
 */
export async function markRefundReturned(
  ctx: MoneyContext,
  input: { actor: Actor; refundId: string; attempt: number; reason: string },
): Promise<RefundQueueResponse['refunds'][number]> {
  const now = ctx.clock.now();
  const what = { action: 'money.refund.returned', targetType: 'refund', targetId: input.refundId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const refund = await lockRefund(tx, input.refundId);
    if (refund.attempt > input.attempt)
      return { result: refundView(refund), audit: { replayed: true, detail: { reason: input.reason } } };
    if (refund.state !== 'executed' || refund.attempt !== input.attempt)
      throw new AppError('REFUND_NOT_EXECUTED');
    await postLedgerTransaction(tx, {
      kind: 'refund_returned',
      idempotencyKey: `refund-returned:${refund.id}:${refund.attempt}`,
      customerId: refund.customerId,
      orderId: refund.orderId,
      reference: refund.transferReference,
      entries: balanced([
        { account: 'cash_at_provider', amount: refund.amount },
        { account: 'refunds_payable', amount: -refund.amount },
      ]),
      at: now,
    });
    const [updated] = await tx
      .update(refunds)
      .set({
        state: 'to_execute',
        attempt: refund.attempt + 1,
        transferReference: null,
        executedBy: null,
        executedAt: null,
      })
      .where(eq(refunds.id, refund.id))
      .returning();
    return {
      result: refundView(updated!),
      audit: {
        before: { state: refund.state, attempt: refund.attempt, transferReference: refund.transferReference },
        after: { state: 'to_execute', attempt: refund.attempt + 1 },
        detail: { reason: input.reason, amount: refund.amount.toString() },
      },
    };
  });
}

/**
 * POST /api/console/money/refunds/:refundId/cancel (BE-05): a refund to a payer who is no borrower
 * that cannot be sent as approved (the account was wrong; the transfer came back and the payer gives
 * another) is cancelled. Its money goes back from refunds payable to the suspense line that names
 * nobody, and the money is unresolved again: finance drafts a new refund, which an admin approves
 * again (a typed account is never changed by one person), or assigns it to a borrower. Only such a
 * refund, and only while it is to execute (one executed is first marked returned); a borrower's
 * refund goes to their payout account ("Use current account"). Naturally idempotent.
 */
export async function cancelPayerRefund(
  ctx: MoneyContext,
  input: { actor: Actor; refundId: string; reason: string },
): Promise<RefundQueueResponse['refunds'][number]> {
  const now = ctx.clock.now();
  const what = { action: 'money.refund.cancel', targetType: 'refund', targetId: input.refundId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const refund = await lockRefund(tx, input.refundId);
    if (refund.reason !== 'payer_not_borrower') throw new AppError('REFUND_NOT_CANCELLABLE');
    if (refund.state === 'cancelled')
      return { result: refundView(refund), audit: { replayed: true, detail: { reason: input.reason } } };
    if (refund.state !== 'to_execute') throw new AppError('REFUND_NOT_CANCELLABLE');
    await postLedgerTransaction(tx, {
      kind: 'refund_cancelled',
      idempotencyKey: `refund-cancelled:${refund.id}`,
      reference: refund.id,
      entries: balanced([
        { account: 'refunds_payable', amount: refund.amount },
        { account: 'suspense', amount: -refund.amount },
      ]),
      at: now,
    });
    const [updated] = await tx
      .update(refunds)
      .set({ state: 'cancelled' })
      .where(eq(refunds.id, refund.id))
      .returning();
    return {
      result: refundView(updated!),
      audit: {
        before: { state: refund.state, attempt: refund.attempt },
        after: { state: 'cancelled' },
        detail: { reason: input.reason, amount: refund.amount.toString(), unmatchedId: refund.webhookId },
      },
    };
  });
}

/**
 * POST /api/console/money/refunds/:refundId/current-account: a refund still to execute is sent to
 * the borrower's payout account as it is now (their application's bankInfo step) instead of the
 * one on the order. A loan undone because its transfer came back names the account that bounced
 * (BE-05); the borrower changes it on /changeBank (RO-02) or tells finance, who checks it with them
 * first (the reason records how). Audited; naturally idempotent (the same account again changes
 * nothing).
 */
export async function useCurrentRefundAccount(
  ctx: MoneyContext,
  input: { actor: Actor; refundId: string; reason: string },
): Promise<RefundQueueResponse['refunds'][number]> {
  const what = { action: 'money.refund.destination', targetType: 'refund', targetId: input.refundId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const refund = await lockRefund(tx, input.refundId);
    // a payer who is no borrower has no current account with us: their refund goes where an admin
    // approved it (or is cancelled and drafted anew: cancelPayerRefund)
    if (refund.customerId === null) throw new AppError('REFUND_NO_CURRENT_ACCOUNT');
    if (refund.state !== 'to_execute') throw new AppError('REFUND_ALREADY_EXECUTED');
    const [current] = await tx
      .select({ data: applicationSteps.data })
      .from(applicationSteps)
      .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
      .where(and(eq(applications.customerId, refund.customerId), eq(applicationSteps.step, 'bankInfo')));
    const account = current?.data as Record<string, unknown> | undefined;
    if (!account || typeof account.channel !== 'string') throw new AppError('REFUND_NO_CURRENT_ACCOUNT');
    if (samePayoutAccount(refund.destination, account))
      return { result: refundView(refund), audit: { replayed: true, detail: { reason: input.reason } } };
    const [updated] = await tx
      .update(refunds)
      .set({ destination: account })
      .where(eq(refunds.id, refund.id))
      .returning();
    return {
      result: refundView(updated!),
      audit: {
        before: { destination: destinationSummary(refund.destination) },
        after: { destination: destinationSummary(account) },
        detail: { reason: input.reason },
      },
    };
  });
}
