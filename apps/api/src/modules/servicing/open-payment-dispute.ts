import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  isServicing,
  manilaDate,
  type DisputeView,
  type OpenDisputeRequest,
} from '@pisonow/domain';
import { loanChargePauses, orderEvents, orders, paymentDisputes, photos } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { disputeView } from './dispute-view.ts';
import type { ServicingContext } from './servicing-context.ts';

/**
 * BE-10: "I paid but it is not showing". The borrower reports a payment with its reference, amount,
 * Manila date and a receipt photo; from tomorrow the loan's late charge and penalty stop running (a
 * charge pause, recorded with the dispute) until the console matches or rejects it. Tomorrow: the
 * day job has already charged today, and a charge once posted is not taken back by a pause, so
 * the bill, the statement and the ledger keep telling the same figures. One open
 * dispute per loan; a loan that is not being repaid cannot be disputed. All or nothing, in one
 * transaction with the order row locked (a day job cannot interleave); the route requires an
 * Idempotency-Key, so a double tap opens one dispute.
 */
export async function openPaymentDispute(
  ctx: ServicingContext,
  input: { customerId: string; orderId: string; request: OpenDisputeRequest },
): Promise<DisputeView> {
  const now = ctx.clock.now();
  const today = manilaDate(now);
  const { request } = input;
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(ownedBy(orders, input.customerId, eq(orders.id, input.orderId)))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND');
    if (!isServicing(order.status) || !order.disbursedAt) throw new AppError('DISPUTE_NOT_ALLOWED');
    if (
      daysBetween(request.paidOn, today) < 0 ||
      daysBetween(manilaDate(order.disbursedAt), request.paidOn) < 0
    )
      throw new AppError('DISPUTE_DATE_INVALID');
    const [receipt] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(
        ownedBy(
          photos,
          input.customerId,
          eq(photos.id, request.receiptPhotoId),
          eq(photos.kind, 'paymentReceipt'),
          eq(photos.status, 'accepted'),
        ),
      );
    if (!receipt) throw new AppError('DISPUTE_RECEIPT_REQUIRED');
    const [open] = await tx
      .select({ id: paymentDisputes.id })
      .from(paymentDisputes)
      .where(and(eq(paymentDisputes.orderId, order.id), eq(paymentDisputes.status, 'open')));
    if (open) throw new AppError('DISPUTE_ALREADY_OPEN');
    // pauses never overlap: a new one starts no earlier than the last one ended
    const [last] = await tx
      .select({ untilDate: loanChargePauses.untilDate })
      .from(loanChargePauses)
      .where(and(eq(loanChargePauses.orderId, order.id), isNotNull(loanChargePauses.untilDate)))
      .orderBy(desc(loanChargePauses.untilDate))
      .limit(1);
    const tomorrow = addDays(today, 1);
    const from = last?.untilDate && last.untilDate > tomorrow ? last.untilDate : tomorrow;

    const [dispute] = await tx
      .insert(paymentDisputes)
      .values({
        id: randomUUID(),
        orderId: order.id,
        customerId: input.customerId,
        providerCode: request.providerCode,
        reference: request.reference,
        amount: BigInt(request.amount),
        paidOn: request.paidOn,
        receiptPhotoId: receipt.id,
        status: 'open',
        createdAt: now,
      })
      .returning();
    // charges may already be stopped for good (a written-off loan, BE-15): then no pause of its own
    const [stopped] = await tx
      .select({ id: loanChargePauses.id })
      .from(loanChargePauses)
      .where(and(eq(loanChargePauses.orderId, order.id), isNull(loanChargePauses.untilDate)));
    const [pause] = stopped
      ? []
      : await tx
          .insert(loanChargePauses)
          .values({
            id: randomUUID(),
            orderId: order.id,
            reason: 'dispute',
            disputeId: dispute!.id,
            fromDate: from,
            createdAt: now,
          })
          .returning();
    await tx.insert(orderEvents).values({
      id: randomUUID(),
      orderId: order.id,
      event: 'payment_disputed',
      fromStatus: order.status,
      toStatus: order.status,
      detail: { disputeId: dispute!.id, chargesPausedFrom: from },
      occurredAt: now,
    });
    return disputeView(dispute!, pause);
  });
}
