import { useTranslation } from 'react-i18next';
import type { CouponView } from '@pisonow/domain';
import { formatPeso } from '@pisonow/domain/money';
import { couponDeduction, couponRefusal, type CouponUse } from '@pisonow/domain/engagement/coupon-rules';
import { useCoupons } from '../coupons.ts';
import './ui.css';

const domainCoupon = (c: CouponView) => ({
  type: c.type,
  state: c.state,
  amount: BigInt(c.amount),
  minimumAmount: BigInt(c.minimumAmount),
  validFrom: new Date(c.validFrom),
  validUntil: new Date(c.validUntil),
  fullRepaymentOnly: c.fullRepaymentOnly,
  usedAt: null,
});

/** The coupons of the list that apply to `use` now, each with what it deducts (the server decides again). */
export function applicableCoupons(
  coupons: readonly CouponView[],
  use: CouponUse,
  now: Date,
): { coupon: CouponView; deduction: bigint }[] {
  return coupons
    .filter((c) => couponRefusal(domainCoupon(c), use, now) === null)
    .map((c) => ({ coupon: c, deduction: couponDeduction(domainCoupon(c), use.appliesTo) }))
    .filter((x) => x.deduction > 0n && (use.kind === 'withdrawal' || x.deduction < use.appliesTo));
}

/**
 * EN-07: choose a coupon for this withdrawal or repayment (or none). Shows only the coupons whose
 * conditions hold; renders nothing when none applies.
 */
export function CouponPicker({
  use,
  value,
  onChange,
}: {
  use: CouponUse;
  value: string | null;
  onChange: (choice: { couponId: string; deduction: bigint } | null) => void;
}) {
  const { t } = useTranslation();
  const coupons = useCoupons('usable');
  const options = applicableCoupons(coupons.data?.coupons ?? [], use, new Date());
  if (options.length === 0) return null;
  return (
    <fieldset className="ui-coupons" data-testid="coupon-picker">
      <legend className="ui-coupons__title">{t('coupons:picker.title')}</legend>
      <label className="ui-coupons__option">
        <input type="radio" name="coupon" checked={value === null} onChange={() => onChange(null)} />
        <span>{t('coupons:picker.none')}</span>
      </label>
      {options.map(({ coupon, deduction }) => (
        <label key={coupon.id} className="ui-coupons__option" data-testid={`coupon-option-${coupon.rule}`}>
          <input
            type="radio"
            name="coupon"
            checked={value === coupon.id}
            onChange={() => onChange({ couponId: coupon.id, deduction })}
          />
          <span>{t(`coupons:rule.${coupon.rule}`)}</span>
          <strong>-{formatPeso(deduction)}</strong>
        </label>
      ))}
    </fieldset>
  );
}
