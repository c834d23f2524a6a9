import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The server's secret key (HMAC of login codes and captcha answers; later the encryption key of ID
 * numbers). Production sets SECRET_KEY. The embedded default generates one on first start and keeps
 * it in the data folder (mode 600), so a local install needs no setup and no secret is in the repo.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string | undefined): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
