import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operators } from './console.ts';

/**
 * The monthly credit-data files for the Credit Information Corporation (BE-13, RA 9510): every
 * generation is kept (sealed: the file carries full names, birth dates and ID numbers) with the
 * SHA-256 of its content, who made it, and once sent, when and under which reference.
 */
export const creditReports = pgTable(
  'credit_reports',
  {
    id: uuid('id').primaryKey(),
    /** the reporting month, YYYY-MM; the figures are as of its last day */
    month: text('month').notNull(),
    asOf: text('as_of').notNull(),
    /** the file layout's name and version (the CIC's template sits behind an adapter) */
    format: text('format').notNull(),
    records: integer('records').notNull(),
    sha256: text('sha256').notNull(),
    contentSealed: text('content_sealed').notNull(),
    /** the operator who made it; null when the monthly schedule made it (BE-13) */
    createdBy: uuid('created_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: uuid('submitted_by').references(() => operators.id),
    submissionReference: text('submission_reference'),
  },
  (t) => [
    index('credit_reports_month').on(t.month, t.createdAt),
    // the schedule makes a month's file once, even when two runs race
    uniqueIndex('credit_reports_scheduled_once')
      .on(t.month)
      .where(sql`${t.createdBy} is null`),
  ],
);
