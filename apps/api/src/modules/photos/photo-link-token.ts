import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a photo link (`/api/photos/files/<token>`): photo id, owner and expiry, signed with
 * the server key. An <img> cannot send the Authorization header, so the link itself is the
 * credential; it is short-lived and names its owner, so a leaked link (a screenshot of the network
 * log, a shared URL) stops working within minutes. Stateless: nothing is stored per link.
 */
export interface PhotoLinkClaims {
  photoId: string;
  customerId: string;
  /** expiry, whole seconds since the epoch */
  exp: number;
}

/**
 * Binary payload (16-byte photo id, 16-byte owner id, 5-byte expiry) and a 192-bit truncated HMAC,
 * base64url: 83 characters, under Fastify's 100-character limit for a path parameter.
 */
export const PHOTO_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{50}\.[A-Za-z0-9_-]{32}$/;

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function mac(key: Buffer, payload: string): Buffer {
  // domain-separated from every other use of the server key
  return createHmac('sha256', key).update(`photo-link\n${payload}`).digest().subarray(0, 24);
}

export function signPhotoLink(key: Buffer, claims: PhotoLinkClaims): string {
  const exp = Buffer.alloc(5);
  exp.writeUIntBE(claims.exp, 0, 5);
  const payload = Buffer.concat([uuidBytes(claims.photoId), uuidBytes(claims.customerId), exp]).toString(
    'base64url',
  );
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claims of a genuine token (expired or not: the caller compares with its clock), else null. */
export function verifyPhotoLink(key: Buffer, token: string): PhotoLinkClaims | null {
  if (!PHOTO_LINK_TOKEN_PATTERN.test(token)) return null;
  const [payload = '', signature = ''] = token.split('.');
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 37) return null;
  return {
    photoId: uuidText(bytes.subarray(0, 16)),
    customerId: uuidText(bytes.subarray(16, 32)),
    exp: bytes.readUIntBE(32, 5),
  };
}
