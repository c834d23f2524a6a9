import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OperatorRole } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import { sealTotpSecret } from './console-tokens.ts';

export const TOTP_ISSUER = 'PisoNow Console';

export class OperatorExistsError extends Error {
  constructor(email: string) {
    super(`an operator with the e-mail ${email} already exists`);
    this.name = 'OperatorExistsError';
  }
}

/**
 * Creates an operator (the CLI's first admin, the sandbox's demo operators). Returns the TOTP secret
 * and its otpauth URI: shown once, never stored in the clear.
 */
export async function createOperator(
  deps: { db: Db; clock: Clock; secretKey: Buffer },
  input: { email: string; password: string; role: OperatorRole; totpSecret?: string },
): Promise<{ id: string; totpSecret: string; otpauthUri: string }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await deps.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.email, email));
  if (existing) throw new OperatorExistsError(email);
  const totpSecret = input.totpSecret ?? newTotpSecret();
  const id = randomUUID();
  // the unique e-mail decides when two processes create the same operator at once (sandbox seeding)
  const inserted = await deps.db
    .insert(operators)
    .values({
      id,
      email,
      role: input.role,
      passwordHash: await hashPassword(input.password),
      totpSecretSealed: sealTotpSecret(deps.secretKey, totpSecret),
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: operators.email })
    .returning({ id: operators.id });
  if (inserted.length === 0) throw new OperatorExistsError(email);
  return { id, totpSecret, otpauthUri: otpauthUri(totpSecret, email, TOTP_ISSUER) };
}
