import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import type { RepaymentPurpose } from '@pisonow/domain';
import { ApiError, createActionKey, errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { CouponPicker } from '../../../lib/ui/coupon-picker.tsx';
import { COUPONS_KEY } from '../../../lib/coupons.ts';
import { useRepaymentChannels, type RepaymentChannelOption } from '../api/get-channels.ts';
import { extensionQuoteKey } from '../api/get-extension-quote.ts';
import { servicedOrderKey } from '../api/get-order.ts';
import { useStartRepayment } from '../api/start-repayment.ts';
import { groupChannels, peso, repayFingerprint } from '../model/servicing.ts';
import './repay-sheet.css';

/**
 * The Repay sheet (BE-05, VAL-15): e-wallet (to the provider's checkout and back), bank transfer to
 * a reference, or an over-the-counter code, for exactly the amount shown. A changed amount (a day
 * passed) is a 409: the bill is re-read and the sheet shows the new amount to confirm.
 */
export function RepaySheet({
  visible,
  onClose,
  orderId,
  purpose,
  amount,
  disclosureSha256,
}: {
  visible: boolean;
  onClose: () => void;
  orderId: string;
  purpose: RepaymentPurpose;
  amount: string;
  /** an extension: the hash of the disclosure statement read, so the server keeps that one (RA 3765) */
  disclosureSha256?: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const channels = useRepaymentChannels(visible);
  const start = useStartRepayment();
  const key = useMemo(() => createActionKey(), []);
  const groups = useMemo(() => groupChannels(channels.data ?? []), [channels.data]);
  // EN-07: a coupon chosen here is reserved by the attempt; the amount to pay is net of it
  const [coupon, setCoupon] = useState<{ couponId: string; deduction: bigint } | null>(null);
  const toPay =
    coupon && coupon.deduction < BigInt(amount) ? String(BigInt(amount) - coupon.deduction) : amount;

  // a partner that cannot take this amount (7-Eleven takes ₱50 to ₱50,000): shown, not offered
  const outsideLimits = (option: RepaymentChannelOption) =>
    (option.minAmount !== undefined && BigInt(toPay) < BigInt(option.minAmount)) ||
    (option.maxAmount !== undefined && BigInt(toPay) > BigInt(option.maxAmount));

  const pay = (option: RepaymentChannelOption) => {
    if (start.isPending) return;
    const body = {
      purpose,
      channel: option.channel,
      providerCode: option.providerCode,
      expectedAmount: toPay,
      ...(coupon && toPay !== amount ? { couponId: coupon.couponId } : {}),
      ...(purpose === 'extension' && disclosureSha256 ? { disclosureSha256 } : {}),
    };
    start.mutate(
      { orderId, body, idempotencyKey: key.keyFor(repayFingerprint(orderId, body)) },
      {
        onSuccess: (repayment) => {
          key.done();
          if (repayment.channel === 'ewallet' && repayment.checkoutUrl) {
            // the provider's checkout (sandbox: our page with Pay and Cancel) sends the borrower back to /repaidDetail
            window.location.assign(repayment.checkoutUrl);
            return;
          }
          onClose();
          void navigate(`/repaidDetail?repayment=${encodeURIComponent(repayment.id)}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) key.done();
          if (error instanceof ApiError && error.code === 'ORDER_STATE_CONFLICT') {
            // the amount due moved on: show the new one, let the borrower confirm it
            void queryClient.invalidateQueries({ queryKey: servicedOrderKey(orderId) });
            void queryClient.invalidateQueries({ queryKey: extensionQuoteKey(orderId) });
            showToast(t('servicing:repay.amountChanged'));
            return;
          }
          if (error instanceof ApiError && error.code === 'COUPON_UNAVAILABLE') {
            setCoupon(null);
            void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
          }
          if (
            error instanceof ApiError &&
            (error.code === 'NOTHING_TO_REPAY' || error.code === 'EXTENSION_NOT_ALLOWED')
          ) {
            void queryClient.invalidateQueries({ queryKey: servicedOrderKey(orderId) });
            onClose();
          }
          showError(error);
        },
      },
    );
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="sv-sheet"
      destroyOnClose
    >
      <div className="sv-sheet__inner" data-testid="repay-sheet">
        <h3 className="sv-sheet__title">
          {t(purpose === 'extension' ? 'servicing:repay.titleExtension' : 'servicing:repay.title')}
        </h3>
        <p className="sv-sheet__amount">
          <span>{t('servicing:repay.exactAmount')}</span>
          <strong data-testid="repay-amount">{peso(toPay)}</strong>
        </p>
        {visible && (
          <CouponPicker
            use={{ kind: 'repayment', purpose, appliesTo: BigInt(amount) }}
            value={coupon?.couponId ?? null}
            onChange={setCoupon}
          />
        )}
        {channels.isPending && (
          <p className="sv-empty" aria-busy="true">
            …
          </p>
        )}
        {channels.isError && (
          <p className="sv-empty" role="alert">
            {errorText(channels.error, locale)}
          </p>
        )}
        {groups.map((group) => (
          <section
            key={group.channel}
            className="sv-sheet__group"
            aria-label={t(`servicing:channel.${group.channel}`)}
          >
            <h4 className="sv-sheet__group-title">{t(`servicing:channel.${group.channel}`)}</h4>
            <p className="sv-sheet__hint">{t(`servicing:channelHint.${group.channel}`)}</p>
            <div className="sv-sheet__options">
              {group.options.map((option) => (
                <button
                  key={option.providerCode}
                  type="button"
                  className="sv-sheet__option"
                  data-testid={`channel-${option.providerCode}`}
                  disabled={start.isPending || outsideLimits(option)}
                  aria-busy={start.isPending && start.variables?.body.providerCode === option.providerCode}
                  onClick={() => pay(option)}
                >
                  {option.name}
                  {outsideLimits(option) && option.minAmount && option.maxAmount && (
                    <span className="sv-sheet__limits">
                      {t('servicing:channelLimits', {
                        min: peso(option.minAmount),
                        max: peso(option.maxAmount),
                      })}
                    </span>
                  )}
                </button>
              ))}
            </div>
          </section>
        ))}
      </div>
    </Popup>
  );
}
