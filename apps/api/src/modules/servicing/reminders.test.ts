import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { addDays, daysBetween, normalizePhone } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { borrowerWithPaidOutLoan } from '../../test/order-fixtures.ts';
import {
  applications,
  applicationSteps,
  customers,
  loanReminders,
  messages,
  orders,
  sandboxSmsOutbox,
} from '../../db/schema/index.ts';
import { servicingContext } from './routes.ts';
import { runServicingDay } from './run-servicing-day.ts';

/**
 * Reminders over a loan's whole due window (BE-06, SEC MC 18 s.2019): the day before the due date,
 * on it, and 1, 3, 7, 14 and 30 days after, only inside 06:00–22:00 Manila, only to the borrower's
 * registered number. The borrower here applied with references (the application's contact step),
 * each with a number of their own, so "never to a reference" is checked against real numbers the
 * system holds, not only by how the query happens to be written today.
 */

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-02-01T02:00:00Z'); // 10:00 in Manila
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
/** An instant given as Manila wall time (UTC+8, no daylight saving). */
const manila = (date: string, time: string) => new Date(`${date}T${time}+08:00`);

/** The reference (contact) numbers the borrower gave in the application, as the system holds them. */
async function referenceNumbersOf(customerId: string): Promise<string[]> {
  const [step] = await db()
    .select({ data: applicationSteps.data })
    .from(applicationSteps)
    .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
    .where(and(eq(applications.customerId, customerId), eq(applicationSteps.step, 'contact')));
  const contacts = (step?.data.contacts ?? []) as { phone: string }[];
  return contacts.map((c) => normalizePhone(c.phone));
}

/** What the sandbox SMS provider was handed from the test clock's present instant on. */
const outboxFromNow = async () => {
  const since = new Date(t.clock.now().getTime() - 1);
  return () => db().select().from(sandboxSmsOutbox).where(gt(sandboxSmsOutbox.createdAt, since));
};

describe('reminders over the whole due window (BE-06, SEC MC 18 s.2019)', () => {
  it('BE-06 SEC MC 18 s.2019 day before, due day, 1/3/7/14/30 days overdue: once each, to the borrower only, never to a reference', async () => {
    const phone = '9198000001';
    const b = await borrowerWithPaidOutLoan(t, api, phone);
    const [registered] = await db()
      .select({ phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, b.customerId));
    expect(registered!.phone).toBe(phone);
    const references = await referenceNumbersOf(b.customerId);
    // the application really holds references, none of them the borrower's own number
    expect(references.length).toBeGreaterThanOrEqual(3);
    expect(references).not.toContain(phone);
    const [order] = await db().select().from(orders).where(eq(orders.id, b.orderId));
    const dueDate = order!.dueDate!;

    const expectedOn = (day: string): string[] => {
      const past = daysBetween(dueDate, day);
      if (past === -1) return ['due_soon'];
      if (past === 0) return ['due_today'];
      return [1, 3, 7, 14, 30].includes(past) ? ['overdue'] : [];
    };
    const remindersFor = async (day: string) =>
      (
        await db()
          .select()
          .from(loanReminders)
          .where(and(eq(loanReminders.orderId, b.orderId), eq(loanReminders.forDate, day)))
      ).map((r) => r.kind);

    const start = addDays(dueDate, -3);
    const end = addDays(dueDate, 31);
    const outbox: { phone: string; body: string }[] = [];
    for (let day = start; day <= end; day = addDays(day, 1)) {
      // the midnight run: charges and buckets, but no text before 06:00
      t.clock.set(manila(day, '00:05:00'));
      let sentSince = await outboxFromNow();
      await runServicingDay(servicingContext(t.app));
      expect(await sentSince(), `${day} 00:05`).toEqual([]);
      expect(await remindersFor(day), `${day} 00:05`).toEqual([]);

      // inside the hours: exactly the day's reminders
      t.clock.set(manila(day, '10:00:00'));
      sentSince = await outboxFromNow();
      await runServicingDay(servicingContext(t.app));
      const sent = await sentSince();
      expect(await remindersFor(day), day).toEqual(expectedOn(day));
      expect(
        sent.map((m) => m.phone),
        day,
      ).toEqual(expectedOn(day).map(() => phone));
      outbox.push(...sent);

      // a second run the same day sends and records nothing more
      t.clock.set(manila(day, '21:30:00'));
      sentSince = await outboxFromNow();
      await runServicingDay(servicingContext(t.app));
      expect(await sentSince(), `${day} 21:30`).toEqual([]);
      expect(await remindersFor(day), `${day} 21:30`).toEqual(expectedOn(day));
    }

    // the whole window: seven reminders, recorded once each, every one sent to the borrower
    const all = await db().select().from(loanReminders).where(eq(loanReminders.orderId, b.orderId));
    expect(all.map((r) => [r.kind, daysBetween(dueDate, r.forDate)]).sort((x, y) => +x[1]! - +y[1]!)).toEqual(
      [
        ['due_soon', -1],
        ['due_today', 0],
        ['overdue', 1],
        ['overdue', 3],
        ['overdue', 7],
        ['overdue', 14],
        ['overdue', 30],
      ],
    );
    expect(all.every((r) => r.sentAt !== null && r.providerMessageId !== null && r.failure === null)).toBe(
      true,
    );
    expect(outbox).toHaveLength(7);
    expect(outbox.every((m) => m.phone === phone)).toBe(true);
    // the message centre holds each reminder once too (EN-08)
    const inbox = await db()
      .select({ event: messages.event })
      .from(messages)
      .where(
        and(eq(messages.orderId, b.orderId), inArray(messages.event, ['due_soon', 'due_today', 'overdue'])),
      );
    expect(inbox).toHaveLength(7);

    // no reference was ever texted, by any part of the system, at any time
    for (const reference of references)
      expect(
        await db().select().from(sandboxSmsOutbox).where(eq(sandboxSmsOutbox.phone, reference)),
        reference,
      ).toEqual([]);
  });
});
