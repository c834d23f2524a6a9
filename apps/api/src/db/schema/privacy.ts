import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RetentionDecision, RetentionErasureSummary } from '@pisonow/domain';
import { customers } from './customers.ts';
import { operators } from './console.ts';

/**
 * "Delete my data" requests (BE-12, RA 10173 s.16(e)): one open request per borrower, the plan
 * they were shown (what is erased, what is kept until when and why), and the operator who
 * completed it with what was erased. Kept after completion: it is the proof the right was honoured.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    plan: jsonb('plan').$type<RetentionDecision[]>().notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => operators.id),
    note: text('note'),
    /** what the completion erased, by category */
    erased: jsonb('erased').$type<string[]>(),
  },
  (t) => [
    uniqueIndex('data_requests_one_open')
      .on(t.customerId)
      .where(sql`${t.status} = 'open'`),
    index('data_requests_status').on(t.status, t.requestedAt),
  ],
);

/**
 * Retention of each person's data (BE-12, RA 10173 s.11(e)), kept by the retention job:
 * - an applicant never paid out: `keepUntil` is their last application activity + the retention
 *   period; after it, their identity data is erased: `erasing` (the database part committed, the
 *   photo objects listed in `pendingStorageKeys`) then `erased` (objects deleted), with `erased`
 *   the record of what went. A crash between the two is finished by the next run.
 * - a borrower who was paid out (`kept`): `keepUntil` is 5 years after their last loan closed
 *   (null while one is open). Recorded only: nothing is erased for them by the job yet.
 * The row stays after erasure: it is the proof of what was erased and when.
 */
export const retentionRecords = pgTable(
  'retention_records',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id),
    /** 'inactive_applicant' (never paid out) or 'aml_5_years' (paid out) */
    basis: text('basis').notNull(),
    status: text('status').notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /** Manila date, inclusive; null while a loan is open */
    keepUntil: text('keep_until'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** photo objects still to delete from storage while `erasing` (emptied when erased) */
    pendingStorageKeys: jsonb('pending_storage_keys').$type<string[]>(),
    erased: jsonb('erased').$type<RetentionErasureSummary>(),
  },
  (t) => [index('retention_records_status').on(t.status, t.erasedAt)],
);
