import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { DisputeView, OpenDisputeRequest } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { disputesKey } from './get-disputes.ts';
import { servicedOrderKey } from './get-order.ts';

/** POST /api/orders/:id/disputes (BE-10): report a payment that is not showing. */
export function openDispute({
  orderId,
  body,
  idempotencyKey,
}: {
  orderId: string;
  body: OpenDisputeRequest;
  idempotencyKey: string;
}): Promise<DisputeView> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}/disputes`, {
    method: 'POST',
    auth: true,
    body,
    idempotencyKey,
  });
}

export function useOpenDispute() {
  return useMutation(
    mutationOptions({
      mutationKey: ['servicing', 'dispute'],
      mutationFn: openDispute,
      onSuccess: (_view, { orderId }) => {
        void queryClient.invalidateQueries({ queryKey: disputesKey(orderId) });
        // the bill now says charges are paused
        void queryClient.invalidateQueries({ queryKey: servicedOrderKey(orderId) });
      },
    }),
  );
}
