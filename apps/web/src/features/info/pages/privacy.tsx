import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { Card, Page } from '../../../lib/ui/page.tsx';
import './info.css';
import './privacy.css';

/** Literal keys so the locale test sees every one of them. */
const SECTIONS = [
  ['info:privacy.controller.title', 'info:privacy.controller.body'],
  ['info:privacy.collect.title', 'info:privacy.collect.body'],
  ['info:privacy.purpose.title', 'info:privacy.purpose.body'],
  ['info:privacy.sharing.title', 'info:privacy.sharing.body'],
  ['info:privacy.retention.title', 'info:privacy.retention.body'],
  ['info:privacy.security.title', 'info:privacy.security.body'],
  ['info:privacy.rights.title', 'info:privacy.rights.body'],
  ['info:privacy.contact.title', 'info:privacy.contact.body'],
] as const;

/** `/privacy`: a privacy notice under the Data Privacy Act of 2012 (RA 10173). Open to visitors. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  const vars = {
    company: data?.company.name ?? t('info:privacy.companyFallback'),
    email: data?.supportEmail ?? '—',
    hotline: data?.hotline || '—',
  };
  return (
    <Page className="privacy">
      <p className="info__lead">{t('info:privacy.intro', vars)}</p>
      {data && (
        <p className="info__meta">{t('info:privacy.version', { version: data.privacyPolicyVersion })}</p>
      )}
      {SECTIONS.map(([title, body]) => (
        <Card key={title}>
          <h2>{t(title)}</h2>
          <p className="privacy__body">{t(body, vars)}</p>
        </Card>
      ))}
    </Page>
  );
}
