import { check, pgTable, text, timestamp, uuid, jsonb, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Locale, Promotion } from '@pisonow/domain';

/** A borrower. Created by the first successful login (registration), keyed by mobile number. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
    phone: text('phone').notNull().unique(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    /** acquisition attribution from the landing URL (SH-07), kept as first seen */
    promotion: jsonb('promotion').$type<Promotion>(),
    registrationIp: text('registration_ip'),
    registrationUserAgent: text('registration_user_agent'),
    /**
     * The borrower's language (SH-01), for what reaches them outside the app (reminder SMS): the
     * app's choice as of their latest sign-in, or the language of the documents they last signed.
     * Null until they name one (then English, the default).
     */
    locale: text('locale').$type<Locale>(),
  },
  (t) => [check('customers_locale_known', sql`${t.locale} in ('en-US', 'fil', 'zh-CN')`)],
);

/** Consent records (Data Privacy Act): which policy version, when, from where. Append-only. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    policyVersion: text('policy_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('consents_customer_kind_version').on(t.customerId, t.kind, t.policyVersion),
    index('consents_customer').on(t.customerId),
  ],
);
