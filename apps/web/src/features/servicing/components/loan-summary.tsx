import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/i18n/index.ts';
import {
  amountDue,
  balanceRows,
  formatDate,
  isRepayable,
  labelTone,
  peso,
  type ServicedOrder,
} from '../model/servicing.ts';

/**
 * What is due and when (ST-01): the label as the server wrote it in the borrower's language
 * ("Expires in 3 days", "Due today", "Overdue by 3 days", "Extended…", "All settled"), the due
 * date, and the amount to pay now.
 */
export function LoanStatus({ order }: { order: ServicedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const repayable = isRepayable(order);
  const overdueDays = order.balance?.overdueDays ?? 0;
  return (
    <section className={`sv-card sv-status sv-tone--${labelTone(order.label.key)}`}>
      <p className="sv-status__label" data-testid="bill-status" role="status">
        {order.label.text}
      </p>
      {repayable && (
        <>
          <div className="sv-status__due">
            <span>{t('servicing:bill.amountDue')}</span>
            <strong data-testid="bill-amount-due">{peso(amountDue(order))}</strong>
          </div>
          <div className="sv-line">
            <span>{t('servicing:bill.dueDate')}</span>
            <strong data-testid="bill-due-date">{formatDate(order.dueDate, locale)}</strong>
          </div>
          {overdueDays > 0 && (
            <p className="sv-alert" data-testid="bill-overdue-note">
              {t('servicing:bill.overdueNote', { count: overdueDays })}
            </p>
          )}
        </>
      )}
      {order.status === 'settled' && <p className="sv-note">{t('servicing:bill.settledNote')}</p>}
    </section>
  );
}

/** Every outstanding line of the balance (principal, interest, fees, late charge, penalty) and the total. */
export function BalanceLines({ order }: { order: ServicedOrder }) {
  const { t } = useTranslation();
  const balance = order.balance;
  // a settled or cancelled loan owes nothing: no list of zeros
  if (!balance || order.status === 'settled' || order.status === 'cancelled') return null;
  const overdue = order.label.key === 'overdue' || balance.overdueDays > 0;
  return (
    <section className="sv-card" aria-labelledby="sv-balance-title">
      <h2 className="sv-card__title" id="sv-balance-title">
        {t('servicing:bill.balanceTitle')}
      </h2>
      <dl className="sv-lines">
        {balanceRows(balance, overdue).map((row) => (
          <div
            key={row.line}
            className={`sv-line${row.line === 'lateCharge' || row.line === 'penalty' ? ' sv-line--charge' : ''}`}
          >
            <dt>{t(`servicing:balance.${row.line}`)}</dt>
            <dd data-testid={`balance-${row.line}`}>{row.value}</dd>
          </div>
        ))}
        <div className="sv-line sv-line--total">
          <dt>{t('servicing:balance.total')}</dt>
          <dd data-testid="balance-total">{peso(balance.total)}</dd>
        </div>
      </dl>
      {balance.extensions > 0 && (
        <p className="sv-note">{t('servicing:bill.extensions', { count: balance.extensions })}</p>
      )}
      {overdue && <p className="sv-note">{t('servicing:bill.chargesNote')}</p>}
    </section>
  );
}
