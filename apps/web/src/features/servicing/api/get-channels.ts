import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepaymentChannelsResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export type RepaymentChannelOption = RepaymentChannelsResponse['channels'][number];

/** GET /api/repayments/channels: e-wallets, banks and counters the collection provider offers now. */
export function fetchRepaymentChannels(signal?: AbortSignal): Promise<RepaymentChannelOption[]> {
  return api.request('/api/repayments/channels', {
    auth: true,
    signal,
    parse: (data) => (data as RepaymentChannelsResponse).channels,
  });
}

export const repaymentChannelsQuery = () =>
  queryOptions({
    queryKey: ['servicing', 'channels'] as const,
    queryFn: ({ signal }) => fetchRepaymentChannels(signal),
    staleTime: 5 * 60_000,
  });

export function useRepaymentChannels(enabled = true) {
  return useQuery({ ...repaymentChannelsQuery(), enabled });
}
