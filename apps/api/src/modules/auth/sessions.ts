import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { AuthenticatedCustomer } from '../../types.ts';
import type { AuthContext } from './auth-context.ts';

type SessionsContext = Pick<AuthContext, 'db' | 'clock'>;

/** Logout: revokes the current session on the server. Idempotent by design. */
export async function logOut(ctx: SessionsContext, input: { who: AuthenticatedCustomer }) {
  const { who } = input;
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(ownedBy(sessions, who.customerId, eq(sessions.id, who.sessionId), isNull(sessions.revokedAt)));
}

/** The signed-in borrower: everything it shows came with the session (no query of its own). */
export function getMe(who: AuthenticatedCustomer) {
  return { customerId: who.customerId, phone: who.phone, registeredAt: who.registeredAt.toISOString() };
}

/** The borrower's own signed-in devices. */
export async function listSessions(ctx: SessionsContext, input: { who: AuthenticatedCustomer }) {
  const { who } = input;
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(ownedBy(sessions, who.customerId, isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      current: s.id === who.sessionId,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      userAgent: s.userAgent,
    })),
  };
}

/** Signs out one device. Another borrower's session id is not found. Repeating it is harmless. */
export async function revokeSession(
  ctx: SessionsContext,
  input: { who: AuthenticatedCustomer; sessionId: string },
) {
  const { who, sessionId } = input;
  const [row] = await ctx.db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(ownedBy(sessions, who.customerId, eq(sessions.id, sessionId)));
  if (!row) throw new AppError('NOT_FOUND');
  if (!row.revokedAt)
    await ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(ownedBy(sessions, who.customerId), eq(sessions.id, sessionId)));
}
