import { pgTable, text, timestamp, uuid, jsonb, integer, bigint, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { applications } from './application.ts';

/**
 * Product configurations (CO-06), append-only: saving a change adds a version; the newest is in
 * force, and every order keeps the version it was priced with. Money values are stored as strings
 * of centavos inside the JSON (JSON has no bigint).
 */
export const productConfigs = pgTable('product_configs', {
  version: integer('version').primaryKey(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  createdBy: text('created_by').notNull(),
});

/**
 * Underwriting decisions (BE-04): one per submission of an application (the unique index makes a
 * re-run of the job harmless), with every rule's outcome and the reason.
 */
export const applicationDecisions = pgTable(
  'application_decisions',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull().references(() => applications.id),
    customerId: uuid('customer_id').notNull().references(() => customers.id),
    submission: integer('submission').notNull(),
    outcome: text('outcome').notNull(),
    creditLimit: bigint('credit_limit', { mode: 'bigint' }),
    reason: text('reason'),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    rulesVersion: integer('rules_version').notNull(),
    sandboxForced: text('sandbox_forced'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('application_decisions_submission').on(t.applicationId, t.submission), index('application_decisions_customer').on(t.customerId, t.decidedAt)],
);

/**
 * The double-entry ledger (BE-05). A transaction is a set of entries summing to zero; both tables
 * are append-only. The database itself refuses UPDATE and DELETE and an unbalanced transaction
 * (triggers in the migration), so no code path can get it wrong. `idempotencyKey` makes posting
 * the same business event twice impossible.
 */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  customerId: uuid('customer_id').references(() => customers.id),
  reference: text('reference'),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    transactionId: uuid('transaction_id').notNull().references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    customerId: uuid('customer_id').references(() => customers.id),
    /** signed centavos: debit positive, credit negative */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [index('ledger_entries_transaction').on(t.transactionId), index('ledger_entries_account_customer').on(t.account, t.customerId)],
);
