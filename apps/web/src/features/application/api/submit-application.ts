import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { APPLICATION_KEY, type ApplicationView } from './get-application.ts';

/** POST /api/application/submit: sends the completed application for review (422 STEP_INCOMPLETE otherwise). */
export function submitApplication({ idempotencyKey }: { idempotencyKey: string }): Promise<ApplicationView> {
  return api.request('/api/application/submit', {
    method: 'POST',
    auth: true,
    idempotencyKey,
  });
}

export const submitApplicationMutation = () =>
  mutationOptions({
    mutationKey: ['application', 'submit'],
    mutationFn: submitApplication,
    onSuccess: (view) => queryClient.setQueryData(APPLICATION_KEY, view),
  });

export function useSubmitApplication() {
  return useMutation(submitApplicationMutation());
}
