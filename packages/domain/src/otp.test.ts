import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { otpFromRandom, otpSchema } from './otp.ts';

describe('VAL-02 login code', () => {
  it('VAL-02 exactly four digits', () => {
    expect(otpSchema.parse('0123')).toBe('0123');
    for (const bad of ['123', '12345', '12a4', '', ' 12 3'])
      expect(otpSchema.safeParse(bad).success).toBe(false);
    expect(otpSchema.safeParse('12345').error?.issues[0]?.message).toBe('OTP_FORMAT');
  });

  it('VAL-02 property: codes are always 4 digits, zero-padded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 59_999 }), (n) => {
        expect(otpFromRandom(() => n)).toMatch(/^\d{4}$/);
      }),
    );
    expect(otpFromRandom(() => 7)).toBe('0007');
  });

  it('rejection sampling: values ≥ 60000 are redrawn, so every code is equally likely', () => {
    const draws = [65_535, 60_000, 12_345];
    expect(otpFromRandom(() => draws.shift()!)).toBe('2345');
    // each code is hit exactly 6 times by the 60000 accepted values
    const hits = new Map<string, number>();
    for (let n = 0; n < 60_000; n++) {
      const c = otpFromRandom(() => n);
      hits.set(c, (hits.get(c) ?? 0) + 1);
    }
    expect(hits.size).toBe(10_000);
    expect(new Set(hits.values())).toEqual(new Set([6]));
  });
});
