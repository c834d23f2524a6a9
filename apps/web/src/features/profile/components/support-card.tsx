import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { supportOpenAt } from '../model/support-hours.ts';

/**
 * Customer service (CO-04, RO-03, CO-05): the hours and whether it is open now (Manila time), the
 * e-mail and hotline from the server's configuration, and what only customer service can do:
 * delete the account, cancel a loan within 24 hours of receiving it.
 */
export function SupportCard({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation();
  const config = usePublicConfig().data;
  const open = supportOpenAt(now);
  return (
    <List title={t('profile:support.title')}>
      <ListRow
        label={t('profile:support.hours')}
        value={
          <span data-testid="support-open" className={open ? 'my__open' : 'my__closed'}>
            {open ? t('profile:support.openNow') : t('profile:support.closedNow')}
          </span>
        }
      />
      {config?.supportEmail && (
        <ListRow
          label={t('profile:support.email')}
          value={config.supportEmail}
          href={`mailto:${config.supportEmail}`}
          testId="support-email"
        />
      )}
      {config?.hotline && (
        <ListRow
          label={t('profile:support.hotline')}
          value={config.hotline}
          href={`tel:${config.hotline.replace(/[^\d+]/g, '')}`}
          testId="support-hotline"
        />
      )}
      <p className="my__support-note" data-testid="support-deletion">
        {t('profile:support.deletion')}
      </p>
      <p className="my__support-note">{t('profile:support.cancellation')}</p>
    </List>
  );
}
