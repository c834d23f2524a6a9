import { z } from 'zod';
import { DATA_CATEGORIES } from '../privacy/retention.ts';

/** BE-12 "my data": the deletion request a borrower makes and the console works. */
export const DATA_REQUEST_STATUSES = ['open', 'completed'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

export const retentionDecision = z.object({
  category: z.enum(DATA_CATEGORIES),
  action: z.enum(['erase', 'keep']),
  basis: z.enum(['open_loan', 'aml_5_years', 'credit_information', 'none']),
  keepUntil: z.string().nullable(),
});

export const deletionRequestView = z.object({
  /** the request, if the borrower made one */
  request: z
    .object({
      id: z.uuid(),
      status: z.enum(DATA_REQUEST_STATUSES),
      requestedAt: z.string(),
      completedAt: z.string().nullable(),
    })
    .nullable(),
  /** what would happen (or happened) to each category of their data, and why */
  plan: z.array(retentionDecision),
});
export type DeletionRequestView = z.infer<typeof deletionRequestView>;

/** The borrower confirms they understand what is kept; nothing else is asked. */
export const deletionRequestBody = z.strictObject({
  confirm: z.literal(true, { error: 'VALIDATION_FAILED' }),
});

export const consoleDataRequestItem = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  phone: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  requestedAt: z.string(),
  /** the NPC answers within 30 days at the latest: the console works to that date */
  respondBy: z.string(),
  plan: z.array(retentionDecision),
  completedAt: z.string().nullable(),
  completedBy: z.uuid().nullable(),
  note: z.string().nullable(),
  erased: z.array(z.string()).nullable(),
});
export type ConsoleDataRequestItem = z.infer<typeof consoleDataRequestItem>;
export const consoleDataRequestList = z.object({ items: z.array(consoleDataRequestItem) });
export const consoleDataRequestQuery = z.object({
  status: z.enum(DATA_REQUEST_STATUSES, { error: 'VALIDATION_FAILED' }).default('open'),
});
export const consoleCompleteDataRequest = z.strictObject({
  note: z.string({ error: 'VALIDATION_FAILED' }).trim().min(5, { error: 'VALIDATION_FAILED' }).max(1000),
});

/**
 * BE-12 automated erasure: what the retention job erased (an applicant never paid out, inactive
 * past the retention period), listed for admins. `erased` is the record of what went.
 */
export const RETENTION_RECORD_STATUSES = ['kept', 'erasing', 'erased'] as const;
export type RetentionRecordStatus = (typeof RETENTION_RECORD_STATUSES)[number];
export const retentionErasureSummary = z.object({
  sealedIdNumber: z.boolean(),
  photos: z.number().int(),
  storageObjects: z.number().int(),
  applicationSteps: z.array(z.string()),
});
export type RetentionErasureSummary = z.infer<typeof retentionErasureSummary>;
export const consoleRetentionErasureItem = z.object({
  customerId: z.uuid(),
  status: z.enum(RETENTION_RECORD_STATUSES),
  lastActivityAt: z.string().nullable(),
  keepUntil: z.string().nullable(),
  startedAt: z.string().nullable(),
  erasedAt: z.string().nullable(),
  erased: retentionErasureSummary.nullable(),
});
export type ConsoleRetentionErasureItem = z.infer<typeof consoleRetentionErasureItem>;
export const consoleRetentionErasureList = z.object({
  /** the retention period of an applicant never paid out, in days (the config) */
  inactiveApplicantDays: z.number().int(),
  /** paid-out borrowers with a recorded retention date (5 years after their last loan closed) */
  keptWithDate: z.number().int(),
  items: z.array(consoleRetentionErasureItem),
});
export type ConsoleRetentionErasureList = z.infer<typeof consoleRetentionErasureList>;
