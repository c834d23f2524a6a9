import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditListResponse } from '@pisonow/domain';
import { auditLog } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { csvCell } from '../../lib/csv.ts';

export interface AuditFilter {
  operatorId?: string;
  action?: string;
  from?: string;
  to?: string;
  limit: number;
}

async function query(ctx: ConsoleContext, filter: AuditFilter, limit: number) {
  const where: SQL[] = [];
  if (filter.operatorId) where.push(eq(auditLog.operatorId, filter.operatorId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.from) where.push(gte(auditLog.at, new Date(filter.from)));
  if (filter.to) where.push(lt(auditLog.at, new Date(filter.to)));
  return ctx.db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.seq))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof query>>[number];
const view = (r: Row) => ({
  id: r.id,
  at: r.at.toISOString(),
  operatorId: r.operatorId,
  operatorEmail: r.operatorEmail,
  role: r.role,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  outcome: r.outcome,
  before: r.before,
  after: r.after,
  detail: r.detail,
  ip: r.ip,
});

/** GET /api/console/audit: newest first, filtered by operator, action and date range. Viewing it is audited too. */
export async function listAudit(
  ctx: ConsoleContext,
  input: { actor: Actor; filter: AuditFilter },
): Promise<AuditListResponse> {
  const rows = await query(ctx, input.filter, input.filter.limit);
  await recordAudit(ctx.db, ctx.clock, input.actor, { action: 'audit.view', detail: { ...input.filter } });
  return { entries: rows.map(view) };
}

const EXPORT_LIMIT = 50_000;
const COLUMNS = [
  'id',
  'at',
  'operatorId',
  'operatorEmail',
  'role',
  'action',
  'targetType',
  'targetId',
  'outcome',
  'before',
  'after',
  'detail',
  'ip',
] as const;

/** GET /api/console/audit/export: the same filter as CSV (at most 50,000 rows). Audited. */
export async function exportAuditCsv(
  ctx: ConsoleContext,
  input: { actor: Actor; filter: AuditFilter },
): Promise<string> {
  const rows = await query(ctx, input.filter, EXPORT_LIMIT);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'audit.export',
    detail: { ...input.filter, rows: rows.length },
  });
  const lines = [COLUMNS.join(',')];
  for (const row of rows) {
    const v = view(row);
    lines.push(COLUMNS.map((c) => csvCell(v[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
