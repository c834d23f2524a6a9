import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import List from 'antd-mobile/es/components/list';
import { createActionKey } from '../../../lib/api/index.ts';
import { LANGUAGE_LABELS, LOCALES, setLanguage, useLocale } from '../../../lib/i18n/index.ts';
import { coCoreStore } from '../../../lib/store/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useLogout } from '../api/logout.ts';
import './setup.css';

/** `/setup`: language (SH-01, remembered across reloads) and logout (SH-12). */
export default function SetupPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const logoutCall = useLogout();
  const key = useMemo(() => createActionKey(), []);

  const onLogout = async () => {
    try {
      await logoutCall.mutateAsync({ idempotencyKey: key.keyFor('logout') });
    } catch {
      // Offline or already expired: the device forgets the session anyway; the server's session
      // then simply expires. Logging out must never be blocked by the network.
    }
    key.done();
    coCoreStore.getState().resetUser();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
    void navigate('/start', { replace: true });
  };

  return (
    <Page className="setup">
      <List header={t('profile:setup.language')} className="setup__list">
        {LOCALES.map((lang) => (
          <List.Item
            key={lang}
            data-testid={`lang-${lang}`}
            aria-pressed={lang === locale}
            onClick={() => void setLanguage(lang)}
            extra={lang === locale ? <span className="setup__check">✓</span> : null}
            arrowIcon={false}
          >
            <span lang={lang}>{LANGUAGE_LABELS[lang]}</span>
          </List.Item>
        ))}
      </List>
      <GuardedButton
        block
        size="large"
        color="danger"
        fill="outline"
        data-testid="logout"
        loading={logoutCall.isPending}
        onClick={() => void onLogout()}
      >
        {t('profile:setup.logout')}
      </GuardedButton>
    </Page>
  );
}
