import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, type PlaceOrderRequest } from '@pisonow/domain';
import { errorCodeOf, errorText } from '../../../lib/api/index.ts';
import { formatDate } from '@pisonow/domain/date-format';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { showError } from '../../../lib/toast.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { DOCUMENT_KINDS, useLoanDocuments } from '../api/get-loan-documents.ts';
import { useLoanOffer } from '../api/get-loan-offer.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { DocumentView } from '../components/document-view.tsx';
import { SignaturePad } from '../components/signature-pad.tsx';
import { peso } from '../model/cost-lines.ts';
import { findQuote, parseChoice, type Choice } from '../model/offer.ts';
import { submitBlocker } from '../model/signature.ts';
import { OutstandingNotice } from '../components/outstanding-notice.tsx';
import './lending.css';
import './loan.css';

function LoanForm({
  choice,
  hasSignature,
  onTermsChanged,
}: {
  choice: Choice;
  hasSignature: boolean;
  /** the server priced this choice differently than the page showed: read the offer again */
  onTermsChanged: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const documents = useLoanDocuments(choice);
  // SH-13: one key per tap sequence; a second tap (or a retry after a dropped line) replays it
  const place = useActionMutation(
    usePlaceOrder(),
    ({ body }) => `${body.amount}/${body.termDays}/${body.signature?.length ?? 0}`,
  );
  const [agreeAgreement, setAgreeAgreement] = useState(false);
  const [agreeSanction, setAgreeSanction] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const needsSignature = !hasSignature;
  const blocker = submitBlocker({ agreeAgreement, agreeSanction, needsSignature, signature });

  const submit = () => {
    if (blocker || place.isPending || !documents.data) return;
    const seen = documents.data;
    const body: PlaceOrderRequest = {
      amount: choice.amount,
      termDays: choice.termDays,
      agreeLoanAgreement: true,
      agreeSanctionLetter: true,
      productVersion: seen.productVersion,
      documentsSha256: seen.documentsSha256,
      ...(choice.couponId ? { couponId: choice.couponId } : {}),
    };
    if (needsSignature && signature) body.signature = signature;
    place.run(
      { body },
      {
        onSuccess: (order) => {
          void navigate(`/withdrawPage?orderId=${order.id}`, { replace: true });
        },
        onError: (error) => {
          showError(error);
          if (errorCodeOf(error) === 'OUTSTANDING_REPAYMENT')
            void navigate('/allWithdraw', { replace: true });
          // the terms changed since the documents were read: show the new ones (the summary's
          // figures and the documents) before any signature
          if (errorCodeOf(error) === 'PRICE_CHANGED') {
            setAgreeAgreement(false);
            setAgreeSanction(false);
            onTermsChanged();
            void documents.refetch();
          }
        },
      },
    );
  };

  return (
    <>
      <p className="ln-note loan-read">{t('lending:loan.readFirst')}</p>
      {documents.isError ? (
        <p className="ln-empty" role="alert">
          {errorText(documents.error, locale)}
        </p>
      ) : (
        DOCUMENT_KINDS.map((kind) => (
          <DocumentView key={kind} kind={kind} html={documents.data?.[kind]} loading={documents.isPending} />
        ))
      )}

      <section className="ln-card loan-agree">
        <label className="loan-check">
          <input
            type="checkbox"
            data-testid="agree-agreement"
            checked={agreeAgreement}
            onChange={(e) => setAgreeAgreement(e.target.checked)}
          />
          <span>{t('lending:loan.agreeAgreement')}</span>
        </label>
        <label className="loan-check">
          <input
            type="checkbox"
            data-testid="agree-sanction"
            checked={agreeSanction}
            onChange={(e) => setAgreeSanction(e.target.checked)}
          />
          <span>{t('lending:loan.agreeSanction')}</span>
        </label>
      </section>

      <section className="ln-card">
        <p className="ln-card__title">{t('lending:loan.signTitle')}</p>
        {needsSignature ? (
          <>
            <p className="ln-note">{t('lending:loan.signHint')}</p>
            <SignaturePad onChange={setSignature} disabled={place.isPending} />
          </>
        ) : (
          <p className="ln-note" data-testid="signature-on-file">
            {t('lending:loan.signedBefore')}
          </p>
        )}
      </section>

      <FraudWarning />
      <div className="loan-submit">
        <GuardedButton
          block
          color="primary"
          size="large"
          data-testid="loan-submit"
          disabled={Boolean(blocker) || !documents.data}
          loading={place.isPending}
          onClick={submit}
        >
          {t('lending:loan.submit')}
        </GuardedButton>
        {blocker && (
          <p className="loan-submit__why" data-testid="loan-blocker">
            {errorMessage(blocker, locale)}
          </p>
        )}
      </div>
    </>
  );
}

/** `/loan?amount=…&termDays=…` (ST-07, VAL-12, BE-07): read the three documents, agree to two, sign once, withdraw. */
export default function LoanPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const choice = useMemo(() => parseChoice(params), [params]);
  const offer = useLoanOffer();
  const quote = choice && offer.data ? findQuote(offer.data.quotes, choice) : undefined;

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
  else if (!choice || !quote) {
    body = (
      <section className="ln-card ln-blocked">
        <p className="ln-blocked__text">{t('lending:loan.badChoice')}</p>
        <Link className="ln-link-button" to="/allWithdraw" replace>
          {t('lending:loan.chooseAgain')}
        </Link>
      </section>
    );
  } else {
    body = (
      <>
        <section className="ln-card loan-summary" data-testid="loan-summary">
          <p className="loan-summary__amount">{peso(quote.principal)}</p>
          <p className="ln-note">
            {t('lending:loan.summary', {
              amount: peso(quote.principal),
              count: quote.termDays,
              net: peso(quote.netProceeds),
              total: peso(quote.totalRepayment),
              date: formatDate(quote.dueDateIfPaidToday, locale),
            })}
          </p>
        </section>
        <LoanForm
          choice={choice}
          hasSignature={offer.data.hasSignature}
          onTermsChanged={() => void offer.refetch()}
        />
      </>
    );
  }
  return <Page className="ln-page loan">{body}</Page>;
}
