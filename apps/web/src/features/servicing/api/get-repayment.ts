import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepaymentViewResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { REPAYMENT_POLL_MS, shouldPoll } from '../model/servicing.ts';

export const repaymentKey = (repaymentId: string) => ['servicing', 'repayment', repaymentId] as const;

/** GET /api/repayments/:id: one payment's state and receipt. */
export function fetchRepayment(repaymentId: string, signal?: AbortSignal): Promise<RepaymentViewResponse> {
  return api.request(`/api/repayments/${encodeURIComponent(repaymentId)}`, {
    auth: true,
    signal,
  });
}

/** Asked again every 2 s while pending (back from checkout, or waiting for a transfer or a counter payment). */
export const repaymentQuery = (repaymentId: string) =>
  queryOptions({
    queryKey: repaymentKey(repaymentId),
    queryFn: ({ signal }) => fetchRepayment(repaymentId, signal),
    staleTime: 0,
    refetchInterval: (query) => (shouldPoll(query.state.data) ? REPAYMENT_POLL_MS : false),
  });

export function useRepayment(repaymentId: string | null) {
  return useQuery({ ...repaymentQuery(repaymentId ?? ''), enabled: Boolean(repaymentId) });
}
