import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DeletionRequestView } from '@pisonow/domain';
import { dataRequests } from '../../db/schema/index.ts';
import { requestView } from './get-deletion-request.ts';
import type { PrivacyContext } from './privacy-context.ts';
import { retentionPlanFor } from './retention-facts.ts';

/**
 * "Delete my data" (BE-12, RA 10173 s.16(e)): opens a case for the console with the plan the
 * borrower was shown. One open request per borrower (a partial unique index): asking again while
 * one is open, or two taps at once, return the open request and write nothing new.
 */
export async function requestDeletion(
  ctx: Pick<PrivacyContext, 'db' | 'clock'>,
  input: { customerId: string },
): Promise<{ created: boolean; view: DeletionRequestView }> {
  const plan = await retentionPlanFor(ctx.db, input.customerId);
  const inserted = await ctx.db
    .insert(dataRequests)
    .values({
      id: randomUUID(),
      customerId: input.customerId,
      status: 'open',
      requestedAt: ctx.clock.now(),
      plan,
    })
    .onConflictDoNothing()
    .returning();
  const [open] = inserted.length
    ? inserted
    : await ctx.db
        .select()
        .from(dataRequests)
        .where(and(eq(dataRequests.customerId, input.customerId), eq(dataRequests.status, 'open')));
  return { created: inserted.length > 0, view: { request: requestView(open!), plan: open!.plan } };
}
