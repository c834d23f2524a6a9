import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { otpFromRandom, phonePrefix, maskPhone, type Locale } from '@pisonow/domain';
import { otpCodes } from '../../db/schema/index.ts';
import { hmacHex, randomUint16 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';
import { MS, addMs } from '../../lib/clock.ts';
import type { AuthContext } from './auth-context.ts';
import { assertCanSendTo, assertNotLocked, isUnusualActivity } from './login-limits.ts';
import { consumeCaptcha } from './captcha.ts';
import { clientNetwork } from './client-network.ts';
import { loginCodeSms } from './sms-templates.ts';

export interface SendLoginCodeInput {
  phone: string;
  ip: string;
  locale: Locale;
  captchaId?: string | undefined;
  captchaAnswer?: string | undefined;
}

/** The HMAC of a login code is bound to the phone, so a code row cannot be replayed for another number. */
export const hashLoginCode = (secretKey: Buffer, phone: string, code: string) =>
  hmacHex(secretKey, `otp:${phone}:${code}`);

/**
 * Sends a 4-digit login code by SMS (VAL-01, BE-02). Limits are checked and the code recorded in one
 * transaction, serialised by advisory locks per phone, per client network (clientNetwork) and per
 * number block, so simultaneous requests — to one server process or several — cannot all pass the
 * cooldown or the captcha thresholds. The locks are always taken in that order (no deadlock). The
 * SMS itself goes out after the commit (no network call inside a transaction); if the provider
 * fails, the row is removed so the failed attempt counts against no limit, and the code it replaced
 * works again: the borrower still has that SMS, and nothing new reached them.
 * The answer is the same whether or not the number is registered.
 */
export async function sendLoginCode(ctx: AuthContext, input: SendLoginCodeInput) {
  const { config } = ctx;
  const now = ctx.clock.now();
  const code = otpFromRandom(randomUint16);
  const id = randomUUID();
  const network = clientNetwork(input.ip);

  const captcha =
    input.captchaId && input.captchaAnswer
      ? (await consumeCaptcha(ctx, { captchaId: input.captchaId, answer: input.captchaAnswer }))
        ? 'solved'
        : 'wrong'
      : 'absent';

  const replaced = await ctx.db.transaction(async (tx) => {
    // one round trip; the select list is evaluated left to right, so the order is fixed
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${input.phone}`}, 0)), pg_advisory_xact_lock(hashtextextended(${`otp-ip:${network}`}, 0)), pg_advisory_xact_lock(hashtextextended(${`otp-prefix:${phonePrefix(input.phone)}`}, 0))`,
    );
    await assertNotLocked(tx, input.phone, now);
    await assertCanSendTo(tx, input.phone, now, config);
    if (await isUnusualActivity(tx, input.phone, network, now, config)) {
      if (captcha === 'absent') throw new AppError('CAPTCHA_REQUIRED');
      if (captcha === 'wrong') throw new AppError('CAPTCHA_INCORRECT');
    }
    // A new code replaces any older one still valid: only the latest SMS works.
    const voided = await tx
      .update(otpCodes)
      .set({ voidedAt: now })
      .where(and(eq(otpCodes.phone, input.phone), isNull(otpCodes.consumedAt), isNull(otpCodes.voidedAt)))
      .returning({ id: otpCodes.id });
    await tx.insert(otpCodes).values({
      id,
      phone: input.phone,
      phonePrefix: phonePrefix(input.phone),
      codeHash: hashLoginCode(ctx.secretKey, input.phone, code),
      requestedIp: input.ip,
      requestedNetwork: network,
      createdAt: now,
      expiresAt: addMs(now, config.OTP_TTL_SECONDS * MS.second),
    });
    return voided.map((row) => row.id);
  });

  try {
    const body = loginCodeSms(input.locale, {
      product: config.PRODUCT_NAME,
      code,
      minutes: Math.round(config.OTP_TTL_SECONDS / 60),
    });
    await ctx.sms.send({ to: input.phone, body });
  } catch (error) {
    ctx.log.error(
      { err: error, phone: maskPhone(input.phone), provider: ctx.sms.name },
      'login SMS not sent',
    );
    await ctx.db.transaction(async (tx) => {
      await tx.delete(otpCodes).where(eq(otpCodes.id, id));
      // only what this send voided: the resend cooldown keeps another send off this phone meanwhile
      if (replaced.length)
        await tx
          .update(otpCodes)
          .set({ voidedAt: null })
          .where(and(inArray(otpCodes.id, replaced), eq(otpCodes.voidedAt, now)));
    });
    throw new AppError('SMS_SEND_FAILED');
  }
  return { resendAfterSeconds: config.OTP_RESEND_SECONDS, expiresInSeconds: config.OTP_TTL_SECONDS };
}
