import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STEPS, errorMessage, formatPeso, maskPhone, orderLabelText } from '@pisonow/domain';
import { useLocale } from '../../../lib/i18n/index.ts';
import { useCoCore } from '../../../lib/store/index.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { Page } from '../../../lib/ui/page.tsx';
// The application's status is the home card's content; this page moves to features/home with the
// home issue, and the import goes with it (the one query, not a copy of it). Known exception to the
// feature boundary until then (issue 9 replaces this page with the one-request home summary).
/* eslint-disable import-x/no-restricted-paths */
import { useApplication } from '../../application/api/get-application.ts';
import { REVIEW_PATH, resumePath } from '../../application/model/steps.ts';
// The borrower's unpaid loan replaces "Withdraw now" (ST-06): lending's one orders query.
import { outstandingOrder, useOrders } from '../../lending/api/get-orders.ts';
/* eslint-enable import-x/no-restricted-paths */
import './home-index.css';

/** `/homeIndex`: welcome, the entry to the application and its status (ST-01 "under review"). */
export default function HomeIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useCoCore((s) => s.publicData.phone_number);
  const application = useApplication(Boolean(phone));
  const view = application.data;
  const status = view?.status ?? 'none';
  const locale = useLocale();
  const decision = view?.decision ?? null;
  const done = view ? APPLICATION_STEPS.filter((s) => view.steps[s].completed).length : 0;
  // orders exist only once approved; an unpaid one is what the card is about then
  const orders = useOrders(status === 'approved');
  const loan = status === 'approved' ? outstandingOrder(orders.data) : undefined;

  const action = ((): { label: string; to: string; testId: string } | null => {
    if (status === 'draft') return { label: view?.nextStep ? t('application:home.continue') : t('application:home.review'), to: resumePath(view?.nextStep ?? null), testId: 'apply-continue' };
    if (status === 'approved' && loan) return { label: t('lending:home.open'), to: `/withdrawPage?orderId=${loan.id}`, testId: 'home-order-open' };
    if (status === 'approved') return { label: t('application:home.withdraw'), to: '/allWithdraw', testId: 'apply-withdraw' };
    // ST-05: an unclear ID photo sends the borrower back to the identity step to take a new one
    if (status === 'needs_photo') return { label: t('application:home.reupload'), to: '/identityInfo', testId: 'apply-reupload' };
    if (status === 'under_review' || status === 'rejected') return view?.editable ? { label: t('application:home.edit'), to: REVIEW_PATH, testId: 'apply-edit' } : null;
    return { label: t('home:card.apply'), to: resumePath(view?.nextStep ?? null), testId: 'apply-now' };
  })();

  return (
    <Page className="home">
      <p className="home__hello">{t('home:hello', { phone: maskPhone(phone) })}</p>
      <section className="home__card" data-testid="apply-card">
        <p className="home__label">{t('home:card.label')}</p>
        {loan ? (
          <>
            <p className="home__status-label">{t('lending:home.loanLabel')}</p>
            <p className={`home__headline home__status home__status--loan-${loan.status}`} data-testid="home-order-status">
              {loan.label.text}
            </p>
            <p className="home__status-hint" data-testid="home-order-hint">
              {loan.status === 'disbursing'
                ? t('lending:home.disbursingHint')
                : loan.status === 'payout_failed'
                  ? t('lending:home.failedHint')
                  : t('lending:home.repayHint', { total: formatPeso(BigInt(loan.totalRepayment)), date: loan.dueDate ?? '' })}
            </p>
          </>
        ) : status === 'none' ? (
          <>
            <p className="home__headline">{t('home:card.headline')}</p>
            <ul className="home__facts">
              <li>{t('home:card.fact5min')}</li>
              <li>{t('home:card.fact3min')}</li>
              <li>{t('home:card.fact24h')}</li>
            </ul>
          </>
        ) : (
          <>
            <p className="home__status-label">{t('application:home.statusLabel')}</p>
            <p className={`home__headline home__status home__status--${status}`} data-testid="application-status">
              {t(`application:status.${status}`)}
            </p>
            <p className="home__status-hint" data-testid="application-hint">
              {status === 'draft'
                ? t('application:home.draftHint', { done, total: APPLICATION_STEPS.length })
                : status === 'approved'
                  ? `${orderLabelText({ key: 'canWithdraw' }, locale)} · ${t('application:home.approvedHint', { limit: formatPeso(BigInt(decision?.creditLimit ?? '0')) })}`
                  : status === 'needs_photo'
                    ? errorMessage('IDENTITY_FAILED', locale)
                    : status === 'rejected' && decision?.retryDate
                      ? `${t('application:home.rejectedHint')} ${errorMessage('RESUBMISSION_DATE', locale, { date: decision.retryDate })}`
                      : t(`application:home.${status === 'under_review' ? 'underReviewHint' : 'rejectedHint'}`)}
            </p>
          </>
        )}
        {action && (
          <GuardedButton block size="large" className="home__apply" data-testid={action.testId} onClick={() => void navigate(action.to)}>
            {action.label}
          </GuardedButton>
        )}
      </section>
      <FraudWarning />
    </Page>
  );
}
