import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

export interface OutboxMessage {
  id: string;
  phone: string;
  body: string;
  createdAt: string;
}

/** GET /api/sandbox/outbox (sandbox only): the SMS the fake provider "sent", newest first. */
export function fetchSandboxOutbox(
  phone: string,
  signal?: AbortSignal,
): Promise<{ messages: OutboxMessage[] }> {
  return api.request(`/api/sandbox/outbox?phone=${encodeURIComponent(phone)}`, { signal });
}

export const sandboxOutboxQuery = (phone: string) =>
  queryOptions({
    queryKey: ['sandbox', 'outbox', phone],
    queryFn: ({ signal }) => fetchSandboxOutbox(phone, signal),
    staleTime: 0,
    retry: false,
  });

export function useSandboxOutbox(phone: string, enabled: boolean) {
  return useQuery({ ...sandboxOutboxQuery(phone), enabled });
}
