import { eq } from 'drizzle-orm';
import { DEFAULT_DECISION_RULES, decide, type Decision } from '@pisonow/domain';
import { applications } from '../../db/schema/index.ts';
import { decisionFacts } from './decision-facts.ts';
import type { LendingContext } from './lending-context.ts';
import { currentProduct } from './product-config.ts';

/**
 * The decision rules run again for an approved borrower, today, on today's facts (an automatic
 * re-loan is booked only when they still pass: ST-08). Nothing is stored here; the caller records
 * the outcome with what it decided. `null` when the borrower has no approved application.
 */
export async function recheckBorrower(
  ctx: Pick<LendingContext, 'db' | 'clock'>,
  input: { customerId: string },
): Promise<Decision | null> {
  const [application] = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.customerId, input.customerId));
  if (!application || application.status !== 'approved') return null;
  const { facts } = await decisionFacts(ctx.db, { application, now: ctx.clock.now() });
  const product = await currentProduct(ctx.db);
  return decide(facts, DEFAULT_DECISION_RULES, product.limits);
}
