import { and, count, desc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import { manilaDayStart, nextManilaDayStart, phonePrefix } from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { loginFailures, otpCodes, phoneLocks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MS, addMs } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { clientNetwork } from './client-network.ts';

export type LoginLimitsConfig = Pick<
  Config,
  | 'OTP_RESEND_SECONDS'
  | 'OTP_DAILY_LIMIT'
  | 'LOGIN_LOCK_FAILURES'
  | 'LOGIN_LOCK_WINDOW_MINUTES'
  | 'LOGIN_LOCK_MINUTES'
  | 'CAPTCHA_IP_SENDS_PER_HOUR'
  | 'CAPTCHA_PREFIX_SENDS_PER_10_MINUTES'
  | 'CAPTCHA_TOTAL_SENDS_PER_HOUR'
  | 'LOGIN_IP_FAILURES'
  | 'LOGIN_IP_WINDOW_MINUTES'
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
 * "Unusual activity": many codes requested from one client network (clientNetwork) in the last
 * hour, or to one number block (first six digits) in the last ten minutes, as number-enumeration and
 * SMS-pumping attacks do; or, whoever asks, more codes in the last hour than ordinary traffic ever
 * sends (CAPTCHA_TOTAL_SENDS_PER_HOUR): pumping spread over many networks and number blocks, which
 * the first two do not see. Then every further send needs a solved graphic captcha.
 */
export async function isUnusualActivity(
  tx: Tx,
  phone: string,
  network: string,
  now: Date,
  config: LoginLimitsConfig,
): Promise<boolean> {
  const [byNetwork] = await tx
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.requestedNetwork, network), gte(otpCodes.createdAt, addMs(now, -MS.hour))));
  if ((byNetwork?.n ?? 0) >= config.CAPTCHA_IP_SENDS_PER_HOUR) return true;
  const [byPrefix] = await tx
    .select({ n: count() })
    .from(otpCodes)
    .where(
      and(eq(otpCodes.phonePrefix, phonePrefix(phone)), gte(otpCodes.createdAt, addMs(now, -10 * MS.minute))),
    );
  if ((byPrefix?.n ?? 0) >= config.CAPTCHA_PREFIX_SENDS_PER_10_MINUTES) return true;
  // Is there a threshold-th newest send within the hour? Reads at most that many index entries
  // however busy the hour, where counting the hour would read all of them on every send. Sends from
  // different networks are not serialised, so a burst may pass the brake by a few.
  const [nth] = await tx
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(gte(otpCodes.createdAt, addMs(now, -MS.hour)))
    .orderBy(desc(otpCodes.createdAt))
    .offset(config.CAPTCHA_TOTAL_SENDS_PER_HOUR - 1)
    .limit(1);
  return !!nth;
}

/**
 * One client guessing codes across many phones (BE-02): past LOGIN_IP_FAILURES wrong codes from its
 * network within the last LOGIN_IP_WINDOW_MINUTES (a sliding window), its logins are refused with
 * RATE_LIMITED until the oldest of them leaves the window. Checked before the code, so a refused
 * guess neither spends the phone's tries nor locks it.
 */
export async function assertNetworkMayTryCodes(
  tx: Tx,
  network: string,
  now: Date,
  config: LoginLimitsConfig,
): Promise<void> {
  const window = config.LOGIN_IP_WINDOW_MINUTES * MS.minute;
  // the threshold-th newest failure: while it is inside the window, so are at least that many
  const [nth] = await tx
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.ipNetwork, network), gt(loginFailures.createdAt, addMs(now, -window))))
    .orderBy(desc(loginFailures.createdAt))
    .offset(config.LOGIN_IP_FAILURES - 1)
    .limit(1);
  if (nth)
    throw new AppError('RATE_LIMITED', {
      retryAfterSeconds: secondsUntil(now, addMs(nth.createdAt, window)),
    });
}

/**
 * Records a wrong code; locks the phone when its failures in the window reach the threshold. The
 * failures that caused a lock stop counting for the phone (a fresh start after the lock) but stay
 * for their network's limit: deleting them would let a client reset its network's count by locking
 * phone after phone.
 */
export async function recordLoginFailure(
  tx: Tx,
  phone: string,
  ip: string,
  now: Date,
  config: LoginLimitsConfig,
  id: string,
): Promise<void> {
  await tx.insert(loginFailures).values({ id, phone, ip, ipNetwork: clientNetwork(ip), createdAt: now });
  const [recent] = await tx
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.phone, phone),
        isNull(loginFailures.phoneLockedAt),
        gte(loginFailures.createdAt, addMs(now, -config.LOGIN_LOCK_WINDOW_MINUTES * MS.minute)),
      ),
    );
  if ((recent?.n ?? 0) >= config.LOGIN_LOCK_FAILURES) {
    const lockedUntil = addMs(now, config.LOGIN_LOCK_MINUTES * MS.minute);
    await tx
      .insert(phoneLocks)
      .values({ phone, lockedUntil, reason: 'wrong-codes' })
      .onConflictDoUpdate({ target: phoneLocks.phone, set: { lockedUntil, reason: 'wrong-codes' } });
    await tx
      .update(loginFailures)
      .set({ phoneLockedAt: now })
      .where(and(eq(loginFailures.phone, phone), isNull(loginFailures.phoneLockedAt)));
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
