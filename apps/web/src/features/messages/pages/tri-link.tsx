import { useTranslation } from 'react-i18next';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useUnreadMessages } from '../../../lib/unread-messages.ts';
import './messages.css';

/**
 * `/triLink`: the way into messages from elsewhere in the app (a link in an SMS or a banner):
 * notices and activities with their unread counts, each opening its tab of the message centre.
 */
export default function TriLinkPage() {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  return (
    <Page className="msg">
      <List title={t('messages:triTitle')}>
        {(['notify', 'activity'] as const).map((kind) => (
          <ListRow
            key={kind}
            label={t(`messages:tab.${kind}`)}
            value={t('messages:unreadCount', { count: unread?.[kind] ?? 0 })}
            href={`/msgCenter?tab=${kind}`}
            testId={`trilink-${kind}`}
          />
        ))}
      </List>
    </Page>
  );
}
