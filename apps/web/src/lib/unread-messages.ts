import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse } from '@pisonow/domain';
import { api } from './api/index.ts';
import { useCoCore } from './store/index.ts';

/*
 * The unread count of the message centre (EN-08), in lib because three places show it: the
 * bottom navigation's badge (app shell), the profile menu and the message centre itself, and
 * features do not import each other. One query key, so they share one cache entry and one poll.
 */
export const UNREAD_MESSAGES_KEY = ['messages', 'unread'] as const;

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return api.request('/api/messages/unread-count', {
    auth: true,
    signal,
  });
}

/**
 * Polled every minute while the app is in front (TanStack Query pauses the interval when the tab is
 * hidden), and refreshed when the borrower comes back to it; cheap on the server (a partial index).
 */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: UNREAD_MESSAGES_KEY,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
  });

/** The unread count of the signed-in borrower (undefined before login or before the first answer). */
export function useUnreadMessages() {
  const signedIn = useCoCore((s) => Boolean(s.publicData.token));
  return useQuery({ ...unreadCountQuery(), enabled: signedIn }).data;
}
