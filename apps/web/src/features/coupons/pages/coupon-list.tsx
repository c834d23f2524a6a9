import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api/index.ts';
import { useCoupons } from '../../../lib/coupons.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { CouponCard } from '../components/coupon-card.tsx';
import './coupons.css';

/** `/coupon` (usable) and `/couponInvalid` (used, expired, invalid): EN-07. */
export function CouponList({ status }: { status: 'usable' | 'spent' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useCoupons(status);
  const now = new Date();
  let body;
  if (list.isError) body = <Notice tone="danger">{errorText(list.error, locale)}</Notice>;
  else if (!list.data)
    body = (
      <p className="cp-empty" aria-busy="true">
        …
      </p>
    );
  else if (list.data.coupons.length === 0)
    body = (
      <Notice testId="coupons-empty">
        {t(status === 'usable' ? 'coupons:empty' : 'coupons:emptySpent')}
      </Notice>
    );
  else
    body = (
      <>
        <p className="cp-count" data-testid="coupons-count">
          {t(status === 'usable' ? 'coupons:usable' : 'coupons:spent', { count: list.data.coupons.length })}
        </p>
        <div className="cp-list">
          {list.data.coupons.map((c) => (
            <CouponCard key={c.id} coupon={c} locale={locale} now={now} />
          ))}
        </div>
      </>
    );
  return (
    <Page className="cp">
      {status === 'usable' && <p className="cp-how">{t('coupons:howToUse')}</p>}
      {body}
      <Link
        className="cp-switch"
        to={status === 'usable' ? '/couponInvalid' : '/coupon'}
        data-testid="coupons-switch"
      >
        {t(status === 'usable' ? 'coupons:toSpent' : 'coupons:toUsable')}
      </Link>
    </Page>
  );
}
