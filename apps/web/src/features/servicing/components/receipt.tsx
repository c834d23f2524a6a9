import { useTranslation } from 'react-i18next';
import type { RepaymentViewResponse } from '@pisonow/domain';
import { useLocale } from '../../../lib/i18n/index.ts';
import { formatManilaTime, partnerName, peso } from '../model/servicing.ts';

/** A receipt (issue 7): reference, channel, amount and the time paid in Asia/Manila. */
export function Receipt({ repayment }: { repayment: RepaymentViewResponse }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const receipt = repayment.receipt;
  if (!receipt) return null;
  return (
    <dl className="sv-lines sv-receipt" data-testid="receipt" aria-label={t('servicing:receipt.title')}>
      <div className="sv-line">
        <dt>{t('servicing:receipt.reference')}</dt>
        <dd data-testid="receipt-reference">{receipt.reference}</dd>
      </div>
      <div className="sv-line">
        <dt>{t('servicing:receipt.channel')}</dt>
        <dd data-testid="receipt-channel">
          {t(`servicing:channel.${receipt.channel}`)} · {partnerName(receipt.providerCode)}
        </dd>
      </div>
      <div className="sv-line">
        <dt>{t('servicing:receipt.purpose')}</dt>
        <dd>{t(`servicing:purpose.${repayment.purpose}`)}</dd>
      </div>
      <div className="sv-line sv-line--total">
        <dt>{t('servicing:receipt.amount')}</dt>
        <dd data-testid="receipt-amount">{peso(receipt.amount)}</dd>
      </div>
      <div className="sv-line">
        <dt>{t('servicing:receipt.paidAt')}</dt>
        <dd data-testid="receipt-paid-at">
          {t('servicing:receipt.manila', { time: formatManilaTime(receipt.paidAt, locale) })}
        </dd>
      </div>
    </dl>
  );
}
