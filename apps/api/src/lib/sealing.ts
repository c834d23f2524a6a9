import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption for personal data at rest (ID numbers): AES-256-GCM with a fresh
 * 96-bit IV per value, under a key derived (HKDF) from the server secret for this one purpose.
 * Format: `v1.<iv>.<tag>.<ciphertext>` in base64url, so a later key rotation can add `v2`.
 */
const TAG_BYTES = 16;
const deriveKey = (secretKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'pisonow/pii-seal/v1', 32));

export function seal(secretKey: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secretKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** Throws if the value was altered or sealed under another key. */
export function unseal(secretKey: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed value');
  // the whole 128-bit tag, never fewer bytes: GCM accepts a tag cut to 4 bytes unless told its
  // length, and a short tag is a forgery in 2^32 tries instead of 2^128
  const authTag = Buffer.from(tag, 'base64url');
  if (authTag.length !== TAG_BYTES) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secretKey), Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
