import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutAccountResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export const PAYOUT_SETTINGS_KEY = ['lending', 'payout-settings'] as const;

/** GET /api/payout-account (RO-02): the current payout account and whether it may be changed now. */
export function fetchPayoutSettings(signal?: AbortSignal): Promise<PayoutAccountResponse> {
  return api.request('/api/payout-account', {
    auth: true,
    signal,
  });
}

export const payoutSettingsQuery = () =>
  queryOptions({
    queryKey: PAYOUT_SETTINGS_KEY,
    queryFn: ({ signal }) => fetchPayoutSettings(signal),
    staleTime: 0,
  });

export function usePayoutSettings() {
  return useQuery(payoutSettingsQuery());
}
