import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** Who acted, taken from the operator's session (never from the request body). */
export interface Actor {
  operatorId: string | null;
  email: string | null;
  role: string | null;
  ip: string | null;
  requestId: string | null;
}

export interface AuditInput {
  action: string;
  targetType?: string;
  targetId?: string | null;
  outcome?: 'ok' | 'denied' | 'failed' | 'not_found' | 'locked';
  before?: unknown;
  after?: unknown;
  detail?: Record<string, unknown>;
}

/**
 * Appends one entry to the audit trail (append-only in the database). Called inside the action's own
 * transaction when it changes something, so an action and its entry commit or fail together.
 */
export async function recordAudit(db: Db | Tx, clock: Clock, actor: Actor, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    at: clock.now(),
    operatorId: actor.operatorId,
    operatorEmail: actor.email,
    role: actor.role,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    outcome: input.outcome ?? 'ok',
    before: input.before ?? null,
    after: input.after ?? null,
    detail: input.detail ?? null,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

/** The actor of a scheduled job's audit entries: no operator; the job's name in `requestId`. */
export function systemActor(job: string): Actor {
  return { operatorId: null, email: null, role: 'system', ip: null, requestId: job };
}
