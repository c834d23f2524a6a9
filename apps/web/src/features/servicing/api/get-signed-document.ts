import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/download-file.ts';
import { fetchHtml } from '../../../lib/api/fetch-html.ts';

export const SIGNED_KINDS = ['disclosure', 'agreement', 'sanction_letter'] as const;
export type SignedKind = (typeof SIGNED_KINDS)[number];
/** BE-12: the signed documents, the statement of account and, once settled, the clearance letter. */
export type LoanDocumentKind = SignedKind | 'statement' | 'clearance_letter';

/** Where the server keeps each of a loan's documents. */
export function loanDocumentPath(orderId: string, kind: LoanDocumentKind): string {
  const order = `/api/orders/${encodeURIComponent(orderId)}`;
  if (kind === 'statement') return `${order}/statement`;
  if (kind === 'clearance_letter') return `${order}/clearance-letter`;
  return `${order}/documents/${kind}`;
}

/** GET one of a loan's documents (HTML) for the bill, read only when opened. */
export function fetchLoanDocument(
  orderId: string,
  kind: LoanDocumentKind,
  signal?: AbortSignal,
): Promise<string> {
  return fetchHtml(loanDocumentPath(orderId, kind), signal);
}

export const loanDocumentQuery = (orderId: string, kind: LoanDocumentKind) =>
  queryOptions({
    queryKey: ['servicing', 'document', orderId, kind] as const,
    queryFn: ({ signal }) => fetchLoanDocument(orderId, kind, signal),
    // a signed document never changes; the statement changes with every charge and payment
    staleTime: kind === 'statement' ? 0 : Infinity,
  });

export function useLoanDocument(orderId: string, kind: LoanDocumentKind, enabled: boolean) {
  return useQuery({ ...loanDocumentQuery(orderId, kind), enabled });
}

/** The same document printed to PDF, saved by the browser (BE-12). */
export function downloadLoanDocument(orderId: string, kind: LoanDocumentKind): Promise<void> {
  return downloadFile(`${loanDocumentPath(orderId, kind)}?format=pdf`, `${kind}-${orderId.slice(0, 8)}.pdf`);
}
