import { sql, type SQL } from 'drizzle-orm';
import { CAPS } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';

/**
 * The day job's accrual (BE-06, ST-01): for every loan being serviced whose due date has passed on
 * `today` (a Manila date), in ONE set-based statement: the status becomes overdue (with its
 * event), and the late charge and penalty owed as of today are posted as loan transactions with
 * balanced ledger postings. It is the SQL rendering of the domain's `applyOrderEvent(day_passed)`
 * (overdueChargesAfter inside the combined 5%-a-month ceiling, then the 100%-of-principal room,
 * late charge first); servicing.test.ts proves both give the same postings for random loans.
 *
 * Safe to run twice and to resume after a crash: the figures are cumulative targets minus what is
 * already posted (so a second run, or a run after missed days, posts exactly what is missing), each
 * posting is keyed `overdue:<order>:<day>:<kind>` like the domain's, and the whole statement is one
 * transaction (the order rows are locked, so a repayment cannot interleave).
 */
export async function accrueOverdueCharges(db: Db, today: string, now: Date): Promise<{ charges: number; becameOverdue: number }> {
  const result = await db.execute<{ charges: string; moved: string }>(accrualStatement(today, now));
  const row = (result as unknown as { rows: { charges: string; moved: string }[] }).rows[0]!;
  return { charges: Number(row.charges), becameOverdue: Number(row.moved) };
}

/** The statement itself (the benchmark explains it). */
export function accrualStatement(today: string, now: Date): SQL {
  const penaltyMonthlyPpm = BigInt(CAPS.penaltyMonthlyPpm);
  const perMonth = 1_000_000n * BigInt(CAPS.daysPerMonth);
  const costBp = BigInt(CAPS.totalCostOfPrincipalBp);
  return sql`
    with servicing as (
      select o.id, o.customer_id, o.status, o.due_date, o.principal, o.late_charge as late_term, o.penalty_daily_ppm as ppm,
             o.interest + o.service_fee + o.credit_reporting_fee + o.tax + o.documentary_stamp_tax as finance_charge,
             (${today}::date - o.due_date::date)::bigint as days
      from orders o
      where o.status in ('repaying', 'extended', 'overdue') and o.due_date < ${today}
      for update
    ),
    history as (
      select s.id,
             coalesce(sum(t.principal + t.interest + t.fees), 0)::bigint as base,
             coalesce(sum(t.late_charge) filter (where t.type in ('late_charge', 'penalty_accrual', 'reversal') and t.due_date = s.due_date), 0)::bigint as late_posted,
             coalesce(sum(t.penalty) filter (where t.type in ('late_charge', 'penalty_accrual', 'reversal') and t.due_date = s.due_date), 0)::bigint as penalty_posted,
             coalesce(sum(t.late_charge + t.penalty) filter (where t.type in ('late_charge', 'penalty_accrual', 'reversal')), 0)::bigint
               + coalesce(sum(t.fees) filter (where t.type = 'extension_fee'), 0)::bigint as extra_cost
      from servicing s left join loan_transactions t on t.order_id = s.id
      group by s.id
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
    keyed as (
      select c.*, c.late + c.penalty as amount, gen_random_uuid() as ledger_id, 'overdue:' || c.order_id || ':' || ${today} || ':' || c.key_kind as key from charges c
    ),
    ledger_rows as (
      insert into ledger_transactions (id, kind, idempotency_key, customer_id, reference, posted_at)
      select ledger_id, type, key, customer_id, order_id::text, ${now.toISOString()}::timestamptz from keyed
      on conflict (idempotency_key) do nothing
      returning id
    ),
    posted as (
      select k.* from keyed k join ledger_rows l on l.id = k.ledger_id
    ),
    entry_rows as (
      insert into ledger_entries (id, transaction_id, account, customer_id, order_id, amount)
      select gen_random_uuid(), ledger_id, 'penalty_receivable', customer_id, order_id, amount from posted
      union all
      select gen_random_uuid(), ledger_id, 'penalty_income', customer_id, order_id, -amount from posted
      returning 1
    ),
    loan_rows as (
      insert into loan_transactions (id, order_id, customer_id, type, principal, interest, fees, late_charge, penalty, cash, business_date, due_date, days, idempotency_key, ledger_transaction_id, created_at)
      select gen_random_uuid(), order_id, customer_id, type, 0, 0, 0, late, penalty, 0, ${today}, due_date, null, key, ledger_id, ${now.toISOString()}::timestamptz from posted
      returning 1
    ),
    moved as (
      update orders o set status = 'overdue', updated_at = ${now.toISOString()}::timestamptz
      from servicing s where o.id = s.id and s.status in ('repaying', 'extended')
      returning o.id, s.status as from_status
    ),
    event_rows as (
      insert into order_events (id, order_id, event, from_status, to_status, detail, occurred_at)
      select gen_random_uuid(), id, 'due_date_passed', from_status, 'overdue', jsonb_build_object('today', ${today}::text), ${now.toISOString()}::timestamptz from moved
      returning 1
    )
    select (select count(*) from posted)::text as charges, (select count(*) from moved)::text as moved,
           (select count(*) from entry_rows) + (select count(*) from loan_rows) + (select count(*) from event_rows) as written
  `;
}
