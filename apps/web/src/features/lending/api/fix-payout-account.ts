import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { ORDERS_KEY } from './get-orders.ts';
import { orderKey, type OrderView } from './get-order.ts';
import { PAYOUT_ACCOUNT_KEY } from './get-payout-account.ts';

export interface FixPayoutAccountInput {
  orderId: string;
  /** the bankInfo contract's fields */
  body: Record<string, unknown>;
  idempotencyKey: string;
}

/** PUT /api/orders/:id/payout-account (ST-04): a working account after a failed payout; the order goes back to disbursing. */
export function fixPayoutAccount({
  orderId,
  body,
  idempotencyKey,
}: FixPayoutAccountInput): Promise<OrderView> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}/payout-account`, {
    method: 'PUT',
    auth: true,
    body,
    idempotencyKey,
  });
}

export const fixPayoutAccountMutation = () =>
  mutationOptions({
    mutationKey: ['orders', 'payout-account'],
    mutationFn: fixPayoutAccount,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      // the application's payout step was updated too
      void queryClient.invalidateQueries({ queryKey: PAYOUT_ACCOUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: ['application'], exact: true });
    },
  });

export function useFixPayoutAccount() {
  return useMutation(fixPayoutAccountMutation());
}
