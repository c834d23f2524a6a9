import { z } from 'zod';

/** Centavos travel as decimal strings in JSON (JSON has no bigint); `"500000"` is ₱5,000.00. */
export const centavosString = z
  .string({ error: 'VALIDATION_FAILED' })
  .regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' });

/** A drawn signature: a PNG data URL from the canvas, at most ~200 kB. */
export const signatureImage = z
  .string({ error: 'SIGNATURE_REQUIRED' })
  .max(280_000, { error: 'SIGNATURE_REQUIRED' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'SIGNATURE_REQUIRED' });

/** POST /api/orders: withdraw (ST-07, VAL-12: both documents agreed before withdrawal). */
export const placeOrderRequest = z.strictObject({
  amount: centavosString,
  termDays: z.number({ error: 'VALIDATION_FAILED' }).int({ error: 'VALIDATION_FAILED' }),
  agreeLoanAgreement: z.literal(true, { error: 'AGREEMENTS_REQUIRED' }),
  agreeSanctionLetter: z.literal(true, { error: 'AGREEMENTS_REQUIRED' }),
  /** needed only the first time: one signature is valid for all later orders */
  signature: signatureImage.optional(),
  /**
   * What the borrower saw is what is booked (issue 7): the product version and the SHA-256 of the
   * previewed documents (GET /api/loans/documents). If either changed since, 409 PRICE_CHANGED and
   * the page re-quotes; nothing is booked.
   */
  productVersion: z.number({ error: 'VALIDATION_FAILED' }).int({ error: 'VALIDATION_FAILED' }),
  documentsSha256: z
    .string({ error: 'VALIDATION_FAILED' })
    .regex(/^[0-9a-f]{64}$/, { error: 'VALIDATION_FAILED' }),
  /** EN-07: a withdrawal coupon that reduces the service fee (the preview must have used it too) */
  couponId: z.uuid({ error: 'COUPON_UNAVAILABLE' }).optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

const centavos = z.string().regex(/^-?\d+$/);

/** GET /api/loans/documents: the three documents to read, and what identifies them for the order. */
export const loanDocumentsResponse = z.object({
  disclosure: z.string(),
  agreement: z.string(),
  sanction_letter: z.string(),
  productVersion: z.number().int(),
  /** SHA-256 of the three documents as previewed: sent back with the order */
  documentsSha256: z.string(),
});
export type LoanDocumentsResponse = z.infer<typeof loanDocumentsResponse>;

/** One priced offer (EN-06): every line in centavos, the EIR as a monthly ratio. */
export const quoteResponse = z.object({
  principal: centavos,
  termDays: z.number().int(),
  interest: centavos,
  serviceFee: centavos,
  coupon: centavos,
  creditReportingFee: centavos,
  tax: centavos,
  /** documentary stamp tax the borrower pays (CO-03); 0 when the lender bears it */
  documentaryStampTax: centavos,
  netProceeds: centavos,
  totalRepayment: centavos,
  dailyInterestPpm: z.number().int(),
  effectiveMonthlyRate: z.number(),
  dueDateIfPaidToday: z.string(),
});

/** GET /api/loans/offer */
export const loanOfferResponse = z.object({
  canWithdraw: z.boolean(),
  blockedBy: z.enum(['not_approved', 'outstanding_repayment']).nullable(),
  outstandingOrderId: z.string().nullable(),
  creditLimit: centavos,
  /** SH-15 BE-04: the limit ladder (limit after n on-time loans, within the ceiling) and the borrower's rung */
  limitLadder: z
    .object({ rung: z.number().int(), steps: z.array(centavos), next: centavos.nullable() })
    .optional(),
  productVersion: z.number().int(),
  terms: z.array(z.number().int()),
  hasSignature: z.boolean(),
  quotes: z.array(quoteResponse),
  /**
   * issue 10: the product itself, whatever this borrower may take (the loan offers page, /subIndex):
   * its amount range and one fully priced example per term at the largest amount
   */
  product: z
    .object({ amountMin: centavos, amountMax: centavos, examples: z.array(quoteResponse) })
    .optional(),
});
export type LoanOfferResponse = z.infer<typeof loanOfferResponse>;

/** An order as its owner sees it (GET /api/orders/:id and the answer to every order action). */
export const orderViewResponse = z.object({
  id: z.string(),
  status: z.enum(['disbursing', 'payout_failed', 'repaying', 'extended', 'overdue', 'settled', 'cancelled']),
  label: z.object({ key: z.string(), text: z.string(), days: z.number().int().optional() }),
  productVersion: z.number().int(),
  principal: centavos,
  termDays: z.number().int(),
  dailyInterestPpm: z.number().int(),
  interest: centavos,
  serviceFee: centavos,
  coupon: centavos,
  creditReportingFee: centavos,
  tax: centavos,
  /** documentary stamp tax the borrower pays (CO-03); 0 when the lender bears it */
  documentaryStampTax: centavos,
  netProceeds: centavos,
  totalRepayment: centavos,
  /** the EIR a month of the booked order, as disclosed */
  effectiveMonthlyRate: z.number(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  disbursedAt: z.string().nullable(),
  payout: z
    .object({
      attempt: z.number().int(),
      state: z.string(),
      failureCode: z.string().nullable(),
      problem: z.enum(['BANK_CARD_INCORRECT', 'WALLET_INVALID']).nullable(),
      reference: z.string().nullable(),
      claimCode: z.string().nullable(),
      channel: z.string(),
      providerCode: z.string(),
    })
    .nullable(),
  documents: z.array(z.object({ kind: z.string(), sha256: z.string(), url: z.string() })),
  /** issue 7: what is owed now, by component (null before the money arrives) */
  balance: z
    .object({
      principal: centavos,
      interest: centavos,
      fees: centavos,
      lateCharge: centavos,
      penalty: centavos,
      total: centavos,
      overdueDays: z.number().int(),
      extensions: z.number().int(),
      /** BE-10: a reported payment is being checked; late charge and penalty are not running */
      chargesPaused: z.boolean(),
      /** why charges are paused, and until when (exclusive; null: until a decision) */
      chargesPause: z
        .object({ reason: z.enum(['dispute', 'hardship', 'write_off']), until: z.string().nullable() })
        .nullable()
        .optional(),
    })
    .nullable(),
});
export type OrderViewResponse = z.infer<typeof orderViewResponse>;
