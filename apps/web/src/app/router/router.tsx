import { createBrowserRouter, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { coCoreStore, isLoggedIn } from '../../lib/store/index.ts';
import { parseQueryCapture } from '../../lib/query-capture.ts';
import { loadPublicConfig } from '../../lib/public-config.ts';
import { setUnauthenticatedHandler } from '../../lib/api/index.ts';
import { loadCatalogues } from '../../lib/i18n/index.ts';
import { Shell } from '../shell/shell.tsx';
import { RouteError, RouteFallback } from '../shell/route-states.tsx';
import { ROUTES, ROUTE_BY_NAME, NOT_FOUND_HANDLE, handleOf, type AppRoute } from './routes.ts';
import { guardRedirect, resolveAlias } from './guard.ts';

/** SH-07: every navigation may carry landing parameters; keep them before any redirect drops them. */
function captureFrom(url: URL): void {
  const patch = parseQueryCapture(url.searchParams);
  if (Object.keys(patch).length > 0) coCoreStore.getState().capture(patch);
}

/** Runs before each leaf route renders (loaders run on every navigation to a new leaf). */
function guardLoader(route: AppRoute) {
  return ({ request }: LoaderFunctionArgs) => {
    captureFrom(new URL(request.url));
    const target = guardRedirect({
      routeName: route.name,
      requiresLogin: route.requiresLogin,
      userAgent: navigator.userAgent,
      loggedIn: isLoggedIn(coCoreStore.getState()),
    });
    // replace(): a guard bounce must not leave a history entry the back button returns to.
    return target ? replace(target) : null;
  };
}

/** Unknown path: an alias from configuration (SH-05) shows its route; anything else is "not found". */
async function aliasLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  captureFrom(url);
  try {
    const config = await loadPublicConfig();
    const target = resolveAlias(url.pathname, config.routeAliases, (name) => ROUTE_BY_NAME.get(name)?.path);
    if (target) return replace(`${target}${url.search}`);
  } catch {
    // config unreachable: fall through to the not-found page rather than an error screen
  }
  if (
    guardRedirect({
      routeName: 'notFound',
      requiresLogin: false,
      userAgent: navigator.userAgent,
      loggedIn: true,
    })
  ) {
    return replace('/noAndroid');
  }
  return null;
}

/** A page with its catalogues: /start ships with its own; every other page waits for the rest (issue 9). */
async function pageOf(route: AppRoute) {
  const [page, queries] = await Promise.all([
    route.load(),
    // TanStack Query comes with the first page after /start (issue 9)
    route.name === 'start' ? undefined : import('../../lib/query-scope.tsx'),
    route.name === 'start' ? undefined : loadCatalogues().catch(() => undefined),
    route.tabBar ? import('../shell/bottom-nav.tsx') : undefined,
  ]);
  return queries ? queries.withQueries(page.default) : page.default;
}

export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    element: <Shell />,
    hydrateFallbackElement: <RouteFallback />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        loader: ({ request }) => {
          const url = new URL(request.url);
          captureFrom(url);
          return replace(`/start${url.search}`);
        },
      },
      ...ROUTES.map((route): RouteObject => ({
        id: route.name,
        path: route.path,
        handle: handleOf(route),
        loader: guardLoader(route),
        lazy: { Component: () => pageOf(route) },
      })),
      {
        id: 'notFound',
        path: '*',
        handle: NOT_FOUND_HANDLE,
        loader: aliasLoader,
        lazy: {
          Component: async () => {
            const [page, queries] = await Promise.all([
              import('../../features/placeholders/pages/not-found.tsx'),
              import('../../lib/query-scope.tsx'),
              loadCatalogues().catch(() => undefined),
            ]);
            return queries.withQueries(page.default);
          },
        },
      },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);

// A 401 on an authenticated call resets the user as a logout does (SH-12) and goes to /start.
setUnauthenticatedHandler(() => {
  coCoreStore.getState().resetUser();
  // a 401 answers a call some page made through the query client, so it is loaded by now
  void import('../../lib/query-client.ts').then(({ queryClient }) => queryClient.removeQueries());
  void router.navigate('/start', { replace: true });
});
