import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@pisonow/domain/contracts/public-config';
import { api } from './api/index.ts';

/**
 * GET /api/config/public. Shared by several features (company line, support contacts, privacy
 * version, route aliases), so it lives in lib rather than in one feature's api folder.
 */
export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.request('/api/config/public', {
    signal, // the schema loads lazily: every page needs the config, not every page needs zod up front
    parse: async (data) =>
      (await import('@pisonow/domain/contracts/public-config')).publicConfigResponse.parse(data),
  });
}

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['config', 'public'],
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 10 * 60_000,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
