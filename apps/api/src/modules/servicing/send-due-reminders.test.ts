import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { addDays } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { customers, loanReminders, messages, orders } from '../../db/schema/index.ts';
import { MS } from '../../lib/clock.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { servicingContext } from './routes.ts';
import { sendDueReminders } from './send-due-reminders.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9197${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-02-01T02:00:00Z'); // 10:00 in Manila
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
/** An instant given as Manila wall time (UTC+8, no daylight saving). */
const manila = (date: string, time: string) => new Date(`${date}T${time}+08:00`);
const manilaTime = (at: Date) => new Date(at.getTime() + 8 * MS.hour).toISOString().slice(11, 19);

/** An SMS provider that records what it was handed and when, by the test clock. */
function recordingSms(onSend: () => void = () => {}) {
  const sent: { to: string; body: string; at: Date }[] = [];
  const sms: SmsProvider = {
    name: 'recording',
    send: async (message) => {
      sent.push({ ...message, at: t.clock.now() });
      onSend();
      return { providerMessageId: `rec-${sent.length}` };
    },
  };
  return { sent, sms };
}

/** Signs in with the app's language choice, as the web app sends it (SH-01). */
async function signInWithLanguage(phone: string, language?: string) {
  const headers: Record<string, string> = language ? { 'accept-language': language } : {};
  expect((await api.sendCode(phone, {}, headers)).status).toBe(200);
  const res = await api.login(phone, await api.lastCode(phone), {}, headers);
  expect(res.status).toBe(200);
  return res.body as { token: string; customerId: string };
}

const localeOf = async (customerId: string) =>
  (await db().select({ locale: customers.locale }).from(customers).where(eq(customers.id, customerId)))[0]
    ?.locale;

describe('reminders keep to the contact hours while they go out (BE-06, SEC MC 18 s.2019)', () => {
  it('BE-06 SEC MC 18 s.2019 a backlog still sending at 22:00 stops; the unsent go out after 06:00', async () => {
    const loans = [];
    for (let i = 0; i < 5; i++) {
      const phone = nextPhone();
      loans.push({ phone, ...(await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone })) });
    }
    const [order] = await db().select().from(orders).where(eq(orders.id, loans[0]!.orderId));
    const dueDate = order!.dueDate!;
    const dayBefore = addDays(dueDate, -1);
    const ids = loans.map((l) => l.orderId);
    const ours = new Set(loans.map((l) => l.phone));

    // 21:58 the day before the due date; each send takes the provider a minute
    t.clock.set(manila(dayBefore, '21:58:00'));
    const evening = recordingSms(() => t.clock.advance(MS.minute));
    const sentInTheEvening = await sendDueReminders({ ...servicingContext(t.app), sms: evening.sms });
    expect(evening.sent.map((s) => manilaTime(s.at))).toEqual(['21:58:00', '21:59:00']);
    expect(sentInTheEvening).toBe(2);
    // what was recorded says when: claimed and sent at 21:58 and 21:59, not the run's start twice
    const recorded = await db().select().from(loanReminders).where(inArray(loanReminders.orderId, ids));
    expect(
      recorded.map((r) => [r.kind, manilaTime(r.createdAt), r.sentAt && manilaTime(r.sentAt)]).sort(),
    ).toEqual([
      ['due_soon', '21:58:00', '21:58:00'],
      ['due_soon', '21:59:00', '21:59:00'],
    ]);
    const inbox = await db().select().from(messages).where(inArray(messages.orderId, ids));
    expect(
      inbox
        .filter((m) => m.event === 'due_soon')
        .map((m) => manilaTime(m.createdAt))
        .sort(),
    ).toEqual(['21:58:00', '21:59:00']);
    const remindedInTheEvening = new Set(recorded.map((r) => r.orderId));

    // 05:10 (the hourly run): still outside the hours, nothing
    t.clock.set(manila(dueDate, '05:10:00'));
    const early = recordingSms();
    expect(await sendDueReminders({ ...servicingContext(t.app), sms: early.sms })).toBe(0);
    expect(early.sent).toHaveLength(0);

    // 06:10: every loan gets its due-day reminder, the three left unsent the evening before too
    t.clock.set(manila(dueDate, '06:10:00'));
    const morning = recordingSms();
    await sendDueReminders({ ...servicingContext(t.app), sms: morning.sms });
    expect(new Set(morning.sent.map((s) => s.to).filter((to) => ours.has(to)))).toEqual(ours);
    expect(morning.sent.every((s) => manilaTime(s.at) >= '06:00:00')).toBe(true);
    const today = await db()
      .select()
      .from(loanReminders)
      .where(inArray(loanReminders.orderId, ids))
      .then((rows) => rows.filter((r) => r.kind === 'due_today'));
    expect(today).toHaveLength(5);
    const unsent = loans.filter((l) => !remindedInTheEvening.has(l.orderId)).map((l) => l.phone);
    expect(unsent).toHaveLength(3);
    for (const phone of unsent) expect(morning.sent.filter((s) => s.to === phone)).toHaveLength(1);
    expect(today.every((r) => r.sentAt !== null && r.providerMessageId !== null)).toBe(true);
  });

  it('BE-06 SEC MC 18 s.2019 a reminder claimed at 21:59:59 whose send would start at 22:00 is never sent', async () => {
    const phone = nextPhone();
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    // a slow database: every reading of the clock finds it a second later
    t.clock.set(manila(addDays(order!.dueDate!, -1), '21:59:57'));
    const slow = { now: () => (t.clock.advance(MS.second), t.clock.now()) };
    const { sent, sms } = recordingSms();
    expect(await sendDueReminders({ ...servicingContext(t.app), clock: slow, sms })).toBe(0);
    expect(sent).toHaveLength(0);
    const [claimed] = await db().select().from(loanReminders).where(eq(loanReminders.orderId, orderId));
    expect(claimed).toMatchObject({
      failure: 'outside contact hours',
      sentAt: null,
      providerMessageId: null,
    });
  });
});

describe('reminders in the borrower language (SH-01, BE-06)', () => {
  it('SH-01 BE-06 a borrower who signed in in Filipino gets the Filipino reminder, in Chinese the Chinese one', async () => {
    const borrowers = [];
    for (const language of ['fil', 'zh-CN', undefined]) {
      const phone = nextPhone();
      const loan = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
      await signInWithLanguage(phone, language);
      borrowers.push({ phone, language, ...loan });
    }
    const [order] = await db().select().from(orders).where(eq(orders.id, borrowers[0]!.orderId));
    t.clock.set(manila(order!.dueDate!, '10:00:00'));
    const { sent, sms } = recordingSms();
    await sendDueReminders({ ...servicingContext(t.app), sms });
    const bodyFor = (phone: string) => sent.filter((s) => s.to === phone).map((s) => s.body);
    const [fil, zh, unknown] = borrowers.map((b) => bodyFor(b.phone));
    expect(fil).toEqual([expect.stringContaining('ay due ngayon. Magbayad o mag-extend sa app')]);
    expect(zh).toEqual([expect.stringContaining('今天到期。请在应用内还款或展期')]);
    // no language known: English, the default (SH-01)
    expect(unknown).toEqual([expect.stringContaining('is due today. Pay or extend in the app')]);
    // kept on the borrower: what the next reminder reads
    expect(await Promise.all(borrowers.map((b) => localeOf(b.customerId)))).toEqual(['fil', 'zh-CN', null]);
  });

  it('SH-01 the language is kept from the latest sign-in; a sign-in that names none keeps it', async () => {
    const phone = nextPhone();
    const { customerId } = await signInWithLanguage(phone, 'zh-CN');
    expect(await localeOf(customerId)).toBe('zh-CN');
    t.clock.advance(2 * MS.minute); // past the code's resend cooldown
    await signInWithLanguage(phone, 'fil-PH,fil;q=0.9,en;q=0.5');
    expect(await localeOf(customerId)).toBe('fil');
    t.clock.advance(2 * MS.minute);
    await signInWithLanguage(phone);
    expect(await localeOf(customerId)).toBe('fil');
  });

  it('SH-01 BE-06 the order is signed in Chinese: the borrower language becomes Chinese, and so do the reminders', async () => {
    const phone = nextPhone();
    const b = await submitCompleteApplication(db(), api, phone);
    await decidePendingApplications(lendingContext(t.app));
    const h = { ...b.h, 'accept-language': 'zh-CN' };
    const signature = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
    const placed = await api.json('POST', '/api/orders', await withdrawalBody(api, h, { signature }), {
      ...h,
      'idempotency-key': `order-${phone}`,
    });
    expect(placed.status).toBe(201);
    await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.body.id));
    t.clock.set(manila(order!.dueDate!, '09:00:00'));
    const { sent, sms } = recordingSms();
    await sendDueReminders({ ...servicingContext(t.app), sms });
    expect(sent.filter((s) => s.to === phone).map((s) => s.body)).toEqual([
      expect.stringContaining('今天到期'),
    ]);
    expect(await localeOf(b.customerId)).toBe('zh-CN');
  });
});
