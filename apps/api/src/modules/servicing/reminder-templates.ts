import type { Locale } from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';

export type ReminderKind = 'due_soon' | 'due_today' | 'overdue';

/**
 * Reminder SMS in the borrower's language (the catalogue's `sms:reminder.*`): the amount, the date,
 * how to pay, and no threat (SEC MC 18 s.2019). Every message names the lender and says the app is
 * the only place to pay. `days` (overdue) picks the plural form.
 */
export function reminderSms(
  locale: Locale,
  kind: ReminderKind,
  v: { amount: string; dueDate: string; days: number; company: string },
): string {
  return translate(locale, `sms:reminder.${kind}`, {
    amount: v.amount,
    dueDate: v.dueDate,
    company: v.company,
    count: v.days,
  });
}
