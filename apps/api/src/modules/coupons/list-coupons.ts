import { and, asc, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { CouponListResponse } from '@pisonow/domain';
import { coupons } from '../../db/schema/index.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { CouponsContext } from './coupons-context.ts';
import { couponView } from './coupon-view.ts';

/**
 * The borrower's coupons (EN-07): `usable` for /coupon (soonest to expire first), `spent` for
 * /couponInvalid (used, expired, invalid; newest first). Only the session's own coupons.
 */
export async function listCoupons(
  ctx: Pick<CouponsContext, 'db' | 'clock'>,
  input: { customerId: string; status: 'usable' | 'spent' },
): Promise<CouponListResponse> {
  const now = ctx.clock.now();
  const rows =
    input.status === 'usable'
      ? await ctx.db
          .select()
          .from(coupons)
          .where(ownedBy(coupons, input.customerId, eq(coupons.state, 'usable'), gt(coupons.validUntil, now)))
          .orderBy(asc(coupons.validUntil), asc(coupons.id))
      : await ctx.db
          .select()
          .from(coupons)
          .where(
            ownedBy(
              coupons,
              input.customerId,
              or(
                inArray(coupons.state, ['used', 'expired', 'invalid']),
                and(eq(coupons.state, 'usable'), lte(coupons.validUntil, now)),
              ),
            ),
          )
          .orderBy(desc(coupons.updatedAt), desc(coupons.id))
          .limit(100);
  return { coupons: rows.map((r) => couponView(r, now)), asOf: now.toISOString() };
}
