import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_LOCALE,
  withinCollectionHours,
  addDays,
  amountDueOn,
  daysBetween,
  formatPeso,
  manilaDate,
} from '@pisonow/domain';
import { customers, loanReminders, orders } from '../../db/schema/index.ts';
import { SmsSendError } from '../../providers/sms/sms-provider.ts';
import { recordMessage } from '../messages/record-message.ts';
import { loadLoans, type LoadedLoan } from './loan-record.ts';
import type { ServicingContext } from './servicing-context.ts';
import { reminderSms, type ReminderKind } from './reminder-templates.ts';

/** Overdue reminders on these days past due, not daily: firm, never harassing. */
export const OVERDUE_REMINDER_DAYS = [1, 3, 7, 14, 30] as const;

/** Loans read per query while sending reminders (a due day can hold thousands). */
const REMINDER_PAGE = 100;

/**
 * Reminders by SMS (BE-06): the day before the due date, on it, and on a few overdue days, in the
 * borrower's language (SH-01; English when none is known). Only inside Manila contact hours, only
 * to the borrower's own registered number (never to a reference), each recorded once per loan,
 * kind and day before it is sent.
 *
 * The hours are checked again before each claim and each send, not once per run: every loan costs
 * a transaction and a provider call (seconds each when the provider is slow), so a run started at
 * 21:10 with a backlog would otherwise still be texting borrowers after 22:00. The loop stops at
 * 22:00; the loans not reached stay unclaimed for the next run inside the hours (the next morning,
 * by when a "due tomorrow" reminder has become "due today").
 */
export async function sendDueReminders(ctx: ServicingContext): Promise<number> {
  const startedAt = ctx.clock.now();
  if (!withinCollectionHours(startedAt)) return 0;
  // the run cannot cross Manila midnight: it stops at 22:00
  const today = manilaDate(startedAt);
  const overdueDates = OVERDUE_REMINDER_DAYS.map((d) => addDays(today, -d));
  const due = await ctx.db
    .select({
      orderId: orders.id,
      customerId: orders.customerId,
      dueDate: orders.dueDate,
      phone: customers.phone,
      locale: customers.locale,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        // the derived flag, not the status list: the planner reaches orders_servicing_due only so
        eq(orders.servicing, true),
        inArray(orders.dueDate, [addDays(today, 1), today, ...overdueDates]),
      ),
    );
  let sent = 0;
  // the loans read a page at a time: a few queries per page, not four per loan
  let loans = new Map<string, LoadedLoan>();
  for (const [i, row] of due.entries()) {
    if (i % REMINDER_PAGE === 0)
      loans = await loadLoans(
        ctx.db,
        due.slice(i, i + REMINDER_PAGE).map((r) => r.orderId),
      );
    const days = daysBetween(row.dueDate!, today);
    const kind: ReminderKind = days < 0 ? 'due_soon' : days === 0 ? 'due_today' : 'overdue';
    const found = loans.get(row.orderId);
    if (!found) continue;
    const amountDue = amountDueOn(found.loan, today);
    const body = reminderSms(row.locale ?? DEFAULT_LOCALE, kind, {
      amount: formatPeso(amountDue),
      dueDate: row.dueDate!,
      days: Math.max(days, 0),
      company: ctx.companyName,
    });
    const claimedAt = ctx.clock.now();
    if (!withinCollectionHours(claimedAt)) break;
    // The reminder and its message-centre record are one event (EN-08): written together, once.
    const claimed = await ctx.db.transaction(async (tx) => {
      // the list was read before the sends began: a loan repaid or extended since (its status or
      // due date moved) gets no reminder from that reading (the next run reads it afresh)
      const [unchanged] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, row.orderId), eq(orders.servicing, true), eq(orders.dueDate, row.dueDate!)));
      if (!unchanged) return [];
      const rows = await tx
        .insert(loanReminders)
        .values({
          id: randomUUID(),
          orderId: row.orderId,
          customerId: row.customerId,
          kind,
          forDate: today,
          body,
          createdAt: claimedAt,
        })
        .onConflictDoNothing()
        .returning({ id: loanReminders.id });
      if (rows.length > 0)
        await recordMessage(tx, {
          customerId: row.customerId,
          orderId: row.orderId,
          event: kind,
          params: { amount: amountDue.toString(), date: row.dueDate!, days: Math.max(days, 0) },
          dedupeKey: `reminder:${row.orderId}:${kind}:${today}`,
          at: claimedAt,
        });
      return rows;
    });
    if (claimed.length === 0) continue;
    const sentAt = ctx.clock.now();
    if (!withinCollectionHours(sentAt)) {
      // 22:00 passed while it was being claimed: recorded, so never sent (not even tomorrow, when
      // it is stale); the record says why
      await ctx.db
        .update(loanReminders)
        .set({ failure: 'outside contact hours' })
        .where(eq(loanReminders.id, claimed[0]!.id));
      break;
    }
    try {
      const { providerMessageId } = await ctx.sms.send({ to: row.phone, body });
      await ctx.db
        .update(loanReminders)
        .set({ providerMessageId, sentAt })
        .where(eq(loanReminders.id, claimed[0]!.id));
      sent++;
    } catch (error) {
      if (!(error instanceof SmsSendError)) throw error;
      ctx.log.warn({ orderId: row.orderId, err: error }, 'reminder not sent');
      await ctx.db
        .update(loanReminders)
        .set({ failure: error.message.slice(0, 200) })
        .where(eq(loanReminders.id, claimed[0]!.id));
    }
  }
  return sent;
}
