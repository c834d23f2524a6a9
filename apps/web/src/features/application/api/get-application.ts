import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationViewResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** The borrower's own application as `GET /api/application` returns it: the domain's contract, shared with the server. */
export type ApplicationView = ApplicationViewResponse;
export type ApplicationStatus = ApplicationView['status'];

export const APPLICATION_KEY = ['application'] as const;

/** GET /api/application: status, each step's saved data, where to resume (nextStep) and the form rules. */
export function fetchApplication(signal?: AbortSignal): Promise<ApplicationView> {
  return api.request('/api/application', {
    auth: true,
    signal,
  });
}

export const applicationQuery = () =>
  queryOptions({
    queryKey: APPLICATION_KEY,
    queryFn: ({ signal }) => fetchApplication(signal),
    staleTime: 30_000,
  });

/** While the application is under review, ask again every few seconds: the decision takes seconds in sandbox, minutes in production. */
export function useApplication(enabled = true) {
  return useQuery({
    ...applicationQuery(),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'under_review' ? 3_000 : false),
  });
}
