import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** GET /api/me: the signed-in borrower (also proves the token is still valid). */
export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return api.request('/api/me', { auth: true, signal });
}

export const meQuery = () => queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => fetchMe(signal) });

export function useMe(enabled = true) {
  return useQuery({ ...meQuery(), enabled });
}
