import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { layoutFor } from '@pisonow/domain/user-agent';
import { coCoreStore, useCoCore } from '../../lib/store/index.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { setUnauthenticatedHandler } from '../../lib/api/index.ts';
import { staleApp } from '../../lib/stale-app.ts';
import { handleOf, NOT_FOUND_HANDLE, routeForPath, TAB_ROUTES } from '../router/routes.ts';
import { captureFrom, NotFoundRoute, pageElement, redirectFor } from '../router/router.tsx';
import { attributionEnabled } from '../../lib/attribution/enabled.ts';
import { standaloneLaunch } from '../../features/coupons/model/standalone-launch.ts';
import { KeepAliveOutlet } from './keep-alive.tsx';
import { BackIcon } from './icons.tsx';
import './shell.css';

/**
 * The tab bar is not on /start: it loads with the first page that shows it, with the query library
 * its unread count uses (the router starts that download together with the page, issue 9).
 */
const BottomNav = lazy(() =>
  Promise.all([import('./bottom-nav.tsx'), import('../../lib/query-scope.tsx')]).then(([m, q]) => ({
    default: q.withQueries(m.BottomNav),
  })),
);

/**
 * SH-15 matters only once signed in and opened from the home screen: it loads then, with the toast
 * and query code it uses (issue 9: a browser tab never downloads it).
 */
const StandaloneReport = lazy(() => import('../../features/coupons/components/standalone-report.tsx'));

const LAYOUT = layoutFor(navigator.userAgent);

/**
 * The app frame: layout by user agent (SH-02), header with the page title, the routed page (kept
 * alive or fresh, SH-03) and the bottom navigation on the main pages (SH-09).
 */
export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const token = useCoCore((s) => s.publicData.token);
  const productName = useCoCore((s) => s.productName);
  const standaloneFlag = useCoCore((s) => s.standalone);
  // asked when the stored flag changes, not on every render (it queries the display mode)
  const standalone = useMemo(() => standaloneLaunch(standaloneFlag) !== null, [standaloneFlag]);
  const config = usePublicConfig();

  const route = routeForPath(location.pathname);
  const handle = route ? handleOf(route) : NOT_FOUND_HANDLE;
  // SH-07 first (layout effects run before the redirect's effect), then the guard: once per
  // navigation, as a loader would, not again when the store changes (logout navigates itself)
  useLayoutEffect(() => captureFrom(location.search), [location]);
  const redirect = useMemo(() => redirectFor(location.pathname, location.search), [location]);
  const title = t(`routes:${handle.name}`);

  useEffect(() => {
    coCoreStore.getState().setRoute(handle.name);
  }, [handle.name]);

  // An app older than the server (lib/stale-app.ts) loads the page it is going to afresh, from the
  // new build, rather than drawing it with old code (the first render is not a page change).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current !== location.pathname) staleApp.reloadIfStale();
    shownPath.current = location.pathname;
  }, [location.pathname]);

  // A 401 on an authenticated call resets the user as a logout does (SH-12) and goes to /start.
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      coCoreStore.getState().resetUser();
      // a 401 answers a call some page made through the query client, so it is loaded by now
      void import('../../lib/query-client.ts').then(({ queryClient }) => queryClient.removeQueries());
      void navigate('/start', { replace: true });
    });
  }, [navigate]);

  // The prerendered /start looks live before it is: tests (and tools) wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);

  useEffect(() => {
    if (!config.data) return;
    coCoreStore.getState().applyPublicConfig(config.data);
    // SH-16: only where the server runs in production with an attribution token (loaded after the
    // first paint: no page waits for it); elsewhere the adapter stays the no-op and never loads
    const settings = config.data;
    if (attributionEnabled(settings))
      void import('../../lib/attribution/attribution.ts').then((m) => m.startAttribution(settings));
  }, [config.data]);

  useEffect(() => {
    document.title = productName ? `${title} · ${productName}` : title;
  }, [title, productName]);

  // Tab roots have nowhere to go back to; on /noAndroid every other page bounces straight back.
  const showBack = !(TAB_ROUTES as readonly string[]).includes(handle.name) && handle.name !== 'noAndroid';
  const goBack = () => {
    // location.key is 'default' on the first entry: nothing to go back to inside the app.
    if (location.key !== 'default' && window.history.length > 1) void navigate(-1);
    else void navigate(token ? '/homeIndex' : '/start', { replace: true });
  };

  if (redirect) return <Navigate to={redirect} replace />;
  const outlet = route ? pageElement(route) : <NotFoundRoute />;

  return (
    <div className={`shell shell--${LAYOUT}`}>
      <div className="shell__column">
        {handle.header && (
          <header className="shell__header">
            {/* our own bar: a real, named back button (axe: antd's back area was an unnamed
                role=button, and a button inside it would be nested interactive) */}
            <div className="shell__bar">
              {showBack ? (
                <button
                  type="button"
                  className="shell__back"
                  aria-label={t('common:back')}
                  data-testid="nav-back"
                  onClick={goBack}
                >
                  <BackIcon />
                </button>
              ) : (
                <span className="shell__back-space" />
              )}
              <h1 className="shell__title" data-testid="page-title">
                {title}
              </h1>
              <span className="shell__back-space" />
            </div>
          </header>
        )}
        <main className="shell__main">
          <KeepAliveOutlet
            name={handle.name}
            keepAlive={handle.keepAlive}
            element={outlet}
            resetKey={token ? 'in' : 'out'}
          />
        </main>
        {token && standalone && (
          <Suspense fallback={null}>
            <StandaloneReport />
          </Suspense>
        )}
        {handle.tabBar && (
          <Suspense fallback={<nav className="shell__tabbar shell__tabbar--loading" />}>
            <BottomNav current={handle.name} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
