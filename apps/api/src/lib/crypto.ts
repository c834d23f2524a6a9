import { createHmac, hash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Node's one-shot `crypto.hash`: the same digest as createHash().update().digest(), at half the
 * cost (no Hash object per call; issue 8: every authenticated request hashes its bearer token).
 */
export function sha256Hex(input: string | Buffer): string {
  return hash('sha256', input, 'hex');
}

/**
 * A keyed hash for low-entropy secrets (4-digit codes, captcha answers): without the server key a
 * stolen table cannot be brute-forced offline, which a plain hash of 10,000 codes would allow.
 */
export function hmacHex(key: Buffer, input: string): string {
  return createHmac('sha256', key).update(input).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** An opaque bearer token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Uniform integer in [0, 65536) from the CSPRNG, for otpFromRandom. */
export function randomUint16(): number {
  return randomInt(0, 65536);
}

/** A key for one purpose, derived from the server's secret (e.g. sandbox webhook signing). */
export function purposeKey(secretKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `pisonow/${purpose}/v1`, 32));
}
