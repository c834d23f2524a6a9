import { z } from 'zod';

/** VAL-02: the login code is exactly four digits. */
export const OTP_LENGTH = 4;
export const OTP_PATTERN = /^\d{4}$/;

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
