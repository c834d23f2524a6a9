import { lazy, use, type ComponentType, type ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import { coCoreStore, isLoggedIn } from '../../lib/store/index.ts';
import { parseQueryCapture } from '../../lib/query-capture.ts';
import { loadPublicConfig } from '../../lib/public-config.ts';
import { loadCatalogues } from '../../lib/i18n/index.ts';
import { ROUTES, ROUTE_BY_NAME, routeForPath, type AppRoute } from './routes.ts';
import { guardRedirect, resolveAlias } from './guard.ts';

/*
 * Routing in React Router's declarative mode (issue 9): the data router (createBrowserRouter,
 * loaders, route.lazy) cost the login page ~16 KB brotli for what this file does in a few lines.
 * The route table (routes.ts) is the one source; the shell asks it which route a path is, runs the
 * guard once per navigation and renders the page; pages use Link, useNavigate, useSearchParams.
 */

/** SH-07: every navigation may carry landing parameters; keep them before any redirect drops them. */
export function captureFrom(search: string): void {
  const patch = parseQueryCapture(new URLSearchParams(search));
  if (Object.keys(patch).length > 0) coCoreStore.getState().capture(patch);
}

/**
 * Where a navigation must go instead (SH-04, SH-06, RO-01), or null: `/` is the landing page, an
 * unknown path is left to NotFoundRoute (aliases need the configuration).
 */
export function redirectFor(pathname: string, search: string): string | null {
  if (pathname === '/') return `/start${search}`;
  const route = routeForPath(pathname);
  if (!route) return null;
  return guardRedirect({
    routeName: route.name,
    requiresLogin: route.requiresLogin,
    userAgent: navigator.userAgent,
    loggedIn: isLoggedIn(coCoreStore.getState()),
  });
}

/** A page with its catalogues: /start ships with its own; every other page waits for the rest (issue 9). */
async function pageOf(route: AppRoute): Promise<ComponentType> {
  const [page, queries] = await Promise.all([
    route.load(),
    // TanStack Query comes with the first page after /start (issue 9)
    route.name === 'start' ? undefined : import('../../lib/query-scope.tsx'),
    route.name === 'start' ? undefined : loadCatalogues().catch(() => undefined),
    route.tabBar ? import('../shell/bottom-nav.tsx') : undefined,
  ]);
  return queries ? queries.withQueries(page.default) : page.default;
}

/** One lazy component per route: the first render suspends until its code (and catalogues) are in. */
const PAGES: ReadonlyMap<string, ComponentType> = new Map(
  ROUTES.map((route) => [route.name, lazy(async () => ({ default: await pageOf(route) }))]),
);

/** The element of a route's page (its lazy component is made once, above, never during a render). */
export function pageElement(route: AppRoute): ReactElement | null {
  const Page = PAGES.get(route.name);
  return Page ? <Page /> : null;
}

const NotFoundPage = lazy(async () => {
  const [page, queries] = await Promise.all([
    import('../../features/placeholders/pages/not-found.tsx'),
    import('../../lib/query-scope.tsx'),
    loadCatalogues().catch(() => undefined),
  ]);
  return { default: queries.withQueries(page.default) };
});

/** Unknown path: an alias from configuration (SH-05) shows its route; anything else is "not found". */
async function aliasTarget(pathname: string, search: string): Promise<string | null> {
  try {
    const config = await loadPublicConfig();
    const target = resolveAlias(pathname, config.routeAliases, (name) => ROUTE_BY_NAME.get(name)?.path);
    if (target) return `${target}${search}`;
  } catch {
    // config unreachable: fall through to the not-found page rather than an error screen
  }
  const android = guardRedirect({
    routeName: 'notFound',
    requiresLogin: false,
    userAgent: navigator.userAgent,
    loggedIn: true,
  });
  return android ? '/noAndroid' : null;
}

/** One answer per navigation (keyed by history entry), as the loader it replaces ran once per navigation. */
const aliasAnswers = new Map<string, Promise<string | null>>();

export function NotFoundRoute() {
  const { key, pathname, search } = useLocation();
  let answer = aliasAnswers.get(key);
  if (!answer) {
    answer = aliasTarget(pathname, search);
    aliasAnswers.set(key, answer);
  }
  const target = use(answer);
  return target ? <Navigate to={target} replace /> : <NotFoundPage />;
}
