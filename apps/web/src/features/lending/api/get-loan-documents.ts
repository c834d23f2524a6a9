import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanDocumentsResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import type { Choice } from '../model/offer.ts';

/**
 * The three documents of an offer, full HTML pages generated (and escaped) by the server, with the
 * product version and their hash, which the order sends back (what the borrower read is booked).
 */
export type LoanDocuments = LoanDocumentsResponse;
export const DOCUMENT_KINDS = ['disclosure', 'agreement', 'sanction_letter'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** GET /api/loans/documents: what the borrower reads on `/loan` before agreeing and signing (VAL-12, BE-07). */
export function fetchLoanDocuments(choice: Choice, signal?: AbortSignal): Promise<LoanDocuments> {
  const query = new URLSearchParams({
    amount: choice.amount,
    termDays: String(choice.termDays),
    ...(choice.couponId ? { couponId: choice.couponId } : {}),
  });
  return api.request(`/api/loans/documents?${query.toString()}`, {
    auth: true,
    signal,
  });
}

export const loanDocumentsQuery = (choice: Choice) =>
  queryOptions({
    queryKey: ['loans', 'documents', choice.amount, choice.termDays, choice.couponId ?? null] as const,
    queryFn: ({ signal }) => fetchLoanDocuments(choice, signal),
    staleTime: 60_000,
  });

export function useLoanDocuments(choice: Choice | null) {
  return useQuery({
    ...loanDocumentsQuery(choice ?? { amount: '0', termDays: 0 }),
    enabled: choice !== null,
  });
}
