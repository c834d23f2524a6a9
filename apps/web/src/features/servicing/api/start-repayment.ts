import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { RepaymentViewResponse, StartRepaymentRequest } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { repaymentKey } from './get-repayment.ts';

export interface StartRepaymentInput {
  orderId: string;
  body: StartRepaymentRequest;
  /** required by the server: one per repay action (SH-13), so a double tap starts one payment */
  idempotencyKey: string;
}

/** POST /api/orders/:id/repayments → 201: a checkout link, a bank reference or a payment code for exactly the amount due. */
export function startRepayment({
  orderId,
  body,
  idempotencyKey,
}: StartRepaymentInput): Promise<RepaymentViewResponse> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}/repayments`, {
    method: 'POST',
    auth: true,
    body,
    idempotencyKey,
  });
}

export const startRepaymentMutation = () =>
  mutationOptions({
    mutationKey: ['servicing', 'repay'],
    mutationFn: startRepayment,
    onSuccess: (repayment) => {
      queryClient.setQueryData(repaymentKey(repayment.id), repayment);
      void queryClient.invalidateQueries({ queryKey: ['servicing', 'repayments'] });
    },
  });

export function useStartRepayment() {
  return useMutation(startRepaymentMutation());
}
