import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  balanced,
  screenName,
  type unmatchedRefundRequest,
  type UnmatchedRefundResponse,
} from '@pisonow/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { approvalRequests, refunds } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { latestSanctionsList } from '../aml/screen-customer.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import type { Actor } from './audit.ts';
import { auditedAction, type MoneyContext } from './money-context.ts';
import {
  assignmentInForce,
  findUnmatched,
  PAYER_REFUND_KIND,
  payerRefundInForce,
} from './unmatched-money.ts';

/**
 * BE-05: money naming no borrower, back to whoever paid it when they are not our borrower (a
 * stranger paid a payment link made in the provider's dashboard and asks for it back).
 *
 * Two people, because the account is typed by an operator, not registered by a borrower: finance
 * drafts the refund (the account the payer gave, typed twice, and why) as an approval request of
 * kind `payer_refund`; a different admin approves it in the approvals queue
 * (loan-money.ts decideApproval → applyApprovedPayerRefund), and only then does the refund exist
 * and the money leave suspense. From there it is a refund like any other: finance executes the
 * transfer and marks it executed, or marks it returned when it came back. One that cannot be sent
 * where it was approved is cancelled (suspense.ts cancelPayerRefund): the money names nobody again.
 *
 * Ledger, on approval: one balanced transaction moves the amount out of the suspense line that
 * names nobody into refunds payable (`refund:payer:<refund>`); executing pays it out of our float
 * (`refund-paid:<refund>`), as for a borrower's refund.
 *
 * While a draft waits, or while the refund approved stands (not cancelled), the money is resolved:
 * it cannot be assigned to a borrower, and it cannot be drafted again. A rejected draft or a
 * cancelled refund leaves it unresolved. Every action on this money queues on its webhook record's
 * row lock (findUnmatched), so an assignment and a refund can never both take it; the database
 * holds one pending draft per money and one refund that is not cancelled.
 */

/** what the approval request carries: everything the refund will be, centavos as a string */
interface PayerRefundPayload {
  webhookId: string;
  amount: string;
  destination: PayerRefundDestination;
}

/** the refund's destination as stored on the refund: a payout destination with the payee's name */
export interface PayerRefundDestination {
  channel: string;
  providerCode: string;
  account: string;
  payeeName: string;
}

/**
 * POST /api/console/money/unmatched/:unmatchedId/refund: drafts the refund for an admin to approve.
 * The console sends one Idempotency-Key per confirmed submission: the same submission again answers
 * with its draft as it stands now (pending, approved or rejected) and drafts nothing; the key sent
 * with another account is refused (422 IDEMPOTENCY_KEY_REUSED).
 */
export async function draftPayerRefund(
  ctx: MoneyContext,
  input: {
    actor: Actor;
    unmatchedId: string;
    /** the body as the route's contract parsed it */
    request: z.output<typeof unmatchedRefundRequest>;
    requestKey: string;
  },
): Promise<UnmatchedRefundResponse> {
  const now = ctx.clock.now();
  const body = input.request;
  const destination: PayerRefundDestination = {
    channel: body.channel,
    providerCode: body.providerCode,
    account: body.account,
    payeeName: body.payeeName,
  };
  const what = {
    action: 'money.unmatched.refund',
    targetType: 'unmatched_payment',
    targetId: input.unmatchedId,
  };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    // the row every action on this money queues on
    const { hook, posting } = await findUnmatched(tx, input.unmatchedId, { lock: true });
    const idempotencyKey = `${PAYER_REFUND_KIND}:${hook.id}:${input.requestKey}`;
    const [made] = await tx
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.idempotencyKey, idempotencyKey));
    if (made) {
      const p = made.payload as unknown as PayerRefundPayload;
      if (!sameDestination(p.destination, destination)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return {
        result: await response(tx, hook.id, made),
        audit: { replayed: true, detail: { reason: body.reason } },
      };
    }
    if ((await assignmentInForce(tx, hook.id)) || (await payerRefundInForce(tx, hook.id)))
      throw new AppError('UNMATCHED_ALREADY_RESOLVED');
    await refuseListedPayee(tx, destination.payeeName);

    const request = {
      id: randomUUID(),
      kind: PAYER_REFUND_KIND,
      payload: {
        webhookId: hook.id,
        amount: posting.amount.toString(),
        destination,
      } satisfies PayerRefundPayload as unknown as Record<string, unknown>,
      orderId: null,
      reason: body.reason,
      state: 'pending',
      makerId: input.actor.operatorId!,
      checkerId: null,
      idempotencyKey,
      decisionReason: null,
      createdAt: now,
      decidedAt: null,
    };
    await tx.insert(approvalRequests).values(request);
    return {
      result: await response(tx, hook.id, request),
      audit: {
        before: { resolution: null },
        after: { state: 'pending_approval', approvalRequestId: request.id },
        // the account is personal data of someone who is not our borrower: its last digits only
        detail: {
          reason: body.reason,
          amount: posting.amount.toString(),
          channel: destination.channel,
          providerCode: destination.providerCode,
          accountLast4: destination.account.slice(-4),
        },
      },
    };
  });
}

/**
 * The admin approved a draft (loan-money.ts decideApproval, inside its transaction): the refund is
 * recorded, to execute, and the money moves from suspense to refunds payable.
 */
export async function applyApprovedPayerRefund(
  tx: Tx,
  request: typeof approvalRequests.$inferSelect,
  actor: Actor,
  now: Date,
): Promise<void> {
  const p = request.payload as unknown as PayerRefundPayload;
  const { hook, posting } = await findUnmatched(tx, p.webhookId, { lock: true });
  // drafting refuses money assigned or refunded, and assigning refuses money with a draft: this
  // cannot happen unless the rows were changed by hand, and then nobody is paid twice
  // (this draft waiting is in force itself: only a refund standing counts here)
  if (
    (await assignmentInForce(tx, hook.id)) ||
    (await payerRefundInForce(tx, hook.id))?.refund ||
    posting.amount !== BigInt(p.amount)
  )
    throw new AppError('UNMATCHED_ALREADY_RESOLVED');
  // screened again: the list may have been re-imported since the draft
  await refuseListedPayee(tx, p.destination.payeeName);
  const refundId = randomUUID();
  await postLedgerTransaction(tx, {
    kind: 'refund',
    // per refund: money whose refund was cancelled and approved again moves again
    idempotencyKey: `refund:payer:${refundId}`,
    reference: refundId,
    entries: balanced([
      { account: 'suspense', amount: posting.amount },
      { account: 'refunds_payable', amount: -posting.amount },
    ]),
    at: now,
  });
  await tx.insert(refunds).values({
    id: refundId,
    webhookId: hook.id,
    approvalRequestId: request.id,
    amount: posting.amount,
    reason: 'payer_not_borrower',
    destination: { ...p.destination },
    state: 'to_execute',
    decidedBy: actor.operatorId!,
    createdAt: now,
  });
}

/**
 * BE-14: money is never sent to someone who may be on the designated-persons list. The payee is
 * screened by name against the newest list (we have no birth date to lower a match) when finance
 * drafts the refund and again when an admin approves it; a possible match refuses both
 * (`409 PAYEE_SANCTIONS_MATCH`, audited as refused), and the money stays in suspense for compliance.
 */
async function refuseListedPayee(tx: Tx, payeeName: string): Promise<void> {
  const list = await latestSanctionsList(tx);
  if (list && screenName(payeeName, list.people).outcome === 'possible_match')
    throw new AppError('PAYEE_SANCTIONS_MATCH');
}

function sameDestination(a: PayerRefundDestination, b: PayerRefundDestination): boolean {
  return (
    a.channel === b.channel &&
    a.providerCode === b.providerCode &&
    a.account === b.account &&
    a.payeeName === b.payeeName
  );
}

async function response(
  tx: Tx,
  webhookId: string,
  request: { id: string; state: string; payload: Record<string, unknown> },
): Promise<UnmatchedRefundResponse> {
  const [refund] =
    request.state === 'approved'
      ? await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.approvalRequestId, request.id))
      : [];
  return {
    id: webhookId,
    approvalRequestId: request.id,
    amount: String((request.payload as unknown as PayerRefundPayload).amount),
    state:
      request.state === 'approved'
        ? 'approved'
        : request.state === 'rejected'
          ? 'rejected'
          : 'pending_approval',
    refundId: refund?.id ?? null,
  };
}

/**
 * What the audit trail keeps of a payer refund's draft: the account's last four digits, never the
 * whole number or the payee's name (personal data of someone who is not our borrower; the refund
 * keeps them, for the transfer).
 */
export function auditedPayerRefundPayload(payload: Record<string, unknown>): Record<string, unknown> {
  const p = payload as unknown as PayerRefundPayload;
  return {
    webhookId: p.webhookId,
    amount: p.amount,
    channel: p.destination.channel,
    providerCode: p.destination.providerCode,
    accountLast4: p.destination.account.slice(-4),
  };
}
