import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ConsoleSignInRequest, OperatorRole } from '@pisonow/domain';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, MS } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { matchTotp } from '../../lib/totp.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { csrfTokenFor, unsealTotpSecret } from './console-tokens.ts';

export interface SignInResult {
  token: string;
  csrfToken: string;
  operator: { id: string; email: string; role: OperatorRole };
}

/**
 * POST /api/console/auth/sign-in: e-mail + password (argon2id) + TOTP, all three always checked and
 * refused with one code so the answer never says which was wrong. A TOTP step is accepted once (the
 * last used step is kept and only a later one passes, atomically). CONSOLE_LOCK_FAILURES failures in
 * a row lock the operator for CONSOLE_LOCK_MINUTES. Every attempt is in the audit trail.
 */
export async function signIn(
  ctx: ConsoleContext,
  input: { request: ConsoleSignInRequest; ip: string; userAgent: string | null; requestId: string },
): Promise<SignInResult> {
  const email = input.request.email.trim().toLowerCase();
  const now = ctx.clock.now();
  const actorFor = (op?: { id: string; role: string }): Actor => ({
    operatorId: op?.id ?? null,
    email,
    role: op?.role ?? null,
    ip: input.ip,
    requestId: input.requestId,
  });
  const [operator] = await ctx.db.select().from(operators).where(eq(operators.email, email)).limit(1);
  if (!operator || operator.disabledAt) {
    await verifyPassword(input.request.password, await dummyPasswordHash()); // same work as a real check
    await recordAudit(ctx.db, ctx.clock, actorFor(), {
      action: 'auth.sign_in',
      outcome: 'failed',
      detail: { reason: operator ? 'disabled' : 'unknown_email' },
    });
    throw new AppError('CONSOLE_SIGN_IN_FAILED');
  }
  const refuseLocked = async (lockedUntil: Date): Promise<never> => {
    const seconds = Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
    await recordAudit(ctx.db, ctx.clock, actorFor(operator), {
      action: 'auth.sign_in',
      targetType: 'operator',
      targetId: operator.id,
      outcome: 'locked',
    });
    throw new AppError('CONSOLE_LOCKED', {
      retryAfterSeconds: seconds,
      params: { count: Math.ceil(seconds / 60) },
    });
  };
  if (operator.lockedUntil && operator.lockedUntil > now) return refuseLocked(operator.lockedUntil);

  // BE-08: each attempt takes its place in the count BEFORE the slow check, in one statement, so
  // guesses sent in parallel (to one process or several) are all counted and at most
  // CONSOLE_LOCK_FAILURES of them are checked before the lock. A success sets the count back to 0.
  // (Two taps at once after two failures: one is checked, the other locks the account.)
  const [slot] = await ctx.db
    .update(operators)
    .set({ failedAttempts: sql`${operators.failedAttempts} + 1` })
    .where(
      and(eq(operators.id, operator.id), or(isNull(operators.lockedUntil), lte(operators.lockedUntil, now))),
    )
    .returning({ attempt: operators.failedAttempts });
  const lockUntil = addMs(now, ctx.lockMinutes * MS.minute);
  if (!slot) {
    const [row] = await ctx.db
      .select({ lockedUntil: operators.lockedUntil })
      .from(operators)
      .where(eq(operators.id, operator.id));
    return refuseLocked(row?.lockedUntil ?? lockUntil);
  }
  // More attempts than failures left: refused unchecked, and the account locks. Locking here (not
  // only when a checked failure reaches the limit) also heals a count left above the limit by an
  // attempt that never finished (a crash during the check, a failed audit write).
  if (slot.attempt > ctx.lockFailures) {
    await ctx.db
      .update(operators)
      .set({ failedAttempts: 0, lockedUntil: lockUntil })
      .where(and(eq(operators.id, operator.id), gt(operators.failedAttempts, ctx.lockFailures)));
    return refuseLocked(lockUntil);
  }

  const passwordOk = await verifyPassword(input.request.password, operator.passwordHash);
  const step = matchTotp(unsealTotpSecret(ctx.secretKey, operator.totpSecretSealed), input.request.code, now);
  let reason: string | null = !passwordOk ? 'password' : step === null ? 'totp' : null;
  if (!reason) {
    // the step is taken atomically: the same code twice (or two requests racing) passes once
    const taken = await ctx.db
      .update(operators)
      .set({ lastTotpStep: step!, failedAttempts: 0, lockedUntil: null })
      .where(
        and(
          eq(operators.id, operator.id),
          or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step!)),
        ),
      )
      .returning({ id: operators.id });
    if (taken.length === 0) reason = 'totp_replay';
  }
  if (reason) {
    const failures = slot.attempt; // this failure is already counted
    const lock = failures >= ctx.lockFailures;
    await ctx.db.transaction(async (tx) => {
      if (lock)
        await tx
          .update(operators)
          .set({ failedAttempts: 0, lockedUntil: lockUntil })
          .where(eq(operators.id, operator.id));
      await recordAudit(tx, ctx.clock, actorFor(operator), {
        action: 'auth.sign_in',
        targetType: 'operator',
        targetId: operator.id,
        outcome: 'failed',
        detail: { reason, failures, locked: lock },
      });
    });
    throw new AppError('CONSOLE_SIGN_IN_FAILED');
  }

  const token = newToken();
  const sessionId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(operatorSessions).values({
      id: sessionId,
      operatorId: operator.id,
      tokenHash: sha256Hex(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: addMs(now, ctx.sessionHours * MS.hour),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    });
    await recordAudit(tx, ctx.clock, actorFor(operator), {
      action: 'auth.sign_in',
      targetType: 'operator_session',
      targetId: sessionId,
      outcome: 'ok',
    });
  });
  return {
    token,
    csrfToken: csrfTokenFor(ctx.secretKey, token),
    operator: { id: operator.id, email: operator.email, role: operator.role as OperatorRole },
  };
}

/** POST /api/console/auth/sign-out: ends this session. */
export async function signOut(
  ctx: ConsoleContext,
  input: { actor: Actor; sessionId: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(operatorSessions)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(operatorSessions.id, input.sessionId), isNull(operatorSessions.revokedAt)));
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'auth.sign_out',
      targetType: 'operator_session',
      targetId: input.sessionId,
    });
  });
}
