import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { APPLICATION_STEPS, type ApplicationStep } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

const stepState = z.object({ completed: z.boolean(), data: z.record(z.string(), z.unknown()).nullable() });

/** The borrower's own application as `GET /api/application` returns it (the same view after every save). */
export const applicationView = z.object({
  status: z.enum(['none', 'draft', 'under_review', 'approved', 'needs_photo', 'rejected']),
  applicationId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submissionCount: z.number().int(),
  steps: z.object(Object.fromEntries(APPLICATION_STEPS.map((s) => [s, stepState])) as Record<ApplicationStep, typeof stepState>),
  nextStep: z.enum(APPLICATION_STEPS).nullable(),
  editable: z.boolean(),
  /** the decision on the latest submission (BE-04): limit in centavos, retry date after a rejection */
  decision: z
    .object({ outcome: z.enum(['approve', 'reupload_id', 'reject']), creditLimit: z.string().nullable(), retryAt: z.string().nullable(), retryDate: z.string().nullable(), decidedAt: z.string() })
    .nullable(),
  rules: z.object({ postalCodeLength: z.number().int(), minAge: z.number().int(), maxAge: z.number().int(), today: z.string() }),
});
export type ApplicationView = z.infer<typeof applicationView>;
export type ApplicationStatus = ApplicationView['status'];

export const APPLICATION_KEY = ['application'] as const;

/** GET /api/application: status, each step's saved data, where to resume (nextStep) and the form rules. */
export function fetchApplication(signal?: AbortSignal): Promise<ApplicationView> {
  return api.request('/api/application', { auth: true, signal, parse: (data) => applicationView.parse(data) });
}

export const applicationQuery = () =>
  queryOptions({ queryKey: APPLICATION_KEY, queryFn: ({ signal }) => fetchApplication(signal), staleTime: 30_000 });

/** While the application is under review, ask again every few seconds: the decision takes seconds in sandbox, minutes in production. */
export function useApplication(enabled = true) {
  return useQuery({ ...applicationQuery(), enabled, refetchInterval: (query) => (query.state.data?.status === 'under_review' ? 3_000 : false) });
}
