import { Component, Suspense, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter, useLocation } from 'react-router';
import { appHistory } from './router/router.tsx';
import { AppProvider } from './provider.tsx';
import { Shell } from './shell/shell.tsx';
import { RouteError, RouteFallback } from './shell/route-states.tsx';

class ErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; failed: boolean; pathname: string }
> {
  override state = { error: undefined as unknown, failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  /** Another page is another chance: the error screen goes when the borrower navigates. */
  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname
      ? null
      : { error: undefined, failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** A page that failed to render or load shows RouteError instead of the app (as before, at the root). */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary pathname={useLocation().pathname}>{children}</ErrorBoundary>;
}

/**
 * Everything under the router: the page's error boundary, the first page's Suspense and the shell.
 * The build renders the same tree for `/start` (prerender.tsx), so the browser can hydrate that
 * markup instead of replacing it.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      {/* the first page's code and guard: later navigations are transitions that keep the
          current page on screen until the next one is ready */}
      <Suspense fallback={<RouteFallback />}>
        <Shell />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <AppProvider>
      <HistoryRouter history={appHistory}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>
  );
}
