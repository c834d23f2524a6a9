import { z } from 'zod';
import { COUPON_TYPES } from '../engagement/coupons.ts';
import { MESSAGE_KINDS, operatorNoticeText } from '../engagement/messages.ts';
import type { Centavos } from '../money.ts';

/**
 * The console's engagement tools (issue 11, BE-08): coupons and notices to one borrower or to a
 * segment. A segment is evaluated when the request is made (who is in it then), never stored.
 */
export const CONSOLE_SEGMENTS = ['all_borrowers', 'approved', 'active_loan', 'overdue', 'repaid'] as const;
export type ConsoleSegment = (typeof CONSOLE_SEGMENTS)[number];

/**
 * The most one operator coupon may deduct (₱500). A coupon is money the lender gives away: a larger
 * one is a product decision (the product configuration), not a console action.
 */
export const OPERATOR_COUPON_MAX: Centavos = 50_000n;
export const OPERATOR_COUPON_MAX_VALID_DAYS = 90;

export const consoleAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('borrower'), customerId: z.uuid({ error: 'NOT_FOUND' }) }),
  z.object({ kind: z.literal('segment'), segment: z.enum(CONSOLE_SEGMENTS) }),
]);
export type ConsoleAudience = z.infer<typeof consoleAudience>;

/**
 * Names one submission of the form (the console makes it when the form opens): a double submit or
 * a retry with the same key grants or sends nothing twice.
 */
const requestKey = z.uuid({ error: 'IDEMPOTENCY_KEY_MISSING' });
const positiveCentavos = z.string().regex(/^[1-9]\d{0,11}$/, { error: 'VALIDATION_FAILED' });

export const consoleCouponGrantRequest = z.object({
  requestKey,
  audience: consoleAudience,
  type: z.enum(COUPON_TYPES),
  // zod runs a refinement after a failed regex too: BigInt() of a non-number would throw (a 500)
  amount: positiveCentavos.refine((v) => !/^\d+$/.test(v) || BigInt(v) <= OPERATOR_COUPON_MAX, {
    error: 'VALIDATION_FAILED',
  }),
  minimumAmount: z
    .string()
    .regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' })
    .optional(),
  validDays: z.number().int().min(1).max(OPERATOR_COUPON_MAX_VALID_DAYS),
  /** why (kept in the audit trail) */
  reason: z.string().trim().min(5, { error: 'REQUIRED' }).max(500, { error: 'VALIDATION_FAILED' }),
});
export type ConsoleCouponGrantRequest = z.input<typeof consoleCouponGrantRequest>;

export const consoleNoticeRequest = z.object({
  requestKey,
  audience: consoleAudience,
  kind: z.enum(MESSAGE_KINDS),
  text: operatorNoticeText,
});
export type ConsoleNoticeRequest = z.input<typeof consoleNoticeRequest>;

/** How many borrowers got it now, and how many had it already from an earlier submit of the same key. */
export const consoleBulkResult = z.object({
  created: z.number().int(),
  alreadyDone: z.number().int(),
});
export type ConsoleBulkResult = z.infer<typeof consoleBulkResult>;

/** The feedback queue (BE-08, VAL-11): what borrowers wrote, open first. */
export const consoleFeedbackQuery = z.object({
  status: z.enum(['open', 'handled']).default('open'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const consoleFeedbackItem = z.object({
  id: z.string(),
  customerId: z.string(),
  phone: z.string(),
  body: z.string(),
  locale: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  handlingNote: z.string().nullable(),
});
export type ConsoleFeedbackItem = z.infer<typeof consoleFeedbackItem>;
export const consoleFeedbackList = z.object({ items: z.array(consoleFeedbackItem), open: z.number().int() });
export type ConsoleFeedbackList = z.infer<typeof consoleFeedbackList>;
export const consoleHandleFeedbackRequest = z.object({
  /** what was done: replied by phone, passed to product, no action needed… */
  note: z.string().trim().min(3, { error: 'REQUIRED' }).max(1000, { error: 'VALIDATION_FAILED' }),
});
