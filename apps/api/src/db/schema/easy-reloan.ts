import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orders } from './lending.ts';

/**
 * Easy Re-loan (ST-08, ST-09): the borrower's switch and where they stand on the reward ladder, as
 * the domain's EasyReloanState. One row per borrower, locked while an event is applied.
 */
export const easyReloanSettings = pgTable(
  'easy_reloan_settings',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id),
    enabled: boolean('enabled').notNull(),
    agreedVersion: text('agreed_version'),
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    /** the language the borrower agreed in: the documents of their automatic loans are in it */
    locale: text('locale'),
    activationVoucher: text('activation_voucher').notNull(),
    autoDisbursements: integer('auto_disbursements').notNull(),
    streak: integer('streak').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'easy_reloan_activation_voucher',
      sql`${t.activationVoucher} in ('none', 'usable', 'used', 'forfeited')`,
    ),
    check('easy_reloan_counts', sql`${t.autoDisbursements} >= 0 and ${t.streak} >= 0`),
  ],
);

/** Every switch and ladder event with its outcome: the borrower's history of the feature. */
export const easyReloanEvents = pgTable(
  'easy_reloan_events',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    event: text('event').notNull(),
    /** the order an automatic re-loan event is about */
    orderId: uuid('order_id').references(() => orders.id),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('easy_reloan_events_customer').on(t.customerId, t.at)],
);

/**
 * The rewards granted (ST-09): the activation voucher once per borrower, one reward per automatic
 * disbursement (the unique indexes make a re-run job or a replayed payout result grant nothing).
 */
export const easyReloanRewards = pgTable(
  'easy_reloan_rewards',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    rung: integer('rung').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    couponId: uuid('coupon_id'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('easy_reloan_reward_kind', sql`${t.kind} in ('activation', 'reward')`),
    uniqueIndex('easy_reloan_activation_once')
      .on(t.customerId)
      .where(sql`${t.kind} = 'activation'`),
    uniqueIndex('easy_reloan_reward_per_order').on(t.orderId),
  ],
);

/**
 * What became of each settled loan's automatic re-loan (ST-08): booked (with the new order) or
 * missed (with the reason). One row per settled loan, so the sweep never books twice; the new
 * order's id is derived from the settled one, so a crash between booking and this row is repaired
 * by the next run finding the order already committed.
 */
export const easyReloanBookings = pgTable(
  'easy_reloan_bookings',
  {
    settledOrderId: uuid('settled_order_id')
      .primaryKey()
      .references(() => orders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    outcome: text('outcome').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('easy_reloan_booking_outcome', sql`${t.outcome} in ('booked', 'missed')`),
    uniqueIndex('easy_reloan_booking_order').on(t.orderId),
  ],
);
