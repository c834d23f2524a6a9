import { couponStateAt, type CouponRule, type CouponType, type CouponView } from '@pisonow/domain';
import type { coupons } from '../../db/schema/index.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** A coupon as the borrower sees it (EN-07); a usable coupon past its window reads expired. */
export function couponView(row: CouponRow, now: Date): CouponView {
  return {
    id: row.id,
    type: row.type as CouponType,
    state: couponStateAt({ state: row.state as CouponView['state'], validUntil: row.validUntil }, now),
    rule: row.rule as CouponRule,
    amount: row.amount.toString(),
    minimumAmount: row.minimumAmount.toString(),
    fullRepaymentOnly: row.fullRepaymentOnly,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

/** The domain's shape of a row (for couponRefusal). */
export function couponOf(row: CouponRow) {
  return {
    type: row.type as CouponType,
    state: row.state as CouponView['state'],
    amount: row.amount,
    minimumAmount: row.minimumAmount,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    fullRepaymentOnly: row.fullRepaymentOnly,
    usedAt: row.usedAt,
  };
}
