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
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
