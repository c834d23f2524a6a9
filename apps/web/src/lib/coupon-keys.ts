/** The cache key of the borrower's coupons (no schema here: the app shell imports it). */
export const COUPONS_KEY = ['coupons'] as const;
