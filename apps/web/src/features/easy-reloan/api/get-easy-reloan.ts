import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EasyReloanViewResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export const EASY_RELOAN_KEY = ['easyReloan'] as const;

/** GET /api/easy-reloan: the switch, the ladder and the rewards earned (ST-08, ST-09). */
export function fetchEasyReloan(signal?: AbortSignal): Promise<EasyReloanViewResponse> {
  return api.request('/api/easy-reloan', {
    auth: true,
    signal,
  });
}

export const easyReloanQuery = () =>
  queryOptions({ queryKey: EASY_RELOAN_KEY, queryFn: ({ signal }) => fetchEasyReloan(signal), staleTime: 0 });

export function useEasyReloan() {
  return useQuery(easyReloanQuery());
}
