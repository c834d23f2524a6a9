import { useDeferredValue, useState, type CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { errorText } from '../../../lib/api/index.ts';
import { useLoanOffer } from '../api/get-loan-offer.ts';
import { CostTable } from '../components/cost-table.tsx';
import { costRows, peso } from '../model/cost-lines.ts';
import {
  amountsFor,
  choiceSearch,
  defaultChoice,
  findQuote,
  offeredTerms,
  withTerm,
  type Choice,
  type LoanOffer,
} from '../model/offer.ts';
import { OutstandingNotice } from '../components/outstanding-notice.tsx';
import { CouponPicker } from '../../../lib/ui/coupon-picker.tsx';
import './lending.css';
import './all-withdraw.css';

function WithdrawForm({ offer }: { offer: LoanOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const [choice, setChoice] = useState<Choice | null>(() => defaultChoice(offer));
  // EN-07: a withdrawal coupon takes its deduction off the service fee (the documents show the exact figures)
  const [coupon, setCoupon] = useState<{ couponId: string; deduction: bigint } | null>(null);
  // Issue 9: the first render draws what the borrower reads first (amount, term, what arrives and
  // what is owed); the cost lines, the ladder, the coupons and the button below follow in a second,
  // interruptible render. One render of everything was a ~120 ms task (~500 ms on a phone-class
  // CPU) before the page's largest text could paint. Nothing above moves when the rest arrives.
  const restShown = useDeferredValue(true, false);
  if (!choice) return <p className="ln-empty">{t('lending:withdraw.noOffer')}</p>;

  const amounts = amountsFor(offer.quotes, choice.termDays);
  const index = Math.max(0, amounts.indexOf(choice.amount));
  const quote = findQuote(offer.quotes, choice);
  const step = (delta: number) => {
    const next = amounts[Math.min(amounts.length - 1, Math.max(0, index + delta))];
    if (next) setChoice({ ...choice, amount: next });
  };

  return (
    <>
      <section className="ln-card aw-amount">
        <div className="aw-amount__head">
          <span className="ln-card__title">{t('lending:withdraw.amount')}</span>
          <span className="aw-limit">
            {t('lending:withdraw.limit')} {peso(offer.creditLimit)}
          </span>
        </div>
        <output className="aw-amount__value" data-testid="withdraw-amount-value" aria-live="polite">
          {peso(choice.amount)}
        </output>
        <div className="aw-amount__control" data-testid="withdraw-amount">
          <button
            type="button"
            className="aw-step"
            data-testid="withdraw-amount-less"
            aria-label={t('lending:withdraw.less')}
            disabled={index === 0}
            onClick={() => step(-1)}
          >
            −
          </button>
          <input
            type="range"
            className="aw-range"
            min={0}
            max={Math.max(0, amounts.length - 1)}
            step={1}
            value={index}
            aria-label={t('lending:withdraw.amount')}
            aria-valuetext={peso(choice.amount)}
            style={
              {
                '--aw-fill': `${amounts.length > 1 ? (index / (amounts.length - 1)) * 100 : 100}%`,
              } as CSSProperties
            }
            onChange={(e) => {
              const next = amounts[Number(e.target.value)];
              if (next) setChoice({ ...choice, amount: next });
            }}
          />
          <button
            type="button"
            className="aw-step"
            data-testid="withdraw-amount-more"
            aria-label={t('lending:withdraw.more')}
            disabled={index >= amounts.length - 1}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
        <div className="aw-amount__ends" aria-hidden>
          <span>{amounts[0] ? peso(amounts[0]) : ''}</span>
          <span>{amounts.length > 0 ? peso(amounts[amounts.length - 1]!) : ''}</span>
        </div>
        <p className="ln-card__title aw-term-title">{t('lending:withdraw.term')}</p>
        <div className="ln-chips" role="radiogroup" aria-label={t('lending:withdraw.term')}>
          {offeredTerms(offer).map((term) => (
            <button
              key={term}
              type="button"
              role="radio"
              aria-checked={term === choice.termDays}
              data-testid={`term-${term}`}
              className={`ln-chip${term === choice.termDays ? ' ln-chip--on' : ''}`}
              onClick={() => setChoice(withTerm(offer.quotes, choice, term))}
            >
              {t('lending:withdraw.days', { count: term })}
            </button>
          ))}
        </div>
      </section>

      {quote && (
        // Clarity item 4: what arrives in the account and what will be owed, before the cost lines
        <section className="ln-card aw-summary" data-testid="withdraw-summary">
          <div>
            <p className="aw-summary__label">{t('lending:withdraw.youReceive')}</p>
            <p className="aw-summary__value" data-testid="withdraw-receive">
              {peso(String(BigInt(quote.netProceeds) + (coupon?.deduction ?? 0n)))}
            </p>
          </div>
          <div>
            <p className="aw-summary__label">
              {t('lending:withdraw.youRepay', { date: formatDate(quote.dueDateIfPaidToday, locale) })}
            </p>
            <p className="aw-summary__value" data-testid="withdraw-repay">
              {peso(quote.totalRepayment)}
            </p>
          </div>
          <p className="aw-summary__eir">{t('lending:withdraw.eirExplained')}</p>
        </section>
      )}

      {restShown && quote && (
        <section className="ln-card">
          <p className="ln-card__title">{t('lending:withdraw.breakdown')}</p>
          <CostTable
            rows={costRows(quote, {
              dueDate: formatDate(quote.dueDateIfPaidToday, locale),
              effectiveMonthlyRate: quote.effectiveMonthlyRate,
            })}
          />
          <p className="ln-note">{t('lending:cost.deductedNote')}</p>
          <p className="ln-note">{t('lending:cost.dueDateNote')}</p>
        </section>
      )}

      {restShown && offer.limitLadder && (
        // SH-15 BE-04: where the borrower stands on the limit ladder
        <section className="ln-card" data-testid="limit-ladder">
          <p className="ln-card__title">{t('lending:ladder.title')}</p>
          <p className="ln-note">{t('lending:ladder.onTime', { count: offer.limitLadder.rung })}</p>
          <p className="ln-note">
            {offer.limitLadder.next
              ? t('lending:ladder.next', { amount: peso(offer.limitLadder.next) })
              : t('lending:ladder.top')}
          </p>
          <p className="ln-note">{t('lending:ladder.homeScreen')}</p>
        </section>
      )}
      {restShown && quote && (
        <CouponPicker
          use={{ kind: 'withdrawal', appliesTo: BigInt(quote.serviceFee) }}
          value={coupon?.couponId ?? null}
          onChange={setCoupon}
        />
      )}
      {restShown && (
        <>
          <FraudWarning />
          <GuardedButton
            block
            color="primary"
            size="large"
            data-testid="withdraw-continue"
            disabled={!quote}
            onClick={() =>
              void navigate(
                `/loan?${choiceSearch(coupon ? { ...choice, couponId: coupon.couponId } : choice)}`,
              )
            }
          >
            {t('lending:withdraw.continue')}
          </GuardedButton>
        </>
      )}
    </>
  );
}

/** `/allWithdraw` (EN-06, CO-01, BE-07, SH-17, ST-06): choose amount and term, see every cost line before going on. */
export default function AllWithdrawPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  // Issue 9: the offer arriving re-renders through the query's store, which React renders in one
  // synchronous task (the form's first render: ~80 ms unthrottled on an approved borrower's page,
  // ~300 ms on a phone-class CPU). Deferred, that render is interruptible: the phone can paint and
  // answer taps between its slices, and the placeholder stays until the form is ready.
  const offer = useDeferredValue(useLoanOffer());

  let body;
  if (offer.isPending)
    body = (
      <p className="ln-empty" aria-busy="true">
        …
      </p>
    );
  else if (offer.isError)
    body = (
      <p className="ln-empty" role="alert">
        {errorText(offer.error, locale)}
      </p>
    );
  else if (offer.data.blockedBy === 'outstanding_repayment')
    body = <OutstandingNotice orderId={offer.data.outstandingOrderId} />;
  else if (offer.data.blockedBy === 'not_approved') {
    body = (
      <section className="ln-card ln-blocked">
        <p className="ln-blocked__text" data-testid="not-approved-message">
          {t('lending:withdraw.notApproved')}
        </p>
        <Link className="ln-link-button" to="/homeIndex">
          {t('lending:withdraw.goHome')}
        </Link>
      </section>
    );
  } else body = <WithdrawForm offer={offer.data} />;

  return <Page className="ln-page aw">{body}</Page>;
}
