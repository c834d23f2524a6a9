import {
  pgTable,
  text,
  timestamp,
  uuid,
  bigint,
  index,
  uniqueIndex,
  check,
  jsonb,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers.ts';
import { photos } from './application.ts';
import { orders } from './lending.ts';
import { operators } from './console.ts';
import { repayments } from './servicing.ts';

/**
 * Payment disputes (BE-10): "I paid but it is not showing", with the payer's reference, amount,
 * date and a receipt photo. At most one open per loan (partial unique index). Resolved by finance:
 * matched to money held in suspense (which is then applied to the loan) or rejected with a reason.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    providerCode: text('provider_code').notNull(),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** the Manila date on the receipt */
    paidOn: text('paid_on').notNull(),
    receiptPhotoId: uuid('receipt_photo_id')
      .notNull()
      .references(() => photos.id),
    status: text('status').notNull(),
    rejectionReason: text('rejection_reason'),
    /** the held repayment it was matched to */
    repaymentId: uuid('repayment_id').references(() => repayments.id),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_disputes_one_open')
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
    index('payment_disputes_status').on(t.status, t.createdAt),
    index('payment_disputes_customer').on(t.customerId, t.createdAt),
    check('payment_disputes_status_known', sql`${t.status} in ('open', 'matched', 'rejected')`),
    check(
      'payment_disputes_resolved_whole',
      sql`(${t.status} = 'open' and ${t.resolvedAt} is null and ${t.resolvedBy} is null)
        or (${t.status} = 'matched' and ${t.repaymentId} is not null and ${t.resolvedAt} is not null and ${t.resolvedBy} is not null)
        or (${t.status} = 'rejected' and ${t.rejectionReason} is not null and ${t.resolvedAt} is not null and ${t.resolvedBy} is not null)`,
    ),
    check('payment_disputes_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Charge pauses (BE-10, BE-15): Manila dates on which a loan's late charge and penalty do not run;
 * `from_date` inclusive, `until_date` exclusive, null while open. The pause is a record of its own
 * (who, why, when it ended), so the day job, the views and the statements all read the same days.
 * At most one open per loan; a new one starts no earlier than the last one ended (the use case
 * keeps that), so a loan's paused days are the sum of its pauses' days.
 */
export const loanChargePauses = pgTable(
  'loan_charge_pauses',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    disputeId: uuid('dispute_id').references(() => paymentDisputes.id),
    fromDate: text('from_date').notNull(),
    untilDate: text('until_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('loan_charge_pauses_order').on(t.orderId),
    uniqueIndex('loan_charge_pauses_one_open')
      .on(t.orderId)
      .where(sql`${t.untilDate} is null`),
    check('loan_charge_pauses_reason_known', sql`${t.reason} in ('dispute', 'hardship', 'write_off')`),
    check('loan_charge_pauses_order', sql`${t.untilDate} is null or ${t.untilDate} >= ${t.fromDate}`),
  ],
);

/**
 * Write-offs (BE-15): a loan's book value taken to credit loss after a second operator approved it
 * (maker-checker, approval_requests kind `write_off`). One per loan. The borrower still owes the
 * balance; collection goes on and later payments post recovery income (applyOrderEvent).
 */
export const loanWriteOffs = pgTable(
  'loan_write_offs',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** the Manila date of the write-off; charges stop from the next day */
    writtenOffOn: text('written_off_on').notNull(),
    reason: text('reason').notNull(),
    approvalRequestId: uuid('approval_request_id').notNull(),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => operators.id),
    checkerId: uuid('checker_id')
      .notNull()
      .references(() => operators.id),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loan_write_offs_order').on(t.orderId),
    check('loan_write_offs_amount_positive', sql`${t.amount} > 0`),
    check('loan_write_offs_four_eyes', sql`${t.makerId} <> ${t.checkerId}`),
  ],
);

/**
 * Month-end closures (BE-15): the books are closed through `closed_through` (a month's last day,
 * Manila): no ledger transaction dated on or before it can be posted any more (a trigger refuses
 * it). Closed in order, one month at a time, by an admin; the month's trial balance is kept with it.
 */
export const accountingClosures = pgTable('accounting_closures', {
  id: uuid('id').primaryKey(),
  month: text('month').notNull().unique(),
  closedThrough: text('closed_through').notNull().unique(),
  trialBalance: jsonb('trial_balance').$type<Record<string, string>>().notNull(),
  closedBy: uuid('closed_by')
    .notNull()
    .references(() => operators.id),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
});
