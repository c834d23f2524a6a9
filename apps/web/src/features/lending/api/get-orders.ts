import { queryOptions, useQuery } from '@tanstack/react-query';
import { isOutstanding } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { POLL_MS, type OrderView } from './get-order.ts';

export const ORDERS_KEY = ['orders', 'list'] as const;

/** GET /api/orders: the borrower's orders, newest first. */
export function fetchOrders(signal?: AbortSignal): Promise<OrderView[]> {
  return api.request('/api/orders', {
    auth: true,
    signal,
    parse: (data) => (data as { orders: OrderView[] }).orders,
  });
}

export const ordersQuery = () =>
  queryOptions({
    queryKey: ORDERS_KEY,
    queryFn: ({ signal }) => fetchOrders(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((o) => o.status === 'disbursing') ? POLL_MS : false),
  });

export function useOrders(enabled = true) {
  return useQuery({ ...ordersQuery(), enabled });
}

/** The unpaid order that blocks another withdrawal (ST-06), if any. */
export function outstandingOrder(orders: readonly OrderView[] | undefined): OrderView | undefined {
  return orders?.find((o) => isOutstanding(o.status));
}
