import { CouponList } from './coupon-list.tsx';

/** `/coupon`: the coupons the borrower can use (EN-07). */
export default function CouponPage() {
  return <CouponList status="usable" />;
}
