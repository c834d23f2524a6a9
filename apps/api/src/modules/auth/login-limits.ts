import { and, count, desc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import { manilaDayStart, nextManilaDayStart, phonePrefix } from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { loginFailures, otpCodes, phoneLocks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MS, addMs } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';

export type LoginLimitsConfig = Pick<
  Config,
  | 'OTP_RESEND_SECONDS'
  | 'OTP_DAILY_LIMIT'
  | 'LOGIN_LOCK_FAILURES'
  | 'LOGIN_LOCK_WINDOW_MINUTES'
  | 'LOGIN_LOCK_MINUTES'
  | 'CAPTCHA_IP_SENDS_PER_HOUR'
  | 'CAPTCHA_PREFIX_SENDS_PER_10_MINUTES'
>;

const secondsUntil = (from: Date, to: Date) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

/** "Security mechanism triggered, please wait": the phone is locked after repeated wrong codes. */
export async function assertNotLocked(tx: Tx, phone: string, now: Date): Promise<void> {
  const [lock] = await tx
    .select()
    .from(phoneLocks)
    .where(and(eq(phoneLocks.phone, phone), gt(phoneLocks.lockedUntil, now)));
  if (lock) throw new AppError('SECURITY_LOCK', { retryAfterSeconds: secondsUntil(now, lock.lockedUntil) });
}

/** Cooldown ("Operation too frequent") and daily cap ("SMS limit reached, try again tomorrow"). */
export async function assertCanSendTo(
  tx: Tx,
  phone: string,
  now: Date,
  config: LoginLimitsConfig,
): Promise<void> {
  // Every code sent counts (a code whose SMS failed was deleted, so it does not).
  const [latest] = await tx
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.phone, phone),
        gt(otpCodes.createdAt, addMs(now, -config.OTP_RESEND_SECONDS * MS.second)),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (latest) {
    throw new AppError('SMS_TOO_FREQUENT', {
      retryAfterSeconds: secondsUntil(now, addMs(latest.createdAt, config.OTP_RESEND_SECONDS * MS.second)),
    });
  }
  const [today] = await tx
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), gte(otpCodes.createdAt, manilaDayStart(now))));
  if ((today?.n ?? 0) >= config.OTP_DAILY_LIMIT) {
    throw new AppError('SMS_DAILY_LIMIT', { retryAfterSeconds: secondsUntil(now, nextManilaDayStart(now)) });
  }
}

/**
 * "Unusual activity": many codes requested from one IP in the last hour, or to one number block
 * (first six digits) in the last ten minutes, as number-enumeration and SMS-pumping attacks do.
 * Then every further send needs a solved graphic captcha.
 */
export async function isUnusualActivity(
  tx: Tx,
  phone: string,
  ip: string,
  now: Date,
  config: LoginLimitsConfig,
): Promise<boolean> {
  const [byIp] = await tx
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.requestedIp, ip), gte(otpCodes.createdAt, addMs(now, -MS.hour))));
  if ((byIp?.n ?? 0) >= config.CAPTCHA_IP_SENDS_PER_HOUR) return true;
  const [byPrefix] = await tx
    .select({ n: count() })
    .from(otpCodes)
    .where(
      and(eq(otpCodes.phonePrefix, phonePrefix(phone)), gte(otpCodes.createdAt, addMs(now, -10 * MS.minute))),
    );
  return (byPrefix?.n ?? 0) >= config.CAPTCHA_PREFIX_SENDS_PER_10_MINUTES;
}

/** Records a wrong code; locks the phone when the failures in the window reach the threshold. */
export async function recordLoginFailure(
  tx: Tx,
  phone: string,
  ip: string,
  now: Date,
  config: LoginLimitsConfig,
  id: string,
): Promise<void> {
  await tx.insert(loginFailures).values({ id, phone, ip, createdAt: now });
  const [recent] = await tx
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.phone, phone),
        gte(loginFailures.createdAt, addMs(now, -config.LOGIN_LOCK_WINDOW_MINUTES * MS.minute)),
      ),
    );
  if ((recent?.n ?? 0) >= config.LOGIN_LOCK_FAILURES) {
    const lockedUntil = addMs(now, config.LOGIN_LOCK_MINUTES * MS.minute);
    await tx
      .insert(phoneLocks)
      .values({ phone, lockedUntil, reason: 'wrong-codes' })
      .onConflictDoUpdate({ target: phoneLocks.phone, set: { lockedUntil, reason: 'wrong-codes' } });
    // Start the count afresh after the lock, so one more wrong code does not re-lock at once.
    await tx.delete(loginFailures).where(eq(loginFailures.phone, phone));
  }
}

export const activeCodeFilter = (phone: string, now: Date, maxAttempts: number) =>
  and(
    eq(otpCodes.phone, phone),
    isNull(otpCodes.consumedAt),
    isNull(otpCodes.voidedAt),
    gt(otpCodes.expiresAt, now),
    lt(otpCodes.attempts, maxAttempts),
  );
