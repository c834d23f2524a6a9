import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { DeletionRequestView } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST /api/me/data-deletion (BE-12): one open request per borrower; asking again returns it. */
export function requestDeletion({
  idempotencyKey,
}: {
  idempotencyKey: string;
}): Promise<DeletionRequestView> {
  return api.request<DeletionRequestView>('/api/me/data-deletion', {
    method: 'POST',
    auth: true,
    body: { confirm: true },
    idempotencyKey,
  });
}

export function useRequestDeletion() {
  return useMutation(
    mutationOptions({
      mutationKey: ['privacy', 'deletion'],
      mutationFn: requestDeletion,
      onSuccess: (view) => queryClient.setQueryData(['privacy', 'deletion'], view),
    }),
  );
}
