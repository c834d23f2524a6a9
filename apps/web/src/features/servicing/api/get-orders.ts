import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import type { ServicedOrder } from '../model/servicing.ts';

export const SERVICED_ORDERS_KEY = ['servicing', 'orders'] as const;

/** GET /api/orders: the borrower's loans, newest first, each with its balance. */
export function fetchServicedOrders(signal?: AbortSignal): Promise<ServicedOrder[]> {
  return api.request('/api/orders', {
    auth: true,
    signal,
    parse: (data) => (data as { orders: ServicedOrder[] }).orders,
  });
}

export const servicedOrdersQuery = () =>
  queryOptions({
    queryKey: SERVICED_ORDERS_KEY,
    queryFn: ({ signal }) => fetchServicedOrders(signal),
    staleTime: 0,
    // a payout in progress settles within seconds in sandbox
    refetchInterval: (query) => (query.state.data?.some((o) => o.status === 'disbursing') ? 3_000 : false),
  });

export function useServicedOrders() {
  return useQuery(servicedOrdersQuery());
}
