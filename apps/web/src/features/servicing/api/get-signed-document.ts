import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchHtml } from '../../../lib/api/fetch-html.ts';

export const SIGNED_KINDS = ['disclosure', 'agreement', 'sanction_letter'] as const;
export type SignedKind = (typeof SIGNED_KINDS)[number];

/** GET /api/orders/:id/documents/:kind: a signed document (HTML) for the bill, read only when opened. */
export function fetchSignedDocument(orderId: string, kind: SignedKind, signal?: AbortSignal): Promise<string> {
  return fetchHtml(`/api/orders/${encodeURIComponent(orderId)}/documents/${kind}`, signal);
}

export const signedDocumentQuery = (orderId: string, kind: SignedKind) =>
  queryOptions({ queryKey: ['servicing', 'document', orderId, kind] as const, queryFn: ({ signal }) => fetchSignedDocument(orderId, kind, signal), staleTime: Infinity });

export function useSignedDocument(orderId: string, kind: SignedKind, enabled: boolean) {
  return useQuery({ ...signedDocumentQuery(orderId, kind), enabled });
}
