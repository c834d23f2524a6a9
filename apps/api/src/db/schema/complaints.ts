import { check, date, index, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers.ts';
import { orders } from './lending.ts';
import { operators } from './console.ts';

/** The ticket numbers of complaints (PN-C-<year>-<n>): one sequence, never reused. */
export const complaintTicketSeq = pgSequence('complaint_ticket_seq', { startWith: 1 });

/**
 * Borrower complaints (BE-11, RA 11765, SEC MC 5 s.2023): a ticket, its status (COMPLAINT_STATUSES
 * in the domain), the date resolution is promised by, and the answer. Kept as a regulatory record:
 * a deletion request does not erase it (docs/compliance.md).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey(),
    ticketNumber: text('ticket_number').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: uuid('order_id').references(() => orders.id),
    category: text('category').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    /** the language the borrower wrote in */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** the promised resolution date (Manila), complaintDeadline() */
    resolveBy: date('resolve_by', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** the operator's latest note, and the answer once resolved */
    response: text('response'),
    respondedBy: uuid('responded_by').references(() => operators.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('complaints_customer').on(t.customerId, t.createdAt),
    index('complaints_queue').on(t.status, t.resolveBy),
    check('complaints_status_known', sql`${t.status} in ('open', 'in_progress', 'resolved', 'escalated')`),
    check(
      'complaints_category_known',
      sql`${t.category} in ('payment_not_reflected', 'charges_or_fees', 'collection_conduct', 'privacy', 'app_or_account', 'other')`,
    ),
    check(
      'complaints_resolved_whole',
      sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null and ${t.response} is not null)`,
    ),
  ],
);
