import {
  complaintEscalation,
  daysBetween,
  manilaDate,
  type ComplaintCategory,
  type ComplaintStatus,
  type ComplaintView,
  type ConsoleComplaintItem,
  type Locale,
} from '@pisonow/domain';
import type { complaints } from '../../db/schema/index.ts';

export type ComplaintRow = typeof complaints.$inferSelect;

/** A complaint as its borrower sees it, the escalation path in the request's language. */
export function complaintView(row: ComplaintRow, locale: Locale): ComplaintView {
  return {
    id: row.id,
    ticketNumber: row.ticketNumber,
    category: row.category as ComplaintCategory,
    description: row.description,
    orderId: row.orderId,
    status: row.status as ComplaintStatus,
    createdAt: row.createdAt.toISOString(),
    resolveBy: row.resolveBy,
    resolution: row.status === 'resolved' ? row.response : null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    escalation: complaintEscalation(locale),
  };
}

/** A complaint in the console's queue: days left to its promised date (Manila), and whether it is late. */
export function consoleComplaintItem(row: ComplaintRow, phone: string, now: Date): ConsoleComplaintItem {
  const daysLeft = daysBetween(manilaDate(now), row.resolveBy);
  const { escalation: _, ...view } = complaintView(row, 'en-US');
  return {
    ...view,
    customerId: row.customerId,
    phone,
    locale: row.locale,
    response: row.response,
    updatedAt: row.updatedAt.toISOString(),
    daysLeft,
    overdue: row.status !== 'resolved' && daysLeft < 0,
  };
}
