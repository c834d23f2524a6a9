import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays } from '@pisonow/domain/time';
import { errorText } from '../../../lib/api/index.ts';
import { formatDate } from '@pisonow/domain/date-format';
import { DocumentPanel } from '../../../lib/document/document-view.tsx';
import { useLocale } from '../../../lib/i18n/index.ts';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useServicedOrder } from '../api/get-order.ts';
import {
  SIGNED_KINDS,
  downloadLoanDocument,
  useLoanDocument,
  type LoanDocumentKind,
} from '../api/get-signed-document.ts';
import { ExtensionPanel } from '../components/extension-panel.tsx';
import { BalanceLines, LoanStatus } from '../components/loan-summary.tsx';
import { RepaySheet } from '../components/repay-sheet.tsx';
import { amountDue, isRepayable, type ServicedOrder } from '../model/servicing.ts';
import './servicing.css';
import './bill.css';

function LoanDocument({ orderId, kind }: { orderId: string; kind: LoanDocumentKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const doc = useLoanDocument(orderId, kind, open);
  const [download, setDownload] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const save = async () => {
    setDownload({ busy: true, error: null });
    try {
      await downloadLoanDocument(orderId, kind);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error });
    }
  };
  return (
    <details className="sv-doc" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary data-testid={`open-doc-${kind}`}>{t(`servicing:documents.${kind}`)}</summary>
      {open && (
        <>
          <button
            type="button"
            className="sv-doc__pdf"
            data-testid={`pdf-${kind}`}
            onClick={save}
            disabled={download.busy}
            aria-busy={download.busy}
          >
            {download.busy ? t('servicing:documents.downloading') : t('servicing:documents.downloadPdf')}
          </button>
          {download.error != null && (
            <p className="sv-empty" role="alert">
              {errorText(download.error, locale)}
            </p>
          )}
          {doc.isError ? (
            <p className="sv-empty" role="alert">
              {errorText(doc.error, locale)}
            </p>
          ) : (
            <DocumentPanel
              title={t(`servicing:documents.${kind}`)}
              html={doc.data}
              loading={doc.isPending}
              testId={`doc-${kind}`}
            />
          )}
        </>
      )}
    </details>
  );
}

/** BE-10, BE-15: why no late charge is being added (a payment being checked, a plan, stopped for good). */
function ChargesPaused({ pause }: { pause: { reason: string; until: string | null } | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (pause?.reason === 'hardship' && pause.until)
    return (
      <Notice tone="info" title={t('servicing:dispute.hardshipTitle')} testId="bill-charges-paused">
        {t('servicing:dispute.hardshipBody', { date: formatDate(addDays(pause.until, -1), locale) })}
      </Notice>
    );
  if (pause?.reason === 'write_off')
    return (
      <Notice tone="info" title={t('servicing:dispute.stoppedTitle')} testId="bill-charges-paused">
        {t('servicing:dispute.stoppedBody')}
      </Notice>
    );
  return (
    <Notice tone="info" title={t('servicing:dispute.pausedTitle')} testId="bill-charges-paused">
      {t('servicing:dispute.pausedBody')}
    </Notice>
  );
}

function BillBody({ order }: { order: ServicedOrder }) {
  const { t } = useTranslation();
  const [repaying, setRepaying] = useState(false);
  const [extending, setExtending] = useState(false);
  const repayable = isRepayable(order);
  // BE-12: the statement once money has moved, the clearance letter once it is paid in full
  const kinds: LoanDocumentKind[] = [
    ...SIGNED_KINDS.filter((k) => order.documents.some((d) => d.kind === k)),
    ...(order.disbursedAt ? (['statement'] as const) : []),
    ...(order.status === 'settled' ? (['clearance_letter'] as const) : []),
  ];
  return (
    <>
      <LoanStatus order={order} />
      {repayable && (
        <div className="bill-actions">
          <GuardedButton
            block
            color="primary"
            size="large"
            data-testid="bill-repay"
            onClick={() => setRepaying(true)}
          >
            {t('servicing:bill.repay')}
          </GuardedButton>
          <GuardedButton
            block
            size="large"
            data-testid="bill-extend"
            onClick={() => setExtending((v) => !v)}
            aria-expanded={extending}
          >
            {t('servicing:bill.extend')}
          </GuardedButton>
        </div>
      )}
      {repayable && extending && <ExtensionPanel orderId={order.id} />}
      {order.balance?.chargesPaused && <ChargesPaused pause={order.balance.chargesPause ?? null} />}
      <BalanceLines order={order} />
      {repayable && <FraudWarning />}
      {repayable && (
        <Link className="sv-link" to={`/paymentDispute?orderId=${order.id}`} data-testid="bill-dispute">
          {t('servicing:dispute.link')}
        </Link>
      )}
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
            <LoanDocument key={kind} orderId={order.id} kind={kind} />
          ))}
        </section>
      )}
      {repayable && (
        <RepaySheet
          visible={repaying}
          onClose={() => setRepaying(false)}
          orderId={order.id}
          purpose="full"
          amount={amountDue(order)}
        />
      )}
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
  else if (order.isError)
    body = (
      <p className="sv-empty" role="alert">
        {errorText(order.error, locale)}
      </p>
    );
  else
    body = (
      <p className="sv-empty" aria-busy="true">
        …
      </p>
    );
  return <Page className="sv-page bill">{body}</Page>;
}
