import { useTranslation } from 'react-i18next';
import { formatPeso } from '@pisonow/domain/money';
import type { CouponUse } from '@pisonow/domain/engagement/coupon-rules';
import { useCoupons } from '../coupons.ts';
import { applicableCoupons, serverNow } from './coupon-options.ts';
import './ui.css';

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
  const options = coupons.data
    ? applicableCoupons(
        coupons.data.coupons,
        use,
        serverNow(coupons.data.asOf, coupons.dataUpdatedAt, new Date()),
      )
    : [];
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
