import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  WRITE_OFF_MIN_DAYS_PAST_DUE,
  addDays,
  manilaDate,
  writeOffEntries,
  writeOffQuote,
  type WriteOffResponse,
} from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import {
  approvalRequests,
  loanChargePauses,
  loanWriteOffs,
  orderEvents,
  paymentDisputes,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import { loadLoan } from '../servicing/loan-record.ts';
import type { Actor } from './audit.ts';
import { auditedAction, type MoneyContext } from './money-context.ts';

/** A loan may be written off when its rules allow it (writeOffQuote) and no payment dispute is open. */
async function eligibleAmount(tx: Tx, orderId: string, day: string): Promise<bigint> {
  const found = await loadLoan(tx, orderId, { lock: true });
  if (!found) throw new AppError('NOT_FOUND');
  const quote = writeOffQuote(found.loan, day);
  const [disputed] = await tx
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.orderId, orderId), eq(paymentDisputes.status, 'open')));
  if (!quote.eligible || disputed)
    throw new AppError('WRITE_OFF_NOT_ELIGIBLE', { params: { count: WRITE_OFF_MIN_DAYS_PAST_DUE } });
  return quote.amount;
}

/**
 * POST /api/console/money/loans/:orderId/write-off (BE-15), finance: drafts the write-off of a loan
 * long past due, with a reason, for an admin to approve (maker-checker: approval_requests kind
 * `write_off`; decided under /approvals like a large waiver). One per loan: asking again answers
 * with the request already drafted.
 */
export async function requestWriteOff(
  ctx: MoneyContext,
  input: { actor: Actor; orderId: string; reason: string },
): Promise<WriteOffResponse> {
  const now = ctx.clock.now();
  const what = { action: 'money.write_off.request', targetType: 'order', targetId: input.orderId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const key = `write_off:${input.orderId}`;
    // the loan is locked while deciding, so two requests at once draft one
    if (!(await loadLoan(tx, input.orderId, { lock: true }))) throw new AppError('NOT_FOUND');
    // the draft in force: pending or approved (a rejected one leaves room for a new draft, only one)
    const drafts = await tx
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.kind, 'write_off'), eq(approvalRequests.orderId, input.orderId)));
    const drafted = drafts.find((d) => d.state !== 'rejected') ?? drafts[0];
    if (drafted && drafted.state !== 'rejected')
      return {
        result: {
          state: drafted.state === 'approved' ? 'written_off' : 'pending_approval',
          approvalRequestId: drafted.id,
          amount: String((drafted.payload as { amount: string }).amount),
        },
        audit: { replayed: true, detail: { reason: input.reason } },
      };
    const amount = await eligibleAmount(tx, input.orderId, manilaDate(now));
    const id = randomUUID();
    // a rejected draft keeps its key; a new draft after it gets its own
    const idempotencyKey = drafted ? `${key}:${id}` : key;
    await tx.insert(approvalRequests).values({
      id,
      kind: 'write_off',
      payload: { amount: amount.toString() },
      orderId: input.orderId,
      reason: input.reason,
      state: 'pending',
      makerId: input.actor.operatorId!,
      idempotencyKey,
      createdAt: now,
    });
    return {
      result: { state: 'pending_approval', approvalRequestId: id, amount: amount.toString() },
      audit: {
        after: { state: 'pending_approval', approvalRequestId: id },
        detail: { reason: input.reason, amount: amount.toString() },
      },
    };
  });
}

/**
 * The approved write-off, inside the checker's transaction: the loan's book value as it stands
 * today goes to credit loss against the allowance (one balanced posting, keyed by the loan: never
 * twice); charges stop from tomorrow (an open charge pause); the event is on the order's history.
 * The status stays what it is: the borrower still owes the balance and is still reported to the CIC.
 */
export async function applyApprovedWriteOff(
  tx: Tx,
  request: typeof approvalRequests.$inferSelect,
  actor: Actor,
  now: Date,
): Promise<void> {
  const orderId = request.orderId!;
  const today = manilaDate(now);
  const amount = await eligibleAmount(tx, orderId, today);
  const found = (await loadLoan(tx, orderId))!;
  const { transactionId } = await postLedgerTransaction(tx, {
    kind: 'write_off',
    idempotencyKey: `write_off:${orderId}`,
    customerId: found.order.customerId,
    orderId,
    reference: request.id,
    entries: writeOffEntries(amount),
    at: now,
  });
  await tx.insert(loanWriteOffs).values({
    id: randomUUID(),
    orderId,
    amount,
    writtenOffOn: today,
    reason: request.reason,
    approvalRequestId: request.id,
    makerId: request.makerId,
    checkerId: actor.operatorId!,
    ledgerTransactionId: transactionId,
    createdAt: now,
  });
  const [open] = await tx
    .select({ id: loanChargePauses.id })
    .from(loanChargePauses)
    .where(and(eq(loanChargePauses.orderId, orderId), isNull(loanChargePauses.untilDate)));
  if (!open) {
    const from = addDays(today, 1);
    // Pauses never overlap (chargeableOverdueDays adds up their days): a hardship plan still
    // running past tomorrow ends where the write-off's pause begins, else its days would count twice
    // and the bill would fall below what was charged.
    await tx
      .update(loanChargePauses)
      .set({ untilDate: sql`greatest(${loanChargePauses.fromDate}, ${from})`, endedAt: now })
      .where(and(eq(loanChargePauses.orderId, orderId), gt(loanChargePauses.untilDate, from)));
    await tx.insert(loanChargePauses).values({
      id: randomUUID(),
      orderId,
      reason: 'write_off',
      fromDate: from,
      createdAt: now,
    });
  }
  await tx.insert(orderEvents).values({
    id: randomUUID(),
    orderId,
    event: 'written_off',
    fromStatus: found.order.status,
    toStatus: found.order.status,
    detail: { amount: amount.toString(), approvalRequestId: request.id, checkerId: actor.operatorId },
    occurredAt: now,
  });
}
