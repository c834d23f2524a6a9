import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@pisonow/domain';
import { useLocale } from '../../../lib/i18n/index.ts';

/** ST-06: an unpaid loan blocks a new withdrawal; shown instead of the form, with the way to the loan. */
export function OutstandingNotice({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="ln-card ln-blocked">
      <p className="ln-blocked__text" data-testid="outstanding-message" role="alert">
        {errorMessage('OUTSTANDING_REPAYMENT', locale)}
      </p>
      {orderId && (
        <Link
          className="ln-link-button"
          data-testid="outstanding-order"
          to={`/withdrawPage?orderId=${orderId}`}
        >
          {t('lending:withdraw.viewLoan')}
        </Link>
      )}
    </section>
  );
}
