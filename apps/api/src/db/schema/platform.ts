import { pgTable, text, timestamp, uuid, integer, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys for state-changing requests. The key is claimed by an INSERT (the primary key
 * makes the claim atomic), the request hash pins the body, and the stored response is replayed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** the customer id, or `anon` for routes used before login */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still running */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Sandbox SMS outbox (SANDBOX=1 only): what a real gateway would have delivered. */
export const sandboxSmsOutbox = pgTable('sandbox_sms_outbox', {
  id: uuid('id').primaryKey(),
  phone: text('phone').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
