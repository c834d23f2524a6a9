import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessageKind, MessageListResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export const MESSAGES_KEY = ['messages'] as const;

/** GET /api/messages: one tab, a page at a time, newest first, in the borrower's language. */
export function fetchMessages(
  kind: MessageKind,
  before: string | null,
  signal?: AbortSignal,
): Promise<MessageListResponse> {
  const query = new URLSearchParams({ kind, limit: '20', ...(before ? { before } : {}) });
  return api.request(`/api/messages?${query.toString()}`, {
    auth: true,
    signal,
  });
}

export const messagesQuery = (kind: MessageKind, locale: string) =>
  infiniteQueryOptions({
    queryKey: ['messages', 'list', kind, locale] as const,
    queryFn: ({ pageParam, signal }) => fetchMessages(kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });

export function useMessages(kind: MessageKind, locale: string) {
  return useInfiniteQuery(messagesQuery(kind, locale));
}
