import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** The few fields of my loans the complaint form needs to name one (GET /api/orders). */
export interface LoanChoice {
  id: string;
  principal: string;
  createdAt: string;
  status: string;
}

export function fetchMyLoans(signal?: AbortSignal): Promise<LoanChoice[]> {
  return api.request('/api/orders', {
    auth: true,
    signal,
    parse: (data) => (data as { orders: LoanChoice[] }).orders,
  });
}

export function useMyLoans() {
  return useQuery(
    queryOptions({
      queryKey: ['complaints', 'loans'] as const,
      queryFn: ({ signal }) => fetchMyLoans(signal),
    }),
  );
}
