import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { compareAmlRisk } from '@pisonow/domain';
import { amlRiskRatings, customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { currentRating, rateCustomer, storedRating, type StoredAmlRating } from './rate-customer.ts';
import { borrowerTransactions } from './str-cases.ts';

/**
 * GET /api/console/aml/risk-ratings (BE-14): the borrowers whose rating in force is medium or high,
 * high first, with the reasons. Audited.
 */
export async function listRiskRatings(
  ctx: ConsoleContext,
  input: { actor: Actor },
): Promise<{ items: (StoredAmlRating & { phone: string })[] }> {
  // the newest rating per borrower
  const newest = ctx.db
    .selectDistinctOn([amlRiskRatings.customerId], { id: amlRiskRatings.id })
    .from(amlRiskRatings)
    .orderBy(amlRiskRatings.customerId, desc(amlRiskRatings.computedAt), desc(amlRiskRatings.id));
  const rows = await ctx.db
    .select({ r: amlRiskRatings, phone: customers.phone })
    .from(amlRiskRatings)
    .innerJoin(customers, eq(customers.id, amlRiskRatings.customerId))
    .where(and(inArray(amlRiskRatings.id, newest), inArray(amlRiskRatings.level, ['medium', 'high'])))
    .orderBy(sql`${amlRiskRatings.computedAt} desc`)
    .limit(500);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'aml.risk.list',
    targetType: 'aml_risk_rating',
    detail: { shown: rows.length },
  });
  const items = rows.map(({ r, phone }) => ({ ...storedRating(r), phone }));
  items.sort((a, b) => compareAmlRisk(b.level, a.level));
  return { items };
}

/**
 * GET /api/console/aml/borrowers/:customerId (BE-14): one borrower's rating in force (computed now
 * if none yet), and the loans and repayments a case may concern. Audited.
 */
export async function borrowerAml(ctx: ConsoleContext, input: { actor: Actor; customerId: string }) {
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, input.customerId));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'aml.borrower.view',
    targetType: 'customer',
    targetId: input.customerId,
    outcome: customer ? 'ok' : 'not_found',
  });
  if (!customer) throw new AppError('NOT_FOUND');
  const rating =
    (await currentRating(ctx.db, input.customerId)) ??
    (await rateCustomer(ctx.db, {
      customerId: input.customerId,
      now: ctx.clock.now(),
      trigger: 'on_demand',
    }));
  const transactions = (await borrowerTransactions(ctx.db, input.customerId)).map((t) => ({
    ...t,
    amount: t.amount.toString(),
  }));
  return { rating, transactions };
}

/** POST /api/console/aml/borrowers/:customerId/risk-rating (BE-14): recompute now; audited. */
export async function recomputeRiskRating(
  ctx: ConsoleContext,
  input: { actor: Actor; customerId: string },
): Promise<StoredAmlRating> {
  const result = await ctx.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
    const before = customer ? await currentRating(tx, input.customerId) : null;
    const rating = customer
      ? await rateCustomer(tx, {
          customerId: input.customerId,
          now: ctx.clock.now(),
          trigger: 'on_demand',
          ...(input.actor.operatorId ? { operatorId: input.actor.operatorId } : {}),
        })
      : null;
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'aml.risk.recompute',
      targetType: 'customer',
      targetId: input.customerId,
      outcome: customer ? 'ok' : 'not_found',
      before: before ? { level: before.level } : null,
      after: rating ? { level: rating.level, reasons: rating.reasons.map((r) => r.code) } : null,
    });
    return rating;
  });
  if (!result) throw new AppError('NOT_FOUND');
  return result;
}
