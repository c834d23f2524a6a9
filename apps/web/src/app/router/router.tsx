import { lazy, use, type ComponentType, type ReactElement } from 'react';
import { Navigate, UNSAFE_createBrowserHistory, useLocation, type To } from 'react-router';
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
  // the tab bar's chunk downloads beside the page, but the page does not wait for it: the shell
  // holds its place (`shell__tabbar--loading`) until it is in
  if (route.tabBar) void import('../shell/bottom-nav.tsx').catch(() => undefined);
  const [page, queries] = await Promise.all([
    route.load(),
    // TanStack Query comes with the first page after /start (issue 9); the server preloads it and
    // the English catalogue with every other page (SIGNED_IN_MODULES in the API's route-preloads.ts)
    route.name === 'start' ? undefined : import('../../lib/query-scope.tsx'),
    route.name === 'start' ? undefined : loadCatalogues().catch(() => undefined),
  ]);
  return queries ? queries.withQueries(page.default) : page.default;
}

const loads = new Map<string, Promise<ComponentType>>();
/** The pages whose load has finished: a first render of one of them need not suspend (see pageElement). */
const loaded = new Map<string, ComponentType>();

/** A route's page with everything it waits for, loaded once (the router preloads it, see below). */
function loadPage(route: AppRoute): Promise<ComponentType> {
  let load = loads.get(route.name);
  if (!load) {
    load = pageOf(route);
    load.then(
      (page) => loaded.set(route.name, page),
      () => {
        // offline: the next navigation tries again. React.lazy keeps a rejection for good, so the
        // route's lazy wrapper is made afresh, and a route that rendered it (RouteError now shows
        // in its place) chooses again at its next render
        loads.delete(route.name);
        PAGES.set(route.name, lazyPage(route));
        rendered.delete(route.name);
      },
    );
    loads.set(route.name, load);
  }
  return load;
}

/**
 * Issue 9: the page a visit starts on, loaded before the app's first render (main.tsx), so that
 * render draws the page itself instead of suspending on it. A page revealed after a suspension
 * waits for React's fallback throttle (300 ms after the splash was shown): on a cold start that
 * was most of the time between the page's data arriving and the page being drawn. Nothing when
 * the shell sends this path elsewhere first.
 */
export async function loadFirstPage(pathname: string, search: string): Promise<void> {
  // where the shell's redirects lead first (`/` → /start, the login guard, Android): that page is
  // the one drawn, so it is loaded instead (no blank screen between the redirect and the page)
  let path = pathname;
  let query = search;
  for (let hop = 0; hop < 3; hop++) {
    const to = redirectFor(path, query);
    if (to === null) break;
    const next = new URL(to, window.location.origin);
    path = next.pathname;
    query = next.search;
  }
  const route = routeForPath(path);
  if (!route) return;
  await loadPage(route).catch(() => undefined); // a failed load shows RouteError, as it would
}

/** A route's lazy component: its first render suspends until its code (and catalogues) are in. */
function lazyPage(route: AppRoute): ComponentType {
  return lazy(async () => ({ default: await loadPage(route) }));
}

/** One lazy component per route (made afresh after a failed load, see loadPage). */
const PAGES = new Map<string, ComponentType>(ROUTES.map((route) => [route.name, lazyPage(route)]));

const browserHistory = UNSAFE_createBrowserHistory({ v5Compat: true });
let pending = 0;

/**
 * As the data router did: an in-app navigation changes the URL once the next page's code is in, so
 * the address and the page on screen change together (back/forward change the URL first, as ever).
 * A newer navigation supersedes one still loading.
 */
function whenReady(to: To, go: () => void): void {
  const id = ++pending;
  const pathname = typeof to === 'string' ? new URL(to, window.location.href).pathname : to.pathname;
  const route = pathname ? routeForPath(pathname) : undefined;
  const ready = route ? loadPage(route).then(() => undefined) : Promise.resolve();
  void ready
    .catch(() => undefined) // the page shows RouteError
    .then(() => {
      if (id === pending) go();
    });
}

/** The history the app's router uses (unstable_HistoryRouter). */
export const appHistory: typeof browserHistory = {
  get action() {
    return browserHistory.action;
  },
  get location() {
    return browserHistory.location;
  },
  createHref: (to) => browserHistory.createHref(to),
  createURL: (to) => browserHistory.createURL(to),
  encodeLocation: (to) => browserHistory.encodeLocation(to),
  listen: (listener) => browserHistory.listen(listener),
  go: (delta) => {
    pending += 1;
    browserHistory.go(delta);
  },
  push: (to, state) => whenReady(to, () => browserHistory.push(to, state)),
  replace: (to, state) => whenReady(to, () => browserHistory.replace(to, state)),
};

/**
 * The component each route renders, chosen at its first render and kept: the page itself when it
 * was loaded by then, its lazy wrapper otherwise. Kept, because a different component type at the
 * same place would remount the page (a kept-alive form would lose what was typed).
 */
const rendered = new Map<string, ComponentType>();

/** The element of a route's page (its lazy component is made once, above, never during a render). */
export function pageElement(route: AppRoute): ReactElement | null {
  let Page = rendered.get(route.name);
  if (!Page) {
    Page = loaded.get(route.name) ?? PAGES.get(route.name);
    if (!Page) return null;
    rendered.set(route.name, Page);
  }
  return <Page />;
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
