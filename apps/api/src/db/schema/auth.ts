import { pgTable, text, timestamp, uuid, integer, index } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * One row per login code sent. It doubles as the send log the SMS limits count (cooldown, daily
 * cap, per-IP and per-prefix activity), so limits live in the database and hold across restarts
 * and across server processes. Only an HMAC of the code is stored.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey(),
    phone: text('phone').notNull(),
    phonePrefix: text('phone_prefix').notNull(),
    codeHash: text('code_hash').notNull(),
    requestedIp: text('requested_ip').notNull(),
    /** what the per-IP captcha threshold counts by: clientNetwork(requestedIp) (IPv6 /64) */
    requestedNetwork: text('requested_network').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** set when a newer code is sent, or when the SMS could not be delivered */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    index('otp_codes_phone_created').on(t.phone, t.createdAt),
    index('otp_codes_network_created').on(t.requestedNetwork, t.createdAt),
    index('otp_codes_prefix_created').on(t.phonePrefix, t.createdAt),
    // the brake on all sends together reads the newest rows, whoever they were for
    index('otp_codes_created').on(t.createdAt),
  ],
);

/**
 * Wrong codes entered, counted per phone to trigger the lock ("Security mechanism triggered") and
 * per client network to stop one client guessing across many phones.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    /** clientNetwork(ip): what the per-network limit counts by */
    ipNetwork: text('ip_network').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * set when this failure (with others) locked the phone: the phone's count starts afresh after
     * the lock, but the failure still counts against the network it came from
     */
    phoneLockedAt: timestamp('phone_locked_at', { withTimezone: true }),
  },
  (t) => [
    index('login_failures_phone_created').on(t.phone, t.createdAt),
    index('login_failures_network_created').on(t.ipNetwork, t.createdAt),
  ],
);

export const phoneLocks = pgTable('phone_locks', {
  phone: text('phone').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  reason: text('reason').notNull(),
});

/** Graphic captcha challenges; the answer is stored hashed and each challenge is single use. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: uuid('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** kept only in sandbox so browser tests can solve it; null otherwise */
  sandboxAnswer: text('sandbox_answer'),
});

/** Sessions: the token is shown to the client once; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_customer').on(t.customerId)],
);
