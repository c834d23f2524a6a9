import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PlaceOrderRequest } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { LOAN_OFFER_KEY } from './get-loan-offer.ts';
import { ORDERS_KEY } from './get-orders.ts';
import { orderKey, type OrderView } from './get-order.ts';

export interface PlaceOrderInput {
  body: PlaceOrderRequest;
  /** one per tap sequence (SH-13): a double tap or a retry replays, never books twice */
  idempotencyKey: string;
}

/** POST /api/orders: sign and withdraw (ST-07, VAL-12) → 201 with the new order. */
export function placeOrder({ body, idempotencyKey }: PlaceOrderInput): Promise<OrderView> {
  return api.request('/api/orders', {
    method: 'POST',
    auth: true,
    body,
    idempotencyKey,
  });
}

export const placeOrderMutation = () =>
  mutationOptions({
    mutationKey: ['orders', 'place'],
    mutationFn: placeOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: LOAN_OFFER_KEY });
    },
  });

export function usePlaceOrder() {
  return useMutation(placeOrderMutation());
}
