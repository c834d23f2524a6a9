import { count, desc, eq, inArray } from 'drizzle-orm';
import type { ConsoleRetentionErasureItem, RetentionRecordStatus } from '@pisonow/domain';
import { retentionRecords } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';

/**
 * GET /api/console/retention-erasures (BE-12): what the retention job erased, newest first (and
 * any erasure still finishing), with the period in force and how many paid-out borrowers have a
 * recorded retention date. No names or phone numbers: the customer id is the reference.
 */
export async function listRetentionErasures(
  ctx: Pick<ConsoleContext, 'db' | 'clock'> & { inactiveApplicantDays: number },
  input: { actor: Actor },
): Promise<{ inactiveApplicantDays: number; keptWithDate: number; items: ConsoleRetentionErasureItem[] }> {
  const rows = await ctx.db
    .select()
    .from(retentionRecords)
    .where(inArray(retentionRecords.status, ['erasing', 'erased']))
    .orderBy(desc(retentionRecords.startedAt))
    .limit(200);
  const [kept] = await ctx.db
    .select({ n: count() })
    .from(retentionRecords)
    .where(eq(retentionRecords.status, 'kept'));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'retention.list',
    targetType: 'retention_record',
    detail: { shown: rows.length },
  });
  return {
    inactiveApplicantDays: ctx.inactiveApplicantDays,
    keptWithDate: Number(kept?.n ?? 0),
    items: rows.map((r) => ({
      customerId: r.customerId,
      status: r.status as RetentionRecordStatus,
      lastActivityAt: r.lastActivityAt?.toISOString() ?? null,
      keepUntil: r.keepUntil,
      startedAt: r.startedAt?.toISOString() ?? null,
      erasedAt: r.erasedAt?.toISOString() ?? null,
      erased: r.erased,
    })),
  };
}
