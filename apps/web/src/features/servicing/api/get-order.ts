import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import type { ServicedOrder } from '../model/servicing.ts';

/** Everything this feature caches lives under `servicing`; lending's order caches are `orders`. */
export const SERVICING_KEY = ['servicing'] as const;
export const servicedOrderKey = (orderId: string) => ['servicing', 'order', orderId] as const;

/** GET /api/orders/:id with its balance (principal, interest, fees, late charge, penalty, total due now). */
export function fetchServicedOrder(orderId: string, signal?: AbortSignal): Promise<ServicedOrder> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}`, {
    auth: true,
    signal,
  });
}

export const servicedOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: servicedOrderKey(orderId),
    queryFn: ({ signal }) => fetchServicedOrder(orderId, signal),
    // the amount due changes with the Manila day: always re-read on arrival
    staleTime: 0,
  });

export function useServicedOrder(orderId: string | null) {
  return useQuery({ ...servicedOrderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
