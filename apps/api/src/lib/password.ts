import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Operator passwords (issue 11): argon2id with Node's built-in `crypto.argon2` (Node 24, no native
 * add-on), stored as a PHC string `$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>` so the parameters
 * travel with the hash and can be raised later. OWASP's minimum: m=19 MiB, t=2, p=1.
 */
const argon2Async = promisify(argon2);

const DEFAULTS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async('argon2id', { message: password, nonce, ...DEFAULTS });
  return `$argon2id$v=19$m=${DEFAULTS.memory},t=${DEFAULTS.passes},p=${DEFAULTS.parallelism}$${nonce.toString('base64url')}$${Buffer.from(tag).toString('base64url')}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64url');
  const tag = Buffer.from(
    await argon2Async('argon2id', {
      message: password,
      nonce: Buffer.from(salt!, 'base64url'),
      memory: Number(m),
      passes: Number(t),
      parallelism: Number(p),
      tagLength: expected.length,
    }),
  );
  return tag.length === expected.length && timingSafeEqual(tag, expected);
}

/** A fixed hash to verify against when the e-mail is unknown, so timing does not reveal which operators exist. */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
