import { and, eq, lte } from 'drizzle-orm';
import { coupons } from '../../db/schema/index.ts';
import type { CouponsContext } from './coupons-context.ts';

/**
 * EN-07: usable coupons whose window has closed become expired (one set-based statement; a second
 * run finds nothing). Runs just after Manila midnight (its own typed job) and whenever the sandbox
 * clock moves. A coupon already reserved by a repayment attempt is honoured by that attempt's
 * payment (the attempt was priced with it while it was valid); it cannot be reserved again.
 */
export async function expireCoupons(ctx: Pick<CouponsContext, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  const done = await ctx.db
    .update(coupons)
    .set({ state: 'expired', updatedAt: now })
    .where(and(eq(coupons.state, 'usable'), lte(coupons.validUntil, now)))
    .returning({ id: coupons.id });
  return done.length;
}
