import { z } from 'zod';
import { OTP_LENGTH, OTP_PATTERN } from './otp-code.ts';

export * from './otp-code.ts';

export const otpSchema = z.string({ error: 'OTP_FORMAT' }).trim().regex(OTP_PATTERN, { error: 'OTP_FORMAT' });

/**
 * Turns 2 random bytes into a uniformly distributed 4-digit code. Rejection sampling avoids the
 * modulo bias of `n % 10000` (65536 is not a multiple of 10000). The bytes come from a CSPRNG the
 * caller supplies, so this function stays pure and testable.
 */
export function otpFromRandom(nextUint16: () => number): string {
  const limit = 60000; // largest multiple of 10000 below 65536
  for (;;) {
    const n = nextUint16();
    if (n < limit) return String(n % 10000).padStart(OTP_LENGTH, '0');
  }
}
