import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ApplicationStep } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { APPLICATION_KEY, type ApplicationView } from './get-application.ts';

export interface SaveStepInput {
  step: ApplicationStep;
  body: Record<string, unknown>;
  idempotencyKey: string;
}

/** PUT /api/application/steps/:step: validates with the step contract and saves; returns the new view. */
export function saveStep({ step, body, idempotencyKey }: SaveStepInput): Promise<ApplicationView> {
  return api.request(`/api/application/steps/${step}`, {
    method: 'PUT',
    auth: true,
    body,
    idempotencyKey,
  });
}

export const saveStepMutation = () =>
  mutationOptions({
    mutationKey: ['application', 'save-step'],
    mutationFn: saveStep,
    onSuccess: (view) => queryClient.setQueryData(APPLICATION_KEY, view),
  });

export function useSaveStep() {
  return useMutation(saveStepMutation());
}
