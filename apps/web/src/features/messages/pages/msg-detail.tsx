import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { useMessage } from '../api/get-message.ts';
import { useMarkMessageRead } from '../api/mark-read.ts';
import { formatManilaDateTime } from '@pisonow/domain/date-format';
import './messages.css';

/** `/msgDetail?id=…` (EN-08): one message; opening it marks it read. */
export default function MsgDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const id = params.get('id');
  const message = useMessage(id, locale);
  const markRead = useActionMutation(useMarkMessageRead(), (input) => input.id);
  const marked = useRef<string | null>(null);
  const m = message.data;

  useEffect(() => {
    if (m && !m.read && marked.current !== m.id) {
      marked.current = m.id;
      markRead.run({ id: m.id });
    }
  }, [m, markRead]);

  if (!id) return <Page>{<Notice tone="warning">{t('messages:notFound')}</Notice>}</Page>;
  if (message.error) return <Page>{<Notice tone="danger">{errorText(message.error, locale)}</Notice>}</Page>;
  if (!m) return <Page>{<p aria-busy="true">…</p>}</Page>;
  return (
    <Page className="msg">
      <Card className="msg__detail">
        <h2 className="msg__detail-title" data-testid="msg-detail-title">
          {m.title}
        </h2>
        <time className="msg__time" dateTime={m.createdAt}>
          {formatManilaDateTime(m.createdAt, locale)}
        </time>
        <p className="msg__detail-body" data-testid="msg-detail-body">
          {m.body}
        </p>
        {m.orderId && (
          <Link className="msg__link" to={`/bill?orderId=${m.orderId}`} data-testid="msg-detail-bill">
            {t('messages:openBill')}
          </Link>
        )}
      </Card>
    </Page>
  );
}
