import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DisputeListResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export const disputesKey = (orderId: string) => ['servicing', 'disputes', orderId] as const;

/** GET /api/orders/:id/disputes (BE-10): the payments I reported for this loan. */
export function fetchDisputes(orderId: string, signal?: AbortSignal): Promise<DisputeListResponse> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}/disputes`, {
    auth: true,
    signal,
  });
}

export function useDisputes(orderId: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: disputesKey(orderId ?? ''),
      queryFn: ({ signal }) => fetchDisputes(orderId ?? '', signal),
    }),
    enabled: Boolean(orderId),
  });
}
