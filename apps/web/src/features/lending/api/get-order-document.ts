import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchHtml } from '../../../lib/api/fetch-html.ts';
import type { DocumentKind } from './get-loan-documents.ts';

/** GET /api/orders/:id/documents/:kind: a signed document as the server keeps it (HTML, read with the session). */
export function fetchOrderDocument(
  orderId: string,
  kind: DocumentKind,
  signal?: AbortSignal,
): Promise<string> {
  return fetchHtml(`/api/orders/${encodeURIComponent(orderId)}/documents/${kind}`, signal);
}

export const orderDocumentQuery = (orderId: string, kind: DocumentKind) =>
  queryOptions({
    queryKey: ['orders', 'one', orderId, 'document', kind] as const,
    queryFn: ({ signal }) => fetchOrderDocument(orderId, kind, signal),
    staleTime: Infinity,
  });

export function useOrderDocument(orderId: string, kind: DocumentKind, enabled = true) {
  return useQuery({ ...orderDocumentQuery(orderId, kind), enabled });
}
