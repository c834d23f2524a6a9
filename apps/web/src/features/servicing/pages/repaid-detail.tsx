import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import type { RepaymentViewResponse } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Page } from '../../../lib/ui/page.tsx';
import { useRepayment } from '../api/get-repayment.ts';
import { useRepayments } from '../api/get-repayments.ts';
import { CopyValue } from '../components/copy-value.tsx';
import { Receipt } from '../components/receipt.tsx';
import {
  formatManilaTime,
  groupDigits,
  partnerName,
  peso,
  plainAmount,
  resultKind,
  sortRecords,
} from '../model/servicing.ts';
import './servicing.css';
import './repaid-detail.css';

/** Bank transfer or over the counter, not paid yet: where to pay, exactly how much, and until when. */
function Instructions({ r }: { r: RepaymentViewResponse }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="rd-instructions" data-testid="repayment-instructions">
      {r.channel === 'bank_transfer' ? (
        <>
          <p className="sv-note">{t('servicing:result.bankHint')}</p>
          <div className="sv-line">
            <span>{t('servicing:result.bank')}</span>
            <strong data-testid="repayment-bank">{r.bankName ?? partnerName(r.providerCode)}</strong>
          </div>
          {r.bankAccountNumber && (
            <CopyValue
              label={t('servicing:result.account')}
              value={r.bankAccountNumber}
              display={groupDigits(r.bankAccountNumber)}
              testId="repayment-account"
            />
          )}
        </>
      ) : (
        <>
          <p className="sv-note">{t('servicing:result.otcHint', { partner: partnerName(r.providerCode) })}</p>
          <div className="sv-line">
            <span>{t('servicing:result.partner')}</span>
            <strong data-testid="repayment-partner">{partnerName(r.providerCode)}</strong>
          </div>
          {r.paymentCode && (
            <CopyValue
              label={t('servicing:result.code')}
              value={r.paymentCode}
              display={groupDigits(r.paymentCode)}
              testId="repayment-code"
            />
          )}
        </>
      )}
      <CopyValue
        label={t('servicing:result.exactAmount')}
        value={plainAmount(r.amount)}
        display={peso(r.amount)}
        testId="repayment-amount"
      />
      <div className="sv-line">
        <span>{t('servicing:result.expiresAt')}</span>
        <strong data-testid="repayment-expires">{formatManilaTime(r.expiresAt, locale)}</strong>
      </div>
      <p className="sv-note">{t('servicing:result.exactNote')}</p>
    </div>
  );
}

/** The result of one payment: waiting, instructions, success with the receipt, failed or expired, or held. */
function Result({ repaymentId }: { repaymentId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const repayment = useRepayment(repaymentId);
  const r = repayment.data;
  const kind = r ? resultKind(r) : null;

  // once settled or extended, every bill and the home card show the new state
  useEffect(() => {
    if (kind === 'success' || kind === 'held' || kind === 'refunded') {
      void queryClient.invalidateQueries({ queryKey: ['servicing'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    }
  }, [kind]);

  if (repayment.isError) {
    return (
      <section className="sv-card">
        <p className="sv-empty" role="alert">
          {errorText(repayment.error, locale)}
        </p>
      </section>
    );
  }
  if (!r || !kind) {
    return (
      <section className="sv-card" aria-busy="true">
        <p className="sv-empty">…</p>
      </section>
    );
  }
  const received = peso(r.amountReceived ?? r.amount);
  return (
    <section
      className={`sv-card rd-result rd-result--${kind}`}
      data-testid="repayment-result"
      data-state={r.state}
    >
      <p className="rd-result__title" data-testid="repayment-title" role="status">
        {t(`servicing:result.title.${kind}`)}
      </p>
      <p className="sv-note">{t(`servicing:purpose.${r.purpose}`)}</p>
      {kind === 'waiting' && (
        <p className="rd-wait">
          <span className="rd-spinner" aria-hidden />
          {t('servicing:result.waiting')}
        </p>
      )}
      {kind === 'instructions' && <Instructions r={r} />}
      {kind === 'success' && (
        <>
          <p className="sv-note">
            {t(r.purpose === 'extension' ? 'servicing:result.extendedNote' : 'servicing:result.settledNote')}
          </p>
          <Receipt repayment={r} />
        </>
      )}
      {kind === 'refunded' && (
        <>
          <p className="rd-held" data-testid="repayment-refunded">
            {t('servicing:result.refundedNote', { received })}
          </p>
          {r.receipt && <Receipt repayment={r} />}
        </>
      )}
      {kind === 'held' && (
        <p className="rd-held" data-testid="repayment-held">
          {t(`servicing:result.held.${r.heldReason ?? 'amount_mismatch'}`, { received, due: peso(r.amount) })}
        </p>
      )}
      {(kind === 'failed' || kind === 'expired') && (
        <>
          <p className="sv-note">{t(`servicing:result.${kind}Note`)}</p>
          <Link className="sv-link" data-testid="repayment-retry" to={`/bill?orderId=${r.orderId}`}>
            {t('servicing:result.tryAgain')}
          </Link>
        </>
      )}
      {kind !== 'failed' && kind !== 'expired' && (
        <Link className="sv-link" data-testid="repayment-bill" to={`/bill?orderId=${r.orderId}`}>
          {t('servicing:result.toBill')}
        </Link>
      )}
    </section>
  );
}

/** ST-02: the records of the last 3 months, newest first: fail, in progress, success. */
function Records({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const records = useRepayments();
  let body;
  if (records.isPending)
    body = (
      <p className="sv-empty" aria-busy="true">
        …
      </p>
    );
  else if (records.isError)
    body = (
      <p className="sv-empty" role="alert">
        {errorText(records.error, locale)}
      </p>
    );
  else if (records.data.length === 0)
    body = (
      <p className="sv-empty" data-testid="records-empty">
        {t('servicing:records.empty')}
      </p>
    );
  else {
    body = (
      <ul className="rd-records">
        {sortRecords(records.data).map((r) => (
          <li key={r.id}>
            <Link
              className={`rd-record${r.id === current ? ' rd-record--current' : ''}`}
              to={`/repaidDetail?repayment=${r.id}`}
              data-testid={`record-${r.id}`}
              aria-current={r.id === current ? 'true' : undefined}
            >
              <span className="rd-record__top">
                <span>
                  {t(`servicing:purpose.${r.purpose}`)} · {partnerName(r.providerCode)}
                </span>
                <span className={`sv-chip sv-chip--${r.record}`} data-testid={`record-status-${r.id}`}>
                  {/* ST-02's three states; a refund (one way "fail") says what happens to the money */}
                  {t(`servicing:records.status.${r.state === 'refunded' ? 'refunded' : r.record}`)}
                </span>
              </span>
              <span className="rd-record__bottom">
                <span>{formatManilaTime(r.receipt?.paidAt ?? r.createdAt, locale)}</span>
                {/* what arrived when something did (a receipt, or money held), else what was asked */}
                <strong>{peso(r.receipt?.amount ?? r.amountReceived ?? r.amount)}</strong>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="sv-card" aria-labelledby="rd-records-title">
      <h2 className="sv-card__title" id="rd-records-title">
        {t('servicing:records.title')}
      </h2>
      <p className="sv-note">{t('servicing:records.window')}</p>
      {body}
    </section>
  );
}

/** `/repaidDetail[?repayment=…]`: the result of a payment (with its receipt) and the records of the last 3 months. */
export default function RepaidDetailPage() {
  const [params] = useSearchParams();
  const repaymentId = params.get('repayment');
  return (
    <Page className="sv-page rd">
      {repaymentId && <Result key={repaymentId} repaymentId={repaymentId} />}
      <Records current={repaymentId} />
    </Page>
  );
}
