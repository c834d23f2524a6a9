import type { Centavos } from '../money.ts';

/**
 * Coupons (EN-07, SH-15, ST-08, ST-09, ER-01): pure rules, no I/O. A coupon has a type (where it can
 * be used), a deduction, a minimum amount, a validity window and, once used, the instant it was
 * used. What it deducts is never more than what it applies to. The API keeps the rows, locks them,
 * and asks these functions; the web app shows the same figures.
 *
 * - `withdrawal`: reduces the service fee of the order it is used on (priceLoan's `coupon`).
 * - `repayment`: pays part of a repayment (a `coupon` loan transaction, `coupon_expense`).
 * - `platform`: either of the two.
 * - `fullRepaymentOnly` (the add-to-home-screen coupon, SH-15): a repayment coupon usable only on a
 *   FULL repayment, never on an extension.
 *
 * No zod here: the borrower app's coupon picker imports these rules on /allWithdraw, which must not
 * load the schema library (issue 9); the wire contracts are in coupons.ts.
 */
export const COUPON_TYPES = ['platform', 'withdrawal', 'repayment'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** usable: may be used now or later; used: spent; expired: its window closed; invalid: revoked/forfeited */
export const COUPON_STATES = ['usable', 'used', 'expired', 'invalid'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** Why a coupon was granted (one grant per customer, rule and source key). */
export const COUPON_RULES = [
  'installation', // SH-15: the app opened from the home screen
  'easy_reloan_activation', // ST-08: the ₱200 repayment voucher
  'easy_reloan_reward', // ST-09: ₱50, ₱70, ₱90, ₱110…
  'easy_reloan_discount', // ST-09: the ₱50 discount on each automatic re-loan
  'operator', // BE-08: issued from the console
] as const;
export type CouponRule = (typeof COUPON_RULES)[number];

/** SH-15: ₱200, full repayment only. */
export const INSTALLATION_COUPON_AMOUNT: Centavos = 20_000n;
/** How long a rule-granted coupon stays usable, in days. */
export const COUPON_DEFAULT_VALID_DAYS = 30;

export interface Coupon {
  type: CouponType;
  state: CouponState;
  amount: Centavos;
  /** the smallest amount it applies to (the service fee, or the amount of the repayment) */
  minimumAmount: Centavos;
  validFrom: Date;
  validUntil: Date;
  fullRepaymentOnly: boolean;
  usedAt: Date | null;
}

export type CouponUse =
  | { kind: 'withdrawal'; /** the gross service fee of the order */ appliesTo: Centavos }
  | {
      kind: 'repayment';
      purpose: 'full' | 'extension';
      /** the amount due for this repayment before the coupon */
      appliesTo: Centavos;
    };

export type CouponRefusal =
  'not_usable' | 'wrong_type' | 'not_yet_valid' | 'expired' | 'below_minimum' | 'full_only';

/** The state a coupon shows at `now`: a usable coupon past its window reads expired before the job runs. */
export function couponStateAt(c: Pick<Coupon, 'state' | 'validUntil'>, now: Date): CouponState {
  if (c.state === 'usable' && now.getTime() >= c.validUntil.getTime()) return 'expired';
  return c.state;
}

/** Can this coupon be used on this withdrawal or repayment at `now`? null when it can, else why not. */
export function couponRefusal(c: Coupon, use: CouponUse, now: Date): CouponRefusal | null {
  if (c.state !== 'usable') return 'not_usable';
  if (c.type !== 'platform' && c.type !== use.kind) return 'wrong_type';
  if (now.getTime() < c.validFrom.getTime()) return 'not_yet_valid';
  if (now.getTime() >= c.validUntil.getTime()) return 'expired';
  if (c.fullRepaymentOnly && !(use.kind === 'repayment' && use.purpose === 'full')) return 'full_only';
  if (use.appliesTo <= 0n || use.appliesTo < c.minimumAmount) return 'below_minimum';
  return null;
}

/** What the coupon deducts from what it applies to: its amount, never more than that. */
export function couponDeduction(c: Pick<Coupon, 'amount'>, appliesTo: Centavos): Centavos {
  if (c.amount <= 0n || appliesTo <= 0n) return 0n;
  return c.amount < appliesTo ? c.amount : appliesTo;
}

/** The end of a validity window of `validDays` days from `from`. */
export function couponValidUntil(from: Date, validDays: number): Date {
  return new Date(from.getTime() + validDays * 86_400_000);
}
