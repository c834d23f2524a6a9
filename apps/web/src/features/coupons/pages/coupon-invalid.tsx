import { CouponList } from './coupon-list.tsx';

/** `/couponInvalid`: used, expired and invalid coupons (EN-07). */
export default function CouponInvalidPage() {
  return <CouponList status="spent" />;
}
