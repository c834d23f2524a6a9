import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/**
 * TanStack Query for everything but the login page (issue 9: /start ships without it). The router
 * wraps each lazily loaded page in it; the lazily loaded shell parts (tab bar, captcha) wrap
 * themselves. Every scope shares the one client, so every page shares one cache.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryScope>
        <Component {...props} />
      </QueryScope>
    );
  }
  return WithQueries;
}
