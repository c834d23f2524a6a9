import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './application.ts';
import { operators } from './console.ts';
import { customers } from './customers.ts';
import { orders } from './lending.ts';

/**
 * The underwriters' review queue (issue 11, BE-04, BE-08): one case per submission the rules routed
 * to a person. The borrower keeps seeing "under review"; the underwriter's decision is written as an
 * ordinary decision (application_decisions) by the same code path as an automatic one. A case is
 * decided once: the `open → decided` update is conditional, and the decision row is unique per
 * submission. `superseded`: the borrower changed and resubmitted the application meanwhile.
 */
export const reviewCases = pgTable(
  'review_cases',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    submission: integer('submission').notNull(),
    /** the rules that asked for a person */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    /** every rule's outcome at routing time */
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    rulesVersion: integer('rules_version').notNull(),
    /** the most the rules and the product's caps allow: an approval can never exceed it */
    maxLimit: bigint('max_limit', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** approve, reupload_id or reject */
    action: text('action'),
    creditLimit: bigint('credit_limit', { mode: 'bigint' }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** the underwriter's reason, in their words */
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_cases_submission').on(t.applicationId, t.submission),
    index('review_cases_queue').on(t.status, t.openedAt),
  ],
);

/**
 * Operational switches (issue 11, RO-02): an admin turns a behaviour on or off at run time. A switch
 * without a row takes its default from the environment (BANK_CHANGE_MAINTENANCE) or is off.
 */
export const operationalSwitches = pgTable('operational_switches', {
  key: text('key').primaryKey(),
  on: boolean('on').notNull(),
  reason: text('reason').notNull(),
  updatedBy: uuid('updated_by')
    .notNull()
    .references(() => operators.id),
  updatedByEmail: text('updated_by_email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The collections log (SEC MC 18 s.2019, BE-07 fair collection): every contact with a borrower about
 * a debt. Only the borrower's own phone or e-mail (or a visit) can be a contact point; the time is
 * checked against the permitted hours (06:00–22:00 Manila) by the server. Append-only.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: uuid('order_id').references(() => orders.id),
    /** call, sms, email, visit */
    channel: text('channel').notNull(),
    /** the borrower's own phone or e-mail as reached (null for a visit) */
    contactPoint: text('contact_point'),
    contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').notNull(),
    note: text('note').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => operators.id),
    recordedByEmail: text('recorded_by_email').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('collection_contacts_customer').on(t.customerId, t.contactedAt)],
);
