import {
  COUPON_DEFAULT_VALID_DAYS,
  INSTALLATION_COUPON_AMOUNT,
  type ReportStandaloneResponse,
} from '@pisonow/domain';
import { homeScreenLaunches } from '../../db/schema/index.ts';
import type { CouponsContext } from './coupons-context.ts';
import { couponView } from './coupon-view.ts';
import { issueCoupon } from './issue-coupon.ts';

/**
 * SH-15: the web app reports that it was opened from the home screen (display-mode standalone,
 * navigator.standalone, or the stored `standalone` flag of SH-07). The first report per borrower
 * records the launch (which lifts the limit rule, see the lending decision) and grants the ₱200
 * installation coupon, usable only on a full repayment. Once per borrower under any concurrency:
 * the launch row's primary key and the coupon's grant key both say so; later reports grant nothing.
 */
export async function reportStandaloneLaunch(
  ctx: CouponsContext,
  input: { customerId: string; via: string },
): Promise<ReportStandaloneResponse> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const first = await tx
      .insert(homeScreenLaunches)
      .values({ customerId: input.customerId, firstAt: now, via: input.via })
      .onConflictDoNothing()
      .returning({ customerId: homeScreenLaunches.customerId });
    const { coupon, created } = await issueCoupon(tx, {
      customerId: input.customerId,
      rule: 'installation',
      type: 'repayment',
      amount: INSTALLATION_COUPON_AMOUNT,
      validDays: COUPON_DEFAULT_VALID_DAYS,
      sourceKey: 'home_screen',
      fullRepaymentOnly: true,
      now,
    });
    return { granted: first.length > 0 && created, coupon: couponView(coupon, now) };
  });
}
