import { z } from 'zod';
import { isValidPhone, normalizePhone } from './phone-number.ts';

export * from './phone-number.ts';

/** The zod field used by every contract that carries a phone; error message key is PHONE_INVALID. */
export const phoneSchema = z
  .string({ error: 'PHONE_INVALID' })
  .transform(normalizePhone)
  .refine(isValidPhone, { error: 'PHONE_INVALID' });
