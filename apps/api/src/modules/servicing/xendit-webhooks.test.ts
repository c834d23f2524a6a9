import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { amountDueOn, manilaDate } from '@pisonow/domain';
import { client, createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { orders, providerWebhooks, repayments } from '../../db/schema/index.ts';
import { loadLoan } from './loan-record.ts';

/**
 * BE-05, BE-10: the Xendit collection adapter through the real webhook route and the ledger (the
 * adapter's parsing alone is in providers/collection/collection.test.ts). Xendit authenticates with
 * a static `x-callback-token` and re-delivers anything not answered 2xx for about a day.
 */
const TOKEN = 'cb-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    COLLECTION_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: 'xnd_development_test',
    XENDIT_CALLBACK_TOKEN: TOKEN,
    XENDIT_BASE_URL: 'http://127.0.0.1:9',
    PUBLIC_BASE_URL: 'https://app.pisonow.example',
  });
  t.clock.set('2027-02-01T02:00:00Z');
});
afterAll(async () => t?.close());
const db = () => t.database.db;

/** a disbursed loan with a pending 7-Eleven attempt for the amount due, as start-repayment leaves it */
async function loanWithXenditAttempt(paymentRequestId: string) {
  const { orderId, customerId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now() });
  const { loan } = (await loadLoan(db(), orderId))!;
  const amount = amountDueOn(loan, manilaDate(t.clock.now()));
  const id = randomUUID();
  const now = t.clock.now();
  await db()
    .insert(repayments)
    .values({
      id,
      orderId,
      customerId,
      purpose: 'full',
      channel: 'otc',
      provider: 'xendit',
      providerCode: '7ELEVEN',
      amount,
      state: 'pending',
      providerCollectionId: paymentRequestId,
      paymentCode: 'X1',
      expiresAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
      updatedAt: now,
    });
  return { orderId, id, amount };
}

const pesos = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
/** a payment-status topic delivery in the shape of Xendit's payment schema */
const delivery = (
  event: string,
  status: string,
  referenceId: string,
  paymentRequestId: string,
  amount: bigint,
  extra = '',
) =>
  `{"event":"${event}","business_id":"b","created":"2027-02-01T01:59:00Z","data":{` +
  `"payment_id":"py-${paymentRequestId}","business_id":"b","status":"${status}",` +
  `"payment_request_id":"${paymentRequestId}","request_amount":${pesos(amount)},` +
  `"channel_code":"7ELEVEN","country":"PH","currency":"PHP","reference_id":"${referenceId}","type":"PAY",` +
  `"captures":[{"capture_id":"cap-${paymentRequestId}","capture_amount":${pesos(amount)},` +
  `"capture_timestamp":"2027-02-01T01:58:00Z"}]${extra},` +
  `"created":"2027-02-01T01:57:00Z","updated":"2027-02-01T01:58:01Z"}}`;
const deliver = (raw: string, token = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/collections/webhook',
    headers: { 'content-type': 'application/json', 'x-callback-token': token },
    payload: raw,
  });

describe('Xendit collection webhooks through the route (BE-05)', () => {
  it('BE-05 an authentic event the adapter does not act on is recorded once and answered 200; only a wrong token is a 401', async () => {
    const { id, amount } = await loanWithXenditAttempt('pr-a1');
    // the payment-status topic also carries these: answered 401 they were re-delivered for a day
    // and then lost, indistinguishable from forgeries
    for (const [event, status] of [
      ['payment.authorization', 'AUTHORIZED'],
      ['payment.expiry', 'EXPIRED'],
      ['payment.capture', 'PENDING'],
    ] as const) {
      const raw = delivery(event, status, id, 'pr-a1', amount);
      const first = await deliver(raw);
      expect(first.statusCode, event).toBe(200);
      expect(first.json()).toMatchObject({ result: 'unread' });
      expect((await deliver(raw)).statusCode).toBe(200);
    }
    const unread = await db()
      .select()
      .from(providerWebhooks)
      .where(and(eq(providerWebhooks.provider, 'xendit'), eq(providerWebhooks.result, 'unread')));
    expect(unread).toHaveLength(3); // once per body, however often delivered
    const forged = await deliver(
      delivery('payment.capture', 'SUCCEEDED', id, 'pr-a1', amount),
      'cb-token-WRONG00000',
    );
    expect(forged.statusCode).toBe(401);
    const [attempt] = await db().select().from(repayments).where(eq(repayments.id, id));
    expect(attempt!.state).toBe('pending');
  });

  it('BE-05 BE-10 a capture with a NUL character or half an emoji in a payer field is applied once, stored without the NUL (it was a 500 on every delivery)', async () => {
    const { id, amount, orderId } = await loanWithXenditAttempt('pr-n1');
    const raw = delivery(
      'payment.capture',
      'SUCCEEDED',
      id,
      'pr-n1',
      amount,
      ',"payment_details":{"receipt_id":"R\\u00001","payer_name":"JUAN\\u0000DELA CRUZ \\ud83d"}',
    );
    const first = await deliver(raw);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ result: 'applied' });
    expect((await deliver(raw)).json()).toMatchObject({ result: 'replayed' });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('settled');
    const [record] = await db()
      .select()
      .from(providerWebhooks)
      .where(and(eq(providerWebhooks.provider, 'xendit'), eq(providerWebhooks.result, 'applied')));
    // and half an emoji (a lone surrogate, which jsonb refuses as well) is replaced too
    expect(JSON.stringify(record!.body)).toContain('JUAN\ufffdDELA CRUZ \ufffd');
  });
});

describe('Xendit partner limits (BE-05)', () => {
  it("BE-05 an amount outside the partner's limits is refused in the borrower's language before asking Xendit; the channel list says the limits", async () => {
    // Xendit takes ₱50 to ₱50,000 at 7-Eleven: a ₱20 extension fee was sent, refused by Xendit, and
    // reached the borrower as COLLECTION_FAILED
    const phone = '9198800001';
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
    const api = client(t.app);
    const h = api.authed((await api.signIn(phone)).token);
    const channels = (await api.json('GET', '/api/repayments/channels', undefined, h)).body.channels as {
      providerCode: string;
      minAmount?: string;
      maxAmount?: string;
    }[];
    expect(channels.find((c) => c.providerCode === '7ELEVEN')).toMatchObject({
      minAmount: '5000',
      maxAmount: '5000000',
    });
    expect(channels.find((c) => c.providerCode === 'GCASH')).not.toHaveProperty('minAmount');
    const quote = (await api.json('GET', `/api/orders/${orderId}/extension`, undefined, h)).body;
    expect(BigInt(quote.amount)).toBeLessThan(5000n);
    const refused = await api.json(
      'POST',
      `/api/orders/${orderId}/repayments`,
      {
        purpose: 'extension',
        channel: 'otc',
        providerCode: '7ELEVEN',
        expectedAmount: quote.amount,
        disclosureSha256: quote.disclosureSha256,
      },
      { ...h, 'idempotency-key': `limit-${orderId}`, 'accept-language': 'fil' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'REPAYMENT_CHANNEL_AMOUNT' });
    expect(refused.body.message).toContain('₱50.00');
    expect(refused.body.message).toContain('Pumili');
    expect(await db().select().from(repayments).where(eq(repayments.orderId, orderId))).toHaveLength(0);
  });
});
