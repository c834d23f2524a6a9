import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../lib/ui/button.tsx';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { isStandalone } from '../model/standalone.ts';
import './install.css';

/**
 * `/addDeskTopBrowser` (SH-15): the invitation to add the app to the home screen, with what it
 * brings (a ₱200 repayment coupon, once, and a limit of up to ₱80,000 where the rules allow) and the
 * way to the step-by-step guide. Opened from the installed app, it says so instead.
 */
export default function AddDesktopBrowserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const installed = isStandalone();
  return (
    <Page className="install">
      <Card className="install__hero">
        <PhoneHomeScreen />
        <h2 className="install__title" data-testid="install-title">
          {installed ? t('install:installedTitle') : t('install:title')}
        </h2>
        <p className="install__lead">{installed ? t('install:installedLead') : t('install:lead')}</p>
      </Card>
      <List title={t('install:benefits')}>
        <ListRow label={t('install:coupon')} value="₱200.00" testId="install-coupon" />
        <ListRow label={t('install:limit')} value="₱80,000.00" testId="install-limit" />
        <ListRow label={t('install:faster')} />
      </List>
      <p className="install__fine">{t('install:fine')}</p>
      {!installed && (
        <Button block size="large" data-testid="install-guide" onClick={() => void navigate('/guildDetail')}>
          {t('install:showMe')}
        </Button>
      )}
    </Page>
  );
}

/** A phone's home screen with our icon among the apps (decorative). */
function PhoneHomeScreen() {
  return (
    <svg className="install__art" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <rect x="45" y="4" width="70" height="112" rx="10" fill="#1f2937" />
      <rect x="49" y="12" width="62" height="96" rx="4" fill="#e6f4f1" />
      {[0, 1, 2].map((row) =>
        [0, 1, 2].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={54 + col * 19}
            y={18 + row * 22}
            width="14"
            height="14"
            rx="3"
            fill={row === 2 && col === 1 ? '#0f766e' : '#9fb8b3'}
          />
        )),
      )}
      <text x="80" y="78" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff">
        ₱
      </text>
    </svg>
  );
}
