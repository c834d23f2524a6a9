import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { DocumentPanel } from '../../../lib/document/document-view.tsx';
import { useLocale } from '../../../lib/i18n/index.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { useExtensionQuote } from '../api/get-extension-quote.ts';
import { formatDate, peso } from '../model/servicing.ts';
import { RepaySheet } from './repay-sheet.tsx';

/**
 * Extend (CO-02): the fee, the overdue charges paid with it, the new due date and the fresh
 * disclosure statement, read and agreed to before a payment channel is chosen.
 */
export function ExtensionPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const quote = useExtensionQuote(orderId, true);
  const [agreed, setAgreed] = useState(false);
  const [paying, setPaying] = useState(false);

  if (quote.isPending) {
    return (
      <section className="sv-card" aria-busy="true">
        <p className="sv-empty">…</p>
      </section>
    );
  }
  if (quote.isError) {
    return (
      <section className="sv-card">
        <p className="sv-empty" role="alert">
          {errorText(quote.error, locale)}
        </p>
      </section>
    );
  }
  const q = quote.data;
  if (!q.available) {
    return (
      <section className="sv-card" data-testid="extension-blocked">
        <p className="sv-alert" role="alert">
          {q.blockedBy === 'caps'
            ? t('servicing:extend.blockedCaps')
            : errorMessage('EXTENSION_NOT_ALLOWED', locale)}
        </p>
      </section>
    );
  }
  const overdue = BigInt(q.overdueCharges) !== 0n;
  return (
    <section className="sv-card sv-extend" data-testid="extension-panel" aria-labelledby="sv-extend-title">
      <h2 className="sv-card__title" id="sv-extend-title">
        {t('servicing:extend.title', { count: q.extensionDays })}
      </h2>
      <p className="sv-note">{t('servicing:extend.what', { count: q.extensionDays })}</p>
      <dl className="sv-lines">
        <div className="sv-line">
          <dt>{t('servicing:extend.fee')}</dt>
          <dd data-testid="extension-fee">{peso(q.fee)}</dd>
        </div>
        {overdue && (
          <div className="sv-line">
            <dt>{t('servicing:extend.overdueCharges')}</dt>
            <dd data-testid="extension-overdue">{peso(q.overdueCharges)}</dd>
          </div>
        )}
        <div className="sv-line">
          <dt>{t('servicing:extend.currentDueDate')}</dt>
          <dd data-testid="extension-current-due">{formatDate(q.currentDueDate, locale)}</dd>
        </div>
        <div className="sv-line sv-line--strong">
          <dt>{t('servicing:extend.newDueDate')}</dt>
          <dd data-testid="extension-new-due">{formatDate(q.newDueDate, locale)}</dd>
        </div>
        <div className="sv-line sv-line--total">
          <dt>{t('servicing:extend.payNow')}</dt>
          <dd data-testid="extension-amount">{peso(q.amount)}</dd>
        </div>
      </dl>
      {overdue && <p className="sv-note">{t('servicing:extend.overdueNote')}</p>}
      <p className="sv-note">{t('servicing:extend.principalNote')}</p>
      <DocumentPanel
        title={t('servicing:extend.disclosure')}
        html={q.disclosure ?? ''}
        testId="extension-disclosure"
      />
      <label className="sv-check">
        <input
          type="checkbox"
          data-testid="extension-agree"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <span>{t('servicing:extend.agree')}</span>
      </label>
      <GuardedButton
        block
        color="primary"
        size="large"
        disabled={!agreed}
        data-testid="extension-pay"
        onClick={() => setPaying(true)}
      >
        {t('servicing:extend.choose')}
      </GuardedButton>
      {!agreed && <p className="sv-note">{t('servicing:extend.agreeFirst')}</p>}
      <RepaySheet
        visible={paying}
        onClose={() => setPaying(false)}
        orderId={orderId}
        purpose="extension"
        amount={q.amount}
        disclosureSha256={q.disclosureSha256}
      />
    </section>
  );
}
