import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { EasyReloanViewResponse, SwitchEasyReloanRequest } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { EASY_RELOAN_KEY } from './get-easy-reloan.ts';

/** PUT /api/easy-reloan: on (with the agreement agreed) or off (ST-08). */
export function switchEasyReloan({
  body,
  idempotencyKey,
}: {
  body: SwitchEasyReloanRequest;
  idempotencyKey: string;
}): Promise<EasyReloanViewResponse> {
  return api.request('/api/easy-reloan', {
    method: 'PUT',
    auth: true,
    body,
    idempotencyKey,
  });
}

export function useSwitchEasyReloan() {
  return useMutation(
    mutationOptions({
      mutationKey: ['easyReloan', 'switch'],
      mutationFn: switchEasyReloan,
      onSuccess: (view) => queryClient.setQueryData(EASY_RELOAN_KEY, view),
    }),
  );
}
