import {
  pgTable,
  text,
  timestamp,
  uuid,
  jsonb,
  bigint,
  check,
  index,
  integer,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { operators } from './console.ts';
import { customers } from './customers.ts';
import { orders } from './lending.ts';
import { providerWebhooks, repayments } from './servicing.ts';

/**
 * Maker-checker (issue 11): an operator action that needs a second pair of eyes is drafted here by
 * its maker and takes effect only when a different admin approves it. The database itself refuses a
 * checker who is the maker (CHECK in migration 0014), so no code path can approve its own request.
 * `idempotencyKey` is the maker's key: drafting the same request twice finds the first draft.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey(),
    /**
     * what is asked: `waiver`, `product_change` (a new product version, CO-06), `write_off`,
     * `hardship`, or `payer_refund` (money naming no borrower back to the payer typed, BE-05)
     */
    kind: text('kind').notNull(),
    /** what the action will do once approved (centavos as strings) */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** the loan it concerns, for the queue and the borrower page */
    orderId: uuid('order_id').references(() => orders.id),
    reason: text('reason').notNull(),
    /** pending → approved | rejected */
    state: text('state').notNull(),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => operators.id),
    checkerId: uuid('checker_id').references(() => operators.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** the checker's reason (required when rejecting a product change) */
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_requests_pending').on(t.state, t.createdAt),
    // one refund to a payer waiting for approval per money naming no borrower
    uniqueIndex('approval_requests_payer_refund_pending')
      .on(sql`(${t.payload}->>'webhookId')`)
      .where(sql`kind = 'payer_refund' and state = 'pending'`),
  ],
);

/**
 * How finance resolved money held in suspense (one row per held repayment: the unique index makes
 * resolving it twice impossible): applied to the loan, refunded, or returned to cancel the loan.
 */
export const suspenseResolutions = pgTable(
  'suspense_resolutions',
  {
    id: uuid('id').primaryKey(),
    repaymentId: uuid('repayment_id')
      .notNull()
      .references(() => repayments.id),
    /** applied | refunded | cancellation */
    action: text('action').notNull(),
    /** applied: full | extension | partial */
    purpose: text('purpose'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('suspense_resolutions_once').on(t.repaymentId)],
);

/**
 * Refunds of money held in suspense: an outbound transfer finance executes at the bank or provider
 * (to the borrower's payout account as it was on the order), then marks executed here. Deciding the
 * refund moves the money from suspense to `refunds_payable`; executing it pays it out of our float.
 *
 * A refund of money that named no borrower (`payer_not_borrower`, BE-05) names the collection's
 * webhook record instead of a repayment, loan and borrower: it goes back to the payer, to the
 * account finance typed and a second operator approved (maker-checker), never to a borrower.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    /** the held repayment refunded; null for a payer who is no borrower */
    repaymentId: uuid('repayment_id').references(() => repayments.id),
    orderId: uuid('order_id').references(() => orders.id),
    customerId: uuid('customer_id'),
    /** `payer_not_borrower`: the money naming no borrower that goes back (its webhook record) */
    webhookId: uuid('webhook_id').references(() => providerWebhooks.id),
    /** `payer_not_borrower`: the draft a second admin approved, which made this refund */
    approvalRequestId: uuid('approval_request_id').references(() => approvalRequests.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /**
     * why the money goes back: `held_money`, a payment held in suspense that finance refunds;
     * `payout_returned`, a payment on a loan undone because its transfer came back (BE-05);
     * `payer_not_borrower`, money naming no borrower returned to whoever paid it (BE-05)
     */
    reason: text('reason').notNull().default('held_money'),
    destination: jsonb('destination').$type<Record<string, unknown>>().notNull(),
    /**
     * to_execute → executed; executed → to_execute again when the transfer came back; a payer's
     * refund still to execute → cancelled (its account was wrong: the money names nobody again)
     */
    state: text('state').notNull(),
    /**
     * the transfer this is (1, then 2 after one came back, …): the ledger keys of its payment and
     * return carry it, so a transfer sent again posts again and a return is posted once
     */
    attempt: integer('attempt').notNull().default(1),
    /** the bank's or provider's reference of the transfer, when executed */
    transferReference: text('transfer_reference'),
    /** who decided it (a payer's refund: the admin who approved it) */
    decidedBy: uuid('decided_by')
      .notNull()
      .references(() => operators.id),
    executedBy: uuid('executed_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_repayment').on(t.repaymentId),
    // money naming no borrower goes back once (a cancelled refund gave it back to suspense)
    uniqueIndex('refunds_webhook')
      .on(t.webhookId)
      .where(sql`state <> 'cancelled'`),
    check(
      'refunds_reason_known',
      sql`${t.reason} in ('held_money', 'payout_returned', 'payer_not_borrower')`,
    ),
    // a borrower's refund names its repayment, loan and borrower; a payer's names only the money
    check(
      'refunds_whose',
      sql`case when ${t.reason} = 'payer_not_borrower'
        then ${t.webhookId} is not null and ${t.approvalRequestId} is not null and ${t.repaymentId} is null and ${t.orderId} is null and ${t.customerId} is null
        else ${t.webhookId} is null and ${t.approvalRequestId} is null and ${t.repaymentId} is not null and ${t.orderId} is not null and ${t.customerId} is not null end`,
    ),
    index('refunds_state')
      .on(t.state, t.createdAt)
      .where(sql`state = 'to_execute'`),
  ],
);

/**
 * BE-05: how finance resolved money that named no borrower (a collection webhook recorded as
 * `unknown`, booked to suspense under `suspense:webhook:<provider>:<event>` with no borrower):
 * `assigned` to the borrower who paid, on one of their loans, where it became held money of its own
 * (`repayment_id`, held reason `unmatched`) that the held-money actions apply or refund. Who, when
 * and why. A mistaken assignment can be undone while that held money is still unresolved: the row
 * stays, with who undid it, when and why (`undone_*`), and the money can be assigned again, as a
 * new row. At most one assignment in force per webhook record (the partial unique index), so the
 * money is never held twice.
 */
export const unmatchedResolutions = pgTable(
  'unmatched_resolutions',
  {
    /** rows from before migration 0042 have their webhook record's id */
    id: uuid('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => providerWebhooks.id),
    /** assigned (a payer who is no borrower gets a refund of their own: refund-unmatched-payment.ts) */
    action: text('action').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    repaymentId: uuid('repayment_id')
      .notNull()
      .references(() => repayments.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** the assignment undone: when, by whom, why (all three or none) */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => operators.id),
    undoReason: text('undo_reason'),
    /**
     * the Idempotency-Key of the console submission that made it (null before migration 0043): a
     * late retry of that submission finds this row, even undone, and assigns nothing again
     */
    requestKey: text('request_key'),
  },
  (t) => [
    check('unmatched_resolutions_action_known', sql`${t.action} in ('assigned')`),
    uniqueIndex('unmatched_resolutions_in_force')
      .on(t.webhookId)
      .where(sql`undone_at is null`),
    uniqueIndex('unmatched_resolutions_repayment').on(t.repaymentId),
    uniqueIndex('unmatched_resolutions_request_key').on(t.webhookId, t.requestKey),
    check(
      'unmatched_resolutions_undone_whole',
      sql`(${t.undoneAt} is null) = (${t.undoneBy} is null) and (${t.undoneAt} is null) = (${t.undoReason} is null)`,
    ),
  ],
);
