import { and, eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';

/**
 * POST /api/console/borrowers/:customerId/sessions/:sessionId/revoke: signs a borrower out of one
 * device. Idempotent (a revoked session stays revoked with its first time); audited with before and
 * after, in the same transaction as the change.
 */
export async function revokeBorrowerSession(
  ctx: ConsoleContext,
  input: { actor: Actor; customerId: string; sessionId: string },
): Promise<{ id: string; revokedAt: string }> {
  return ctx.db
    .transaction(async (tx) => {
      const [session] = await tx
        .select({ id: sessions.id, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(and(eq(sessions.id, input.sessionId), eq(sessions.customerId, input.customerId)))
        .for('update');
      if (!session) {
        await recordAudit(tx, ctx.clock, input.actor, {
          action: 'borrower.session.revoke',
          targetType: 'session',
          targetId: input.sessionId,
          outcome: 'not_found',
          detail: { customerId: input.customerId },
        });
        return null;
      }
      const revokedAt = session.revokedAt ?? ctx.clock.now();
      if (!session.revokedAt) await tx.update(sessions).set({ revokedAt }).where(eq(sessions.id, session.id));
      await recordAudit(tx, ctx.clock, input.actor, {
        action: 'borrower.session.revoke',
        targetType: 'session',
        targetId: session.id,
        before: { revokedAt: session.revokedAt?.toISOString() ?? null },
        after: { revokedAt: revokedAt.toISOString() },
        detail: { customerId: input.customerId },
      });
      return { id: session.id, revokedAt: revokedAt.toISOString() };
    })
    .then((result) => {
      if (!result) throw new AppError('NOT_FOUND');
      return result;
    });
}
