import { z } from 'zod';
import { centavosString, orderViewResponse } from './lending.ts';

/**
 * Loan servicing contracts (issue 7: ST-01, ST-02, VAL-15, CO-02, RO-02, BE-05, BE-09), shared by
 * the server (request validation, OpenAPI, response checks) and the web app (forms and views).
 * Centavos travel as decimal strings; instants as ISO strings; Manila dates as YYYY-MM-DD.
 */

/** How a borrower can pay (BE-05): e-wallet checkout, bank transfer to a reference, over the counter. */
export const COLLECTION_CHANNELS = ['ewallet', 'bank_transfer', 'otc'] as const;
export type CollectionChannel = (typeof COLLECTION_CHANNELS)[number];

/** What a payment is for: the whole amount due (VAL-15), or an extension (CO-02). */
export const REPAYMENT_PURPOSES = ['full', 'extension'] as const;
export type RepaymentPurpose = (typeof REPAYMENT_PURPOSES)[number];

/**
 * A repayment attempt's life. `held`: money arrived but could not be applied (a stale or different
 * amount, or after settlement): it sits in the suspense account for operations, never lost.
 */
export const REPAYMENT_STATES = ['pending', 'paid', 'expired', 'failed', 'held', 'refunded'] as const;
export type RepaymentState = (typeof REPAYMENT_STATES)[number];

/** ST-02: the three record states a borrower sees. */
export type RepaymentRecordStatus = 'success' | 'in_progress' | 'fail';
export function repaymentRecordStatus(state: RepaymentState): RepaymentRecordStatus {
  if (state === 'paid') return 'success';
  if (state === 'pending' || state === 'held') return 'in_progress';
  return 'fail';
}

/** Why money that arrived was held instead of applied (the borrower is told which). */
/** `unmatched`: money that named no loan of ours, which finance matched to this borrower (BE-05) */
/**
 * `paid_before_extension`: a full payment made before an extension and reported after it, on a loan
 * whose history since cannot be undone by itself (CO-02, BE-10: settledBeforeExtensions); the loan
 * is left as it is. Finance refunds the money, or applies it: it then pays what the loan owes on
 * the day finance applies it (the extension stands), and the rest is held as `left_after_settling`
 */
/** `left_after_settling`: what held money applied as a full payment did not need, for a refund */
export const HELD_REASONS = [
  'amount_mismatch',
  'already_settled',
  'not_repayable',
  'duplicate',
  'unmatched',
  'paid_before_extension',
  'left_after_settling',
] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/** The channels and partners offered on the Repay sheet (the configured provider may offer fewer). */
export const REPAYMENT_PARTNERS: readonly {
  channel: CollectionChannel;
  providerCode: string;
  name: string;
}[] = [
  { channel: 'ewallet', providerCode: 'GCASH', name: 'GCash' },
  { channel: 'ewallet', providerCode: 'MAYA', name: 'Maya' },
  { channel: 'ewallet', providerCode: 'GRABPAY', name: 'GrabPay' },
  { channel: 'ewallet', providerCode: 'SHOPEEPAY', name: 'ShopeePay' },
  { channel: 'bank_transfer', providerCode: 'BANK_TRANSFER', name: 'Bank transfer (InstaPay / PESONet)' },
  { channel: 'otc', providerCode: '7ELEVEN', name: '7-Eleven' },
  { channel: 'otc', providerCode: 'CEBUANA', name: 'Cebuana Lhuillier' },
  { channel: 'otc', providerCode: 'MLHUILLIER', name: 'M Lhuillier' },
  { channel: 'otc', providerCode: 'PALAWAN', name: 'Palawan Express' },
  { channel: 'otc', providerCode: 'LBC', name: 'LBC' },
  { channel: 'otc', providerCode: 'ECPAY', name: 'ECPay partner outlets' },
];

/** The partners' codes, as a schema enum takes them: a reported or assigned payment names one. */
export const REPAYMENT_PARTNER_CODES = REPAYMENT_PARTNERS.map((p) => p.providerCode) as [string, ...string[]];

export const repaymentChannelsResponse = z.object({
  channels: z.array(
    z.object({
      channel: z.enum(COLLECTION_CHANNELS),
      providerCode: z.string(),
      name: z.string(),
      /** the partner's limits through the configured provider, centavos (none: no limit a loan reaches) */
      minAmount: z.string().optional(),
      maxAmount: z.string().optional(),
    }),
  ),
});
export type RepaymentChannelsResponse = z.infer<typeof repaymentChannelsResponse>;

/**
 * POST /api/orders/:orderId/repayments (Idempotency-Key required). The server computes the amount;
 * `expectedAmount` is what the borrower was shown: if the amount due changed since (a day passed),
 * the answer is 409 ORDER_STATE_CONFLICT and the page re-reads the bill (VAL-15: the payment
 * requested is always exactly the amount due).
 */
export const startRepaymentRequest = z.strictObject({
  purpose: z.enum(REPAYMENT_PURPOSES, { error: 'VALIDATION_FAILED' }),
  channel: z.enum(COLLECTION_CHANNELS, { error: 'REPAYMENT_CHANNEL_UNAVAILABLE' }),
  providerCode: z
    .string({ error: 'REPAYMENT_CHANNEL_UNAVAILABLE' })
    .regex(/^[A-Z0-9_]{2,20}$/, { error: 'REPAYMENT_CHANNEL_UNAVAILABLE' }),
  /** what the borrower was shown: the amount due, minus the coupon's deduction when one is used */
  expectedAmount: centavosString,
  /** EN-07: a repayment coupon to use on this repayment (reserved by the attempt) */
  couponId: z.uuid({ error: 'COUPON_UNAVAILABLE' }).optional(),
  /**
   * CO-02, RA 3765: for an extension, the SHA-256 of the disclosure statement the borrower read
   * (`disclosureSha256` of the quote). The server keeps that statement with the attempt; one that is
   * no longer the statement in force is 409 ORDER_STATE_CONFLICT (the page re-reads the quote).
   * Without it, the statement in the request's language is kept.
   */
  disclosureSha256: z
    .string({ error: 'VALIDATION_FAILED' })
    .regex(/^[0-9a-f]{64}$/, { error: 'VALIDATION_FAILED' })
    .optional(),
});
export type StartRepaymentRequest = z.input<typeof startRepaymentRequest>;

const centavos = z.string().regex(/^-?\d+$/);

/** A receipt (issue 7): reference, channel, amount and the time paid, in Asia/Manila. */
export const receiptResponse = z.object({
  reference: z.string(),
  channel: z.enum(COLLECTION_CHANNELS),
  providerCode: z.string(),
  amount: centavos,
  paidAt: z.string(),
  /** `YYYY-MM-DD HH:mm` in Asia/Manila */
  paidAtManila: z.string(),
});

/** One repayment attempt as its owner sees it (the Repay result, /repaidDetail). */
export const repaymentViewResponse = z.object({
  id: z.string(),
  orderId: z.string(),
  purpose: z.enum(REPAYMENT_PURPOSES),
  channel: z.enum(COLLECTION_CHANNELS),
  providerCode: z.string(),
  amount: centavos,
  /** EN-07: what a coupon took off the amount due ("0" without one) */
  couponAmount: centavos,
  state: z.enum(REPAYMENT_STATES),
  record: z.enum(['success', 'in_progress', 'fail']),
  heldReason: z.enum(HELD_REASONS).nullable(),
  amountReceived: centavos.nullable(),
  /** e-wallet: where the borrower is sent to pay */
  checkoutUrl: z.string().nullable(),
  /** bank transfer: the account to send to, with the reference */
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  /** over the counter: the code to show at the counter */
  paymentCode: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  receipt: receiptResponse.nullable(),
});
export type RepaymentViewResponse = z.infer<typeof repaymentViewResponse>;

export const repaymentListResponse = z.object({ repayments: z.array(repaymentViewResponse) });

/** A loan's outstanding balance, by component, derived from its history (the order view's `balance`). */
export const loanBalanceResponse = orderViewResponse.shape.balance.unwrap();
export type LoanBalanceResponse = z.infer<typeof loanBalanceResponse>;

/** GET /api/orders/:orderId/extension: what an extension costs and does, before paying (CO-02). */
export const extensionQuoteResponse = z.object({
  available: z.boolean(),
  /** why not: the loan's state, or a cap that the extension would breach */
  blockedBy: z.enum(['status', 'caps']).nullable(),
  fee: centavos,
  /** late charge and penalty so far, paid with the fee (no overdue fees for the extended period) */
  overdueCharges: centavos,
  /** what to pay now */
  amount: centavos,
  extensionDays: z.number().int(),
  currentDueDate: z.string().nullable(),
  newDueDate: z.string().nullable(),
  /**
   * the fresh disclosure statement for the extended loan, in the borrower's language (HTML); null
   * when the extension is not available (there is no extended loan to disclose)
   */
  disclosure: z.string().nullable(),
  /** its SHA-256, sent back when paying: the statement kept with the attempt is the one read */
  disclosureSha256: z.string().nullable(),
});
export type ExtensionQuoteResponse = z.infer<typeof extensionQuoteResponse>;

/** RO-02 / VAL-07: a re-loan borrower's payout account. */
export const payoutAccountResponse = z.object({
  canChange: z.boolean(),
  blockedBy: z.enum(['no_reloan', 'maintenance']).nullable(),
  account: z.record(z.string(), z.string()),
});
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponse>;

/** BE-09 sandbox test clock: move the whole system's time (sandbox only). */
export const sandboxClockRequest = z.union([
  z.strictObject({ advanceDays: z.number().int().min(0).max(3650) }),
  z.strictObject({
    advanceHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 3650),
  }),
  z.strictObject({ to: z.iso.datetime({ offset: true }) }),
]);
export const sandboxClockResponse = z.object({
  now: z.string(),
  manilaDate: z.string(),
  offsetMs: z.number(),
  jobsRun: z.array(z.string()),
});
