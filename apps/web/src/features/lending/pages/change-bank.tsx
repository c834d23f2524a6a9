import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, payoutProvider } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useChangePayoutAccount } from '../api/change-payout-account.ts';
import { useSavedPayout } from '../api/get-payout-account.ts';
import { usePayoutSettings } from '../api/get-payout-settings.ts';
import { PayoutAccountForm } from '../components/payout-account-form.tsx';
import { payoutDefaults } from '../model/payout-form.ts';
import './lending.css';
import './change-bank.css';

/** `****1234`: enough of the current account to recognise it. */
function masked(account: string | undefined): string {
  if (!account) return '—';
  return account.length <= 4 ? account : `•••• ${account.slice(-4)}`;
}

/**
 * `/changeBank` (RO-02, VAL-07): a re-loan borrower (one loan fully repaid) changes the payout
 * account for the next loans; a first-time borrower is told when that becomes possible; the
 * operators' maintenance switch shows "The system is under maintenance for bank change".
 */
export default function ChangeBankPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const settings = usePayoutSettings();
  const saved = useSavedPayout(settings.data?.canChange === true);
  const change = useChangePayoutAccount();
  const [attempt, setAttempt] = useState(0);

  let body;
  if (settings.isPending)
    body = (
      <p className="ln-empty" aria-busy="true">
        …
      </p>
    );
  else if (settings.isError)
    body = (
      <p className="ln-empty" role="alert">
        {errorText(settings.error, locale)}
      </p>
    );
  else {
    const s = settings.data;
    const account = s.account;
    const provider = account.providerCode
      ? (payoutProvider(account.providerCode)?.name ?? account.providerCode)
      : '—';
    body = (
      <>
        <section className="ln-card" data-testid="current-account">
          <p className="ln-card__title">{t('lending:changeBank.current')}</p>
          <div className="ln-kv">
            <span>{t('lending:payout.provider')}</span>
            <strong data-testid="current-provider">{provider}</strong>
          </div>
          {account.account && (
            <div className="ln-kv">
              <span>{t('lending:payout.account')}</span>
              <strong data-testid="current-number">{masked(account.account)}</strong>
            </div>
          )}
          {(account.payeeFirstName || account.payeeLastName) && (
            <div className="ln-kv">
              <span>{t('lending:changeBank.payee')}</span>
              <strong>
                {[account.payeeFirstName, account.payeeMiddleName, account.payeeLastName]
                  .filter(Boolean)
                  .join(' ')}
              </strong>
            </div>
          )}
        </section>
        {s.blockedBy === 'maintenance' && (
          <section className="ln-card ln-blocked" data-testid="change-bank-blocked">
            <p className="ln-blocked__text" role="alert" data-testid="change-bank-message">
              {errorMessage('BANK_CHANGE_MAINTENANCE', locale)}
            </p>
            <p className="ln-note">{t('lending:changeBank.maintenanceHint')}</p>
          </section>
        )}
        {s.blockedBy === 'no_reloan' && (
          <section className="ln-card ln-blocked" data-testid="change-bank-blocked">
            <p className="cb-notice" role="alert" data-testid="change-bank-message">
              {t('lending:changeBank.firstLoan')}
            </p>
            <p className="ln-note">{t('lending:changeBank.firstLoanHint')}</p>
            <Link className="ln-link-button" to="/billIndex">
              {t('lending:changeBank.toLoans')}
            </Link>
          </section>
        )}
        {s.canChange && (
          <section className="ln-card" data-testid="change-bank-form">
            <p className="ln-card__title">{t('lending:changeBank.newTitle')}</p>
            <p className="ln-note">{t('lending:changeBank.newHint')}</p>
            {saved.data ? (
              <PayoutAccountForm
                key={attempt}
                initial={payoutDefaults({ ...saved.data.account, ...account }, null)}
                today={saved.data.today}
                postalCodeLength={saved.data.postalCodeLength}
                save={(payload, idempotencyKey, callbacks) =>
                  change.mutate(
                    { body: payload, idempotencyKey },
                    {
                      onSuccess: () => {
                        callbacks.onSuccess();
                        showToast(t('lending:changeBank.saved'));
                        setAttempt((n) => n + 1);
                      },
                      onError: callbacks.onError,
                    },
                  )
                }
                pending={change.isPending}
                submitLabel={t('lending:changeBank.submit')}
                submitTestId="change-bank-submit"
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
        )}
        <FraudWarning />
      </>
    );
  }
  return <Page className="ln-page cb">{body}</Page>;
}
