import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Page } from '../../../lib/ui/page.tsx';
import { useServicedOrders } from '../api/get-orders.ts';
import { amountDue, formatDate, isRepayable, labelTone, peso } from '../model/servicing.ts';
import './servicing.css';
import './bill-index.css';

/** `/billIndex` (My Loan tab): each loan with what is due and when, newest first; the repayment records. */
export default function BillIndexPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const orders = useServicedOrders();

  let body;
  if (orders.isPending)
    body = (
      <p className="sv-empty" aria-busy="true">
        …
      </p>
    );
  else if (orders.isError)
    body = (
      <p className="sv-empty" role="alert">
        {errorText(orders.error, locale)}
      </p>
    );
  else if (orders.data.length === 0) {
    body = (
      <section className="sv-card" data-testid="bills-empty">
        <p className="sv-empty">{t('servicing:index.empty')}</p>
        <Link className="sv-link" to="/homeIndex">
          {t('servicing:index.borrow')}
        </Link>
      </section>
    );
  } else {
    body = (
      <ul className="bi2-list">
        {orders.data.map((order) => {
          const repayable = isRepayable(order);
          return (
            <li key={order.id}>
              <Link
                className={`bi2-item sv-tone--${labelTone(order.label.key)}`}
                to={`/bill?orderId=${order.id}`}
                data-testid={`bill-item-${order.id}`}
              >
                <span className="bi2-item__label" data-testid={`bill-item-status-${order.id}`}>
                  {order.label.text}
                </span>
                <span className="sv-line">
                  <span>{t('servicing:index.borrowed')}</span>
                  <strong>{peso(order.principal)}</strong>
                </span>
                {repayable ? (
                  <>
                    <span className="sv-line">
                      <span>{t('servicing:bill.amountDue')}</span>
                      <strong data-testid={`bill-item-due-${order.id}`}>{peso(amountDue(order))}</strong>
                    </span>
                    <span className="bi2-item__date">
                      {t('servicing:index.dueOn', { date: formatDate(order.dueDate, locale) })}
                    </span>
                  </>
                ) : (
                  <span className="bi2-item__date">
                    {t('servicing:index.appliedOn', {
                      date: formatDate(order.createdAt.slice(0, 10), locale),
                    })}
                  </span>
                )}
                <span className="bi2-item__arrow" aria-hidden>
                  ›
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Page className="sv-page bi2">
      {body}
      <Link className="sv-link bi2-records" to="/repaidDetail" data-testid="bill-index-records">
        {t('servicing:bill.records')}
      </Link>
    </Page>
  );
}
