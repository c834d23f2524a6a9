import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderViewResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** The few fields of my loans the complaint form needs to name one (GET /api/orders). */
export type LoanChoice = Pick<OrderViewResponse, 'id' | 'principal' | 'createdAt' | 'status'>;

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
