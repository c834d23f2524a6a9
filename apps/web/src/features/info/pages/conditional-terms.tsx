import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { Card, Page } from '../../../lib/ui/page.tsx';
import './info.css';
import './conditional-terms.css';

const SECTIONS = [
  ['info:terms.service.title', 'info:terms.service.body'],
  ['info:terms.eligibility.title', 'info:terms.eligibility.body'],
  ['info:terms.account.title', 'info:terms.account.body'],
  ['info:terms.loans.title', 'info:terms.loans.body'],
  ['info:terms.repayment.title', 'info:terms.repayment.body'],
  ['info:terms.conduct.title', 'info:terms.conduct.body'],
  ['info:terms.closing.title', 'info:terms.closing.body'],
  ['info:terms.law.title', 'info:terms.law.body'],
] as const;

/** `/conditionalTerms`: terms of use. Open to visitors. */
export default function ConditionalTermsPage() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  const vars = {
    company: data?.company.name ?? t('info:privacy.companyFallback'),
    email: data?.supportEmail ?? '—',
  };
  return (
    <Page className="terms">
      <p className="info__lead">{t('info:terms.intro', vars)}</p>
      {SECTIONS.map(([title, body]) => (
        <Card key={title}>
          <h2>{t(title)}</h2>
          <p className="terms__body">{t(body, vars)}</p>
        </Card>
      ))}
    </Page>
  );
}
