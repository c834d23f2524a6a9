import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { formatDate } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useFixPayoutAccount } from '../api/fix-payout-account.ts';
import { useOrder, type OrderView } from '../api/get-order.ts';
import { outstandingOrder, useOrders } from '../api/get-orders.ts';
import { useSavedPayout } from '../api/get-payout-account.ts';
import { OrderCostTable, OrderStatus, PayoutReference } from '../components/order-parts.tsx';
import { PayoutAccountForm } from '../components/payout-account-form.tsx';
import { peso } from '../model/cost-lines.ts';
import { payoutDefaults } from '../model/payout-form.ts';
import './lending.css';
import './withdraw-page.css';

function FixAccount({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const saved = useSavedPayout();
  const fix = useFixPayoutAccount();
  return (
    <section className="ln-card wp-failed" data-testid="payout-failed">
      <p className="wp-failed__title">{t('lending:order.failedTitle')}</p>
      <p className="wp-failed__text" data-testid="payout-failed-message" role="alert">
        {/* VAL-14: the server says which catalogue message fits (payee-name mismatch or an unusable account) */}
        {errorMessage(order.payout?.problem ?? 'WALLET_INVALID', locale)}
      </p>
      <p className="ln-card__title">{t('lending:order.fixTitle')}</p>
      <p className="ln-note">{t('lending:order.fixHint')}</p>
      {saved.data ? (
        // keyed by attempt: a second failure starts from a clean form
        <PayoutAccountForm
          key={order.payout?.attempt ?? 0}
          initial={payoutDefaults(
            saved.data.account,
            order.payout ? { channel: order.payout.channel, providerCode: order.payout.providerCode } : null,
          )}
          today={saved.data.today}
          postalCodeLength={saved.data.postalCodeLength}
          save={(body, idempotencyKey, callbacks) =>
            fix.mutate({ orderId: order.id, body, idempotencyKey }, callbacks)
          }
          pending={fix.isPending}
          submitLabel={t('lending:order.fixSubmit')}
          submitTestId="fix-account-submit"
        />
      ) : saved.isError ? (
        <p className="ln-empty" role="alert">
          {errorText(saved.error, locale)}
        </p>
      ) : (
        <p className="ln-empty" aria-busy="true">
          …
        </p>
      )}
    </section>
  );
}

function OrderDetail({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const repaying = order.status === 'repaying' || order.status === 'extended' || order.status === 'overdue';
  return (
    <>
      <section className="ln-card wp-head">
        <span className="ln-note">{t('lending:order.status')}</span>
        <OrderStatus order={order} />
        {order.status === 'disbursing' && (
          <p className="wp-arrives" data-testid="order-arrives">
            <span className="wp-spinner" aria-hidden />
            {t('lending:order.arrives')}
          </p>
        )}
        {repaying && (
          <>
            <div className="wp-due">
              <div>
                <span className="ln-note">{t('lending:cost.totalRepayment')}</span>
                <strong className="wp-due__total" data-testid="order-total">
                  {peso(order.totalRepayment)}
                </strong>
              </div>
              <div>
                <span className="ln-note">{t('lending:cost.dueDate')}</span>
                <strong className="wp-due__date" data-testid="order-due-date">
                  {formatDate(order.dueDate, locale)}
                </strong>
              </div>
            </div>
            <PayoutReference order={order} />
          </>
        )}
        {order.status === 'settled' && <p className="ln-note">{t('lending:order.settledNote')}</p>}
      </section>

      {order.status === 'payout_failed' && <FixAccount order={order} />}

      <section className="ln-card">
        <OrderCostTable order={order} />
      </section>
      <FraudWarning />
      <GuardedButton
        block
        size="large"
        data-testid="order-open-bill"
        onClick={() => void navigate(`/bill?orderId=${order.id}`)}
      >
        {t('lending:order.openBill')}
      </GuardedButton>
      <Link className="wp-home" to="/homeIndex">
        {t('lending:order.toHome')}
      </Link>
    </>
  );
}

/** `/withdrawPage?orderId=…` (ST-01, ST-04, BE-05): where the money is; fix the payout account when it failed. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const given = params.get('orderId');
  // without an id (a bookmark, the tab bar): the borrower's unpaid order
  const orders = useOrders(!given);
  const orderId = given ?? outstandingOrder(orders.data)?.id ?? orders.data?.[0]?.id ?? null;
  const order = useOrder(orderId);

  let body;
  if (order.data) body = <OrderDetail order={order.data} />;
  else if (order.isError)
    body = (
      <p className="ln-empty" role="alert">
        {errorText(order.error, locale)}
      </p>
    );
  else if (!orderId && !orders.isPending) body = <p className="ln-empty">{t('lending:order.notFound')}</p>;
  else
    body = (
      <p className="ln-empty" aria-busy="true">
        …
      </p>
    );
  return <Page className="ln-page wp">{body}</Page>;
}
