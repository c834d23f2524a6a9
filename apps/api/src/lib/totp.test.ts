import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpAt } from './totp.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('TOTP (RFC 6238) and operator passwords (argon2id)', () => {
  // RFC 6238 appendix B, SHA-1 secret "12345678901234567890" (8-digit codes; we use the last 6)
  const secret = base32Encode(Buffer.from('12345678901234567890'));
  it('matches the RFC 6238 test vectors (6-digit truncation)', () => {
    expect(totpAt(secret, new Date(59_000))).toBe('287082');
    expect(totpAt(secret, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpAt(secret, new Date(1_234_567_890_000))).toBe('005924');
    expect(totpAt(secret, new Date(2_000_000_000_000))).toBe('279037');
  });
  it('matches RFC 4226 HOTP vectors', () => {
    expect(hotp(Buffer.from('12345678901234567890'), 0)).toBe('755224');
    expect(hotp(Buffer.from('12345678901234567890'), 9)).toBe('520489');
  });
  it('base32 round-trips', () => {
    const bytes = Buffer.from('any bytes at all \u00ff');
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });
  it('accepts the current step and one either side, nothing further', () => {
    const now = new Date('2026-11-23T07:00:10Z');
    const code = totpAt(secret, now);
    expect(matchTotp(secret, code, now)).not.toBeNull();
    expect(matchTotp(secret, code, new Date(now.getTime() + 30_000))).not.toBeNull();
    expect(matchTotp(secret, code, new Date(now.getTime() - 30_000))).not.toBeNull();
    expect(matchTotp(secret, code, new Date(now.getTime() + 90_000))).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });
  it('argon2id hashes verify the right password only, in PHC format', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
    expect(await verifyPassword('x', 'not a hash')).toBe(false);
  });
});
