import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { manilaDate } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Page } from '../../../lib/ui/page.tsx';
import { DOCUMENT_KINDS, type DocumentKind } from '../api/get-loan-documents.ts';
import { useOrderDocument } from '../api/get-order-document.ts';
import { useOrder } from '../api/get-order.ts';
import { DocumentView } from '../components/document-view.tsx';
import { OrderCostTable, OrderStatus, PayoutReference } from '../components/order-parts.tsx';
import './lending.css';
import './bill.css';

function SignedDocument({ orderId, kind }: { orderId: string; kind: DocumentKind }) {
  const locale = useLocale();
  const doc = useOrderDocument(orderId, kind);
  if (doc.isError) {
    return (
      <p className="ln-empty" role="alert">
        {errorText(doc.error, locale)}
      </p>
    );
  }
  return <DocumentView kind={kind} html={doc.data} loading={doc.isPending} />;
}

/** `/bill?orderId=…`: every line of one loan, its payout and the three signed documents (fetched with the session). */
export default function BillPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const order = useOrder(orderId);

  if (!orderId) {
    return (
      <Page className="ln-page">
        <p className="ln-empty">{t('lending:order.notFound')}</p>
      </Page>
    );
  }
  if (order.isError) {
    return (
      <Page className="ln-page">
        <p className="ln-empty" role="alert">
          {errorText(order.error, locale)}
        </p>
      </Page>
    );
  }
  if (!order.data) {
    return (
      <Page className="ln-page">
        <p className="ln-empty" aria-busy="true">
          …
        </p>
      </Page>
    );
  }
  const o = order.data;
  const kinds = DOCUMENT_KINDS.filter((k) => o.documents.some((d) => d.kind === k));
  return (
    <Page className="ln-page bill">
      <section className="ln-card">
        <span className="ln-note">{t('lending:order.orderNo', { id: o.id.slice(0, 8).toUpperCase() })}</span>
        <OrderStatus order={o} />
        <span className="ln-note">{t('lending:order.createdAt', { date: manilaDate(new Date(o.createdAt)) })}</span>
        <PayoutReference order={o} />
      </section>
      <section className="ln-card">
        <OrderCostTable order={o} />
      </section>
      <p className="ln-card__title bill-docs">{t('lending:order.documents')}</p>
      {kinds.map((kind) => (
        <SignedDocument key={kind} orderId={o.id} kind={kind} />
      ))}
    </Page>
  );
}
