import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api/index.ts';
import { DocumentPanel } from '../../../lib/document/document-view.tsx';
import { useLocale } from '../../../lib/i18n/index.ts';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useServicedOrder } from '../api/get-order.ts';
import { SIGNED_KINDS, useSignedDocument, type SignedKind } from '../api/get-signed-document.ts';
import { ExtensionPanel } from '../components/extension-panel.tsx';
import { BalanceLines, LoanStatus } from '../components/loan-summary.tsx';
import { RepaySheet } from '../components/repay-sheet.tsx';
import { amountDue, isRepayable, type ServicedOrder } from '../model/servicing.ts';
import './servicing.css';
import './bill.css';

function SignedDocument({ orderId, kind }: { orderId: string; kind: SignedKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const doc = useSignedDocument(orderId, kind, open);
  return (
    <details className="sv-doc" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary data-testid={`open-doc-${kind}`}>{t(`servicing:documents.${kind}`)}</summary>
      {open &&
        (doc.isError ? (
          <p className="sv-empty" role="alert">
            {errorText(doc.error, locale)}
          </p>
        ) : (
          <DocumentPanel title={t(`servicing:documents.${kind}`)} html={doc.data} loading={doc.isPending} testId={`doc-${kind}`} />
        ))}
    </details>
  );
}

function BillBody({ order }: { order: ServicedOrder }) {
  const { t } = useTranslation();
  const [repaying, setRepaying] = useState(false);
  const [extending, setExtending] = useState(false);
  const repayable = isRepayable(order);
  const kinds = SIGNED_KINDS.filter((k) => order.documents.some((d) => d.kind === k));
  return (
    <>
      <LoanStatus order={order} />
      {repayable && (
        <div className="bill-actions">
          <GuardedButton block color="primary" size="large" data-testid="bill-repay" onClick={() => setRepaying(true)}>
            {t('servicing:bill.repay')}
          </GuardedButton>
          <GuardedButton block size="large" data-testid="bill-extend" onClick={() => setExtending((v) => !v)} aria-expanded={extending}>
            {t('servicing:bill.extend')}
          </GuardedButton>
        </div>
      )}
      {repayable && extending && <ExtensionPanel orderId={order.id} />}
      <BalanceLines order={order} />
      {repayable && <FraudWarning />}
      <Link className="sv-link" to="/repaidDetail" data-testid="bill-records">
        {t('servicing:bill.records')}
      </Link>
      <Link className="sv-link" to={`/withdrawPage?orderId=${order.id}`} data-testid="bill-details">
        {t('servicing:bill.loanDetails')}
      </Link>
      {kinds.length > 0 && (
        <section className="sv-docs" aria-label={t('servicing:documents.title')}>
          <h2 className="sv-card__title">{t('servicing:documents.title')}</h2>
          {kinds.map((kind) => (
            <SignedDocument key={kind} orderId={order.id} kind={kind} />
          ))}
        </section>
      )}
      {repayable && <RepaySheet visible={repaying} onClose={() => setRepaying(false)} orderId={order.id} purpose="full" amount={amountDue(order)} />}
    </>
  );
}

/** `/bill?orderId=…`: what is due and when, every balance line, Repay and Extend (issue 7). */
export default function BillPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const order = useServicedOrder(orderId);

  let body;
  if (!orderId) body = <p className="sv-empty">{t('servicing:bill.notFound')}</p>;
  else if (order.data) body = <BillBody order={order.data} />;
  else if (order.isError) body = <p className="sv-empty" role="alert">{errorText(order.error, locale)}</p>;
  else body = <p className="sv-empty" aria-busy="true">…</p>;
  return <Page className="sv-page bill">{body}</Page>;
}
