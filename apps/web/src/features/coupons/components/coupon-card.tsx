import { useTranslation } from 'react-i18next';
import { formatPeso, type CouponView, type Locale } from '@pisonow/domain';
import { formatManilaDateTime } from '@pisonow/domain/date-format';
import { daysLeft } from '../model/coupons.ts';

/** One coupon (EN-07): type, deduction, conditions, validity, and the used time once used. */
export function CouponCard({ coupon, locale, now }: { coupon: CouponView; locale: Locale; now: Date }) {
  const { t } = useTranslation();
  const left = daysLeft(coupon.validUntil, now);
  return (
    <article
      className={`cp-card cp-card--${coupon.state}`}
      data-testid="coupon-card"
      data-state={coupon.state}
      data-rule={coupon.rule}
    >
      <div className="cp-card__amount">
        <small>{t('coupons:deducts')}</small>
        <strong data-testid="coupon-amount">{formatPeso(BigInt(coupon.amount))}</strong>
      </div>
      <div className="cp-card__body">
        <h2 className="cp-card__title">{t(`coupons:rule.${coupon.rule}`)}</h2>
        <p className="cp-card__type">
          {t(`coupons:type.${coupon.type}`)} ·{' '}
          <span data-testid="coupon-state">{t(`coupons:state.${coupon.state}`)}</span>
        </p>
        {coupon.fullRepaymentOnly && <p className="cp-card__cond">{t('coupons:fullOnly')}</p>}
        {BigInt(coupon.minimumAmount) > 0n && (
          <p className="cp-card__cond">
            {t('coupons:minimum', { amount: formatPeso(BigInt(coupon.minimumAmount)) })}
          </p>
        )}
        {coupon.state === 'used' && coupon.usedAt ? (
          <p className="cp-card__when" data-testid="coupon-used-at">
            {t('coupons:usedAt', { date: formatManilaDateTime(coupon.usedAt, locale) })}
          </p>
        ) : (
          <p className="cp-card__when">
            {t('coupons:validUntil', { date: formatManilaDateTime(coupon.validUntil, locale) })}
            {coupon.state === 'usable' && left > 0 && <> · {t('coupons:daysLeft', { count: left })}</>}
          </p>
        )}
      </div>
    </article>
  );
}
