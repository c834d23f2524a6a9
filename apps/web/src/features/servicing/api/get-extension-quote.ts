import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExtensionQuoteResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export const extensionQuoteKey = (orderId: string) => ['servicing', 'extension', orderId] as const;

/** GET /api/orders/:id/extension: fee, overdue charges paid with it, the new due date and a fresh disclosure (CO-02). */
export function fetchExtensionQuote(orderId: string, signal?: AbortSignal): Promise<ExtensionQuoteResponse> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}/extension`, {
    auth: true,
    signal,
  });
}

export const extensionQuoteQuery = (orderId: string) =>
  queryOptions({
    queryKey: extensionQuoteKey(orderId),
    queryFn: ({ signal }) => fetchExtensionQuote(orderId, signal),
    staleTime: 0,
  });

export function useExtensionQuote(orderId: string, enabled: boolean) {
  return useQuery({ ...extensionQuoteQuery(orderId), enabled });
}
