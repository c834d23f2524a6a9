import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderViewResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** An order as `GET /api/orders/:id` shows it to its owner: the domain's contract, shared with the server. */
export type OrderView = OrderViewResponse;

export const orderKey = (orderId: string) => ['orders', 'one', orderId] as const;

export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}`, {
    auth: true,
    signal,
  });
}

/** Disbursement runs as a job (seconds in sandbox, up to 24 h live): ask again every 3 s while it runs. */
export const POLL_MS = 3_000;

export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'disbursing' ? POLL_MS : false),
  });

export function useOrder(orderId: string | null) {
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
