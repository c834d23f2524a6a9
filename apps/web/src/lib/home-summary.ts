import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeSummaryResponse } from '@pisonow/domain/contracts/home';
import { api } from './api/index.ts';

/*
 * GET /api/home: everything home shows, in one request (issue 9). In lib because two features
 * read it: home (the dashboard) and the profile (name and credit limit); one query key, one cache.
 */

/** GET /api/home: everything home shows, in one request (issue 9). */
export function fetchHome(signal?: AbortSignal): Promise<HomeSummaryResponse> {
  return api.request('/api/home', { auth: true, signal });
}

export const homeQuery = () =>
  queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => fetchHome(signal) });

/** Polls while something is about to change on its own: a review, or a payout on its way. */
export function useHome(enabled: boolean) {
  return useQuery({
    ...homeQuery(),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.application.status === 'under_review' || data?.order?.status === 'disbursing'
        ? 3_000
        : false;
    },
  });
}
