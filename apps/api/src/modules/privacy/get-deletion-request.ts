import { desc, eq } from 'drizzle-orm';
import type { DeletionRequestView } from '@pisonow/domain';
import { dataRequests } from '../../db/schema/index.ts';
import type { PrivacyContext } from './privacy-context.ts';
import { retentionPlanFor } from './retention-facts.ts';

/**
 * My deletion request, if any (the latest), and the plan: for a request, the plan it was made
 * with; before one, what would happen if I asked today (BE-12).
 */
export async function getDeletionRequest(
  ctx: Pick<PrivacyContext, 'db'>,
  input: { customerId: string },
): Promise<DeletionRequestView> {
  const [latest] = await ctx.db
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.customerId, input.customerId))
    .orderBy(desc(dataRequests.requestedAt))
    .limit(1);
  if (latest?.status === 'open') return { request: requestView(latest), plan: latest.plan };
  return {
    request: latest ? requestView(latest) : null,
    plan: await retentionPlanFor(ctx.db, input.customerId),
  };
}

export function requestView(
  row: typeof dataRequests.$inferSelect,
): NonNullable<DeletionRequestView['request']> {
  return {
    id: row.id,
    status: row.status as 'open' | 'completed',
    requestedAt: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
