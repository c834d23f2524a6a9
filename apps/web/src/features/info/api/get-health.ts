import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** GET /api/health, shown on the diagnostics page. */
export function fetchHealth(signal?: AbortSignal): Promise<Record<string, unknown>> {
  return api.request('/api/health', { signal });
}

export const healthQuery = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => fetchHealth(signal),
    staleTime: 0,
    retry: false,
  });

export function useHealth() {
  return useQuery(healthQuery());
}
