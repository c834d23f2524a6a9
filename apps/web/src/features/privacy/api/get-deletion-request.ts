import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletionRequestView } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** GET /api/me/data-deletion (BE-12): my request, if any, and what would be erased or kept. */
export function fetchDeletionRequest(signal?: AbortSignal): Promise<DeletionRequestView> {
  return api.request('/api/me/data-deletion', {
    auth: true,
    signal,
  });
}

export const deletionRequestQuery = () =>
  queryOptions({
    queryKey: ['privacy', 'deletion'] as const,
    queryFn: ({ signal }) => fetchDeletionRequest(signal),
  });

export function useDeletionRequest() {
  return useQuery(deletionRequestQuery());
}
