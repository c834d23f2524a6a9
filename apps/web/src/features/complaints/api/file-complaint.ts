import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ComplaintRequest, ComplaintView } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { COMPLAINTS_KEY } from './get-complaints.ts';

/** POST /api/complaints (BE-11): one ticket per key, so a double tap files it once. */
export function fileComplaint({
  body,
  idempotencyKey,
}: {
  body: ComplaintRequest;
  idempotencyKey: string;
}): Promise<ComplaintView> {
  return api.request<ComplaintView>('/api/complaints', { method: 'POST', auth: true, body, idempotencyKey });
}

export function useFileComplaint() {
  return useMutation(
    mutationOptions({
      mutationKey: ['complaints', 'file'],
      mutationFn: fileComplaint,
      onSuccess: (filed) =>
        queryClient.setQueryData<ComplaintView[]>(COMPLAINTS_KEY, (list) => [
          filed,
          ...(list ?? []).filter((c) => c.id !== filed.id),
        ]),
    }),
  );
}
