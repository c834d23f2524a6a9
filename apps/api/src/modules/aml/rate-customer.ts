import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  AML_RISK_THRESHOLDS,
  rateAmlRisk,
  type AmlRiskFacts,
  type AmlRiskLevel,
  type AmlRiskReason,
  type IncomeBand,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  amlRiskRatings,
  amlScreenings,
  amlStrCases,
  applicationEvents,
  applicationSteps,
  applications,
  orders,
  repayments,
} from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/**
 * The facts a borrower's AML risk rating is computed from (BE-14), read from what the app holds:
 * the newest screening, open or reported STR cases, loans paid out in the last 12 months, loans
 * repaid in full within a few days, payout-account changes, and the declared income band. No field
 * holds a PEP declaration yet: `pep` is false until the application asks for it.
 */
export async function amlRiskFacts(db: Db | Tx, customerId: string, now: Date): Promise<AmlRiskFacts> {
  const [screening] = await db
    .select()
    .from(amlScreenings)
    .where(eq(amlScreenings.customerId, customerId))
    .orderBy(desc(amlScreenings.screenedAt))
    .limit(1);
  const listMatch: AmlRiskFacts['listMatch'] =
    screening?.outcome !== 'possible_match'
      ? 'none'
      : screening.resolution === 'confirmed'
        ? 'confirmed'
        : screening.resolution === 'cleared'
          ? 'none'
          : 'possible';
  const [cases] = await db
    .select({ n: count() })
    .from(amlStrCases)
    .where(and(eq(amlStrCases.customerId, customerId), inArray(amlStrCases.status, ['open', 'reported'])));
  const since = new Date(now.getTime() - 365 * DAY_MS);
  const loans = await db
    .select({ id: orders.id, principal: orders.principal, disbursedAt: orders.disbursedAt })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), isNotNull(orders.disbursedAt), gte(orders.disbursedAt, since)),
    );
  const early = await db
    .select({ orderId: repayments.orderId })
    .from(repayments)
    .innerJoin(orders, eq(orders.id, repayments.orderId))
    .where(
      and(
        eq(repayments.customerId, customerId),
        eq(repayments.purpose, 'full'),
        eq(repayments.state, 'paid'),
        isNotNull(orders.disbursedAt),
        sql`${repayments.paidAt} <= ${orders.disbursedAt} + make_interval(days => ${AML_RISK_THRESHOLDS.earlyRepaymentDays})`,
      ),
    );
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.customerId, customerId));
  let payoutAccountChanges = 0;
  let declaredIncome: IncomeBand | null = null;
  if (application) {
    const [changes] = await db
      .select({ n: count() })
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, application.id),
          eq(applicationEvents.type, 'payout_account_changed'),
        ),
      );
    payoutAccountChanges = Number(changes?.n ?? 0);
    const [work] = await db
      .select({ data: applicationSteps.data })
      .from(applicationSteps)
      .where(and(eq(applicationSteps.applicationId, application.id), eq(applicationSteps.step, 'workInfo')));
    declaredIncome = ((work?.data as { monthlyIncome?: IncomeBand } | undefined)?.monthlyIncome ??
      null) as IncomeBand | null;
  }
  return {
    listMatch,
    pep: false,
    strCases: Number(cases?.n ?? 0),
    loansLast12Months: loans.length,
    principalLast12Months: loans.reduce((s, l) => s + l.principal, 0n),
    earlyFullRepayments: new Set(early.map((e) => e.orderId)).size,
    payoutAccountChanges,
    declaredIncome,
  };
}

export interface StoredAmlRating {
  id: string;
  customerId: string;
  level: AmlRiskLevel;
  reasons: AmlRiskReason[];
  enhancedDueDiligence: boolean;
  trigger: string;
  computedAt: string;
}

export const storedRating = (r: typeof amlRiskRatings.$inferSelect): StoredAmlRating => ({
  id: r.id,
  customerId: r.customerId,
  level: r.level as AmlRiskLevel,
  reasons: r.reasons,
  enhancedDueDiligence: r.enhancedDueDiligence,
  trigger: r.trigger,
  computedAt: r.computedAt.toISOString(),
});

/**
 * Rates a borrower now and stores the rating with its reasons and facts (BE-14): at each screening,
 * when an STR case opens or closes, and on an operator's demand. A high rating sets the enhanced
 * due-diligence flag: shown in the console and recorded; it does not stop a loan (the lighter
 * choice; a confirmed list match already holds loans through amlHold).
 */
export async function rateCustomer(
  db: Db | Tx,
  input: {
    customerId: string;
    now: Date;
    trigger: 'screening' | 'on_demand' | 'str_case';
    operatorId?: string;
  },
): Promise<StoredAmlRating> {
  const facts = await amlRiskFacts(db, input.customerId, input.now);
  const rating = rateAmlRisk(facts);
  const [row] = await db
    .insert(amlRiskRatings)
    .values({
      id: randomUUID(),
      customerId: input.customerId,
      level: rating.level,
      reasons: rating.reasons,
      facts: { ...facts, principalLast12Months: facts.principalLast12Months.toString() },
      enhancedDueDiligence: rating.enhancedDueDiligence,
      trigger: input.trigger,
      computedBy: input.operatorId ?? null,
      computedAt: input.now,
    })
    .returning();
  return storedRating(row!);
}

/** The rating in force: the newest stored, or null before any. */
export async function currentRating(db: Db | Tx, customerId: string): Promise<StoredAmlRating | null> {
  const [row] = await db
    .select()
    .from(amlRiskRatings)
    .where(eq(amlRiskRatings.customerId, customerId))
    .orderBy(desc(amlRiskRatings.computedAt), desc(amlRiskRatings.id))
    .limit(1);
  return row ? storedRating(row) : null;
}
