import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Page } from '../../../lib/ui/page.tsx';
import { useOrders } from '../api/get-orders.ts';
import { peso } from '../model/cost-lines.ts';
import './lending.css';
import './bill-index.css';

/** `/billIndex` (My Loan tab): the borrower's loans, newest first, each to its bill. */
export default function BillIndexPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const orders = useOrders();

  let body;
  if (orders.isPending) body = <p className="ln-empty" aria-busy="true">…</p>;
  else if (orders.isError) body = <p className="ln-empty" role="alert">{errorText(orders.error, locale)}</p>;
  else if (orders.data.length === 0) {
    body = (
      <section className="ln-card ln-blocked" data-testid="bills-empty">
        <p className="ln-empty bi-empty">{t('lending:bills.empty')}</p>
        <Link className="ln-link-button" to="/homeIndex">
          {t('lending:bills.borrow')}
        </Link>
      </section>
    );
  } else {
    body = (
      <ul className="bi-list">
        {orders.data.map((order) => (
          <li key={order.id}>
            <Link className="bi-item" to={`/bill?orderId=${order.id}`} data-testid={`bill-item-${order.id}`}>
              <span className={`bi-item__label ln-status--${order.status}`}>{order.label.text}</span>
              <span className="bi-item__row">
                <span>{t('lending:bills.amount')}</span>
                <strong>{peso(order.principal)}</strong>
              </span>
              <span className="bi-item__row">
                <span>{t('lending:bills.repay')}</span>
                <strong>{peso(order.totalRepayment)}</strong>
              </span>
              {order.dueDate && order.status !== 'disbursing' && order.status !== 'payout_failed' && <span className="bi-item__due">{t('lending:bills.due', { date: order.dueDate })}</span>}
              <span className="bi-item__arrow" aria-hidden>
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return <Page className="ln-page bi">{body}</Page>;
}
