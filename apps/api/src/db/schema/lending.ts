import {
  pgTable,
  text,
  timestamp,
  uuid,
  jsonb,
  integer,
  bigint,
  index,
  uniqueIndex,
  boolean,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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
  /**
   * The approved product change (approval_requests, kind `product_change`) that created this
   * version (issue 11); unique, so one change can never create two versions. Null for the seed.
   * The foreign key is in migration 0018 (a schema-level reference would be an import cycle).
   */
  approvalRequestId: uuid('approval_request_id').unique(),
});

/**
 * Underwriting decisions (BE-04): one per submission of an application (the unique index makes a
 * re-run of the job harmless), with every rule's outcome and the reason.
 */
export const applicationDecisions = pgTable(
  'application_decisions',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
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
  (t) => [
    uniqueIndex('application_decisions_submission').on(t.applicationId, t.submission),
    index('application_decisions_customer').on(t.customerId, t.decidedAt),
  ],
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
  /** the database transaction that posted it: entries may only be added by that same transaction */
  createdTxid: bigint('created_txid', { mode: 'bigint' })
    .notNull()
    .default(sql`txid_current()`),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    /**
     * No row-level FKs on the lines (issue 7, BE-06): the statement-level trigger checks, once per
     * INSERT, that the transaction exists, balances and was posted by this database transaction,
     * that the borrower exists and is the order's borrower (migration 0009).
     */
    transactionId: uuid('transaction_id').notNull(),
    account: text('account').notNull(),
    customerId: uuid('customer_id'),
    /** the loan this line belongs to: per-loan balances are sums over it (issue 7) */
    orderId: uuid('order_id'),
    /** signed centavos: debit positive, credit negative */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction').on(t.transactionId),
    // No (account, borrower) index: no query of the app reads lines that way (the books group by
    // account over a period, a loan's lines come by order; accountBalance by borrower is for tests),
    // yet every line posted paid for an insert at a random place in it (migration 0030).
    index('ledger_entries_order').on(t.orderId, t.account),
  ],
);

/**
 * Loan orders (EN-06, ST-01). The partial unique index allows one outstanding order per borrower
 * (ST-06), so even simultaneous withdrawals cannot book two. Every amount line of the quote is
 * stored as priced, with the product version.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    status: text('status').notNull(),
    /**
     * Derived from status by the database, for the partial indexes below: an index whose predicate
     * names `status` makes every status change rewrite all four index entries of the row, while a
     * change that keeps these two flags (repaying → overdue, the day job's million-row flip) is
     * then a heap-only update (HOT) that touches no index (docs/servicing.md, "Accrual at scale").
     * The lists are the domain's; order-statuses.test.ts proves they match.
     */
    outstanding: boolean('outstanding')
      .notNull()
      .generatedAlwaysAs(sql`status not in ('settled', 'cancelled')`),
    servicing: boolean('servicing')
      .notNull()
      .generatedAlwaysAs(sql`status in ('repaying', 'extended', 'overdue')`),
    productVersion: integer('product_version').notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    termDays: integer('term_days').notNull(),
    interest: bigint('interest', { mode: 'bigint' }).notNull(),
    serviceFee: bigint('service_fee', { mode: 'bigint' }).notNull(),
    coupon: bigint('coupon', { mode: 'bigint' }).notNull(),
    creditReportingFee: bigint('credit_reporting_fee', { mode: 'bigint' }).notNull(),
    tax: bigint('tax', { mode: 'bigint' }).notNull(),
    /** documentary stamp tax (CO-03): what the borrower pays, and what the lender bears */
    documentaryStampTax: bigint('documentary_stamp_tax', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lenderDocumentaryStampTax: bigint('lender_documentary_stamp_tax', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    netProceeds: bigint('net_proceeds', { mode: 'bigint' }).notNull(),
    totalRepayment: bigint('total_repayment', { mode: 'bigint' }).notNull(),
    dailyInterestPpm: integer('daily_interest_ppm').notNull(),
    /** servicing terms of the product version the order was booked with (CO-06, CO-02) */
    lateCharge: bigint('late_charge', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    penaltyDailyPpm: integer('penalty_daily_ppm').notNull().default(0),
    extensionFeeBp: integer('extension_fee_bp').notNull().default(0),
    extensionDays: integer('extension_days').notNull().default(0),
    /** the payout destination, as it was when this attempt was made (the application's bankInfo step) */
    payoutDestination: jsonb('payout_destination').$type<Record<string, unknown>>().notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    /** YYYY-MM-DD (Manila), set when the money arrives: disbursement day + term */
    dueDate: text('due_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_one_outstanding')
      .on(t.customerId)
      .where(sql`outstanding`),
    index('orders_customer').on(t.customerId, t.createdAt),
    // the day job reads every loan being serviced by its due date
    index('orders_servicing_due')
      .on(t.dueDate)
      .where(sql`servicing`),
  ],
);

/** The documents of an order as generated and agreed (RA 3765 disclosure, agreement, sanction letter). */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').notNull(),
    html: text('html').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('order_documents_kind').on(t.orderId, t.kind)],
);

/** The borrower's signature, drawn once and valid for later orders (ST-07). */
export const signatures = pgTable('signatures', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id),
  /** PNG as a data URL, size-limited */
  image: text('image').notNull(),
  sha256: text('sha256').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
});

/**
 * Payout attempts of an order. Our attempt id is the idempotency key given to the provider, so a
 * retried send can never pay twice; a new attempt (after the borrower fixes the account) is a new row.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull(),
    state: text('state').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    destination: jsonb('destination').$type<Record<string, unknown>>().notNull(),
    providerPayoutId: text('provider_payout_id'),
    failureCode: text('failure_code'),
    claimCode: text('claim_code'),
    /** the network reference shown to the borrower (the specification's UTR) */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payouts_attempt').on(t.orderId, t.attempt)],
);

/** Every provider callback received, once: a replayed callback finds its row and changes nothing. */
export const payoutCallbacks = pgTable(
  'payout_callbacks',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider').notNull(),
    providerPayoutId: text('provider_payout_id').notNull(),
    state: text('state').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    body: jsonb('body').$type<unknown>(),
  },
  (t) => [uniqueIndex('payout_callbacks_once').on(t.provider, t.providerPayoutId, t.state)],
);
