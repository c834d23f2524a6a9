import { pgTable, text, timestamp, uuid, jsonb, integer, primaryKey, index } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * A borrower's loan application (KYC). One per customer; its steps are saved as they are completed
 * and it moves draft → under_review on submit (the decision is the lending core's). Sensitive ID
 * numbers never sit in `application_steps`: they are sealed (AES-256-GCM) in `sensitiveSealed`,
 * with a keyed hash for finding the same ID on two customers and the last four digits for display.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .unique()
      .references(() => customers.id),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** increases with each submission (first submit and every modification) */
    submissionCount: integer('submission_count').notNull().default(0),
    idType: text('id_type'),
    /** HMAC of the normalised ID number (duplicate-ID check across customers) */
    idNumberHash: text('id_number_hash'),
    idNumberLast4: text('id_number_last4'),
    /** AES-256-GCM sealed JSON of { idNumber, aadhaar?, pan? } */
    sensitiveSealed: text('sensitive_sealed'),
  },
  (t) => [index('applications_id_number_hash').on(t.idNumberHash)],
);

export const applicationSteps = pgTable(
  'application_steps',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    step: text('step').notNull(),
    /** the step's validated data (the contract's output), minus sealed fields */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.step] })],
);

/** Application history: every save and submit, for operators and disputes. Append-only. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    type: text('type').notNull(),
    step: text('step'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('application_events_application').on(t.applicationId, t.at)],
);

/**
 * Photos in private storage (BE-03): the ID card and the selfie. Stored under a random key; served
 * back only to their owner through short-lived links. `checks` keeps the quality and face results.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    contentHash: text('content_hash').notNull(),
    status: text('status').notNull(),
    rejectionCode: text('rejection_code'),
    checks: jsonb('checks').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('photos_customer').on(t.customerId, t.createdAt)],
);

/** Short-lived, single-use permission to upload one photo of one kind. */
export const uploadGrants = pgTable('upload_grants', {
  id: uuid('id').primaryKey(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id),
  kind: text('kind').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  maxBytes: integer('max_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
