import { useDeferredValue, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, formatPeso, type HomeSummaryResponse } from '@pisonow/domain';
import { useLocale } from '../../../lib/i18n/index.ts';
import { errorText } from '../../../lib/api/index.ts';
import { formatDate } from '@pisonow/domain/date-format';
import { coCoreStore, useLoggedIn } from '../../../lib/store/index.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useHome } from '../../../lib/home-summary.ts';
import './home-index.css';

/** The review + submit screen: the last step's page in review mode (the application feature's route). */
const REVIEW_PATH = '/bankInfo?review=1';
const peso = (centavos: string | null | undefined) => formatPeso(BigInt(centavos ?? '0'));

type Action = { label: string; to: string; testId: string };

/**
 * Which card the summary drew last time (kept in the store's `homeData`): the placeholder takes
 * that card's height, so the page below does not move when the summary comes (issue 9, layout
 * shift; a new borrower's card is the tallest, a loan's the shortest).
 */
type CardKind = 'new' | 'loan' | 'status';
const cardKindOf = (home: HomeSummaryResponse): CardKind =>
  home.order ? 'loan' : home.application.status === 'none' ? 'new' : 'status';
function lastCardKind(): CardKind {
  const kind = coCoreStore.getState().homeData.cardKind;
  return kind === 'loan' || kind === 'status' ? kind : 'new';
}

/** The one next thing to do, from the summary (ST-01, ST-05, ST-06). */
function nextAction(home: HomeSummaryResponse | undefined, t: (key: string) => string): Action | null {
  const app = home?.application;
  const status = app?.status ?? 'none';
  const resume = app?.nextStep ? `/${app.nextStep}` : REVIEW_PATH;
  if (home?.order)
    return {
      label: t('lending:home.open'),
      to: `/withdrawPage?orderId=${home.order.id}`,
      testId: 'home-order-open',
    };
  if (status === 'draft')
    return {
      label: app?.nextStep ? t('application:home.continue') : t('application:home.review'),
      to: resume,
      testId: 'apply-continue',
    };
  if (status === 'approved')
    return { label: t('application:home.withdraw'), to: '/allWithdraw', testId: 'apply-withdraw' };
  if (status === 'needs_photo')
    return { label: t('application:home.reupload'), to: '/identityInfo', testId: 'apply-reupload' };
  if (status === 'under_review' || status === 'rejected')
    return app?.editable
      ? { label: t('application:home.edit'), to: REVIEW_PATH, testId: 'apply-edit' }
      : null;
  if (!home) return null;
  return { label: t('home:card.apply'), to: resume, testId: 'apply-now' };
}

/**
 * `/homeIndex`, the borrower's dashboard (issue 9, clarity item 3): a greeting by name, the status
 * with its one next action, the credit limit, the loan's amount and due date, and how to reach
 * support. One request (GET /api/home); refreshed each time the page is shown again.
 */
export default function HomeIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  // Issue 9: the summary arriving re-renders through the query's store, which React renders in
  // one synchronous task (the page's largest blocking task on a cold start). Deferred, that render
  // is interruptible, as on /allWithdraw: the placeholder stays until the card is ready.
  const query = useDeferredValue(useHome(loggedIn));
  const home = query.data;
  const { refetch } = query;
  const status = home?.application.status ?? 'none';
  const order = home?.order ?? null;
  const action = nextAction(home, t);
  const cardKind = home ? cardKindOf(home) : null;
  useEffect(() => {
    if (cardKind && coCoreStore.getState().homeData.cardKind !== cardKind)
      coCoreStore.setState((s) => ({ homeData: { ...s.homeData, cardKind } }));
  }, [cardKind]);

  // Kept alive (SH-03): effects run again each time the page becomes visible, so home is fresh
  // after a withdrawal or a repayment elsewhere in the app.
  useEffect(() => {
    if (loggedIn) void refetch();
  }, [loggedIn, refetch]);

  return (
    <Page className="home">
      <p className="home__hello" data-testid="home-greeting">
        {/* nothing to greet by until the summary says who this is (a no-break space keeps the line) */}
        {!home
          ? '\u00a0'
          : home.firstName
            ? t('home:helloName', { name: home.firstName })
            : t('home:helloNew')}
      </p>

      <section className="home__card" data-testid="apply-card" aria-busy={query.isPending}>
        {!home ? (
          // Until the summary arrives the card shows no status at all: drawing the new-borrower
          // card meanwhile told a borrower with a loan to "get cash" for a moment.
          query.isError ? (
            <div className="home__pending home__pending--failed" data-testid="home-error">
              <p className="home__status-hint" role="alert">
                {errorText(query.error, locale)}
              </p>
              <Button block size="large" className="home__apply" onClick={() => void refetch()}>
                {t('application:retry')}
              </Button>
            </div>
          ) : (
            <div className={`home__pending home__pending--${lastCardKind()}`} data-testid="home-pending">
              <p className="visually-hidden">{t('home:card.loading')}</p>
              <span className="home__pending-line home__pending-line--short" aria-hidden="true" />
              <span className="home__pending-line" aria-hidden="true" />
              <span className="home__pending-line home__pending-line--half" aria-hidden="true" />
              <span className="home__pending-line home__pending-line--button" aria-hidden="true" />
            </div>
          )
        ) : order ? (
          <>
            <p className="home__status-label">{t('lending:home.loanLabel')}</p>
            <p
              className={`home__headline home__status home__status--loan-${order.status}`}
              data-testid="home-order-status"
            >
              {order.label.text}
            </p>
            {order.status === 'disbursing' || order.status === 'payout_failed' ? (
              <p className="home__status-hint" data-testid="home-order-hint">
                {order.status === 'disbursing'
                  ? t('lending:home.disbursingHint')
                  : t('lending:home.failedHint')}
              </p>
            ) : (
              <dl className="home__due" data-testid="home-order-hint">
                <div>
                  <dt>{t('home:due.amount')}</dt>
                  {/* issue 7: what settles it today (late charge and penalty included), as on the bill */}
                  <dd data-testid="home-due-amount">{peso(order.amountDue ?? order.totalRepayment)}</dd>
                </div>
                <div>
                  <dt>{t('home:due.date')}</dt>
                  <dd data-testid="home-due-date">{formatDate(order.dueDate, locale)}</dd>
                </div>
              </dl>
            )}
          </>
        ) : status === 'approved' ? (
          <>
            <p className="home__status-label">{t('home:limit.label')}</p>
            <p className="home__headline home__amount" data-testid="home-limit">
              {peso(home?.creditLimit)}
            </p>
            <p className="home__status-hint" data-testid="application-hint">
              {t('home:limit.hint')}
            </p>
            <span data-testid="application-status" className="home__badge">
              {t('application:status.approved')}
            </span>
          </>
        ) : status === 'none' ? (
          <>
            <p className="home__status-label">{t('home:card.label')}</p>
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
            <p
              className={`home__headline home__status home__status--${status}`}
              data-testid="application-status"
            >
              {t(`application:status.${status}`)}
            </p>
            <p className="home__status-hint" data-testid="application-hint">
              {status === 'draft'
                ? t('application:home.draftHint', {
                    done: home?.application.stepsDone ?? 0,
                    total: home?.application.stepsTotal ?? 7,
                  })
                : status === 'needs_photo'
                  ? errorMessage('IDENTITY_FAILED', locale)
                  : status === 'rejected' && home?.application.decision?.retryDate
                    ? `${t('application:home.rejectedHint')} ${errorMessage('RESUBMISSION_DATE', locale, { date: formatDate(home.application.decision.retryDate, locale) })}`
                    : t(`application:home.${status === 'under_review' ? 'underReviewHint' : 'rejectedHint'}`)}
            </p>
          </>
        )}
        {action && (
          <Button
            block
            size="large"
            className="home__apply"
            data-testid={action.testId}
            onClick={() => void navigate(action.to)}
          >
            {action.label}
          </Button>
        )}
      </section>

      {/* above the support rows, which come with the summary: it stays where it is drawn */}
      <FraudWarning />
      {home && (
        <List title={t('home:support.title')}>
          {home.support.hotline && (
            <ListRow
              label={t('home:support.hotline')}
              value={home.support.hotline}
              href={`tel:${home.support.hotline.replace(/[^\d+]/g, '')}`}
              testId="home-support-hotline"
            />
          )}
          <ListRow
            label={t('home:support.email')}
            value={home.support.email}
            href={`mailto:${home.support.email}`}
            testId="home-support-email"
          />
          {home.support.webEmail && (
            <ListRow
              label={t('home:support.webEmail')}
              value={home.support.webEmail}
              href={`mailto:${home.support.webEmail}`}
            />
          )}
        </List>
      )}
    </Page>
  );
}
