import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers.ts';
import { operators } from './console.ts';

/** Borrower feedback (VAL-11), kept for operations (the console's feedback queue reads it). */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    body: text('body').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** the console's feedback queue (BE-08): who dealt with it, when, and what they did */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => operators.id),
    handlingNote: text('handling_note'),
  },
  (t) => [
    index('feedback_created').on(t.createdAt),
    // the open queue, oldest first
    index('feedback_open')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
  ],
);
