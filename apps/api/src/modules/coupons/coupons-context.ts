import type { FastifyInstance } from 'fastify';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';

/**
 * What the coupon use cases need, built once by the module's routes (`couponsContext(app)`).
 * Use cases: listCoupons, grantCoupon (the console's, no borrower route), expireCoupons,
 * reportStandaloneLaunch. Not use cases, and so in their own shape: the helpers that run inside the
 * caller's transaction and take `tx` (issueCoupon, reserveRepaymentCoupon, consumeRepaymentCoupon,
 * withdrawalCouponFor, useWithdrawalCoupon, invalidateCoupon: the servicing, orders and Easy
 * Re-loan paths call them in their own transactions), and the pure couponView.
 */
export type CouponsContext = BaseContext;

export function couponsContext(app: FastifyInstance): CouponsContext {
  return baseContext(app);
}
