import { and, eq, isNull } from 'drizzle-orm';
import type { ConsoleDataRequestItem, DataCategory } from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { customers, dataRequests, feedback, messages, sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { dataRequestItem, dataRequestWithPhone } from './list-data-requests.ts';

/**
 * What completing a request erases by itself, per category the plan marks "erase". Categories the
 * plan keeps are never touched. Erasure of the rest (a never-paid-out applicant's identity and
 * contact details) before the retention period has run is the operator's, recorded in the note;
 * after it, the retention job erases it (privacy/apply-retention.ts).
 */
const ERASERS: Partial<Record<DataCategory, (tx: Tx, customerId: string, now: Date) => Promise<void>>> = {
  // every session ends, and what we kept of the devices goes
  device_and_sessions: async (tx, customerId, now) => {
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
    await tx.update(sessions).set({ ip: null, userAgent: null }).where(eq(sessions.customerId, customerId));
    // the address and browser the borrower registered from are device data too (the consent
    // records keep theirs: they are the proof of what was agreed, and when)
    await tx
      .update(customers)
      .set({ registrationIp: null, registrationUserAgent: null })
      .where(eq(customers.id, customerId));
  },
  // the message centre and the words of their feedback (the feedback row stays: it was handled)
  engagement: async (tx, customerId) => {
    await tx.delete(messages).where(eq(messages.customerId, customerId));
    await tx.update(feedback).set({ body: '[erased]' }).where(eq(feedback.customerId, customerId));
  },
};

/**
 * POST /api/console/data-requests/:requestId/complete (BE-12): an admin completes a deletion
 * request: erases what the plan (as shown to the borrower) says to erase and can be erased here,
 * records what was erased and their note, in one transaction with the audit entry. Once: a second
 * submit changes nothing and gets the completed request back.
 */
export async function completeDataRequest(
  ctx: ConsoleContext,
  input: { actor: Actor; requestId: string; note: string },
): Promise<ConsoleDataRequestItem> {
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [claimed] = await tx
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.id, input.requestId), eq(dataRequests.status, 'open')))
      .for('update');
    const erased: DataCategory[] = [];
    if (claimed) {
      for (const decision of claimed.plan) {
        const eraser = ERASERS[decision.category];
        if (decision.action !== 'erase' || !eraser) continue;
        await eraser(tx, claimed.customerId, now);
        erased.push(decision.category);
      }
      await tx
        .update(dataRequests)
        .set({
          status: 'completed',
          completedAt: now,
          completedBy: input.actor.operatorId,
          note: input.note,
          erased,
        })
        .where(eq(dataRequests.id, claimed.id));
    }
    const row = await dataRequestWithPhone(tx, input.requestId);
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'data_request.complete',
      targetType: 'data_request',
      targetId: input.requestId,
      outcome: row ? 'ok' : 'not_found',
      before: row ? { status: claimed ? 'open' : row.r.status } : null,
      after: row ? { status: row.r.status, erased: row.r.erased, note: row.r.note } : null,
      detail: { alreadyCompleted: row ? !claimed : null },
    });
    return row ? dataRequestItem(row) : null;
  });
  if (!result) throw new AppError('NOT_FOUND');
  return result;
}
