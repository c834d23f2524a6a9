import { z } from 'zod';
import { centavosString } from '../contracts/lending.ts';
import { COUPON_RULES, COUPON_STATES, COUPON_TYPES } from './coupon-rules.ts';

/** Coupons (EN-07, SH-15): the rules (coupon-rules.ts) and their wire contracts. */
export * from './coupon-rules.ts';

// ---- contracts (the wire) ----

export const couponView = z.object({
  id: z.uuid(),
  type: z.enum(COUPON_TYPES),
  state: z.enum(COUPON_STATES),
  rule: z.enum(COUPON_RULES),
  amount: centavosString,
  minimumAmount: centavosString,
  fullRepaymentOnly: z.boolean(),
  validFrom: z.string(),
  validUntil: z.string(),
  usedAt: z.string().nullable(),
});
export type CouponView = z.infer<typeof couponView>;

export const couponListResponse = z.object({
  coupons: z.array(couponView),
  /**
   * The server's time the list was read at (its test clock in the sandbox). The app judges a
   * coupon's window by it, not by the phone's clock: a phone a few minutes behind would otherwise
   * hide a coupon granted a moment ago, and one ahead would offer an expired one.
   */
  asOf: z.string(),
});
export type CouponListResponse = z.infer<typeof couponListResponse>;

export const couponListQuery = z.object({
  /** usable: the /coupon page; spent: used, expired and invalid (the /couponInvalid page) */
  status: z.enum(['usable', 'spent']).default('usable'),
});

/** SH-15: the web app reports a launch from the home screen. */
export const reportStandaloneResponse = z.object({
  granted: z.boolean(),
  coupon: couponView.nullable(),
});
export type ReportStandaloneResponse = z.infer<typeof reportStandaloneResponse>;
