import { z } from 'zod';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_DESCRIPTION_MIN,
  COMPLAINT_PROGRESS_STATUSES,
  COMPLAINT_RESPONSE_MAX,
  COMPLAINT_STATUSES,
} from '../complaints.ts';

/** BE-11 complaints: what a borrower files, what they see, and what the console works. */
export const complaintRequest = z.strictObject({
  category: z.enum(COMPLAINT_CATEGORIES, { error: 'VALIDATION_FAILED' }),
  description: z
    .string({ error: 'FEEDBACK_TOO_SHORT' })
    .trim()
    .min(COMPLAINT_DESCRIPTION_MIN, { error: 'FEEDBACK_TOO_SHORT' })
    .max(COMPLAINT_DESCRIPTION_MAX, { error: 'VALIDATION_FAILED' })
    // line breaks are fine; other control characters never are
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(s), { error: 'VALIDATION_FAILED' }),
  /** the loan it is about, if any: must be the borrower's own */
  orderId: z.uuid({ error: 'VALIDATION_FAILED' }).optional(),
});
export type ComplaintRequest = z.infer<typeof complaintRequest>;

export const complaintView = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  description: z.string(),
  orderId: z.uuid().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  createdAt: z.string(),
  /** the promised resolution date, Manila calendar date YYYY-MM-DD */
  resolveBy: z.string(),
  /** our answer, once resolved */
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** where to go next (SEC), in the request's language */
  escalation: z.string(),
});
export type ComplaintView = z.infer<typeof complaintView>;
export const complaintListResponse = z.object({ complaints: z.array(complaintView) });
export type ComplaintListResponse = z.infer<typeof complaintListResponse>;

export const consoleComplaintItem = complaintView.omit({ escalation: true }).extend({
  customerId: z.uuid(),
  phone: z.string(),
  locale: z.string(),
  /** the latest note or answer written by an operator */
  response: z.string().nullable(),
  updatedAt: z.string(),
  /** calendar days from today (Manila) to resolveBy; negative once passed */
  daysLeft: z.number().int(),
  /** not resolved and past its promised date */
  overdue: z.boolean(),
});
export type ConsoleComplaintItem = z.infer<typeof consoleComplaintItem>;
export const consoleComplaintList = z.object({
  items: z.array(consoleComplaintItem),
  /** complaints not yet resolved */
  open: z.number().int().min(0),
  overdue: z.number().int().min(0),
});
export type ConsoleComplaintList = z.infer<typeof consoleComplaintList>;

export const consoleComplaintProgress = z
  .strictObject({
    status: z.enum(COMPLAINT_PROGRESS_STATUSES, { error: 'VALIDATION_FAILED' }),
    response: z
      .string({ error: 'VALIDATION_FAILED' })
      .trim()
      .max(COMPLAINT_RESPONSE_MAX, { error: 'VALIDATION_FAILED' })
      .optional(),
  })
  // a resolution always says what was done
  .refine((b) => b.status !== 'resolved' || (b.response?.length ?? 0) >= 5, {
    error: 'REQUIRED',
    path: ['response'],
  });
export type ConsoleComplaintProgress = z.infer<typeof consoleComplaintProgress>;
