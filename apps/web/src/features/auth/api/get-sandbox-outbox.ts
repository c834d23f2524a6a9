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
