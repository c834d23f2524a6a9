import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  isServicing,
  HARDSHIP_MAX_DAYS,
  addDays,
  daysBetween,
  manilaDate,
  type HardshipPlanResponse,
} from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import {
  approvalRequests,
  loanChargePauses,
  loanWriteOffs,
  orderEvents,
  orders,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordMessage } from '../messages/record-message.ts';
import { loadLoan } from '../servicing/loan-record.ts';
import type { Actor } from './audit.ts';
import { auditedAction, type MoneyContext } from './money-context.ts';

/**
 * A loan may go on a hardship plan while it is being repaid, is not written off, has no pause
 * running (a dispute) and the plan ends within HARDSHIP_MAX_DAYS of `today`.
 */
async function checkEligible(tx: Tx, orderId: string, today: string, until: string) {
  const found = await loadLoan(tx, orderId, { lock: true });
  if (!found) throw new AppError('NOT_FOUND');
  const [writtenOff] = await tx
    .select({ id: loanWriteOffs.id })
    .from(loanWriteOffs)
    .where(eq(loanWriteOffs.orderId, orderId));
  const [open] = await tx
    .select({ id: loanChargePauses.id })
    .from(loanChargePauses)
    .where(and(eq(loanChargePauses.orderId, orderId), isNull(loanChargePauses.untilDate)));
  // a plan already running to or past this one's end leaves it nothing to do
  const [last] = await tx
    .select({ untilDate: loanChargePauses.untilDate })
    .from(loanChargePauses)
    .where(and(eq(loanChargePauses.orderId, orderId), isNotNull(loanChargePauses.untilDate)))
    .orderBy(desc(loanChargePauses.untilDate))
    .limit(1);
  const covered = last?.untilDate ? addDays(until, 1) <= last.untilDate : false;
  const days = daysBetween(today, until);
  if (
    !isServicing(found.order.status) ||
    writtenOff ||
    open ||
    covered ||
    days < 1 ||
    days > HARDSHIP_MAX_DAYS
  )
    throw new AppError('HARDSHIP_NOT_ELIGIBLE', { params: { count: HARDSHIP_MAX_DAYS } });
  return { ...found, lastPauseUntil: last?.untilDate ?? null };
}

/**
 * POST /api/console/money/loans/:orderId/hardship (BE-15), finance: drafts a hardship plan — no
 * late charge or penalty from tomorrow until the plan's last day, by which the borrower pays — for
 * an admin to approve (maker-checker). A plan can only take charges away, so it stays inside every
 * cap (the property test in charge-pauses.test.ts). Asking again for the same loan and day answers
 * with the same draft.
 */
export async function requestHardshipPlan(
  ctx: MoneyContext,
  input: { actor: Actor; orderId: string; until: string; reason: string },
): Promise<HardshipPlanResponse> {
  const now = ctx.clock.now();
  const today = manilaDate(now);
  const what = { action: 'money.hardship.request', targetType: 'order', targetId: input.orderId };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const key = `hardship:${input.orderId}:${input.until}`;
    // SH-13: the loan is locked before looking for the draft, so two submits at once draft one
    // (looked up first, both found none and the second insert broke the key's unique index)
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND');
    const [drafted] = await tx
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.idempotencyKey, key));
    if (drafted)
      return {
        result: {
          state:
            drafted.state === 'approved'
              ? 'active'
              : drafted.state === 'rejected'
                ? 'rejected'
                : 'pending_approval',
          approvalRequestId: drafted.id,
          until: input.until,
        },
        audit: { replayed: true, detail: { reason: input.reason } },
      };
    await checkEligible(tx, input.orderId, today, input.until);
    const id = randomUUID();
    await tx.insert(approvalRequests).values({
      id,
      kind: 'hardship',
      payload: { until: input.until },
      orderId: input.orderId,
      reason: input.reason,
      state: 'pending',
      makerId: input.actor.operatorId!,
      idempotencyKey: key,
      createdAt: now,
    });
    return {
      result: { state: 'pending_approval', approvalRequestId: id, until: input.until },
      audit: {
        after: { state: 'pending_approval', approvalRequestId: id },
        detail: { reason: input.reason, until: input.until },
      },
    };
  });
}

/**
 * The approved plan, in the checker's transaction: a charge pause (reason `hardship`) from
 * tomorrow (or the end of an earlier pause) through the plan's last day, the event on the order's
 * history, and the borrower told in the message centre with the date to pay by.
 */
export async function applyApprovedHardship(
  tx: Tx,
  request: typeof approvalRequests.$inferSelect,
  actor: Actor,
  now: Date,
): Promise<void> {
  const orderId = request.orderId!;
  const { until } = request.payload as { until: string };
  const today = manilaDate(now);
  const found = await checkEligible(tx, orderId, today, until);
  const tomorrow = addDays(today, 1);
  const last = found.lastPauseUntil;
  // pauses never overlap: this one starts where a running one ends (checkEligible: it ends later)
  const from = last && last > tomorrow ? last : tomorrow;
  await tx.insert(loanChargePauses).values({
    id: randomUUID(),
    orderId,
    reason: 'hardship',
    fromDate: from,
    untilDate: addDays(until, 1),
    createdAt: now,
  });
  await tx.insert(orderEvents).values({
    id: randomUUID(),
    orderId,
    event: 'hardship_plan_approved',
    fromStatus: found.order.status,
    toStatus: found.order.status,
    detail: { until, approvalRequestId: request.id, checkerId: actor.operatorId },
    occurredAt: now,
  });
  await recordMessage(tx, {
    customerId: found.order.customerId,
    orderId,
    event: 'hardship_plan_approved',
    params: { date: until },
    dedupeKey: `hardship:${request.id}`,
    at: now,
  });
}
