import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../../lib/api/index.ts';
import { currentLocale } from '../../../lib/i18n/index.ts';
import { coCoreStore } from '../../../lib/store/index.ts';
import type { DocumentKind } from './get-loan-documents.ts';

/**
 * GET /api/orders/:id/documents/:kind: a signed document as the server keeps it (HTML, bearer
 * auth, so no plain link). The shared client speaks JSON only, so this one call reads text itself
 * with the same headers; failures still become ApiErrors with stable codes (ER-02).
 */
export async function fetchOrderDocument(orderId: string, kind: DocumentKind, signal?: AbortSignal): Promise<string> {
  const token = coCoreStore.getState().publicData.token;
  let response: Response;
  try {
    response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/documents/${kind}`, {
      headers: { Accept: 'text/html', 'Accept-Language': currentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ code: 'NETWORK', status: 0 });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw toApiError(response.status, body, response.headers.get('Retry-After'));
  }
  return text;
}

export const orderDocumentQuery = (orderId: string, kind: DocumentKind) =>
  queryOptions({ queryKey: ['orders', 'one', orderId, 'document', kind] as const, queryFn: ({ signal }) => fetchOrderDocument(orderId, kind, signal), staleTime: Infinity });

export function useOrderDocument(orderId: string, kind: DocumentKind, enabled = true) {
  return useQuery({ ...orderDocumentQuery(orderId, kind), enabled });
}
