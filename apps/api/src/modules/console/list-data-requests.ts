import { asc, desc, eq } from 'drizzle-orm';
import type { ConsoleDataRequestItem, DataRequestStatus } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { customers, dataRequests } from '../../db/schema/index.ts';
import { MS, addMs } from '../../lib/clock.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';

/** Our answer to a deletion request is due within 30 days of it (policy; counsel to confirm). */
export const DATA_REQUEST_RESPONSE_DAYS = 30;

type Row = { r: typeof dataRequests.$inferSelect; phone: string };
export const dataRequestItem = ({ r, phone }: Row): ConsoleDataRequestItem => ({
  id: r.id,
  customerId: r.customerId,
  phone,
  status: r.status as DataRequestStatus,
  requestedAt: r.requestedAt.toISOString(),
  respondBy: addMs(r.requestedAt, DATA_REQUEST_RESPONSE_DAYS * MS.day).toISOString(),
  plan: r.plan,
  completedAt: r.completedAt?.toISOString() ?? null,
  completedBy: r.completedBy,
  note: r.note,
  erased: r.erased,
});

export async function dataRequestWithPhone(db: Db | Tx, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select({ r: dataRequests, phone: customers.phone })
    .from(dataRequests)
    .innerJoin(customers, eq(customers.id, dataRequests.customerId))
    .where(eq(dataRequests.id, id));
  return row;
}

/**
 * GET /api/console/data-requests (BE-12): deletion requests, open ones oldest first (the nearest
 * deadline first), completed ones newest first. Phone numbers are personal data: audited.
 */
export async function listDataRequests(
  ctx: ConsoleContext,
  input: { actor: Actor; status: DataRequestStatus },
): Promise<{ items: ConsoleDataRequestItem[] }> {
  const open = input.status === 'open';
  const rows = await ctx.db
    .select({ r: dataRequests, phone: customers.phone })
    .from(dataRequests)
    .innerJoin(customers, eq(customers.id, dataRequests.customerId))
    .where(eq(dataRequests.status, input.status))
    .orderBy(open ? asc(dataRequests.requestedAt) : desc(dataRequests.completedAt))
    .limit(200);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'data_request.list',
    targetType: 'data_request',
    detail: { status: input.status, shown: rows.length },
  });
  return { items: rows.map(dataRequestItem) };
}
