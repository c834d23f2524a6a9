import { z } from 'zod';

/** Centavos travel as decimal strings in JSON (JSON has no bigint); `"500000"` is ₱5,000.00. */
export const centavosString = z.string({ error: 'VALIDATION_FAILED' }).regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' });

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
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;
