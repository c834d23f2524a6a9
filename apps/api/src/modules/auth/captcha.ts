import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthContext } from './auth-context.ts';
import { captchaChallenges } from '../../db/schema/index.ts';
import { hmacHex, safeEqualHex } from '../../lib/crypto.ts';
import { MS, addMs } from '../../lib/clock.ts';

export const CAPTCHA_TTL_SECONDS = 120;

const normalize = (answer: string) => answer.trim().toLowerCase();

/** Draws a new graphic captcha (svg-captcha: distorted text with noise lines) and stores its answer hashed. */
export async function issueCaptcha(ctx: Pick<AuthContext, 'db' | 'clock' | 'secretKey' | 'sandbox'>) {
  const now = ctx.clock.now();
  // loaded on the first captcha: its fonts cost memory that most processes never need
  const { default: svgCaptcha } = await import('svg-captcha');
  // Characters that look alike (0/o, 1/l/i) are left out so a person on a small screen can read it.
  const { data, text } = svgCaptcha.create({
    size: 5,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#f4f6fb',
  });
  const id = randomUUID();
  await ctx.db.insert(captchaChallenges).values({
    id,
    answerHash: hmacHex(ctx.secretKey, `captcha:${id}:${normalize(text)}`),
    createdAt: now,
    expiresAt: addMs(now, CAPTCHA_TTL_SECONDS * MS.second),
    sandboxAnswer: ctx.sandbox ? text : null,
  });
  return { captchaId: id, svg: data, expiresInSeconds: CAPTCHA_TTL_SECONDS };
}

/**
 * Uses up the challenge (single use, right or wrong, so an answer cannot be guessed repeatedly) and
 * tells whether the answer matched an unexpired challenge. Run it on its own, not inside a
 * transaction that may roll back, or a wrong guess would leave the challenge usable.
 */
export async function consumeCaptcha(
  ctx: Pick<AuthContext, 'db' | 'clock' | 'secretKey'>,
  input: { captchaId: string; answer: string },
): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(captchaChallenges.id, input.captchaId),
        isNull(captchaChallenges.usedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .returning({ answerHash: captchaChallenges.answerHash });
  const expected = hmacHex(ctx.secretKey, `captcha:${input.captchaId}:${normalize(input.answer)}`);
  return !!row && safeEqualHex(row.answerHash, expected);
}
