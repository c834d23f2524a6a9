import {
  pgTable,
  text,
  timestamp,
  uuid,
  jsonb,
  integer,
  bigint,
  bigserial,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Locale } from '@pisonow/domain';
import { customers } from './customers.ts';
import { orders } from './lending.ts';

/**
 * A loan's history (issue 7, after Fineract's m_loan_transaction): every disbursement, repayment,
 * charge, waiver and reversal with the signed change it made to each component. Outstanding
 * balances are sums over these rows, never stored. Append-only (trigger in the migration); the
 * type is a closed set (CHECK); `idempotency_key` is also the key of its ledger posting.
 */
export const loanTransactions = pgTable(
  'loan_transactions',
  {
    id: uuid('id').primaryKey(),
    /** no row-level FK: a statement-level trigger checks the order, its borrower and the posting (migration 0009) */
    orderId: uuid('order_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    type: text('type').notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    interest: bigint('interest', { mode: 'bigint' }).notNull(),
    fees: bigint('fees', { mode: 'bigint' }).notNull(),
    lateCharge: bigint('late_charge', { mode: 'bigint' }).notNull(),
    penalty: bigint('penalty', { mode: 'bigint' }).notNull(),
    /** cash that moved (repayment received, net proceeds paid out); 0 for charges */
    cash: bigint('cash', { mode: 'bigint' }).notNull(),
    /** the Manila date it belongs to (a repayment: the day the payer paid, BE-10) */
    businessDate: text('business_date').notNull(),
    /** the due date in force when it was made */
    dueDate: text('due_date'),
    /** extension_fee: days the due date moved */
    days: integer('days'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The order rows were written in. One event writes several at the same instant (charges as of
     * the payer's day, an extension fee, the payment) and the statement must list them in the order
     * the loan's rules made them, not in the order of their keys.
     */
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
  },
  (t) => [index('loan_transactions_order').on(t.orderId, t.createdAt)],
);

/** Every state change of an order: what happened, from which status to which, and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey(),
    /** no row-level FK: a statement-level trigger checks the order exists (migration 0009) */
    orderId: uuid('order_id').notNull(),
    event: text('event').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.occurredAt)],
);

/**
 * Repayment attempts (ST-02, BE-05): one collection at a provider for an exact amount. The amount
 * requested is the amount due when it was created; money that arrives for another amount, twice,
 * or after settlement is held in suspense (`held`), never lost.
 */
export const repayments = pgTable(
  'repayments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    providerCode: text('provider_code').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: text('state').notNull(),
    heldReason: text('held_reason'),
    amountReceived: bigint('amount_received', { mode: 'bigint' }),
    providerCollectionId: text('provider_collection_id'),
    checkoutUrl: text('checkout_url'),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    paymentCode: text('payment_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** when the payer paid, from the provider (BE-10) */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    channelReference: text('channel_reference'),
    /** EN-07: the repayment coupon reserved by this attempt; `amount` is already net of `couponAmount` */
    couponId: uuid('coupon_id'),
    couponAmount: bigint('coupon_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * CO-02: an extension attempt extends THIS due date (the one its disclosure showed). Paid after
     * another extension has moved it, the money is held as a duplicate instead of extending again.
     */
    extendsDueDate: text('extends_due_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('repayments_customer').on(t.customerId, t.createdAt),
    index('repayments_order').on(t.orderId),
    uniqueIndex('repayments_provider_collection').on(t.provider, t.providerCollectionId),
  ],
);

/**
 * CO-02, RA 3765: the extension's disclosure statement the borrower was shown, kept per extension
 * attempt when they start paying for it ("By paying, I acknowledge…"; they have the right to a copy).
 * The HTML exactly as shown, in the language shown, with its SHA-256. One per attempt: a double tap
 * that reuses the attempt keeps the first copy.
 */
export const extensionDisclosures = pgTable(
  'extension_disclosures',
  {
    repaymentId: uuid('repayment_id')
      .primaryKey()
      .references(() => repayments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    locale: text('locale').$type<Locale>().notNull(),
    html: text('html').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('extension_disclosures_order').on(t.orderId, t.createdAt),
    check('extension_disclosures_locale_known', sql`${t.locale} in ('en-US', 'fil', 'zh-CN')`),
  ],
);

/** Every authentic provider webhook, once (by the provider's event id), recorded with its effect. */
export const providerWebhooks = pgTable(
  'provider_webhooks',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    result: text('result').notNull(),
    body: jsonb('body').$type<unknown>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('provider_webhooks_once').on(t.kind, t.provider, t.providerEventId)],
);

/** BE-09: the sandbox test clock's offset from real time, kept across restarts (one row). */
export const sandboxClock = pgTable('sandbox_clock', {
  id: integer('id').primaryKey().default(1),
  offsetMs: bigint('offset_ms', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Repayment reminders (BE-06, SEC MC 18 s.2019): one per loan, kind and Manila day, recorded before
 * it is sent (a crash can lose a reminder but never send it twice), only to the borrower's own
 * number, never to references. The message centre shows these records later. `created_at` is when
 * the reminder was claimed, `sent_at` when the SMS was handed to the provider (both inside the
 * contact hours); a claimed reminder without `sent_at` was not sent (`failure` says why, or the
 * process died before the provider answered). Reminders recorded before migration 0034 have no
 * `sent_at` and their `created_at` is the start of their run.
 */
export const loanReminders = pgTable(
  'loan_reminders',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    forDate: text('for_date').notNull(),
    body: text('body').notNull(),
    providerMessageId: text('provider_message_id'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('loan_reminders_once').on(t.orderId, t.kind, t.forDate)],
);
