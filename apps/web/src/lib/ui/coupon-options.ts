import type { CouponView } from '@pisonow/domain';
import { couponDeduction, couponRefusal, type CouponUse } from '@pisonow/domain/engagement/coupon-rules';

/** Which of the borrower's coupons the picker offers (EN-07), as pure functions. */

const domainCoupon = (c: CouponView) => ({
  type: c.type,
  state: c.state,
  amount: BigInt(c.amount),
  minimumAmount: BigInt(c.minimumAmount),
  validFrom: new Date(c.validFrom),
  validUntil: new Date(c.validUntil),
  fullRepaymentOnly: c.fullRepaymentOnly,
  usedAt: null,
});

/** The coupons of the list that apply to `use` now, each with what it deducts (the server decides again). */
export function applicableCoupons(
  coupons: readonly CouponView[],
  use: CouponUse,
  now: Date,
): { coupon: CouponView; deduction: bigint }[] {
  return coupons
    .filter((c) => couponRefusal(domainCoupon(c), use, now) === null)
    .map((c) => ({ coupon: c, deduction: couponDeduction(domainCoupon(c), use.appliesTo) }))
    .filter((x) => x.deduction > 0n && (use.kind === 'withdrawal' || x.deduction < use.appliesTo));
}

/**
 * The server's time now, from the time it said it read the list at (`asOf`) and how long ago the
 * list arrived: coupon windows are judged by the server's clock, which a phone's can be minutes
 * (or, against the sandbox's test clock, days) away from.
 */
export function serverNow(asOf: string, receivedAt: number, deviceNow: Date): Date {
  const at = Date.parse(asOf);
  const since = Math.max(0, deviceNow.getTime() - receivedAt);
  return Number.isNaN(at) ? deviceNow : new Date(at + since);
}
