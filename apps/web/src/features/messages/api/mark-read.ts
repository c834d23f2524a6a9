import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { MessageKind, MessageView, UnreadCountResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { UNREAD_MESSAGES_KEY } from '../../../lib/unread-messages.ts';
import { MESSAGES_KEY } from './get-messages.ts';

/** POST /api/messages/:id/read: opened, so read. */
export function markMessageRead({
  id,
  idempotencyKey,
}: {
  id: string;
  idempotencyKey: string;
}): Promise<MessageView> {
  return api.request(`/api/messages/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    auth: true,
    idempotencyKey,
  });
}

/** POST /api/messages/read-all: "clear all unread" of a tab. */
export function markAllRead({
  kind,
  idempotencyKey,
}: {
  kind?: MessageKind;
  idempotencyKey: string;
}): Promise<UnreadCountResponse> {
  return api.request('/api/messages/read-all', {
    method: 'POST',
    auth: true,
    body: kind ? { kind } : {},
    idempotencyKey,
  });
}

const refresh = () => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });

export function useMarkMessageRead() {
  return useMutation(
    mutationOptions({ mutationKey: ['messages', 'read'], mutationFn: markMessageRead, onSuccess: refresh }),
  );
}

export function useMarkAllRead() {
  return useMutation(
    mutationOptions({
      mutationKey: ['messages', 'read-all'],
      mutationFn: markAllRead,
      onSuccess: (count) => {
        queryClient.setQueryData(UNREAD_MESSAGES_KEY, count);
        refresh();
      },
    }),
  );
}
