import { z } from 'zod';
import { centavosString } from './lending.ts';
import { REPAYMENT_PARTNER_CODES } from './servicing.ts';

/**
 * Payment disputes (BE-10): "I paid but it is not showing". The borrower says where and when they
 * paid, with the payer's reference and a photo of the receipt; while the dispute is open the
 * loan's late charge and penalty stop running (a charge pause, see `ChargePause`); the console
 * matches it to money held in suspense or rejects it with one of the reasons below, and the
 * borrower is told in the message centre.
 */
export const DISPUTE_STATUSES = ['open', 'matched', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Why a dispute is rejected: a closed set, so the borrower reads the reason in their language. */
export const DISPUTE_REJECTION_REASONS = [
  'no_payment_found',
  'receipt_unreadable',
  'paid_to_another_account',
  'amount_differs',
] as const;
export type DisputeRejectionReason = (typeof DISPUTE_REJECTION_REASONS)[number];

/** zod runs a refinement after a failed regex too: BigInt() of a non-number would throw (a 500) */
const DIGITS = /^\d+$/;

/** POST /api/orders/:orderId/disputes (Idempotency-Key required) */
export const openDisputeRequest = z.strictObject({
  /** where the borrower paid (GCash, 7-Eleven, bank transfer …) */
  providerCode: z.enum(REPAYMENT_PARTNER_CODES, { error: 'VALIDATION_FAILED' }),
  /** the payer's reference on the receipt */
  reference: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(4, { error: 'DISPUTE_REFERENCE_INVALID' })
    .max(40, { error: 'DISPUTE_REFERENCE_INVALID' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: 'DISPUTE_REFERENCE_INVALID' }),
  /** what the receipt says was paid, in centavos */
  amount: centavosString.refine((v) => !DIGITS.test(v) || BigInt(v) >= 100n, {
    error: 'VALIDATION_FAILED',
  }),
  /** the Manila date on the receipt: not in the future, not before the money was sent */
  paidOn: z.iso.date({ error: 'DISPUTE_DATE_INVALID' }),
  /** an accepted photo of kind `paymentReceipt` (same private upload path as the ID photos) */
  receiptPhotoId: z.uuid({ error: 'DISPUTE_RECEIPT_REQUIRED' }),
});
export type OpenDisputeRequest = z.infer<typeof openDisputeRequest>;

export const disputeView = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  providerCode: z.string(),
  reference: z.string(),
  amount: centavosString,
  paidOn: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  rejectionReason: z.enum(DISPUTE_REJECTION_REASONS).nullable(),
  /** the Manila date charges stopped (inclusive) and started again (exclusive; null while open) */
  chargesPausedFrom: z.string(),
  chargesPausedUntil: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type DisputeView = z.infer<typeof disputeView>;

export const disputeListResponse = z.object({ disputes: z.array(disputeView) });
export type DisputeListResponse = z.infer<typeof disputeListResponse>;

/** The console's queue row: the dispute, its borrower and loan, and what finance needs to match it. */
export const consoleDisputeView = disputeView.extend({
  customerId: z.uuid(),
  phoneMasked: z.string(),
  orderStatus: z.string(),
  amountDueAtPaidOn: centavosString,
  /** a short-lived link to the receipt photo */
  receiptUrl: z.string().nullable(),
  /** money of this borrower held in suspense, unresolved: the candidates to match */
  heldPayments: z.array(
    z.object({
      repaymentId: z.uuid(),
      amount: centavosString,
      paidAt: z.string().nullable(),
      providerReference: z.string().nullable(),
      heldReason: z.string().nullable(),
    }),
  ),
  resolvedBy: z.string().nullable(),
});
export type ConsoleDisputeView = z.infer<typeof consoleDisputeView>;

export const consoleDisputeListResponse = z.object({ disputes: z.array(consoleDisputeView) });
export type ConsoleDisputeListResponse = z.infer<typeof consoleDisputeListResponse>;

/** POST /api/console/disputes/:disputeId/resolve */
export const resolveDisputeRequest = z.discriminatedUnion('outcome', [
  z.strictObject({
    outcome: z.literal('matched'),
    /** the held repayment that is the borrower's payment; applied as of the payer's paid-at time */
    repaymentId: z.uuid(),
    purpose: z.enum(['full', 'extension', 'partial']),
    note: z.string().trim().min(3).max(500),
  }),
  z.strictObject({
    outcome: z.literal('rejected'),
    reason: z.enum(DISPUTE_REJECTION_REASONS),
    note: z.string().trim().min(3).max(500),
  }),
]);
export type ResolveDisputeRequest = z.infer<typeof resolveDisputeRequest>;
