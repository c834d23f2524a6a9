import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orders } from './lending.ts';

/**
 * Coupons (EN-07, SH-15, ST-08, ST-09): one row per coupon granted. A rule grant is unique per
 * (customer, rule, source key), so a re-run job, a replayed event or two concurrent launches grant
 * once. A repayment coupon is reserved by one repayment attempt (`reserved_by`) and consumed when
 * that attempt's payment is applied; a withdrawal coupon is consumed by the order that books it.
 * `state` moves usable → used | expired | invalid, and back from used only when the extension a
 * repayment coupon paid is reversed (CO-02: the loan was settled before it; giveRepaymentCouponBack):
 * to usable inside its window, else expired.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    rule: text('rule').notNull(),
    sourceKey: text('source_key').notNull(),
    type: text('type').notNull(),
    state: text('state').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    minimumAmount: bigint('minimum_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    fullRepaymentOnly: boolean('full_repayment_only').notNull().default(false),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** the repayment attempt holding it (its amount already has the deduction taken off) */
    reservedBy: uuid('reserved_by'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedOnOrderId: uuid('used_on_order_id').references(() => orders.id),
    usedOnRepaymentId: uuid('used_on_repayment_id'),
    /** what it actually deducted when used */
    deducted: bigint('deducted', { mode: 'bigint' }),
    invalidReason: text('invalid_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('coupon_type', sql`${t.type} in ('platform', 'withdrawal', 'repayment')`),
    check('coupon_state', sql`${t.state} in ('usable', 'used', 'expired', 'invalid')`),
    check(
      'coupon_rule',
      sql`${t.rule} in ('installation', 'easy_reloan_activation', 'easy_reloan_reward', 'easy_reloan_discount', 'operator')`,
    ),
    check('coupon_amount_positive', sql`${t.amount} > 0 and ${t.minimumAmount} >= 0`),
    check('coupon_used_has_time', sql`(${t.state} = 'used') = (${t.usedAt} is not null)`),
    uniqueIndex('coupons_grant_once').on(t.customerId, t.rule, t.sourceKey),
    index('coupons_customer_state').on(t.customerId, t.state, t.validUntil),
    index('coupons_usable_until')
      .on(t.validUntil)
      .where(sql`${t.state} = 'usable'`),
  ],
);

/**
 * SH-15: the first launch of the installed app (standalone) per borrower; it grants the
 * installation coupon and lifts the limit rule (see limitRule in packages/domain/lending/limits.ts).
 */
export const homeScreenLaunches = pgTable('home_screen_launches', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  via: text('via').notNull(),
});
