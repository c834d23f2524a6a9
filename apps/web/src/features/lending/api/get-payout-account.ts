import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationViewResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/**
 * The payout account saved with the application (its bankInfo step), to prefill the fix form with
 * the payee's name and phone. Only the part this feature needs is read from `GET /api/application`.
 */
export type SavedPayout = { account: Record<string, unknown>; today: string; postalCodeLength: number };

export const PAYOUT_ACCOUNT_KEY = ['lending', 'payout-account'] as const;

export function fetchSavedPayout(signal?: AbortSignal): Promise<SavedPayout> {
  return api.request('/api/application', {
    auth: true,
    signal,
    parse: (data) => {
      const view = data as ApplicationViewResponse;
      return {
        account: view.steps.bankInfo.data ?? {},
        today: view.rules.today,
        postalCodeLength: view.rules.postalCodeLength,
      };
    },
  });
}

export const savedPayoutQuery = () =>
  queryOptions({ queryKey: PAYOUT_ACCOUNT_KEY, queryFn: ({ signal }) => fetchSavedPayout(signal) });

export function useSavedPayout(enabled = true) {
  return useQuery({ ...savedPayoutQuery(), enabled });
}
