import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageKind } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useUnreadMessages } from '../../../lib/unread-messages.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkAllRead } from '../api/mark-read.ts';
import { formatManilaDateTime } from '@pisonow/domain/date-format';
import './messages.css';

const TABS: readonly MessageKind[] = ['notify', 'activity'];

/**
 * `/msgCenter` (EN-08): notices (the borrower's loan and account) and activities (offers, rewards)
 * in two tabs, newest first, unread marked; "Clear all unread" per tab. A message opens on
 * `/msgDetail`, which marks it read.
 */
export default function MsgCenterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const tab: MessageKind = params.get('tab') === 'activity' ? 'activity' : 'notify';
  const list = useMessages(tab, locale);
  const unread = useUnreadMessages();
  const clear = useActionMutation(useMarkAllRead(), (input) => String(input.kind));
  const [cleared, setCleared] = useState(false);
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? [];
  const unreadHere = unread?.[tab] ?? 0;

  return (
    <Page className="msg">
      <div className="msg__tabs" role="tablist" aria-label={t('messages:tabsLabel')}>
        {TABS.map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            id={`msg-tab-${kind}`}
            aria-selected={kind === tab}
            aria-controls="msg-panel"
            className="msg__tab"
            data-testid={`msg-tab-${kind}`}
            onClick={() => {
              setCleared(false);
              setParams({ tab: kind }, { replace: true });
            }}
          >
            {t(`messages:tab.${kind}`)}
            {(unread?.[kind] ?? 0) > 0 && (
              <span className="msg__count" data-testid={`msg-tab-count-${kind}`}>
                {unread?.[kind]}
                <span className="visually-hidden">
                  {t('messages:unreadSuffix', { count: unread?.[kind] ?? 0 })}
                </span>
              </span>
            )}
          </button>
        ))}
      </div>

      <section id="msg-panel" role="tabpanel" aria-labelledby={`msg-tab-${tab}`}>
        {unreadHere > 0 && (
          <Button
            variant="ghost"
            size="small"
            className="msg__clear"
            data-testid="msg-clear-all"
            loading={clear.isPending}
            onClick={() => clear.run({ kind: tab }, { onSuccess: () => setCleared(true) })}
          >
            {t('messages:clearAll')}
          </Button>
        )}
        {cleared && unreadHere === 0 && (
          <p className="visually-hidden" role="status">
            {t('messages:cleared')}
          </p>
        )}
        {list.error != null && <Notice tone="danger">{errorText(list.error, locale)}</Notice>}
        {list.isLoading && <p aria-busy="true">…</p>}
        {!list.isLoading && messages.length === 0 && (
          <Notice testId="msg-empty">{t(`messages:empty.${tab}`)}</Notice>
        )}
        <ul className="msg__list">
          {messages.map((m) => (
            <li key={m.id}>
              <Link
                to={`/msgDetail?id=${m.id}`}
                className={m.read ? 'msg__item' : 'msg__item msg__item--unread'}
                data-testid={`msg-item-${m.event}`}
              >
                <span className="msg__title">
                  {!m.read && <span className="msg__dot" aria-label={t('messages:unread')} role="img" />}
                  {m.title}
                </span>
                <span className="msg__excerpt">{m.body}</span>
                <time className="msg__time" dateTime={m.createdAt}>
                  {formatManilaDateTime(m.createdAt, locale)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Button
            block
            variant="secondary"
            data-testid="msg-more"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('messages:more')}
          </Button>
        )}
      </section>
    </Page>
  );
}
