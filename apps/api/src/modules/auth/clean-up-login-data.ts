import { lt, or, isNotNull, and } from 'drizzle-orm';
import type { AuthContext } from './auth-context.ts';
import {
  captchaChallenges,
  idempotencyKeys,
  loginFailures,
  otpCodes,
  phoneLocks,
  sessions,
} from '../../db/schema/index.ts';
import { MS, addMs } from '../../lib/clock.ts';

/**
 * Deletes login data nobody needs any more: codes older than two days (the daily cap looks back
 * one Manila day), old failures, ended locks, old captchas and idempotency keys, sessions that
 * ended a month ago. Safe to run twice or concurrently: every statement is a bounded DELETE.
 */
export async function cleanUpLoginData(ctx: Pick<AuthContext, 'db' | 'clock'>) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const deleted = {
    otpCodes: (
      await db
        .delete(otpCodes)
        .where(lt(otpCodes.createdAt, addMs(now, -2 * MS.day)))
        .returning({ id: otpCodes.id })
    ).length,
    loginFailures: (
      await db
        .delete(loginFailures)
        .where(lt(loginFailures.createdAt, addMs(now, -MS.day)))
        .returning({ id: loginFailures.id })
    ).length,
    phoneLocks: (
      await db
        .delete(phoneLocks)
        .where(lt(phoneLocks.lockedUntil, now))
        .returning({ phone: phoneLocks.phone })
    ).length,
    captchas: (
      await db
        .delete(captchaChallenges)
        .where(lt(captchaChallenges.createdAt, addMs(now, -MS.day)))
        .returning({ id: captchaChallenges.id })
    ).length,
    idempotencyKeys: (
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, addMs(now, -7 * MS.day)))
        .returning({ key: idempotencyKeys.key })
    ).length,
    sessions: (
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, addMs(now, -30 * MS.day)),
            and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, addMs(now, -30 * MS.day))),
          ),
        )
        .returning({ id: sessions.id })
    ).length,
  };
  return deleted;
}
