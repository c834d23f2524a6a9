import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { CAPS } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** Orders per batch: each batch is its own database transaction (see docs/servicing.md). */
export const ACCRUAL_BATCH_SIZE = 50_000;
const BEFORE_ALL = '00000000-0000-0000-0000-000000000000';

export interface AccrualOptions {
  batchSize?: number;
  /**
   * Batches run at once, each its own transaction on its own connection (1: one after another).
   * The batches touch disjoint loans, so on PostgreSQL two run on two cores; PGlite has one
   * connection and runs them one after another whatever this says.
   */
  parallelism?: number;
  /** called after each committed batch (tests use it to simulate a crash between batches) */
  afterBatch?: (batch: { lastOrderId: string; charges: number }) => void | Promise<void>;
}

/**
 * The day job's accrual (BE-06, ST-01): for every loan being serviced whose due date has passed on
 * `today` (a Manila date), set-based, in batches of orders taken in id order: the status becomes
 * overdue (with its event), and the late charge and penalty owed as of today are posted as loan
 * transactions (one per loan and kind, the loan's exact history) with ONE balanced ledger
 * transaction per batch: a receivable line per loan transaction (with its order and borrower) and
 * one income line for the batch. It is the SQL rendering of the domain's
 * `applyOrderEvent(day_passed)` (overdueChargesAfter inside the combined 5%-a-month ceiling, then
 * the 100%-of-principal room, late charge first); accrual.test.ts proves both give the same
 * postings for random loans.
 *
 * Safe to run twice and to resume after a crash: the figures are cumulative targets minus what is
 * already posted, so a second run, a run after missed days or a run after a crash between batches
 * posts exactly what is missing. Each batch is its own transaction; a committed batch stays
 * committed.
 *
 * Lock first, then compute, in two statements: the batch's order rows are locked by one statement
 * and the accrual is computed by the next. In one statement, a batch that waited for another
 * writer's lock (a repayment, or a day run for another day: two clock moves at once, a run still
 * going at the next Manila midnight) read the loans' history as it was before that writer
 * committed: PostgreSQL re-checks only the locked rows, not the other tables. It then posted the
 * other run's charges a second time under its own day's keys (found in review on PostgreSQL: 300
 * of 300 loans charged twice). The second statement starts after every lock is held, so it sees
 * whatever the writers it waited for committed.
 */
export async function accrueOverdueCharges(
  db: Db,
  today: string,
  now: Date,
  options: AccrualOptions = {},
): Promise<{ charges: number; becameOverdue: number; batches: number }> {
  const batchSize = options.batchSize ?? ACCRUAL_BATCH_SIZE;
  const parallelism = Math.max(1, Math.floor(options.parallelism ?? 1));
  const totals = { charges: 0, becameOverdue: 0, batches: 0 };
  // Slices of the loans due for accrual, (after, upTo], cut where they stand now. Each slice is
  // worked like the whole used to be: batch after batch until one comes back short, so a loan that
  // became due after the cut is still reached (the last slice has no upper end).
  const bounds = parallelism > 1 ? await sliceBounds(db, today, batchSize) : [];
  const slices = [BEFORE_ALL, ...bounds].map((after, i) => ({ after, upTo: bounds[i] ?? null }));
  const workSlice = async (slice: { after: string; upTo: string | null }) => {
    let after = slice.after;
    for (;;) {
      const row = await db.transaction(async (tx) => {
        // JIT compiles the plan anew for every batch (1.5 s of a 100k-loan run); the batch's sorts
        // and hashes fit in 64 MB instead of spilling to disk.
        await tx.execute(sql`set local jit = off`);
        await tx.execute(sql`set local work_mem = '64MB'`);
        await tx.execute(lockBatchStatement(today, { after, upTo: slice.upTo, batchSize }));
        const result = await tx.execute(accrualStatement(today, now, { after, upTo: slice.upTo, batchSize }));
        return rowsOf<BatchRow>(result)[0]!;
      });
      totals.batches++;
      totals.charges += Number(row.charges);
      totals.becameOverdue += Number(row.moved);
      if (row.last_id) await options.afterBatch?.({ lastOrderId: row.last_id, charges: Number(row.charges) });
      if (!row.last_id || Number(row.seen) < batchSize) break;
      after = row.last_id;
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < slices.length) await workSlice(slices[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallelism, slices.length) }, worker));
  return totals;
}

/**
 * Every `batchSize`-th id of the loans due for accrual on `today`, in id order: the upper ends of
 * the slices that parallel workers take (one index scan, no rows locked).
 */
async function sliceBounds(db: Db, today: string, batchSize: number): Promise<string[]> {
  const result = await db.execute(sql`
    select id::text from (
      select o.id, row_number() over (order by o.id) as rn
      from orders o
      where o.servicing and o.due_date < ${today}
    ) due
    where rn % ${batchSize} = 0
    order by id
  `);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * The first 20 hex digits of a time-ordered UUID (RFC 9562 version 7: 48-bit milliseconds, version,
 * random bits, variant); the statement appends a 48-bit row counter (the RFC's "fixed-length
 * dedicated counter"). A batch's new rows then land at the right edge of each primary-key index
 * instead of on a random page of it: at a million rows a random UUID dirties most of the index.
 */
export function timeOrderedIdPrefix(at: Date): string {
  const ms = at.getTime().toString(16).padStart(12, '0');
  const r = randomBytes(4).toString('hex');
  const variant = (8 + (parseInt(r[3]!, 16) & 3)).toString(16);
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${r.slice(0, 3)}-${variant}${r.slice(4, 7)}-`;
}

interface BatchRow {
  charges: string;
  moved: string;
  seen: string;
  last_id: string | null;
}

/** The loans a batch takes: being serviced, due before `today`, after `after` in id order. */
function dueForAccrual(today: string, after: string, upTo: string | null | undefined): SQL {
  return sql`o.servicing and o.due_date < ${today} and o.id > ${after}::uuid
        ${upTo ? sql`and o.id <= ${upTo}::uuid` : sql``}`;
}

/**
 * The first statement of a batch: locks the order rows the accrual statement will take (the same
 * rows, in the same id order, so two runs queue behind each other instead of deadlocking).
 */
function lockBatchStatement(
  today: string,
  batch: { after?: string; upTo?: string | null; batchSize?: number },
): SQL {
  return sql`
    select o.id from orders o
    where ${dueForAccrual(today, batch.after ?? BEFORE_ALL, batch.upTo)}
    order by o.id
    limit ${batch.batchSize ?? ACCRUAL_BATCH_SIZE}
    for no key update of o
  `;
}

/** One batch: the orders after `after` in id order, at most `batchSize` (the benchmark explains it). */
export function accrualStatement(
  today: string,
  now: Date,
  batch: {
    after?: string;
    /** the slice's last order id (parallel workers); none: to the end */
    upTo?: string | null;
    batchSize?: number;
    ledgerTransactionId?: string;
    idPrefix?: string;
  } = {},
): SQL {
  const penaltyMonthlyPpm = BigInt(CAPS.penaltyMonthlyPpm);
  const perMonth = 1_000_000n * BigInt(CAPS.daysPerMonth);
  const costBp = BigInt(CAPS.totalCostOfPrincipalBp);
  const after = batch.after ?? BEFORE_ALL;
  const batchSize = batch.batchSize ?? ACCRUAL_BATCH_SIZE;
  const ledgerId = batch.ledgerTransactionId ?? randomUUID();
  const at = now.toISOString();
  const idPrefix = batch.idPrefix ?? timeOrderedIdPrefix(now);
  const id = (n: SQL) => sql`(${idPrefix} || lpad(to_hex(${n}), 12, '0'))::uuid`;
  return sql`
    with servicing as (
      select o.id, o.customer_id, o.status, o.due_date, o.principal, o.late_charge as late_term, o.penalty_daily_ppm as ppm,
             o.interest + o.service_fee + o.credit_reporting_fee + o.tax + o.documentary_stamp_tax as finance_charge,
             (${today}::date - o.due_date::date)::bigint - coalesce(paused.days, 0) as days
      from orders o
      -- BE-10: days inside a charge pause are not charged (chargeableOverdueDays in the domain):
      -- each pause's days between the day after the due date and today, both included
      left join lateral (
        select sum(greatest(0,
                 least(coalesce(p.until_date::date, ${today}::date + 1), ${today}::date + 1)
                 - greatest(p.from_date::date, o.due_date::date + 1)))::bigint as days
        from loan_charge_pauses p where p.order_id = o.id
      ) paused on true
      where ${dueForAccrual(today, after, batch.upTo)}
      order by o.id
      limit ${batchSize}
      -- excludes whatever changes the loan (repayments, extensions, disputes, write-offs: they
      -- lock it FOR UPDATE) but not a complaint, message or reminder that merely references it
      for no key update of o
    ),
    history as (
      -- per order through the loan_transactions_order index: the cost follows the batch, not the
      -- whole history table (which keeps every settled loan)
      select s.id, h.*
      from servicing s cross join lateral (
        select coalesce(sum(t.principal + t.interest + t.fees), 0)::bigint as base,
               coalesce(sum(t.late_charge) filter (where t.type in ('late_charge', 'penalty_accrual', 'reversal') and t.due_date = s.due_date), 0)::bigint as late_posted,
               coalesce(sum(t.penalty) filter (where t.type in ('late_charge', 'penalty_accrual', 'reversal') and t.due_date = s.due_date), 0)::bigint as penalty_posted,
               coalesce(sum(t.late_charge + t.penalty) filter (where t.type in ('late_charge', 'penalty_accrual', 'reversal')), 0)::bigint
                 + coalesce(sum(t.fees) filter (where t.type = 'extension_fee'), 0)::bigint as extra_cost
        from loan_transactions t where t.order_id = s.id
      ) h
    ),
    ceiling as (
      select s.*, h.base, h.late_posted, h.penalty_posted, h.extra_cost,
             case when s.days > 0 and h.base > 0 then (h.base * ${penaltyMonthlyPpm} * s.days) / ${perMonth} else 0 end as ceiling
      from servicing s join history h on h.id = s.id
    ),
    target as (
      select c.*, least(c.late_term, c.ceiling) as late_target from ceiling c
    ),
    wanted as (
      select t.*,
             greatest(t.late_target - t.late_posted, 0) as late_up,
             greatest(least((t.base * t.ppm * t.days) / 1000000, t.ceiling - t.late_target) - t.penalty_posted, 0) as penalty_up,
             greatest((t.principal * ${costBp}) / 10000 - (t.finance_charge + t.extra_cost), 0) as room
      from target t
    ),
    increments as (
      select w.id, w.customer_id, w.due_date, least(w.late_up, w.room) as late_i,
             least(w.penalty_up, w.room - least(w.late_up, w.room)) as penalty_i
      from wanted w
    ),
    charges as (
      select id as order_id, customer_id, due_date, 'late_charge' as type, 'late_charge' as key_kind, late_i as late, 0::bigint as penalty from increments where late_i > 0
      union all
      select id, customer_id, due_date, 'penalty_accrual', 'penalty', 0::bigint, penalty_i from increments where penalty_i > 0
    ),
    loan_rows as (
      insert into loan_transactions (id, order_id, customer_id, type, principal, interest, fees, late_charge, penalty, cash, business_date, due_date, days, idempotency_key, ledger_transaction_id, created_at)
      select ${id(sql`row_number() over (order by order_id, type)`)}, order_id, customer_id, type, 0, 0, 0, late, penalty, 0, ${today}, due_date, null,
             'overdue:' || order_id || ':' || ${today} || ':' || key_kind, ${ledgerId}::uuid, ${at}::timestamptz
      from charges
      on conflict (idempotency_key) do nothing
      returning order_id, customer_id, late_charge + penalty as amount
    ),
    ledger_row as (
      insert into ledger_transactions (id, kind, idempotency_key, customer_id, reference, posted_at)
      select ${ledgerId}::uuid, 'overdue_accrual', 'accrual:' || ${today} || ':' || ${ledgerId}, null, ${today}, ${at}::timestamptz
      where exists (select 1 from loan_rows)
      returning id
    ),
    entry_rows as (
      insert into ledger_entries (id, transaction_id, account, customer_id, order_id, amount)
      select ${id(sql`row_number() over (order by order_id)`)}, ${ledgerId}::uuid, 'penalty_receivable', customer_id, order_id, amount from loan_rows
      union all
      select ${id(sql`0`)}, ${ledgerId}::uuid, 'penalty_income', null, null, -sum(amount) from loan_rows having count(*) > 0
      returning 1
    ),
    moved as (
      update orders o set status = 'overdue', updated_at = ${at}::timestamptz
      from servicing s where o.id = s.id and s.status in ('repaying', 'extended')
      returning o.id, s.status as from_status
    ),
    event_rows as (
      insert into order_events (id, order_id, event, from_status, to_status, detail, occurred_at)
      select ${id(sql`row_number() over (order by id)`)}, id, 'due_date_passed', from_status, 'overdue', jsonb_build_object('today', ${today}::text), ${at}::timestamptz from moved
      returning 1
    )
    select (select count(*) from loan_rows)::text as charges, (select count(*) from moved)::text as moved,
           (select count(*) from servicing)::text as seen, (select max(id::text) from servicing) as last_id,
           (select count(*) from ledger_row) + (select count(*) from entry_rows) + (select count(*) from event_rows) as written
  `;
}
