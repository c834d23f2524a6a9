import { z } from 'zod';

/**
 * GET /api/config/public: what the borrower app needs before login. The company line is a legal
 * requirement (SEC MC 19 s.2019: corporate name, SEC registration and certificate of authority
 * numbers on every platform), so it comes from server configuration, not from the bundle.
 */
export const publicConfigResponse = z.object({
  productName: z.string(),
  company: z.object({
    name: z.string(),
    secRegistrationNo: z.string(),
    certificateOfAuthorityNo: z.string(),
  }),
  supportEmail: z.string(),
  hotline: z.string(),
  webEmail: z.string(),
  website: z.string(),
  supportHours: z.string(),
  privacyPolicyVersion: z.string(),
  /** route name → obfuscated alias path (SH-05); empty in the default configuration */
  routeAliases: z.record(z.string(), z.string()),
  sandbox: z.boolean(),
  otp: z.object({ resendSeconds: z.number().int(), length: z.number().int() }),
  /**
   * SH-16: the attribution SDK, present only in production with an app token configured (null in
   * sandbox, test and development, so the app never loads a third-party script there).
   */
  attribution: z
    .object({ appToken: z.string(), sdkUrl: z.string(), registrationEvent: z.string().nullable() })
    .nullable(),
  /** issue 10: the how-to-borrow tutorial of /videoIndex (null video = poster and transcript only) */
  tutorial: z.object({
    videoUrl: z.string().nullable(),
    posterUrl: z.string().nullable(),
    /** one WebVTT file per language; null when none is configured */
    captions: z.object({ 'en-US': z.string(), fil: z.string(), 'zh-CN': z.string() }).nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
