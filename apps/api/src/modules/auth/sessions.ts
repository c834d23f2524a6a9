import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { AuthenticatedCustomer } from '../../types.ts';

/** Logout: revokes the current session on the server. Idempotent by design. */
export async function logOut(db: Db, who: AuthenticatedCustomer, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(ownedBy(sessions, who.customerId, eq(sessions.id, who.sessionId), isNull(sessions.revokedAt)));
}

/** The signed-in borrower: everything it shows came with the session (no query of its own). */
export function getMe(who: AuthenticatedCustomer) {
  return { customerId: who.customerId, phone: who.phone, registeredAt: who.registeredAt.toISOString() };
}

/** The borrower's own signed-in devices. */
export async function listSessions(db: Db, who: AuthenticatedCustomer, now: Date) {
  const rows = await db
    .select()
    .from(sessions)
    .where(ownedBy(sessions, who.customerId, isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
  return {
    sessions: rows.map((s) => ({ id: s.id, current: s.id === who.sessionId, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString(), userAgent: s.userAgent })),
  };
}

/** Signs out one device. Another borrower's session id is not found. Repeating it is harmless. */
export async function revokeSession(db: Db, who: AuthenticatedCustomer, sessionId: string, now: Date) {
  const [row] = await db.select({ id: sessions.id, revokedAt: sessions.revokedAt }).from(sessions).where(ownedBy(sessions, who.customerId, eq(sessions.id, sessionId)));
  if (!row) throw new AppError('NOT_FOUND');
  if (!row.revokedAt) await db.update(sessions).set({ revokedAt: now }).where(and(ownedBy(sessions, who.customerId), eq(sessions.id, sessionId)));
}
