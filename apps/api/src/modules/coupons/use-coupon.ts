import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { couponDeduction, couponRefusal, type CouponUse } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { coupons, repayments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { applyEasyReloan } from '../easy-reloan/easy-reloan-record.ts';
import { couponOf, type CouponRow } from './coupon-view.ts';

/**
 * Using a coupon (EN-07, ER-01). When a coupon is held and when it is spent:
 *
 * - Repayment: RESERVED by the repayment attempt (startRepayment), whose requested amount is the
 *   amount due minus the deduction; CONSUMED by the collection webhook that applies that attempt's
 *   payment, in the same transaction as the `coupon` loan transaction and its ledger posting; and
 *   RELEASED implicitly when the attempt ends unpaid (expired, failed, or its payment held): a
 *   reservation counts only while its attempt is pending and open, so nothing has to undo it.
 *   GIVEN BACK when the extension it paid is reversed because a full payment made before it had
 *   settled the loan (CO-02: giveRepaymentCouponBack).
 * - Withdrawal: checked when the order is priced, CONSUMED by placeOrder's transaction (the row
 *   locked), so the order and the spent coupon commit together or not at all.
 *
 * Every refusal is 422 COUPON_UNAVAILABLE ("Unavailable coupon…") and writes nothing. Another
 * borrower's coupon is not found, which reads the same.
 */

async function lockedCoupon(tx: Tx, customerId: string, couponId: string): Promise<CouponRow> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(ownedBy(coupons, customerId, eq(coupons.id, couponId)))
    .for('update');
  if (!row) throw new AppError('COUPON_UNAVAILABLE');
  return row;
}

/** Is the coupon held by another repayment attempt that can still be paid? */
async function heldElsewhere(tx: Tx, row: CouponRow, now: Date, self?: string): Promise<boolean> {
  if (!row.reservedBy || row.reservedBy === self) return false;
  const [attempt] = await tx
    .select({ state: repayments.state, expiresAt: repayments.expiresAt })
    .from(repayments)
    .where(eq(repayments.id, row.reservedBy));
  return !!attempt && attempt.state === 'pending' && attempt.expiresAt > now;
}

/**
 * Reserves a repayment coupon for a new attempt (inside startRepayment's transaction, the order row
 * locked). Returns what it deducts; the attempt asks the provider for `amountDue - deduction`.
 */
export async function reserveRepaymentCoupon(
  tx: Tx,
  input: {
    customerId: string;
    couponId: string;
    repaymentId: string;
    purpose: 'full' | 'extension';
    amountDue: bigint;
    now: Date;
  },
): Promise<{ deduction: bigint }> {
  const row = await lockedCoupon(tx, input.customerId, input.couponId);
  const use: CouponUse = { kind: 'repayment', purpose: input.purpose, appliesTo: input.amountDue };
  if (couponRefusal(couponOf(row), use, input.now) !== null) throw new AppError('COUPON_UNAVAILABLE');
  if (await heldElsewhere(tx, row, input.now)) throw new AppError('COUPON_UNAVAILABLE');
  const deduction = couponDeduction(row, input.amountDue);
  // a collection for nothing cannot be opened: the coupon must leave something to pay
  if (deduction <= 0n || deduction >= input.amountDue) throw new AppError('COUPON_UNAVAILABLE');
  await tx
    .update(coupons)
    .set({ reservedBy: input.repaymentId, updatedAt: input.now })
    .where(eq(coupons.id, row.id));
  return { deduction };
}

/**
 * The coupon an attempt's payment may apply (the collection webhook, order and attempt locked):
 * the one this attempt reserved, unless it is spent or withdrawn. A reservation made while the
 * coupon was valid is honoured even if its window closed since.
 *
 * Paid while the attempt was open (BE-10: a payment counts as of the payer's paid-at time), the
 * payment takes the coupon back if a later attempt re-reserved it meanwhile: an attempt holds its
 * coupon only until it expires (Manila midnight), and a borrower who saw no confirmation yet may
 * open another one with the same coupon. The payer paid exactly what this attempt asked (the
 * amount due less the coupon); without the coupon that payment was held as another amount, and
 * the loan ran into overdue charges on money already paid (found in review). The later attempt,
 * if it is paid too, is a second payment and is held in suspense as one.
 *
 * Spent meanwhile on an extension paid after this full payment (the later attempt was an extension
 * and was paid first), the coupon is this payment's too (`fromExtension`): settling the loan as of
 * its paid-at, this payment reverses that extension (CO-02, settledBeforeExtensions), which paid
 * nothing after all and gives the coupon back (recordReversedExtensions); takeCouponBack then
 * reserves it for this attempt, which spends it. Without it this payment, exactly what its attempt
 * asked, was held as another amount (found in review). A payment that does not settle the loan
 * (held) uses no coupon, and the extension keeps it.
 */
export async function reservedCouponFor(
  tx: Tx,
  attempt: {
    id: string;
    customerId: string;
    purpose: string;
    couponId: string | null;
    couponAmount: bigint;
    expiresAt: Date;
  },
  paidAt: Date,
  now: Date,
): Promise<{ couponId: string; amount: bigint; fromExtension?: string } | null> {
  if (!attempt.couponId || attempt.couponAmount <= 0n) return null;
  const [row] = await tx
    .select()
    .from(coupons)
    .where(ownedBy(coupons, attempt.customerId, eq(coupons.id, attempt.couponId)))
    .for('update');
  if (!row) return null;
  if (row.state === 'used') {
    if (attempt.purpose !== 'full' || paidAt > attempt.expiresAt || !row.usedOnRepaymentId) return null;
    const [spentOn] = await tx
      .select({ purpose: repayments.purpose, paidAt: repayments.paidAt })
      .from(repayments)
      .where(eq(repayments.id, row.usedOnRepaymentId));
    if (spentOn?.purpose !== 'extension' || !spentOn.paidAt || spentOn.paidAt <= paidAt) return null;
    return { couponId: row.id, amount: attempt.couponAmount, fromExtension: row.usedOnRepaymentId };
  }
  if (row.state !== 'usable' && row.state !== 'expired') return null;
  if (row.reservedBy !== attempt.id) {
    if (paidAt > attempt.expiresAt) return null;
    await tx.update(coupons).set({ reservedBy: attempt.id, updatedAt: now }).where(eq(coupons.id, row.id));
  }
  return { couponId: row.id, amount: attempt.couponAmount };
}

/**
 * The coupon a reversed extension gave back, reserved again for the full payment that reversed it
 * (reservedCouponFor's `fromExtension`, after recordReversedExtensions), so that payment spends it.
 * Reserves nothing when the coupon did not come back.
 */
export async function takeCouponBack(
  tx: Tx,
  input: { couponId: string; repaymentId: string; now: Date },
): Promise<void> {
  await tx
    .update(coupons)
    .set({ reservedBy: input.repaymentId, updatedAt: input.now })
    .where(
      and(
        eq(coupons.id, input.couponId),
        isNull(coupons.reservedBy),
        inArray(coupons.state, ['usable', 'expired']),
      ),
    );
}

/**
 * Spends the reserved coupon once the payment was applied (same transaction as the coupon loan
 * transaction). The activation voucher of Easy Re-loan tells Easy Re-loan it was used (ST-08).
 */
export async function consumeRepaymentCoupon(
  tx: Tx,
  input: {
    couponId: string;
    repaymentId: string;
    orderId: string;
    customerId: string;
    deducted: bigint;
    now: Date;
  },
): Promise<void> {
  const [spent] = await tx
    .update(coupons)
    .set({
      state: 'used',
      usedAt: input.now,
      usedOnRepaymentId: input.repaymentId,
      usedOnOrderId: input.orderId,
      deducted: input.deducted,
      updatedAt: input.now,
    })
    .where(and(eq(coupons.id, input.couponId), eq(coupons.reservedBy, input.repaymentId)))
    .returning({ rule: coupons.rule });
  if (spent?.rule === 'easy_reloan_activation')
    await applyEasyReloan(tx, {
      customerId: input.customerId,
      event: { type: 'activation_voucher_used' },
      now: input.now,
    });
}

/**
 * CO-02: a repayment coupon spent on an extension that a full payment made before it reversed
 * (settledBeforeExtensions): the extension bought nothing, so the coupon paid nothing, and the
 * borrower has it back (same transaction as the reversal): usable again while its window is open,
 * expired once it has closed (as expireCoupons would have made it), never left spent. Easy
 * Re-loan's activation voucher tells Easy Re-loan it came back (ST-08: a used voucher blocks
 * switching off; one given back must not). Returns the state it is in now; null when it was not
 * spent on that repayment (nothing to give back).
 */
export async function giveRepaymentCouponBack(
  tx: Tx,
  input: { customerId: string; repaymentId: string; now: Date },
): Promise<'usable' | 'expired' | null> {
  const [back] = await tx
    .update(coupons)
    .set({
      state: sql`case when ${coupons.validUntil} > ${input.now} then 'usable' else 'expired' end`,
      reservedBy: null,
      usedAt: null,
      usedOnRepaymentId: null,
      usedOnOrderId: null,
      deducted: null,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(coupons.customerId, input.customerId),
        eq(coupons.state, 'used'),
        eq(coupons.usedOnRepaymentId, input.repaymentId),
      ),
    )
    .returning({ state: coupons.state, rule: coupons.rule });
  if (!back) return null;
  if (back.rule === 'easy_reloan_activation')
    await applyEasyReloan(tx, {
      customerId: input.customerId,
      event: { type: 'activation_voucher_returned' },
      now: input.now,
    });
  return back.state as 'usable' | 'expired';
}

/**
 * What a withdrawal coupon takes off the service fee of an order being priced (read, no lock):
 * refused with COUPON_UNAVAILABLE when its conditions fail.
 */
export async function withdrawalCouponFor(
  db: Db | Tx,
  input: { customerId: string; couponId: string; grossServiceFee: bigint; now: Date },
): Promise<bigint> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(ownedBy(coupons, input.customerId, eq(coupons.id, input.couponId)));
  if (!row) throw new AppError('COUPON_UNAVAILABLE');
  const use: CouponUse = { kind: 'withdrawal', appliesTo: input.grossServiceFee };
  if (couponRefusal(couponOf(row), use, input.now) !== null) throw new AppError('COUPON_UNAVAILABLE');
  return couponDeduction(row, input.grossServiceFee);
}

/** Spends a withdrawal coupon on the order booked in this transaction (row locked, checked again). */
export async function useWithdrawalCoupon(
  tx: Tx,
  input: {
    customerId: string;
    couponId: string;
    orderId: string;
    grossServiceFee: bigint;
    deducted: bigint;
    now: Date;
  },
): Promise<void> {
  const row = await lockedCoupon(tx, input.customerId, input.couponId);
  const use: CouponUse = { kind: 'withdrawal', appliesTo: input.grossServiceFee };
  if (couponRefusal(couponOf(row), use, input.now) !== null) throw new AppError('COUPON_UNAVAILABLE');
  if (couponDeduction(row, input.grossServiceFee) !== input.deducted)
    throw new AppError('COUPON_UNAVAILABLE');
  await tx
    .update(coupons)
    .set({
      state: 'used',
      usedAt: input.now,
      usedOnOrderId: input.orderId,
      deducted: input.deducted,
      updatedAt: input.now,
    })
    .where(eq(coupons.id, row.id));
}
