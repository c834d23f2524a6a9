import { and, count, eq, gte, inArray, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  addDays,
  manilaDate,
  manilaDayStart,
  nextManilaDayStart,
  type ConsoleDashboardResponse,
} from '@pisonow/domain';
import {
  applicationDecisions,
  applications,
  loanDelinquency,
  loanTransactions,
  orders,
  repayments,
} from '../../db/schema/index.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';

const DAYS = 30;

/** The Manila calendar date of a timestamptz column, in SQL (UTC+8 all year: plain arithmetic). */
const manilaDay = (column: AnyColumn) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/**
 * GET /api/console/dashboard: applications, approvals, disbursements and collections per Manila day
 * over the last 30 days (today last), open loans per days-past-due bucket as the day job classified
 * them, and portfolio at risk (PAR30: outstanding principal more than 30 days past due over all
 * outstanding principal).
 * Aggregates only, but drawn from personal data, so the view is audited like the others.
 */
export async function getDashboard(
  ctx: ConsoleContext,
  input: { actor: Actor },
): Promise<ConsoleDashboardResponse> {
  const now = ctx.clock.now();
  const today = manilaDate(now);
  const from = new Date(manilaDayStart(now).getTime() - (DAYS - 1) * 86_400_000);
  const to = nextManilaDayStart(now);
  const perDay = async (column: AnyColumn, table: PgTable, ...where: SQL[]) => {
    const day = manilaDay(column);
    const rows = await ctx.db
      .select({ day, n: count() })
      .from(table)
      .where(and(gte(column, from), lt(column, to), ...where))
      .groupBy(day);
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  };
  const [submitted, approvals, disbursements, collections, servicing, classified] = await Promise.all([
    perDay(applications.submittedAt, applications),
    perDay(applicationDecisions.decidedAt, applicationDecisions, eq(applicationDecisions.outcome, 'approve')),
    perDay(orders.disbursedAt, orders),
    perDay(repayments.paidAt, repayments, inArray(repayments.state, ['paid', 'held'])),
    ctx.db
      .select({
        // the day job's days past due (classify-delinquency.ts): PAR30 and the buckets agree
        daysPastDue: loanDelinquency.daysPastDue,
        principal: sql<string>`coalesce(sum(${loanTransactions.principal}), 0)`,
      })
      .from(orders)
      .leftJoin(loanTransactions, eq(loanTransactions.orderId, orders.id))
      .leftJoin(loanDelinquency, eq(loanDelinquency.orderId, orders.id))
      .where(and(eq(orders.servicing, true), isNotNull(orders.dueDate)))
      .groupBy(orders.id, loanDelinquency.daysPastDue),
    ctx.db
      .select({
        bucket: loanDelinquency.bucket,
        loans: count(),
        classifiedOn: sql<string>`max(${loanDelinquency.classifiedOn})`,
      })
      .from(loanDelinquency)
      .groupBy(loanDelinquency.bucket),
  ]);
  const last30Days = Array.from({ length: DAYS }, (_, i) => {
    const date = addDays(today, i - (DAYS - 1));
    return {
      date,
      applications: submitted.get(date) ?? 0,
      approvals: approvals.get(date) ?? 0,
      disbursements: disbursements.get(date) ?? 0,
      collections: collections.get(date) ?? 0,
    };
  });
  // the day job's classification (classify-delinquency.ts), in the configured order
  const perBucket = new Map(classified.map((c) => [c.bucket, Number(c.loans)]));
  const loansByDpd = ctx.delinquencyBuckets.map((b) => ({
    bucket: b.id,
    minDays: b.minDays,
    maxDays: b.maxDays,
    loans: perBucket.get(b.id) ?? 0,
  }));
  const classifiedOn = classified.reduce<string | null>(
    (latest, c) => (latest === null || c.classifiedOn > latest ? c.classifiedOn : latest),
    null,
  );
  let outstanding = 0n;
  let atRisk = 0n;
  for (const loan of servicing) {
    const dpd = loan.daysPastDue ?? 0;
    const principal = BigInt(loan.principal);
    outstanding += principal;
    if (dpd > 30) atRisk += principal;
  }
  await recordAudit(ctx.db, ctx.clock, input.actor, { action: 'dashboard.view' });
  const { date: _date, ...todayCounts } = last30Days[DAYS - 1]!;
  return {
    date: today,
    today: todayCounts,
    portfolioAtRisk: {
      outstandingPrincipal: String(outstanding),
      atRisk30Principal: String(atRisk),
      par30Bp: outstanding === 0n ? 0 : Number((atRisk * 10_000n) / outstanding),
    },
    last30Days,
    loansByDpd,
    classifiedOn,
  };
}
