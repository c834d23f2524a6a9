import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { CompanyLine } from '../../../lib/ui/company-line.tsx';
import { Card, Page } from '../../../lib/ui/page.tsx';
import './info.css';
import './about-us.css';

/** `/aboutUs`: who we are, how to reach support (CO-04) and how to delete the account (RO-03). */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  const email = data?.supportEmail ?? '';
  // CO-04: every day 09:00-18:00 Manila time. The configured range wins when it is a plain range.
  const configured = data?.supportHours.trim() ?? '';
  const hours = /^\d{1,2}:\d{2}\s*[-–]\s*\d{1,2}:\d{2}$/.test(configured)
    ? configured.replace(/\s*[-–]\s*/, '–')
    : '09:00–18:00';
  return (
    <Page className="about">
      <Card className="about__brand">
        <div className="about__logo" aria-hidden="true">
          ₱
        </div>
        <h2>{data?.productName ?? '…'}</h2>
        <p>{t('info:about.blurb')}</p>
      </Card>
      <Card>
        <h2>{t('info:about.support')}</h2>
        <dl className="info__rows">
          <dt>{t('info:about.email')}</dt>
          <dd>{email ? <a href={`mailto:${email}`}>{email}</a> : '—'}</dd>
          <dt>{t('info:about.hotline')}</dt>
          <dd>
            {data?.hotline ? <a href={`tel:${data.hotline.replace(/[^\d+]/g, '')}`}>{data.hotline}</a> : '—'}
          </dd>
          <dt>{t('info:about.hours')}</dt>
          <dd data-testid="support-hours">{t('info:about.hoursValue', { hours })}</dd>
          {data?.website ? (
            <>
              <dt>{t('info:about.website')}</dt>
              <dd>
                <a href={data.website} target="_blank" rel="noreferrer">
                  {data.website}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card>
        <h2>{t('info:about.deleteTitle')}</h2>
        <p data-testid="account-deletion">{t('info:about.deleteBody', { email: email || '—' })}</p>
      </Card>
      <CompanyLine />
    </Page>
  );
}
