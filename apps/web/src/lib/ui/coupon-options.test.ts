import { describe, expect, it } from 'vitest';
import type { CouponView } from '@pisonow/domain';
import { applicableCoupons, serverNow } from './coupon-options.ts';

const installation: CouponView = {
  id: '73e7cef2-d929-4654-8dd6-1a2dc6cf886a',
  type: 'repayment',
  state: 'usable',
  rule: 'installation',
  amount: '20000',
  minimumAmount: '0',
  fullRepaymentOnly: true,
  validFrom: '2026-11-27T16:58:13.520Z',
  validUntil: '2026-12-27T16:58:13.520Z',
  usedAt: null,
};
const fullRepayment = { kind: 'repayment', purpose: 'full', appliesTo: 408_400n } as const;

describe("the coupon picker judges a window by the server's clock (EN-07)", () => {
  // Seen in the browser suite: the sandbox clock was an hour ahead of the browser's, so a coupon
  // granted a moment before was "not yet valid" by the phone's clock and the picker hid it.
  it('offers a coupon granted a moment ago although the phone is an hour behind', () => {
    const phone = Date.parse('2026-11-27T15:58:14.000Z');
    expect(applicableCoupons([installation], fullRepayment, new Date(phone))).toEqual([]);
    const now = serverNow('2026-11-27T16:58:14.000Z', phone - 2_000, new Date(phone));
    expect(now.toISOString()).toBe('2026-11-27T16:58:16.000Z');
    expect(applicableCoupons([installation], fullRepayment, now)).toEqual([
      { coupon: installation, deduction: 20_000n },
    ]);
  });

  it('does not offer a coupon the server would call expired, although the phone is behind', () => {
    const phone = Date.parse('2026-12-27T15:00:00.000Z');
    expect(applicableCoupons([installation], fullRepayment, new Date(phone))).toHaveLength(1);
    const now = serverNow('2026-12-27T17:00:00.000Z', phone, new Date(phone));
    expect(applicableCoupons([installation], fullRepayment, now)).toEqual([]);
  });

  it("falls back to the phone's clock when the time is unreadable; never runs the clock backwards", () => {
    expect(serverNow('garbage', 0, new Date(1_000)).getTime()).toBe(1_000);
    expect(serverNow('2026-11-27T16:00:00.000Z', 5_000, new Date(1_000)).toISOString()).toBe(
      '2026-11-27T16:00:00.000Z',
    );
  });
});
