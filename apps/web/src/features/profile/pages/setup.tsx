import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { LANGUAGE_LABELS, LOCALES, setLanguage, useLocale } from '../../../lib/i18n/index.ts';
import { coCoreStore } from '../../../lib/store/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { List } from '../../../lib/ui/list-row.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { Sheet } from '../../../lib/ui/sheet.tsx';
import { useLogout } from '../api/logout.ts';
import './setup.css';

/** `/setup`: language (SH-01, remembered across reloads) and logout (SH-12). */
export default function SetupPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const logoutCall = useActionMutation(useLogout(), () => 'logout');
  const [confirming, setConfirming] = useState(false);

  const onLogout = async () => {
    try {
      await logoutCall.runAsync({});
    } catch {
      // Offline or already expired: the device forgets the session anyway; the server's session
      // then simply expires. Logging out must never be blocked by the network.
    }
    coCoreStore.getState().resetUser();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
    void navigate('/start', { replace: true });
  };

  return (
    <Page className="setup">
      <List title={t('profile:setup.language')}>
        {/* real buttons with aria-pressed (the list items used to carry it on a non-button) */}
        {LOCALES.map((lang) => (
          <button
            key={lang}
            type="button"
            className="ui-row ui-row--action setup__lang"
            data-testid={`lang-${lang}`}
            aria-pressed={lang === locale}
            onClick={() => void setLanguage(lang)}
          >
            <span lang={lang} className="ui-row__label">
              {LANGUAGE_LABELS[lang]}
            </span>
            {lang === locale && (
              <span className="setup__check" aria-hidden="true">
                ✓
              </span>
            )}
          </button>
        ))}
      </List>
      {/* Clarity item 10: logging out asks first */}
      <Button
        block
        size="large"
        variant="secondary"
        className="setup__logout"
        data-testid="logout"
        loading={logoutCall.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('profile:setup.logout')}
      </Button>
      <Sheet
        visible={confirming}
        title={t('profile:setup.logoutTitle')}
        onClose={() => setConfirming(false)}
        testId="logout-sheet"
      >
        <p className="setup__confirm-text">{t('profile:setup.logoutBody')}</p>
        <div className="setup__confirm-actions">
          <Button block variant="ghost" data-testid="logout-cancel" onClick={() => setConfirming(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            block
            variant="danger"
            data-testid="logout-confirm"
            loading={logoutCall.isPending}
            onClick={() => {
              setConfirming(false);
              void onLogout();
            }}
          >
            {t('profile:setup.logout')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
