import { useTranslation } from 'react-i18next';
import { payoutProvider } from '@pisonow/domain';
import { formatDate } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import type { OrderView } from '../api/get-order.ts';
import { costRows } from '../model/cost-lines.ts';
import { CostTable } from './cost-table.tsx';

/** ST-01: the order's label as the server wrote it in the borrower's language: `order-status`. */
export function OrderStatus({ order }: { order: OrderView }) {
  return (
    <p className={`ln-status ln-status--${order.status}`} data-testid="order-status" role="status">
      {order.label.text}
    </p>
  );
}

/** Every line of a booked order (EN-06). The due date counts from the payout; before it, none is shown. */
export function OrderCostTable({ order }: { order: OrderView }) {
  const locale = useLocale();
  const dueDate =
    order.dueDate && order.status !== 'disbursing' && order.status !== 'payout_failed'
      ? formatDate(order.dueDate, locale)
      : '—';
  return <CostTable rows={costRows(order, { dueDate, effectiveMonthlyRate: order.effectiveMonthlyRate })} />;
}

/** Where the money went (BE-05): provider, and the payout reference (UTR) or the pickup claim code. */
export function PayoutReference({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const payout = order.payout;
  if (!payout) return null;
  const provider = payoutProvider(payout.providerCode)?.name ?? payout.providerCode;
  return (
    <>
      <div className="ln-kv">
        <span>{t('lending:order.paidTo')}</span>
        <strong>{provider}</strong>
      </div>
      {payout.claimCode ? (
        <>
          <div className="ln-kv">
            <span>{t('lending:order.claimCode')}</span>
            <strong data-testid="order-reference">{payout.claimCode}</strong>
          </div>
          <p className="ln-note">{t('lending:order.claimHint')}</p>
        </>
      ) : (
        payout.reference && (
          <div className="ln-kv">
            <span>{t('lending:order.reference')}</span>
            <strong data-testid="order-reference">{payout.reference}</strong>
          </div>
        )
      )}
    </>
  );
}
