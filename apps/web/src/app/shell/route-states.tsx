import { useTranslation } from 'react-i18next';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Button from 'antd-mobile/es/components/button';
import './shell.css';

/** Shown while the first route's code and guard resolve. */
export function RouteFallback() {
  return (
    <div className="shell-fallback" aria-busy="true">
      <DotLoading color="primary" />
    </div>
  );
}

/**
 * A route that failed to render or load (typically a lazy chunk missing after a deploy, or the
 * network dropping mid-navigation). A reload fetches the current chunks.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="shell-fallback">
      {/* plain markup, not a lazily loaded picture: this shows when chunks fail to load */}
      <div className="shell-fallback__message" role="alert">
        <h2>{t('common:routeError.title')}</h2>
        <p>{t('common:routeError.body')}</p>
      </div>
      <Button color="primary" onClick={() => window.location.reload()}>
        {t('common:routeError.reload')}
      </Button>
    </div>
  );
}
