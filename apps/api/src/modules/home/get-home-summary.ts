import { Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  APPLICATION_STEPS,
  ORDER_STATUSES,
  isOutstanding,
  loanAsOf,
  manilaDate,
  orderLabel,
  outstandingOf,
  overdueDaysOn,
  totalOf,
  type ApplicationStatus,
  type ApplicationStep,
  type HomeSummaryResponse,
  type Locale,
  type OrderStatus,
} from '@pisonow/domain';
import { cachedOrderLabelText } from '../orders/order-label-text.ts';
import {
  applicationDecisions,
  applicationSteps,
  applications,
  loanChargePauses,
  loanTransactions,
  orders,
} from '../../db/schema/index.ts';
import {
  LOAN_ORDER_COLUMNS,
  loanFromRows,
  type ChargePauseRow,
  type LoanHistoryRow as HistoryRow,
} from '../servicing/loan-record.ts';
import { EDITABLE_STATUSES } from '../application/application-view.ts';
import { rowAsJson, rowReader } from '../../db/rows.ts';
import { sessionCustomerQuery } from '../../plugins/app/auth.ts';
import type { HomeContext } from './home-context.ts';

const OUTSTANDING = ORDER_STATUSES.filter(isOutstanding);

/**
 * The order columns home reads: what its loan is read from (the rest of home's figures are among
 * them). Not the whole row: the payout destination (account details), the times home never shows
 * and the other bookkeeping stay in the database (issue 8: less JSON to parse and map per request).
 */
const HOME_ORDER_COLUMNS = LOAN_ORDER_COLUMNS;
const readOrder = rowReader(orders, HOME_ORDER_COLUMNS);

type HomeRow = {
  customer_id: string;
  status: string | null;
  submission_count: number | null;
  steps: string[] | null;
  first_name: string | null;
  decision: {
    outcome: 'approve' | 'reupload_id' | 'reject';
    credit_limit: string | null;
    retry_at: string | null;
  } | null;
  order_row: Record<string, unknown> | null;
  history:
    | (Omit<HistoryRow, 'principal' | 'interest' | 'fees' | 'lateCharge' | 'penalty' | 'cash'> &
        Record<'principal' | 'interest' | 'fees' | 'lateCharge' | 'penalty' | 'cash', string>)[]
    | null;
  pauses: ChargePauseRow[] | null;
};

/**
 * The home query (exported so the benchmark's reference server runs exactly the same SQL): the
 * session rule, the application with its saved steps and latest decision, the outstanding order's
 * row and its whole history, in one statement. No row: the session is not valid.
 */
export function homeQuery(session: {
  tokenHash: string | ReturnType<typeof sql.placeholder>;
  now: Date | ReturnType<typeof sql.placeholder>;
}) {
  const outstanding = sql`(
    select o.id from ${orders} o
    where o.customer_id = sc.customer_id and o.status in (${sql.join(
      OUTSTANDING.map((s) => sql`${s}`),
      sql`, `,
    )})
    order by o.created_at desc limit 1)`;

  return sql`
    with sc as (${sessionCustomerQuery(session.tokenHash, session.now)})
    select
      sc.customer_id,
      a.status,
      a.submission_count,
      (select array_agg(s.step) from ${applicationSteps} s where s.application_id = a.id) as steps,
      (select s.data ->> 'firstName' from ${applicationSteps} s
        where s.application_id = a.id and s.step = 'identityInfo') as first_name,
      (select json_build_object('outcome', d.outcome, 'credit_limit', d.credit_limit::text,
          'retry_at', d.retry_at)
        from ${applicationDecisions} d
        where d.application_id = a.id and d.submission = a.submission_count
        order by d.decided_at desc limit 1) as decision,
      ${rowAsJson(orders, 'o', HOME_ORDER_COLUMNS)} as order_row,
      (select json_agg(json_build_object(
          'type', t.type, 'principal', t.principal::text, 'interest', t.interest::text,
          'fees', t.fees::text, 'lateCharge', t.late_charge::text, 'penalty', t.penalty::text,
          'cash', t.cash::text, 'businessDate', t.business_date, 'dueDate', t.due_date, 'days', t.days)
          order by t.created_at, t.seq)
        from ${loanTransactions} t where t.order_id = o.id) as history,
      (select json_agg(json_build_object('fromDate', p.from_date, 'untilDate', p.until_date, 'reason', p.reason)
          order by p.from_date)
        from ${loanChargePauses} p where p.order_id = o.id) as pauses
    from sc
    left join ${applications} a on a.customer_id = sc.customer_id
    left join ${orders} o on o.id = ${outstanding}
  `;
}

/** The home query, prepared once; run it with `{ tokenHash, now }` (now as ISO time). */
export interface HomeStatement {
  execute(values: { tokenHash: string; now: string }): Promise<HomeRow[]>;
}

/**
 * The home query as a named prepared statement, made once per database by the home plugin: the SQL
 * is rendered once instead of on every request (it was a sixth of the route's CPU), and each
 * connection plans it once.
 *
 * On PostgreSQL it runs straight on the pool, as node-postgres answers it: drizzle's prepared
 * query wraps each call in several layers of async functions (tracing spans, the query cache, row
 * mapping) that cost more CPU than the rest of the route's own work (issue 8: ~180 against ~140 µs
 * of client CPU a call in a microbenchmark against the same database). Its columns need no mapping:
 * text, integers, a text array and JSON (the timestamps inside the JSON are read by `rowReader`
 * and the domain), parsed by node-postgres exactly as under drizzle. The statement is still
 * reported to the database's `onQuery` (the tests count round trips). PGlite keeps drizzle's
 * prepared query.
 */
export function prepareHomeStatement(database: Pick<Database, 'db' | 'pool' | 'onQuery'>): HomeStatement {
  const home = homeQuery({ tokenHash: sql.placeholder('tokenHash'), now: sql.placeholder('now') });
  const { pool, onQuery } = database;
  if (pool) {
    const query = new PgDialect().sqlToQuery(home);
    const name = 'home_summary';
    return {
      async execute(bound) {
        onQuery?.(query.sql);
        const values = query.params.map((p) =>
          p instanceof Placeholder ? bound[p.name as keyof typeof bound] : p,
        );
        return (await pool.query<HomeRow>({ name, text: query.sql, values })).rows;
      },
    };
  }
  const field = <K extends keyof HomeRow>(name: K) =>
    sql<HomeRow[K]>`${sql.identifier('h')}.${sql.identifier(name)}`;
  return (
    database.db
      .select({
        customer_id: field('customer_id'),
        status: field('status'),
        submission_count: field('submission_count'),
        steps: field('steps'),
        first_name: field('first_name'),
        decision: field('decision'),
        order_row: field('order_row'),
        history: field('history'),
        pauses: field('pauses'),
      })
      .from(sql`(${home}) h`)
      // another text than the pool's statement, so another name (one connection may hold both)
      .prepare('home_summary_select')
  );
}

/**
 * What home shows, for the borrower of the session only: the application's status and next step,
 * the decision and limit, the outstanding order (label, amounts, due date, what settles it today)
 * and how to reach support.
 *
 * Issue 8: the home screen is the most visited read, so it costs ONE database round trip, the
 * session check included (the route is `auth: 'in-query'`): the application with its saved steps,
 * its latest decision, the outstanding order's columns it needs (typed by the schema through `rowReader`) and
 * its whole history come back together (scalar subqueries and JSON aggregates). Null: the session
 * is not valid (the route answers 401). The figures still come from
 * the domain's functions over the loan's history (`loanAsOf`, `outstandingOf`, `orderLabel`), the
 * same ones the order view uses, so the two cannot differ; nothing sealed is opened.
 */
export async function getHomeSummary(
  ctx: Pick<HomeContext, 'homeStatement' | 'clock' | 'support'>,
  input: { sessionTokenHash: string; locale: Locale },
): Promise<HomeSummaryResponse | null> {
  const { locale } = input;
  const now = ctx.clock.now();
  const today = manilaDate(now);
  const [row]: HomeRow[] = await ctx.homeStatement.execute({
    tokenHash: input.sessionTokenHash,
    now: now.toISOString(),
  });
  if (!row) return null;

  const status = (row.status ?? 'none') as ApplicationStatus;
  const saved = new Set(row.steps ?? []);
  const stepsDone = APPLICATION_STEPS.filter((s) => saved.has(s)).length;
  const nextStep: ApplicationStep | null = APPLICATION_STEPS.find((s) => !saved.has(s)) ?? null;
  const decision = row.decision;
  const firstName = row.first_name?.trim() ? row.first_name.trim() : null;

  let order: HomeSummaryResponse['order'] = null;
  if (row.order_row) {
    const o = readOrder(row.order_row);
    const history = (row.history ?? []).map((t): HistoryRow => ({
      ...t,
      principal: BigInt(t.principal),
      interest: BigInt(t.interest),
      fees: BigInt(t.fees),
      lateCharge: BigInt(t.lateCharge),
      penalty: BigInt(t.penalty),
      cash: BigInt(t.cash),
    }));
    const loan = o.disbursedAt ? loanFromRows(o, history, row.pauses ?? []) : null;
    const owed = loan ? outstandingOf(loanAsOf(loan, today).transactions) : null;
    const label = orderLabel(o.status as OrderStatus, o.dueDate ?? today, today);
    order = {
      id: o.id,
      status: o.status as OrderStatus,
      label: { ...label, text: cachedOrderLabelText(label, locale) },
      principal: o.principal.toString(),
      netProceeds: o.netProceeds.toString(),
      totalRepayment: o.totalRepayment.toString(),
      dueDate: o.dueDate,
      amountDue: owed ? totalOf(owed).toString() : null,
      overdueDays: loan ? overdueDaysOn(loan, today) : 0,
    };
  }

  return {
    firstName,
    application: {
      status,
      nextStep,
      stepsDone,
      stepsTotal: APPLICATION_STEPS.length,
      editable: status === 'none' || EDITABLE_STATUSES.has(status),
      decision: decision
        ? {
            outcome: decision.outcome,
            retryDate: decision.retry_at ? manilaDate(new Date(decision.retry_at)) : null,
          }
        : null,
    },
    creditLimit: status === 'approved' ? (decision?.credit_limit ?? null) : null,
    order,
    support: {
      email: ctx.support.SUPPORT_EMAIL,
      hotline: ctx.support.HOTLINE,
      webEmail: ctx.support.WEB_EMAIL,
      website: ctx.support.WEBSITE,
    },
  };
}
