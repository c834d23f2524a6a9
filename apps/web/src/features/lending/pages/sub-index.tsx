import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import { errorText } from '../../../lib/api/index.ts';
import { coCoreStore, useCoCore } from '../../../lib/store/index.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useLoanOffer } from '../api/get-loan-offer.ts';
import { CostTable } from '../components/cost-table.tsx';
import { OutstandingNotice } from '../components/outstanding-notice.tsx';
import { costRows, peso } from '../model/cost-lines.ts';
import { LOAN_TABS, ladderRows, nextStep, tabOf, type LoanTab } from '../model/loan-offers.ts';
import type { LoanOffer } from '../model/offer.ts';
import './lending.css';
import './sub-index.css';

const TABS: readonly LoanTab[] = ['products', 'limit'];

/** Tab 2 (default): what the lender offers anyone, each term fully priced at the largest amount. */
function ProductsPanel({ offer }: { offer: LoanOffer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const examples = offer.product?.examples ?? [];
  const [term, setTerm] = useState(examples[0]?.termDays ?? 0);
  const example = examples.find((e) => e.termDays === term) ?? examples[0];
  if (!offer.product || !example) return <p className="ln-empty">{t('lending:offers.noProduct')}</p>;
  return (
    <>
      <section className="ln-card lo-range" data-testid="offers-range">
        <p className="ln-card__title">{t('lending:offers.rangeTitle')}</p>
        <p className="lo-range__value">
          {t('lending:offers.range', {
            min: peso(offer.product.amountMin),
            max: peso(offer.product.amountMax),
          })}
        </p>
        <p className="ln-note">
          {t('lending:offers.terms', {
            terms: examples.map((e) => t('lending:withdraw.days', { count: e.termDays })).join(' · '),
          })}
        </p>
      </section>

      <section className="ln-card" data-testid="offers-example">
        <h2 className="ln-card__title">{t('lending:offers.exampleTitle')}</h2>
        <div className="ln-chips" role="group" aria-label={t('lending:withdraw.term')}>
          {examples.map((e) => (
            <button
              key={e.termDays}
              type="button"
              className={`ln-chip${e.termDays === example.termDays ? ' ln-chip--on' : ''}`}
              aria-pressed={e.termDays === example.termDays}
              data-testid={`offers-term-${e.termDays}`}
              onClick={() => setTerm(e.termDays)}
            >
              {t('lending:withdraw.days', { count: e.termDays })}
            </button>
          ))}
        </div>
        <p className="ln-note" data-testid="offers-example-summary">
          {t('lending:offers.exampleSummary', {
            amount: peso(example.principal),
            count: example.termDays,
            receive: peso(example.netProceeds),
            repay: peso(example.totalRepayment),
          })}
        </p>
        <CostTable
          caption={t('lending:withdraw.breakdown')}
          rows={costRows(example, {
            dueDate: formatDate(example.dueDateIfPaidToday, locale),
            effectiveMonthlyRate: example.effectiveMonthlyRate,
          })}
        />
        <p className="ln-note">{t('lending:cost.deductedNote')}</p>
        <p className="ln-note">{t('lending:offers.exampleNote')}</p>
      </section>
    </>
  );
}

/** Tab 1: the borrower's own limit and how it grows (SH-15, BE-04). */
function LimitPanel({ offer }: { offer: LoanOffer }) {
  const { t } = useTranslation();
  const approved = offer.blockedBy !== 'not_approved';
  const rows = offer.limitLadder ? ladderRows(offer.limitLadder, offer.creditLimit) : [];
  return (
    <>
      <section className="ln-card" data-testid="offers-limit">
        <p className="ln-card__title">{t('lending:withdraw.limit')}</p>
        <p className="lo-range__value" data-testid="offers-limit-value">
          {approved ? peso(offer.creditLimit) : t('lending:offers.noLimit')}
        </p>
        {!approved && <p className="ln-note">{t('lending:withdraw.notApproved')}</p>}
      </section>
      {approved && offer.limitLadder && rows.length > 0 && (
        <section className="ln-card" data-testid="offers-ladder">
          <h2 className="ln-card__title">{t('lending:ladder.title')}</h2>
          <ol className="lo-ladder">
            {rows.map((row) => (
              <li
                key={row.amount}
                className={`lo-ladder__row${row.reached ? ' lo-ladder__row--reached' : ''}`}
                aria-current={row.current ? 'step' : undefined}
              >
                <span>
                  {t('lending:ladder.onTime', { count: row.onTime })}
                  {row.current && <span className="lo-ladder__now">{t('lending:offers.now')}</span>}
                </span>
                <strong>{peso(row.amount)}</strong>
              </li>
            ))}
          </ol>
          <p className="ln-note">
            {offer.limitLadder.next
              ? t('lending:ladder.next', { amount: peso(offer.limitLadder.next) })
              : t('lending:ladder.top')}
          </p>
        </section>
      )}
      <section className="ln-card">
        <p className="ln-note">{t('lending:ladder.homeScreen')}</p>
        <Link className="ln-link-button" to="/addDeskTopBrowser" data-testid="offers-home-screen">
          {t('lending:offers.homeScreenLink')}
        </Link>
      </section>
    </>
  );
}

/** The one way on from here: withdraw, finish the application, or see the open loan (ST-06). */
function NextStep({ offer }: { offer: LoanOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const step = nextStep(offer);
  if (step === 'repay') return <OutstandingNotice orderId={offer.outstandingOrderId} />;
  return (
    <Button
      block
      size="large"
      data-testid={`offers-${step}`}
      onClick={() => void navigate(step === 'withdraw' ? '/allWithdraw' : '/homeIndex')}
    >
      {step === 'withdraw' ? t('lending:offers.withdraw') : t('lending:offers.apply')}
    </Button>
  );
}

/**
 * `/subIndex`, the spec's "sub-home": the loan offers page. The products tab shows what the lender
 * offers anyone (range, terms, every cost line of an example per term, from GET /api/loans/offer, so
 * the figures are the server's own pricing); the limit tab shows the borrower's limit and ladder.
 * The open tab is the core store's `loanTabType` (SH-11), the page's look its `subProTheme`.
 */
export default function SubIndexPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const offer = useLoanOffer();
  const tab = tabOf(useCoCore((s) => s.loanTabType));
  const theme = useCoCore((s) => s.subProTheme);
  const tabRefs = useRef<Partial<Record<LoanTab, HTMLButtonElement | null>>>({});
  const choose = (next: LoanTab, focus = false) => {
    coCoreStore.getState().setLoanTabType(LOAN_TABS[next]);
    if (focus) tabRefs.current[next]?.focus();
  };
  // WAI-ARIA tabs: arrow keys move between the tabs
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const at = TABS.indexOf(tab);
    choose(TABS[(at + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!, true);
  };

  return (
    <Page className={`ln-page lo lo--theme-${theme}`}>
      <div className="lo-tabs" role="tablist" aria-label={t('lending:offers.tabs')} onKeyDown={onKeyDown}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`lo-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`lo-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={`lo-tab${tab === key ? ' lo-tab--on' : ''}`}
            data-testid={`offers-tab-${key}`}
            onClick={() => choose(key)}
          >
            {t(`lending:offers.tab.${key}`)}
          </button>
        ))}
      </div>
      <div className="lo-panel" role="tabpanel" id={`lo-panel-${tab}`} aria-labelledby={`lo-tab-${tab}`}>
        {offer.isPending ? (
          <p className="ln-empty" aria-busy="true">
            …
          </p>
        ) : offer.isError ? (
          <p className="ln-empty" role="alert">
            {errorText(offer.error, locale)}
          </p>
        ) : tab === 'products' ? (
          <ProductsPanel offer={offer.data} />
        ) : (
          <LimitPanel offer={offer.data} />
        )}
      </div>
      {offer.data && <NextStep offer={offer.data} />}
      <Link className="lo-video" to="/videoIndex" data-testid="offers-video">
        {t('lending:offers.video')}
      </Link>
    </Page>
  );
}
