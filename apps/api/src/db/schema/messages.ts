import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orders } from './lending.ts';

/**
 * The message centre (EN-08): one row per thing the borrower is told, kept as its event and
 * parameters (rendered in the reader's language when read). `dedupe_key` is the business event
 * it comes from, so a re-run job or a replayed webhook writes it once.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    event: text('event').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    dedupeKey: text('dedupe_key').notNull().unique(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_customer').on(t.customerId, t.createdAt, t.id),
    // the unread count the app polls: only unread rows are in this index
    index('messages_unread')
      .on(t.customerId, t.kind)
      .where(sql`${t.readAt} is null`),
  ],
);
