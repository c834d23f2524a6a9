import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import './shell.css';

/**
 * Shown while the first route's code and guard resolve: the splash of index.html (its styles are
 * inline there), the same markup, so the mark stays put from the first paint to the first page.
 */
export function RouteFallback() {
  return (
    <div className="boot" aria-busy="true">
      <svg className="boot__mark" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0f766e" />
        <path
          d="M25 50V15h9a10 10 0 0 1 0 20h-9M17 22h30M17 28h30"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
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
