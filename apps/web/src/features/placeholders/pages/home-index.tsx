import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '@pisonow/domain';
import { useCoCore } from '../../../lib/store/index.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import './home-index.css';

/** `/homeIndex`: welcome and the entry to the application (built in the next issue). */
export default function HomeIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useCoCore((s) => s.publicData.phone_number);
  return (
    <Page className="home">
      <p className="home__hello">{t('home:hello', { phone: maskPhone(phone) })}</p>
      <section className="home__card" data-testid="apply-card">
        <p className="home__label">{t('home:card.label')}</p>
        <p className="home__headline">{t('home:card.headline')}</p>
        <ul className="home__facts">
          <li>{t('home:card.fact5min')}</li>
          <li>{t('home:card.fact3min')}</li>
          <li>{t('home:card.fact24h')}</li>
        </ul>
        <GuardedButton block size="large" className="home__apply" onClick={() => void navigate('/identityInfo')}>
          {t('home:card.apply')}
        </GuardedButton>
      </section>
      <FraudWarning />
    </Page>
  );
}
