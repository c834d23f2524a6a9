import { z } from 'zod';
import { phoneSchema } from '../phone.ts';
import { otpSchema } from '../otp.ts';

/**
 * Free text that is stored: no control characters (PostgreSQL refuses NUL in text and jsonb, and
 * nothing legitimate needs them).
 */
const storedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'VALIDATION_FAILED' });

/** Acquisition attribution captured from the landing URL (SH-07), sent with registration. */
export const promotionSchema = z.strictObject({
  campaign: storedText(128).optional(),
  adgroup: storedText(128).optional(),
  creative: storedText(128).optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** POST /api/auth/login-code */
export const sendLoginCodeRequest = z.strictObject({
  phone: phoneSchema,
  captchaId: z.uuid().optional(),
  captchaAnswer: z.string().trim().min(1).max(12).optional(),
});
export type SendLoginCodeRequest = z.input<typeof sendLoginCodeRequest>;

export const sendLoginCodeResponse = z.object({
  /** seconds until another code may be requested for this number */
  resendAfterSeconds: z.number().int(),
  /** seconds the code stays valid */
  expiresInSeconds: z.number().int(),
});
export type SendLoginCodeResponse = z.infer<typeof sendLoginCodeResponse>;

/** GET /api/auth/captcha */
export const captchaResponse = z.object({
  captchaId: z.uuid(),
  /** an SVG image, rendered as an <img> data URL */
  svg: z.string(),
  expiresInSeconds: z.number().int(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

/** POST /api/auth/login (VAL-02, VAL-12: privacy must be agreed) */
export const loginRequest = z.strictObject({
  phone: phoneSchema,
  code: otpSchema,
  privacyAccepted: z.literal(true, { error: 'PRIVACY_NOT_AGREED' }),
  privacyPolicyVersion: storedText(32).pipe(z.string().min(1)),
  promotion: promotionSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({
  token: z.string(),
  customerId: z.string(),
  phone: z.string(),
  /** true when this login registered the customer */
  registered: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET /api/me */
export const meResponse = z.object({
  customerId: z.string(),
  phone: z.string(),
  registeredAt: z.iso.datetime(),
});
export type MeResponse = z.infer<typeof meResponse>;

/** GET /api/sessions: the borrower's own signed-in devices */
export const sessionSummary = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  userAgent: z.string().nullable(),
});
export const sessionListResponse = z.object({ sessions: z.array(sessionSummary) });
export type SessionListResponse = z.infer<typeof sessionListResponse>;
