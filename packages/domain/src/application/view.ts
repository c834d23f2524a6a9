import { z } from 'zod';
import { APPLICATION_STEPS, type ApplicationStep } from './steps.ts';

/** Where an application is (draft → under_review → approved | needs_photo | rejected). */
export const APPLICATION_STATUSES = [
  'none',
  'draft',
  'under_review',
  'approved',
  'needs_photo',
  'rejected',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const stepState = z.object({ completed: z.boolean(), data: z.record(z.string(), z.unknown()).nullable() });

/**
 * GET /api/application (and the answer to every save and submit): the one contract the server
 * checks and serialises every answer with and the web app takes its types from.
 */
export const applicationViewResponse = z.object({
  status: z.enum(APPLICATION_STATUSES),
  applicationId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submissionCount: z.number().int(),
  steps: z.object(
    Object.fromEntries(APPLICATION_STEPS.map((s) => [s, stepState])) as Record<
      ApplicationStep,
      typeof stepState
    >,
  ),
  nextStep: z.enum(APPLICATION_STEPS).nullable(),
  editable: z.boolean(),
  /** the decision on the latest submission (BE-04): limit in centavos, retry date after a rejection */
  decision: z
    .object({
      outcome: z.enum(['approve', 'reupload_id', 'reject']),
      creditLimit: z.string().nullable(),
      retryAt: z.string().nullable(),
      retryDate: z.string().nullable(),
      decidedAt: z.string(),
    })
    .nullable(),
  rules: z.object({
    postalCodeLength: z.number().int(),
    minAge: z.number().int(),
    maxAge: z.number().int(),
    today: z.string(),
  }),
});
export type ApplicationViewResponse = z.infer<typeof applicationViewResponse>;
