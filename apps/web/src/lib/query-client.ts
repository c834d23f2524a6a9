import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client.ts';

/** A 4xx is an answer, not a glitch: retrying it only repeats the same refusal. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    // Mutations are never retried automatically: the user retries, with the same idempotency key.
    // networkMode 'always': offline, TanStack would pause the action and the button would spin
    // for ever (clarity item 2); the api client answers NETWORK at once instead.
    mutations: { retry: false, networkMode: 'always' },
  },
});
