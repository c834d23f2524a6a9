import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
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
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="shell-fallback">
      <ErrorBlock status="default" title={t('common:routeError.title')} description={t('common:routeError.body')} />
      <Button color="primary" onClick={() => window.location.reload()}>
        {t('common:routeError.reload')}
      </Button>
    </div>
  );
}
