import { sql } from 'drizzle-orm';
import { addDays, type DelinquencyBucket } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';

/**
 * Classifies every open loan by days past due into the configured buckets as of `today` (BE-15),
 * in four set-based statements in one transaction, so a million loans cost four passes and not a
 * query each:
 * 1. loans no longer open leave `loan_delinquency`;
 * 2. every open loan's days past due (`today − due date`, never below 0: the figure
 *    `creditStandingAsOf` computes and the CIC file reports) and bucket are upserted;
 * 3. a history row whose loan left its bucket closes on yesterday (its last day in it);
 * 4. a loan without an open history row opens one from today.
 * Running it twice on a day changes nothing; a missed day is made up by the next run (the days
 * past due are a date difference, not a counter). A run for an older day that finishes after a
 * later day's (two sandbox clock moves at once, a slow run overtaken) leaves a loan classified as of
 * that later day, and its history, as they are: the history never steps back (`classified_on` is
 * an ISO date, so text order is date order).
 */
export async function classifyDelinquency(
  db: Db,
  today: string,
  buckets: readonly DelinquencyBucket[],
): Promise<{ classified: number; entered: number; left: number }> {
  const bands = sql.join(
    buckets.map((b) => sql`(${b.id}::text, ${b.minDays}::int, ${b.maxDays}::int)`),
    sql`, `,
  );
  const yesterday = addDays(today, -1);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from loan_delinquency d
      using orders o
      where o.id = d.order_id and not o.servicing`);
    const upserted = await tx.execute(sql`
      insert into loan_delinquency (order_id, days_past_due, bucket, classified_on)
      select o.id, l.dpd, b.id, ${today}
      from orders o
      cross join lateral (select greatest(0, ${today}::date - o.due_date::date)::int as dpd) l
      join (values ${bands}) as b(id, min_days, max_days)
        on l.dpd >= b.min_days and (b.max_days is null or l.dpd <= b.max_days)
      where o.servicing and o.due_date is not null
      on conflict (order_id) do update
        set days_past_due = excluded.days_past_due,
            bucket = excluded.bucket,
            classified_on = excluded.classified_on
        where loan_delinquency.classified_on <= excluded.classified_on`);
    const closed = await tx.execute(sql`
      update loan_delinquency_history h
      set until_date = greatest(h.from_date, ${yesterday})
      where h.until_date is null
        and not exists (
          select 1 from loan_delinquency d
          where d.order_id = h.order_id and (d.bucket = h.bucket or d.classified_on > ${today}))`);
    const opened = await tx.execute(sql`
      insert into loan_delinquency_history (order_id, bucket, from_date)
      select d.order_id, d.bucket, ${today}
      from loan_delinquency d
      where d.classified_on <= ${today}
        and not exists (
          select 1 from loan_delinquency_history h where h.order_id = d.order_id and h.until_date is null)`);
    return {
      classified: affected(upserted),
      entered: affected(opened),
      left: affected(closed),
    };
  });
}

/** Rows a statement touched: node-postgres says rowCount, PGlite affectedRows. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
