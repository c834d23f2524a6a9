import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PayoutAccountResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { PAYOUT_ACCOUNT_KEY } from './get-payout-account.ts';
import { PAYOUT_SETTINGS_KEY } from './get-payout-settings.ts';

export interface ChangePayoutAccountInput {
  /** the bankInfo contract's fields */
  body: Record<string, string>;
  idempotencyKey: string;
}

/** PUT /api/payout-account (RO-02, VAL-07): a re-loan borrower's new payout account, used for the next loans. */
export function changePayoutAccount({
  body,
  idempotencyKey,
}: ChangePayoutAccountInput): Promise<PayoutAccountResponse> {
  return api.request('/api/payout-account', {
    method: 'PUT',
    auth: true,
    body,
    idempotencyKey,
  });
}

export const changePayoutAccountMutation = () =>
  mutationOptions({
    mutationKey: ['lending', 'change-payout-account'],
    mutationFn: changePayoutAccount,
    onSuccess: (settings) => {
      queryClient.setQueryData(PAYOUT_SETTINGS_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: PAYOUT_ACCOUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: ['application'], exact: true });
    },
  });

export function useChangePayoutAccount() {
  return useMutation(changePayoutAccountMutation());
}
