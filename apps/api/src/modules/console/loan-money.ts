import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  CANCELLATION_WINDOW_MS,
  outstandingOf,
  totalOf,
  waiverApprovalThreshold,
  type ApprovalQueueResponse,
  type LoanCancelResponse,
  type LoanMoneyResponse,
  type WaiverResponse,
} from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { approvalRequests, loanTransactions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentProduct } from '../lending/product-config.ts';
import { decide, loadLoan, persistLoanOutcome } from '../servicing/loan-record.ts';
import { recordAudit, type Actor } from './audit.ts';
import { auditedAction, type MoneyContext } from './money-context.ts';
import { heldMoney, lockHeld, recordResolution } from './suspense.ts';
import { applyApprovedWriteOff } from './write-off-loan.ts';
import { applyApprovedHardship } from './hardship-plan.ts';
import { applyApprovedPayerRefund, auditedPayerRefundPayload } from './refund-unmatched-payment.ts';
import { PAYER_REFUND_KIND } from './unmatched-money.ts';

/** GET /api/console/money/loans/:orderId: one loan's money as finance acts on it (viewing it is audited). */
export async function getLoanMoney(
  ctx: MoneyContext,
  input: { actor: Actor; orderId: string },
): Promise<LoanMoneyResponse> {
  const found = await loadLoan(ctx.db, input.orderId);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'money.loan.view',
    targetType: 'order',
    targetId: input.orderId,
    outcome: found ? 'ok' : 'not_found',
  });
  if (!found) throw new AppError('NOT_FOUND');
  const { order, loan } = found;
  const o = outstandingOf(loan.transactions);
  return {
    orderId: order.id,
    customerId: order.customerId,
    status: order.status,
    principal: order.principal.toString(),
    netProceeds: order.netProceeds.toString(),
    disbursedAt: order.disbursedAt?.toISOString() ?? null,
    cancellableUntil: order.disbursedAt
      ? new Date(order.disbursedAt.getTime() + CANCELLATION_WINDOW_MS).toISOString()
      : null,
    dueDate: order.dueDate,
    outstanding: {
      principal: o.principal.toString(),
      interest: o.interest.toString(),
      fees: o.fees.toString(),
      lateCharge: o.lateCharge.toString(),
      penalty: o.penalty.toString(),
      total: totalOf(o).toString(),
    },
    waiverApprovalThreshold: waiverApprovalThreshold(await currentProduct(ctx.db)).toString(),
  };
}

/**
 * POST /api/console/money/loans/:orderId/cancel (CO-05): the borrower asked customer service to
 * cancel within 24 hours of the money arriving and returned exactly what arrived; that money,
 * held in suspense, settles the cancellation: the loan is unwound by the pure domain event
 * (cancelled_by_operator with `returned`), fees and interest reversed, and the borrower is told.
 * Refused after 24 hours (CANCELLATION_WINDOW_PASSED). Naturally idempotent by state.
 */
export async function cancelLoan(
  ctx: MoneyContext,
  input: { actor: Actor; orderId: string; repaymentId: string; reason: string },
): Promise<LoanCancelResponse> {
  const now = ctx.clock.now();
  const what = { action: 'money.loan.cancel', targetType: 'order', targetId: input.orderId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const { repayment, resolution } = await lockHeld(tx, input.repaymentId);
    if (repayment.orderId !== input.orderId) throw new AppError('NOT_FOUND');
    const found = await loadLoan(tx, input.orderId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    if (resolution) {
      if (resolution.action !== 'cancellation') throw new AppError('SUSPENSE_ALREADY_RESOLVED');
      return {
        result: {
          orderId: found.order.id,
          orderStatus: found.order.status,
          returned: resolution.amount.toString(),
          cancelledAt: resolution.createdAt.toISOString(),
        },
        audit: { replayed: true, detail: { reason: input.reason } },
      };
    }
    const { amount, paidAt } = heldMoney(repayment);
    const outcome = decide(found.loan, {
      type: 'cancelled_by_operator',
      at: now,
      returned: { amount, paidAt, reference: repayment.id },
    });
    await persistLoanOutcome(tx, found.order, outcome, now, {
      by: 'console',
      operatorId: input.actor.operatorId,
      repaymentId: repayment.id,
      returnedAt: paidAt.toISOString(),
    });
    await recordResolution(tx, {
      repayment,
      action: 'cancellation',
      amount,
      reason: input.reason,
      operatorId: input.actor.operatorId!,
      now,
    });
    return {
      result: {
        orderId: found.order.id,
        orderStatus: outcome.status,
        returned: amount.toString(),
        cancelledAt: now.toISOString(),
      },
      audit: {
        before: { orderStatus: found.order.status, disbursedAt: found.order.disbursedAt?.toISOString() },
        after: { orderStatus: outcome.status },
        detail: { reason: input.reason, repaymentId: repayment.id, returned: amount.toString() },
      },
    };
  });
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * POST /api/console/money/loans/:orderId/waivers: forgives late charge and penalty already charged,
 * with a reason. Up to the product's waiver threshold it applies at once (a `waiver` loan
 * transaction with its balanced ledger lines); above it, it is drafted for a different admin to
 * approve (maker-checker). The Idempotency-Key makes a second submit find the first.
 */
export async function waiveCharges(
  ctx: MoneyContext,
  input: {
    actor: Actor;
    orderId: string;
    idempotencyKey: string | undefined;
    lateCharge: bigint;
    penalty: bigint;
    reason: string;
  },
): Promise<WaiverResponse> {
  if (!input.idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_MISSING');
  if (!KEY_PATTERN.test(input.idempotencyKey)) throw new AppError('VALIDATION_FAILED');
  const now = ctx.clock.now();
  const reference = `${input.orderId}:${input.idempotencyKey}`;
  const amount = input.lateCharge + input.penalty;
  const threshold = waiverApprovalThreshold(await currentProduct(ctx.db));
  const what = { action: 'money.waiver', targetType: 'order', targetId: input.orderId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const found = await loadLoan(tx, input.orderId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    const replay = await previousWaiver(tx, reference);
    if (replay) return { result: replay, audit: { replayed: true, detail: { reason: input.reason } } };
    // the loan's rules decide whether this waiver is within what is owed, drafted or not
    const outcome = decide(found.loan, {
      type: 'charges_waived',
      lateCharge: input.lateCharge,
      penalty: input.penalty,
      at: now,
      reference,
    });
    // Finance alone forgives up to the threshold per LOAN: counted with the waivers already on it,
    // so one large waiver split into small ones still needs an admin (maker-checker).
    const waivedBefore = found.loan.transactions
      .filter((x) => x.type === 'waiver')
      .reduce((sum, x) => sum - x.portions.lateCharge - x.portions.penalty, 0n);
    const detail = {
      reason: input.reason,
      lateCharge: input.lateCharge.toString(),
      penalty: input.penalty.toString(),
      threshold: threshold.toString(),
      waivedBefore: waivedBefore.toString(),
    };
    if (waivedBefore + amount > threshold) {
      const id = randomUUID();
      await tx.insert(approvalRequests).values({
        id,
        kind: 'waiver',
        payload: { lateCharge: input.lateCharge.toString(), penalty: input.penalty.toString(), reference },
        orderId: input.orderId,
        reason: input.reason,
        state: 'pending',
        makerId: input.actor.operatorId!,
        idempotencyKey: `waiver:${reference}`,
        createdAt: now,
      });
      return {
        result: { state: 'pending_approval', approvalRequestId: id, amount: amount.toString() },
        audit: { after: { state: 'pending_approval', approvalRequestId: id }, detail },
      };
    }
    await persistLoanOutcome(tx, found.order, outcome, now, {
      by: 'console',
      operatorId: input.actor.operatorId,
      reason: input.reason,
    });
    return {
      result: { state: 'applied', approvalRequestId: null, amount: amount.toString() },
      audit: { after: { state: 'applied' }, detail },
    };
  });
}

async function previousWaiver(tx: Tx, reference: string): Promise<WaiverResponse | null> {
  const [drafted] = await tx
    .select()
    .from(approvalRequests)
    .where(eq(approvalRequests.idempotencyKey, `waiver:${reference}`));
  if (drafted) {
    const p = drafted.payload as { lateCharge: string; penalty: string };
    return {
      state:
        drafted.state === 'approved'
          ? 'applied'
          : drafted.state === 'rejected'
            ? 'rejected'
            : 'pending_approval',
      approvalRequestId: drafted.id,
      amount: (BigInt(p.lateCharge) + BigInt(p.penalty)).toString(),
    };
  }
  const [applied] = await tx
    .select()
    .from(loanTransactions)
    .where(eq(loanTransactions.idempotencyKey, `waiver:${reference}`));
  if (applied)
    return {
      state: 'applied',
      approvalRequestId: null,
      amount: (-(applied.lateCharge + applied.penalty)).toString(),
    };
  return null;
}

/** what the money approvals queue holds (product changes have their own page, CO-06) */
const MONEY_APPROVAL_KINDS = ['waiver', 'write_off', 'hardship', PAYER_REFUND_KIND];

/** GET /api/console/money/approvals: requests waiting for a checker first, then the latest decided. */
export async function listApprovals(
  ctx: MoneyContext,
  input: { actor: Actor },
): Promise<ApprovalQueueResponse> {
  const rows = await ctx.db
    .select({ request: approvalRequests, makerEmail: operators.email })
    .from(approvalRequests)
    .innerJoin(operators, eq(operators.id, approvalRequests.makerId))
    .where(inArray(approvalRequests.kind, MONEY_APPROVAL_KINDS))
    .orderBy(desc(approvalRequests.createdAt))
    .limit(200);
  rows.sort((a, b) => Number(b.request.state === 'pending') - Number(a.request.state === 'pending'));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'money.approvals.view',
    targetType: 'queue',
    detail: { count: rows.length },
  });
  return {
    requests: rows.map(({ request: r, makerEmail }) => ({
      id: r.id,
      kind: r.kind,
      orderId: r.orderId,
      payload: r.payload,
      reason: r.reason,
      state: r.state as 'pending' | 'approved' | 'rejected',
      makerId: r.makerId,
      makerEmail,
      checkerId: r.checkerId,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * POST /api/console/money/approvals/:requestId/approve | reject: a second admin decides. The
 * checker is never the maker (refused here with APPROVAL_SAME_OPERATOR, and by a CHECK in the
 * database); approving applies the drafted action in the same transaction. Naturally idempotent:
 * the same decision again answers with the request as decided.
 */
export async function decideApproval(
  ctx: MoneyContext,
  input: { actor: Actor; requestId: string; decision: 'approved' | 'rejected' },
): Promise<ApprovalQueueResponse['requests'][number]> {
  const now = ctx.clock.now();
  const what = {
    action: input.decision === 'approved' ? 'money.approval.approve' : 'money.approval.reject',
    targetType: 'approval_request',
    targetId: input.requestId,
  };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const [request] = await tx
      .select()
      .from(approvalRequests)
      .where(
        and(eq(approvalRequests.id, input.requestId), inArray(approvalRequests.kind, MONEY_APPROVAL_KINDS)),
      )
      .for('update');
    if (!request) throw new AppError('NOT_FOUND');
    if (request.makerId === input.actor.operatorId) throw new AppError('APPROVAL_SAME_OPERATOR');
    const [maker] = await tx
      .select({ email: operators.email })
      .from(operators)
      .where(eq(operators.id, request.makerId));
    const view = (r: typeof request) => ({
      id: r.id,
      kind: r.kind,
      orderId: r.orderId,
      payload: r.payload,
      reason: r.reason,
      state: r.state as 'pending' | 'approved' | 'rejected',
      makerId: r.makerId,
      makerEmail: maker!.email,
      checkerId: r.checkerId,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    });
    if (request.state !== 'pending') {
      if (request.state === input.decision && request.checkerId === input.actor.operatorId)
        return { result: view(request), audit: { replayed: true, detail: { kind: request.kind } } };
      throw new AppError('APPROVAL_NOT_PENDING');
    }
    if (input.decision === 'approved') await applyApproved(tx, request, input.actor, now);
    const [decided] = await tx
      .update(approvalRequests)
      .set({ state: input.decision, checkerId: input.actor.operatorId, decidedAt: now })
      .where(eq(approvalRequests.id, request.id))
      .returning();
    return {
      result: view(decided!),
      audit: {
        before: { state: 'pending' },
        after: { state: input.decision },
        detail: {
          kind: request.kind,
          makerId: request.makerId,
          orderId: request.orderId,
          // a payer's refund: the account's last digits only (refund-unmatched-payment.ts)
          payload:
            request.kind === PAYER_REFUND_KIND ? auditedPayerRefundPayload(request.payload) : request.payload,
        },
      },
    };
  });
}

async function applyApproved(
  tx: Tx,
  request: typeof approvalRequests.$inferSelect,
  actor: Actor,
  now: Date,
): Promise<void> {
  if (request.kind === 'write_off' && request.orderId) return applyApprovedWriteOff(tx, request, actor, now);
  if (request.kind === 'hardship' && request.orderId) return applyApprovedHardship(tx, request, actor, now);
  if (request.kind === PAYER_REFUND_KIND) return applyApprovedPayerRefund(tx, request, actor, now);
  if (request.kind !== 'waiver' || !request.orderId) throw new AppError('VALIDATION_FAILED');
  const p = request.payload as { lateCharge: string; penalty: string; reference: string };
  const found = await loadLoan(tx, request.orderId, { lock: true });
  if (!found) throw new AppError('NOT_FOUND');
  const outcome = decide(found.loan, {
    type: 'charges_waived',
    lateCharge: BigInt(p.lateCharge),
    penalty: BigInt(p.penalty),
    at: now,
    reference: p.reference,
  });
  await persistLoanOutcome(tx, found.order, outcome, now, {
    by: 'console',
    makerId: request.makerId,
    checkerId: actor.operatorId,
    approvalRequestId: request.id,
    reason: request.reason,
  });
}
