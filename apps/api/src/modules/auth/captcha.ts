import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchaChallenges } from '../../db/schema/index.ts';
import { hmacHex, safeEqualHex } from '../../lib/crypto.ts';
import { MS, addMs } from '../../lib/clock.ts';

export const CAPTCHA_TTL_SECONDS = 120;

const normalize = (answer: string) => answer.trim().toLowerCase();

/** Draws a new graphic captcha (svg-captcha: distorted text with noise lines) and stores its answer hashed. */
export async function issueCaptcha(deps: { db: Db; now: Date; secretKey: Buffer; sandbox: boolean }) {
  // loaded on the first captcha: its fonts cost memory that most processes never need
  const { default: svgCaptcha } = await import('svg-captcha');
  // Characters that look alike (0/o, 1/l/i) are left out so a person on a small screen can read it.
  const { data, text } = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fb' });
  const id = randomUUID();
  await deps.db.insert(captchaChallenges).values({
    id,
    answerHash: hmacHex(deps.secretKey, `captcha:${id}:${normalize(text)}`),
    createdAt: deps.now,
    expiresAt: addMs(deps.now, CAPTCHA_TTL_SECONDS * MS.second),
    sandboxAnswer: deps.sandbox ? text : null,
  });
  return { captchaId: id, svg: data, expiresInSeconds: CAPTCHA_TTL_SECONDS };
}

/**
 * Uses up the challenge (single use, right or wrong, so an answer cannot be guessed repeatedly) and
 * tells whether the answer matched an unexpired challenge. Run it on its own, not inside a
 * transaction that may roll back, or a wrong guess would leave the challenge usable.
 */
export async function consumeCaptcha(db: Db, input: { captchaId: string; answer: string; now: Date; secretKey: Buffer }): Promise<boolean> {
  const [row] = await db
    .update(captchaChallenges)
    .set({ usedAt: input.now })
    .where(and(eq(captchaChallenges.id, input.captchaId), isNull(captchaChallenges.usedAt), gt(captchaChallenges.expiresAt, input.now)))
    .returning({ answerHash: captchaChallenges.answerHash });
  const expected = hmacHex(input.secretKey, `captcha:${input.captchaId}:${normalize(input.answer)}`);
  return !!row && safeEqualHex(row.answerHash, expected);
}
