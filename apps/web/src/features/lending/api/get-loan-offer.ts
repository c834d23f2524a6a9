import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import type { LoanOffer } from '../model/offer.ts';

export const LOAN_OFFER_KEY = ['loans', 'offer'] as const;

/** GET /api/loans/offer: the limit, what blocks a withdrawal, and every offered amount and term already priced. */
export function fetchLoanOffer(signal?: AbortSignal): Promise<LoanOffer> {
  return api.request('/api/loans/offer', {
    auth: true,
    signal,
  });
}

// Always fresh on arrival: a withdrawal elsewhere changes what may be withdrawn (ST-06).
export const loanOfferQuery = () =>
  queryOptions({ queryKey: LOAN_OFFER_KEY, queryFn: ({ signal }) => fetchLoanOffer(signal), staleTime: 0 });

export function useLoanOffer() {
  return useQuery(loanOfferQuery());
}
