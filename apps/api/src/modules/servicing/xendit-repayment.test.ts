import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MS } from '../../lib/clock.ts';
import { client, createTestApp, type TestApp } from '../../test/test-app.ts';
import { startFakeXendit, type FakeXendit } from '../../test/fake-xendit.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { ledgerEntries, orders, providerWebhooks, repayments } from '../../db/schema/index.ts';

/**
 * ST-02 BE-05: a repayment through the real Xendit adapter end to end. The app is configured with
 * COLLECTION_PROVIDER=xendit and pointed at a local fake of Xendit's documented API
 * (test/fake-xendit.ts): the borrower opens the repayment over HTTP, the adapter asks the fake for a
 * payment request, the fake writes the `payment.capture` webhook Xendit would send for that request
 * (its amount and reference, the `x-callback-token` Xendit documents), and it arrives through the
 * real webhook route. Nothing here talks to our database behind the route's back.
 */
const TOKEN = 'cb-token-0123456789';
const SECRET = 'xnd_development_fake';
let fake: FakeXendit;
let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  fake = await startFakeXendit({ secretKey: SECRET, callbackToken: TOKEN });
  t = await createTestApp({
    COLLECTION_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: SECRET,
    XENDIT_CALLBACK_TOKEN: TOKEN,
    XENDIT_BASE_URL: fake.baseUrl,
    // Xendit takes only https return URLs for e-wallet checkouts
    PUBLIC_BASE_URL: 'https://app.pisonow.example',
  });
  t.clock.set('2027-02-01T02:00:00Z'); // 10:00 in Manila
  api = client(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
const db = () => t.database.db;

let phoneSeq = 0;
async function borrowerWithLoan() {
  const phone = `91988${String(++phoneSeq).padStart(5, '0')}`;
  const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
  const { token } = await api.signIn(phone);
  return { orderId, h: api.authed(token) };
}

const bill = async (h: Record<string, string>, orderId: string) =>
  (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body;
const deliver = (hook: { headers: Record<string, string>; rawBody: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/collections/webhook',
    headers: hook.headers,
    payload: hook.rawBody,
  });
const pesos = (centavos: string) => {
  const c = BigInt(centavos);
  return `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
};

async function ledgerBalanced() {
  const rows = await db().execute<{ bad: string }>(
    sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
  );
  return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
}
const entriesOf = async (orderId: string) =>
  (await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).length;

const webhooksRecorded = async () => (await db().select().from(providerWebhooks)).length;

describe('ST-02 BE-05 repayment through the Xendit adapter against a local fake Xendit', () => {
  it.each([
    { channel: 'ewallet', providerCode: 'GCASH', xenditCode: 'GCASH', shows: 'checkoutUrl' },
    { channel: 'otc', providerCode: '7ELEVEN', xenditCode: '7ELEVEN', shows: 'paymentCode' },
    {
      channel: 'bank_transfer',
      providerCode: 'BANK_TRANSFER',
      xenditCode: 'BANK_TRANSFER',
      shows: 'bankAccountNumber',
    },
  ] as const)(
    'ST-02 BE-05 $providerCode: opened over HTTP → payment request at Xendit → its webhook through the route → settled with a receipt; a wrong token changes nothing',
    async ({ channel, providerCode, xenditCode, shows }) => {
      const b = await borrowerWithLoan();
      const total = (await bill(b.h, b.orderId)).balance.total as string;
      const callsBefore = fake.calls.length;

      // the borrower opens the repayment: the adapter asks "Xendit" for exactly the amount due
      const started = await api.json(
        'POST',
        `/api/orders/${b.orderId}/repayments`,
        { purpose: 'full', channel, providerCode, expectedAmount: total },
        { ...b.h, 'idempotency-key': `xendit-${b.orderId}` },
      );
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body).toMatchObject({ state: 'pending', record: 'in_progress', amount: total });
      const calls = fake.calls.slice(callsBefore);
      expect(calls).toHaveLength(1);
      const asked = calls[0]!;
      expect(asked.headers['idempotency-key']).toBe(started.body.id);
      expect(asked.body).toContain(`"request_amount":${pesos(total)}`);
      expect(JSON.parse(asked.body)).toMatchObject({
        reference_id: started.body.id,
        channel_code: xenditCode,
        currency: 'PHP',
      });
      const [attempt] = await db().select().from(repayments).where(eq(repayments.id, started.body.id));
      const paymentRequest = fake.paymentRequests.get(attempt!.providerCollectionId!)!;
      expect(paymentRequest.referenceId).toBe(started.body.id);
      // what the borrower is shown is what Xendit answered
      const action = (paymentRequest.body.actions as { value: string }[])[0]!.value;
      expect(started.body[shows]).toBe(action);

      // the payer pays two minutes before the webhook arrives
      const paidAt = new Date(t.clock.now().getTime() - 2 * MS.minute);
      t.clock.advance(MS.minute);
      const entriesBefore = await entriesOf(b.orderId);
      const webhooksBefore = await webhooksRecorded();

      // a delivery with the wrong token is refused and changes nothing
      const forged = await deliver(
        fake.captureWebhook(paymentRequest.paymentRequestId, {
          paidAt,
          callbackToken: 'cb-token-WRONG00000',
        }),
      );
      expect(forged.statusCode).toBe(401);
      const [stillPending] = await db().select().from(repayments).where(eq(repayments.id, started.body.id));
      expect(stillPending).toMatchObject({ state: 'pending', paidAt: null });
      expect((await bill(b.h, b.orderId)).balance.total).toBe(total);
      expect(await entriesOf(b.orderId)).toBe(entriesBefore);
      expect(await webhooksRecorded()).toBe(webhooksBefore);

      // Xendit's own delivery: applied, the loan settled as of the payer's moment
      const hook = fake.captureWebhook(paymentRequest.paymentRequestId, { paidAt });
      const applied = await deliver(hook);
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toMatchObject({ result: 'applied' });
      const [order] = await db().select().from(orders).where(eq(orders.id, b.orderId));
      expect(order!.status).toBe('settled');
      expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled', balance: { total: '0' } });
      const receipt = (await api.json('GET', `/api/repayments/${started.body.id}`, undefined, b.h)).body;
      expect(receipt).toMatchObject({
        state: 'paid',
        record: 'success',
        receipt: {
          reference: `RCPT-${paymentRequest.paymentRequestId.slice(3, 11)}`,
          channel,
          providerCode,
          amount: total,
          paidAt: paidAt.toISOString(),
        },
      });
      expect(await entriesOf(b.orderId)).toBeGreaterThan(entriesBefore);
      expect(await ledgerBalanced()).toBe(true);

      // Xendit retries what it thinks was not received: applied once
      const entriesAfter = await entriesOf(b.orderId);
      expect((await deliver(hook)).json()).toMatchObject({ result: 'replayed' });
      expect(await entriesOf(b.orderId)).toBe(entriesAfter);
    },
  );
});
