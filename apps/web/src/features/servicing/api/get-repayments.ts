import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepaymentViewResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export const REPAYMENTS_KEY = ['servicing', 'repayments'] as const;

/** GET /api/repayments: the records of the last 3 months, newest first (ST-02). */
export function fetchRepayments(signal?: AbortSignal): Promise<RepaymentViewResponse[]> {
  return api.request('/api/repayments', {
    auth: true,
    signal,
    parse: (data) => (data as { repayments: RepaymentViewResponse[] }).repayments,
  });
}

export const repaymentsQuery = () =>
  queryOptions({ queryKey: REPAYMENTS_KEY, queryFn: ({ signal }) => fetchRepayments(signal), staleTime: 0 });

export function useRepayments() {
  return useQuery(repaymentsQuery());
}
