import { hmacHex, purposeKey } from '../../lib/crypto.ts';
import { seal, unseal } from '../../lib/sealing.ts';

/** The cookie carrying the console session; its Path keeps it away from every borrower endpoint. */
export const CONSOLE_COOKIE = 'pn_console';
export const CONSOLE_COOKIE_PATH = '/api/console';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The per-session CSRF token: an HMAC of the session token under a purpose key. Nothing to store;
 * a page that cannot read the httpOnly cookie gets it from sign-in or `GET /api/console/me`.
 */
export function csrfTokenFor(secretKey: Buffer, sessionToken: string): string {
  return hmacHex(purposeKey(secretKey, 'console-csrf'), sessionToken);
}

/** TOTP secrets are sealed like ID numbers (AES-256-GCM under the server key). */
export const sealTotpSecret = (secretKey: Buffer, secret: string) => seal(secretKey, `totp:${secret}`);
export function unsealTotpSecret(secretKey: Buffer, sealed: string): string {
  const plain = unseal(secretKey, sealed);
  if (!plain.startsWith('totp:')) throw new Error('not a sealed TOTP secret');
  return plain.slice(5);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(token: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${CONSOLE_COOKIE}=${token}`,
    `Path=${CONSOLE_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedCookie(secure: boolean): string {
  return sessionCookie('', { secure, maxAgeSeconds: 0 });
}
