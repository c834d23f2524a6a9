import {
  pgTable,
  text,
  timestamp,
  uuid,
  integer,
  bigint,
  bigserial,
  jsonb,
  index,
} from 'drizzle-orm/pg-core';

/**
 * Operators of the console (issue 11, RO-04): a separate identity from borrowers. The password is
 * an argon2id PHC string; the TOTP secret is sealed (AES-256-GCM under the server key). The last
 * TOTP step used is kept so a code cannot be accepted twice; failures count towards a lockout.
 */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecretSealed: text('totp_secret_sealed').notNull(),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Console sessions: only the cookie token's SHA-256 is stored. The CSRF token is an HMAC of the
 * cookie token under the server key (nothing to store). Idle expiry runs from lastSeenAt.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);

/**
 * The audit trail (BE-08): one row per operator action and per view of personal data. Append-only:
 * the database refuses UPDATE, DELETE and TRUNCATE (triggers in the migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    /** the order entries were written in (several can share one clock instant) */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** null for a failed sign-in with an unknown e-mail */
    operatorId: uuid('operator_id').references(() => operators.id),
    operatorEmail: text('operator_email'),
    role: text('role'),
    action: text('action').notNull(),
    /** what was acted on or viewed: `customer`, `session`, `operator`, … */
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_seq').on(t.seq),
    index('audit_log_at').on(t.at),
    index('audit_log_operator').on(t.operatorId, t.at),
  ],
);
