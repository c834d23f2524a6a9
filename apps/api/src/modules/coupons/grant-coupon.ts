import type { CouponType, CouponView } from '@pisonow/domain';
import type { CouponsContext } from './coupons-context.ts';
import { couponView } from './coupon-view.ts';
import { issueCoupon } from './issue-coupon.ts';

/**
 * BE-08 (the operator console, a later issue, will call this): an operator grants a coupon. Keyed
 * by the console's request id, so a double submit grants once. No HTTP route yet: nobody outside
 * the server can issue a coupon.
 */
export async function grantCoupon(
  ctx: CouponsContext,
  input: {
    customerId: string;
    type: CouponType;
    amount: bigint;
    validDays: number;
    requestKey: string;
    minimumAmount?: bigint;
  },
): Promise<CouponView> {
  const now = ctx.clock.now();
  const { coupon } = await ctx.db.transaction((tx) =>
    issueCoupon(tx, {
      customerId: input.customerId,
      rule: 'operator',
      type: input.type,
      amount: input.amount,
      validDays: input.validDays,
      sourceKey: input.requestKey,
      now,
      ...(input.minimumAmount !== undefined ? { minimumAmount: input.minimumAmount } : {}),
    }),
  );
  return couponView(coupon, now);
}
