import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { couponValidUntil, manilaDate, type CouponRule, type CouponType } from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { coupons } from '../../db/schema/index.ts';
import { recordMessage } from '../messages/record-message.ts';
import type { CouponRow } from './coupon-view.ts';

/**
 * Grants a coupon inside the caller's transaction, once per (customer, rule, sourceKey): a re-run
 * job, a replayed event or two concurrent requests find the first grant and get it back
 * (`created: false`). Rule grants: the installation (SH-15), the Easy Re-loan activation voucher
 * and rewards (ST-08, ST-09), the ₱50 re-loan discount; the console's grants come through
 * grantCoupon. There is no unauthenticated or borrower route that issues a coupon.
 */
export async function issueCoupon(
  tx: Tx,
  input: {
    customerId: string;
    rule: CouponRule;
    type: CouponType;
    amount: bigint;
    validDays: number;
    sourceKey: string;
    now: Date;
    minimumAmount?: bigint;
    fullRepaymentOnly?: boolean;
  },
): Promise<{ coupon: CouponRow; created: boolean }> {
  if (input.amount <= 0n) throw new RangeError('a coupon deducts a positive amount');
  const row: CouponRow = {
    id: randomUUID(),
    customerId: input.customerId,
    rule: input.rule,
    sourceKey: input.sourceKey,
    type: input.type,
    state: 'usable',
    amount: input.amount,
    minimumAmount: input.minimumAmount ?? 0n,
    fullRepaymentOnly: input.fullRepaymentOnly ?? false,
    validFrom: input.now,
    validUntil: couponValidUntil(input.now, input.validDays),
    reservedBy: null,
    usedAt: null,
    usedOnOrderId: null,
    usedOnRepaymentId: null,
    deducted: null,
    invalidReason: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
  const inserted = await tx.insert(coupons).values(row).onConflictDoNothing().returning();
  if (inserted[0]) {
    // EN-08: the borrower is told of a coupon they can use later (not of the re-loan discount,
    // which is spent on its order at once)
    if (input.rule !== 'easy_reloan_discount')
      await recordMessage(tx, {
        customerId: input.customerId,
        event: 'coupon_granted',
        params: { amount: input.amount.toString(), date: manilaDate(row.validUntil) },
        dedupeKey: `coupon:${inserted[0].id}`,
        at: input.now,
      });
    return { coupon: inserted[0], created: true };
  }
  const [existing] = await tx
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.customerId, input.customerId),
        eq(coupons.rule, input.rule),
        eq(coupons.sourceKey, input.sourceKey),
      ),
    );
  return { coupon: existing!, created: false };
}

/** A coupon withdrawn (ST-08: the activation voucher forfeited by switching off). Only a usable one. */
export async function invalidateCoupon(
  tx: Tx,
  input: { couponId: string; reason: string; now: Date },
): Promise<boolean> {
  const done = await tx
    .update(coupons)
    .set({ state: 'invalid', invalidReason: input.reason, reservedBy: null, updatedAt: input.now })
    .where(and(eq(coupons.id, input.couponId), eq(coupons.state, 'usable')))
    .returning({ id: coupons.id });
  return done.length > 0;
}
