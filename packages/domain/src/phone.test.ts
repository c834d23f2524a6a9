import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPhone, isValidPhone, maskPhone, normalizePhone, phoneSchema } from './phone.ts';

describe('VAL-01 phone rule: 10 digits starting with 9 (after +63)', () => {
  it.each([
    ['9171234567', true],
    ['9991234567', true],
    ['8171234567', false],
    ['917123456', false],
    ['91712345678', false],
    ['917123456a', false],
    ['', false],
  ])('VAL-01 %s → %s', (input, valid) => expect(isValidPhone(input)).toBe(valid));

  it('VAL-01 typed or pasted forms are normalised: +63, 63, leading 0, spaces, dashes', () => {
    for (const input of [
      '+639171234567',
      '639171234567',
      '09171234567',
      '917 123 4567',
      '0917-123-4567',
      '+63 (917) 123.4567',
    ]) {
      expect(normalizePhone(input)).toBe('9171234567');
      expect(phoneSchema.parse(input)).toBe('9171234567');
    }
  });

  it('VAL-01 the schema refuses with the PHONE_INVALID code', () => {
    const r = phoneSchema.safeParse('8171234567');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('PHONE_INVALID');
    expect(phoneSchema.safeParse(9171234567).error?.issues[0]?.message).toBe('PHONE_INVALID');
  });

  it('VAL-01 property: every 9 + 9 digits is valid, and any other first digit is not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 8 }), (rest, first) => {
        expect(isValidPhone(`9${rest}`)).toBe(true);
        expect(isValidPhone(`${first}${rest}`)).toBe(false);
      }),
    );
  });

  it('display: formatted and masked', () => {
    expect(formatPhone('9171234567')).toBe('+63 917 123 4567');
    expect(maskPhone('9171234567')).toBe('+63 917 *** 4567');
    expect(maskPhone('bad')).toBe('***');
  });
});
