import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { seal, unseal } from './sealing.ts';

describe('sealing of personal data at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);
  it('round-trips any text, with a fresh IV each time', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(unseal(key, seal(key, text))).toBe(text);
      }),
    );
    expect(seal(key, 'same')).not.toBe(seal(key, 'same'));
  });
  it('refuses a tampered value and another key', () => {
    const sealed = seal(key, 'CRN011123456789');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      unseal(key, [parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.')),
    ).toThrow();
    expect(() => unseal(randomBytes(32), sealed)).toThrow();
    expect(() => unseal(key, 'garbage')).toThrow();
  });
  it('refuses a value whose tag was cut short (GCM would check only the bytes it is given)', () => {
    const [v, iv, tag, ciphertext] = seal(key, 'CRN011123456789').split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => unseal(key, [v, iv, short, ciphertext].join('.'))).toThrow();
  });
});
