import { pgTable, text, integer, uuid, index, uniqueIndex, check, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orders } from './lending.ts';

/**
 * Delinquency classification (BE-15), written by the servicing day job (classify-delinquency.ts):
 * each open loan's days past due and its bucket from the configured list (DELINQUENCY_BUCKETS) as of
 * the day the job last ran. The console's dashboard and collections read it instead of recomputing
 * every loan per request. A loan leaves this table when it is no longer open (settled, cancelled).
 */
export const loanDelinquency = pgTable(
  'loan_delinquency',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    daysPastDue: integer('days_past_due').notNull(),
    bucket: text('bucket').notNull(),
    /** the Manila date the classification is as of */
    classifiedOn: text('classified_on').notNull(),
  },
  (t) => [
    index('loan_delinquency_bucket').on(t.bucket),
    check('loan_delinquency_days', sql`${t.daysPastDue} >= 0`),
  ],
);

/**
 * Each bucket a loan was in and when (after Fineract's delinquency tag history): a row opens when a
 * loan enters a bucket and closes (`until_date`, the last day in it) when it moves to another or
 * stops being open. Append and close only; the open row matches loan_delinquency.
 */
export const loanDelinquencyHistory = pgTable(
  'loan_delinquency_history',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    bucket: text('bucket').notNull(),
    fromDate: text('from_date').notNull(),
    untilDate: text('until_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_delinquency_history_order').on(t.orderId),
    uniqueIndex('loan_delinquency_history_one_open')
      .on(t.orderId)
      .where(sql`${t.untilDate} is null`),
    check(
      'loan_delinquency_history_order_of_dates',
      sql`${t.untilDate} is null or ${t.untilDate} >= ${t.fromDate}`,
    ),
  ],
);
