import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageView } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** GET /api/messages/:id: one of my messages. */
export function fetchMessage(id: string, signal?: AbortSignal): Promise<MessageView> {
  return api.request(`/api/messages/${encodeURIComponent(id)}`, {
    auth: true,
    signal,
  });
}

export function useMessage(id: string | null, locale: string) {
  return useQuery(
    queryOptions({
      queryKey: ['messages', 'one', id, locale] as const,
      queryFn: ({ signal }) => fetchMessage(id ?? '', signal),
      enabled: Boolean(id),
    }),
  );
}
