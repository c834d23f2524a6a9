import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  COLLECTION_OPTIONS,
  CollectionChannelUnsupportedError,
  CollectionSendError,
  collectionOptionsFor,
  type CollectionRequest,
} from './collection-provider.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxCollectionProvider,
  sandboxCollectionWebhookSecret,
} from './sandbox-collection.ts';
import { XenditCollectionProvider, XENDIT_API_VERSION } from './xendit-collection.ts';
import { centavosFromPesos, parseJsonExact } from './exact-amount.ts';
import { loadConfig } from '../../config.ts';
import { startFakeXendit, type FakeXendit, type FakeXenditCall } from '../../test/fake-xendit.ts';

const NOW = new Date('2026-11-23T04:00:00.000Z');
const request = (over: Partial<CollectionRequest> = {}): CollectionRequest => ({
  idempotencyKey: 'col-1',
  referenceId: 'col_1',
  channel: 'ewallet',
  providerCode: 'GCASH',
  amount: 102_110n,
  payerName: 'Maria Dela Cruz',
  mobileNumber: '09171234567',
  expiresAt: new Date('2026-11-24T04:00:00.000Z'),
  successReturnUrl: 'https://pisonow.example/repay/return?ok=1',
  failureReturnUrl: 'https://pisonow.example/repay/return?ok=0',
  description: 'PisoNow loan repayment',
  ...over,
});

const secret = randomBytes(32);
const sandbox = () => new SandboxCollectionProvider({ webhookSecret: secret });

describe('ST-02 exact amounts from providers (never a float)', () => {
  it('decimal strings and JSON number literals become exact centavos; fractional centavos are refused', () => {
    expect(centavosFromPesos('1021.10')).toBe(102_110n);
    expect(centavosFromPesos('0.05')).toBe(5n);
    expect(centavosFromPesos('977.300')).toBe(97_730n);
    expect(centavosFromPesos('12345678901234567.89')).toBe(1_234_567_890_123_456_789n);
    const body = parseJsonExact('{"a":977.3,"b":0.1,"c":1021.10,"d":977.305,"e":1e3,"f":-5}') as Record<
      string,
      unknown
    >;
    expect(centavosFromPesos(body.a)).toBe(97_730n);
    expect(centavosFromPesos(body.b)).toBe(10n);
    expect(centavosFromPesos(body.c)).toBe(102_110n);
    expect(centavosFromPesos(body.d)).toBeNull();
    expect(centavosFromPesos(body.e)).toBeNull();
    expect(centavosFromPesos(body.f)).toBeNull();
    expect(centavosFromPesos('1,021.10')).toBeNull();
    expect(centavosFromPesos(1021.1)).toBeNull(); // a float that already lost its text is refused
  });
});

describe('ST-02 collection options for the Repay page', () => {
  it('every option has a channel, a code and a display name; codes are unique per channel', () => {
    const keys = COLLECTION_OPTIONS.map((o) => `${o.channel}:${o.providerCode}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const o of COLLECTION_OPTIONS) expect(o.displayName.length).toBeGreaterThan(1);
    expect(new Set(COLLECTION_OPTIONS.map((o) => o.channel))).toEqual(
      new Set(['ewallet', 'bank_transfer', 'otc']),
    );
  });

  it('the sandbox offers every option; Xendit all but M Lhuillier', () => {
    expect(collectionOptionsFor(sandbox())).toHaveLength(COLLECTION_OPTIONS.length);
    const x = collectionOptionsFor(
      new XenditCollectionProvider({
        secretKey: 'k',
        callbackToken: 't',
        baseUrl: 'http://127.0.0.1:9',
        displayName: 'PisoNow',
      }),
    );
    expect(x.map((o) => o.providerCode)).toEqual(
      COLLECTION_OPTIONS.filter((o) => o.providerCode !== 'MLHUILLIER').map((o) => o.providerCode),
    );
  });
});

describe('ST-02 BE-05 sandbox collections: instructions and documented magic values', () => {
  it('e-wallet → our checkout page; bank transfer → a virtual account; OTC → a payment code; expiry and amount echoed', async () => {
    const p = sandbox();
    const wallet = await p.create(request());
    expect(wallet).toMatchObject({
      channel: 'ewallet',
      amount: 102_110n,
      expiresAt: request().expiresAt,
      providerCode: 'GCASH',
    });
    expect(wallet.channel === 'ewallet' && wallet.checkoutUrl).toBe(
      `/sandbox/checkout/${wallet.providerCollectionId}`,
    );
    const bank = await p.create(
      request({
        idempotencyKey: 'col-2',
        referenceId: 'col_2',
        channel: 'bank_transfer',
        providerCode: 'BANK_TRANSFER',
      }),
    );
    expect(bank.channel === 'bank_transfer' && bank.bankAccountNumber).toMatch(/^7057\d{12}$/);
    expect(bank).toMatchObject({
      bankName: expect.stringContaining('Sandbox'),
      bankAccountName: 'PisoNow (sandbox)',
    });
    const otc = await p.create(
      request({ idempotencyKey: 'col-3', referenceId: 'col_3', channel: 'otc', providerCode: '7ELEVEN' }),
    );
    expect(otc.channel === 'otc' && otc.paymentCode).toMatch(/^7ELEVEN-[0-9A-F]{10}$/);
    expect(
      new Set([wallet.providerCollectionId, bank.providerCollectionId, otc.providerCollectionId]).size,
    ).toBe(3);
    expect(p.lookup(wallet.providerCollectionId)?.request.referenceId).toBe('col_1');
  });

  it('the same idempotency key always gets the same instructions', async () => {
    const p = sandbox();
    const first = await p.create(request());
    expect(await p.create(request({ amount: 1n, channel: 'otc', providerCode: 'CEBUANA' }))).toEqual(first);
    expect((await p.create(request({ idempotencyKey: 'other' }))).providerCollectionId).not.toBe(
      first.providerCollectionId,
    );
  });

  it('mobile …0000 is refused, …1111 is unavailable (retryable); unknown codes are unsupported', async () => {
    const p = sandbox();
    const refused = (await p
      .create(request({ mobileNumber: '09170000000' }))
      .catch((e) => e)) as CollectionSendError;
    expect(refused).toBeInstanceOf(CollectionSendError);
    expect([refused.retryable, refused.providerCode]).toEqual([false, 'CHANNEL_REFUSED']);
    const down = (await p
      .create(request({ mobileNumber: '09170001111' }))
      .catch((e) => e)) as CollectionSendError;
    expect([down.retryable, down.providerCode]).toEqual([true, 'CHANNEL_UNAVAILABLE']);
    await expect(p.create(request({ providerCode: 'PAYPAL' }))).rejects.toBeInstanceOf(
      CollectionChannelUnsupportedError,
    );
    await expect(p.create(request({ channel: 'otc', providerCode: 'GCASH' }))).rejects.toBeInstanceOf(
      CollectionChannelUnsupportedError,
    );
  });
});

describe('ST-02 BE-10 sandbox webhooks are real signed webhooks', () => {
  it('pay: exact amount, paid now; pay_late: paid at the given instant; pay_different: the given amount', async () => {
    const p = sandbox();
    const { providerCollectionId } = await p.create(request());
    const paid = p.simulate(providerCollectionId, 'pay', { now: NOW });
    expect(paid.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(p.verifyWebhook(paid.headers, paid.rawBody, NOW)).toEqual({
      providerEventId: paid.providerEventId,
      providerCollectionId,
      referenceId: 'col_1',
      state: 'paid',
      amountPaid: 102_110n,
      paidAt: NOW,
      channelReference: expect.stringMatching(/^SBX-/),
    });

    const paidAt = new Date('2026-11-20T15:59:00.000Z'); // before midnight Manila, delivered three days later
    const late = p.simulate(providerCollectionId, 'pay_late', { now: NOW, paidAt });
    expect(p.verifyWebhook(late.headers, late.rawBody, NOW)).toMatchObject({
      state: 'paid',
      paidAt,
      amountPaid: 102_110n,
    });
    expect(late.providerEventId).not.toBe(paid.providerEventId);

    const different = p.simulate(providerCollectionId, 'pay_different', { now: NOW, amount: 50_000n });
    expect(p.verifyWebhook(different.headers, different.rawBody, NOW)).toMatchObject({
      state: 'paid',
      amountPaid: 50_000n,
      paidAt: NOW,
    });
  });

  it('expire and fail', async () => {
    const p = sandbox();
    const { providerCollectionId } = await p.create(request());
    const expired = p.simulate(providerCollectionId, 'expire', { now: NOW });
    expect(p.verifyWebhook(expired.headers, expired.rawBody, NOW)).toEqual({
      providerEventId: expired.providerEventId,
      providerCollectionId,
      referenceId: 'col_1',
      state: 'expired',
    });
    const failed = p.simulate(providerCollectionId, 'fail', { now: NOW });
    expect(p.verifyWebhook(failed.headers, failed.rawBody, NOW)).toMatchObject({
      state: 'failed',
      failureCode: 'USER_DECLINED_PAYMENT',
    });
  });

  it('simulating the same event again is a replay (same id and body, freshly signed); attempt 2 is a second payment', async () => {
    const p = sandbox();
    const { providerCollectionId } = await p.create(request());
    const first = p.simulate(providerCollectionId, 'pay', { now: NOW });
    const later = new Date(NOW.getTime() + 3_600_000);
    const replay = p.simulate(providerCollectionId, 'pay', { now: later });
    expect(replay.providerEventId).toBe(first.providerEventId);
    expect(replay.rawBody).toBe(first.rawBody);
    expect(p.verifyWebhook(replay.headers, replay.rawBody, later)).toMatchObject({
      providerEventId: first.providerEventId,
      paidAt: NOW,
    });
    const twice = p.simulate(providerCollectionId, 'pay', { now: later, attempt: 2 });
    expect(twice.providerEventId).not.toBe(first.providerEventId);
  });

  it('forged, tampered, stale, unsigned or malformed deliveries are refused', async () => {
    const p = sandbox();
    const { providerCollectionId } = await p.create(request());
    const ok = p.simulate(providerCollectionId, 'pay', { now: NOW });
    const forger = new SandboxCollectionProvider({ webhookSecret: randomBytes(32) });
    expect(
      p.verifyWebhook({ [SANDBOX_SIGNATURE_HEADER]: forger.sign(ok.rawBody, NOW) }, ok.rawBody, NOW),
    ).toBeNull();
    expect(p.verifyWebhook(ok.headers, ok.rawBody.replace('1021.10', '9999.99'), NOW)).toBeNull();
    expect(p.verifyWebhook(ok.headers, ok.rawBody, new Date(NOW.getTime() + 6 * 60_000))).toBeNull();
    expect(p.verifyWebhook(ok.headers, ok.rawBody, new Date(NOW.getTime() + 4 * 60_000))).not.toBeNull();
    expect(p.verifyWebhook({}, ok.rawBody, NOW)).toBeNull();
    expect(p.verifyWebhook({ [SANDBOX_SIGNATURE_HEADER]: 't=abc,v1=zz' }, ok.rawBody, NOW)).toBeNull();
    const garbage = 'not json';
    expect(p.verifyWebhook({ [SANDBOX_SIGNATURE_HEADER]: p.sign(garbage, NOW) }, garbage, NOW)).toBeNull();
    const notCollection = JSON.stringify({
      id: 'x',
      type: 'refund.done',
      data: { collection_id: 'c', reference_id: 'r', currency: 'PHP' },
    });
    expect(
      p.verifyWebhook({ [SANDBOX_SIGNATURE_HEADER]: p.sign(notCollection, NOW) }, notCollection, NOW),
    ).toBeNull();
    const fractional = JSON.stringify({
      id: 'x',
      type: 'collection.paid',
      data: {
        collection_id: 'c',
        reference_id: 'r',
        currency: 'PHP',
        amount: '10.005',
        paid_at: NOW.toISOString(),
      },
    });
    expect(
      p.verifyWebhook({ [SANDBOX_SIGNATURE_HEADER]: p.sign(fractional, NOW) }, fractional, NOW),
    ).toBeNull();
  });

  it('after a restart the caller passes the collection facts; without them simulate refuses', () => {
    const fresh = sandbox();
    expect(() => fresh.simulate('sbxc_unknown', 'pay', { now: NOW })).toThrow(/unknown collection/);
    const event = fresh.simulate('sbxc_unknown', 'pay', {
      now: NOW,
      collection: { referenceId: 'col_9', amount: 500n, channel: 'otc', providerCode: 'CEBUANA' },
    });
    expect(fresh.verifyWebhook(event.headers, event.rawBody, NOW)).toMatchObject({
      referenceId: 'col_9',
      amountPaid: 500n,
    });
    expect(() =>
      fresh.simulate('sbxc_unknown', 'pay_late', {
        now: NOW,
        collection: { referenceId: 'c', amount: 5n, channel: 'otc', providerCode: 'LBC' },
      }),
    ).toThrow(/paidAt/);
  });

  it('the default sandbox key is derived from the server secret key (stable, per installation) unless configured', () => {
    const key = randomBytes(32);
    expect(sandboxCollectionWebhookSecret(undefined, key)).toEqual(
      sandboxCollectionWebhookSecret(undefined, key),
    );
    expect(sandboxCollectionWebhookSecret(undefined, key)).not.toEqual(
      sandboxCollectionWebhookSecret(undefined, randomBytes(32)),
    );
    expect(sandboxCollectionWebhookSecret(undefined, key)).not.toEqual(key);
    expect(sandboxCollectionWebhookSecret('configured-secret-0123456789abcdef', key).toString()).toBe(
      'configured-secret-0123456789abcdef',
    );
  });
});

const TOKEN = 'cb-token-0123456789';
/**
 * The local fake of Xendit's documented Payments API v3 (test/fake-xendit.ts), answering what each
 * test sets in `answer` once the key has been checked.
 */
let fake: FakeXendit;
let baseUrl: string;
let calls: FakeXenditCall[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: {} };
beforeAll(async () => {
  fake = await startFakeXendit({
    secretKey: 'xnd_development_test',
    callbackToken: TOKEN,
    respond: () => answer,
  });
  baseUrl = fake.baseUrl;
  calls = fake.calls;
});
afterAll(() => fake.close());
afterEach(() => {
  calls.length = 0;
});

const xendit = (over: { secretKey?: string; baseUrl?: string } = {}) =>
  new XenditCollectionProvider({
    secretKey: over.secretKey ?? 'xnd_development_test',
    callbackToken: TOKEN,
    baseUrl: over.baseUrl ?? baseUrl,
    displayName: 'PisoNow Lending Corporation',
    timeoutMs: 2_000,
  });
const paymentRequest = (channelCode: string, actions: unknown[], extra: Record<string, unknown> = {}) => ({
  business_id: '5f27a14a9bf05c73dd040bc8',
  reference_id: 'col_1',
  payment_request_id: 'pr-90392f42-d98a-49ef-a7f3-abcezas129',
  type: 'PAY',
  country: 'PH',
  currency: 'PHP',
  request_amount: 1021.1,
  capture_method: 'AUTOMATIC',
  channel_code: channelCode,
  channel_properties: {},
  actions,
  status: 'REQUIRES_ACTION',
  created: '2026-11-23T04:00:00Z',
  updated: '2026-11-23T04:00:00Z',
  ...extra,
});

describe('ST-02 BE-05 Xendit collections adapter (against a local fake of its documented API)', () => {
  it('e-wallet: basic auth, api-version, our idempotency key, exact peso literal, PAYMAYA code, return URLs → checkout URL', async () => {
    answer = {
      status: 201,
      body: paymentRequest(
        'PAYMAYA',
        [{ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: 'https://checkout.example/maya/abc' }],
        { channel_properties: { expires_at: '2026-11-23T04:15:00Z' } },
      ),
    };
    const result = await xendit().create(request({ providerCode: 'MAYA' }));
    expect(result).toEqual({
      channel: 'ewallet',
      providerCollectionId: 'pr-90392f42-d98a-49ef-a7f3-abcezas129',
      providerCode: 'MAYA',
      amount: 102_110n,
      expiresAt: new Date('2026-11-23T04:15:00Z'), // the provider's shorter e-wallet expiry wins
      checkoutUrl: 'https://checkout.example/maya/abc',
    });
    const call = calls[0]!;
    expect(call.headers['api-version']).toBe(XENDIT_API_VERSION);
    expect(call.headers['idempotency-key']).toBe('col-1');
    expect(call.body).toContain('"request_amount":1021.10');
    expect(JSON.parse(call.body)).toMatchObject({
      reference_id: 'col_1',
      type: 'PAY',
      country: 'PH',
      currency: 'PHP',
      channel_code: 'PAYMAYA',
      channel_properties: {
        success_return_url: request().successReturnUrl,
        failure_return_url: request().failureReturnUrl,
        cancel_return_url: request().failureReturnUrl,
      },
    });
  });

  it('over the counter → payment code with the payer name and expiry; bank transfer → an AUB virtual account', async () => {
    answer = {
      status: 201,
      body: paymentRequest('7ELEVEN', [
        { type: 'PRESENT_TO_CUSTOMER', descriptor: 'PAYMENT_CODE', value: 'XND7E1234567' },
      ]),
    };
    const otc = await xendit().create(request({ channel: 'otc', providerCode: '7ELEVEN' }));
    expect(otc).toMatchObject({
      channel: 'otc',
      paymentCode: 'XND7E1234567',
      expiresAt: request().expiresAt,
    });
    expect(JSON.parse(calls[0]!.body)).toMatchObject({
      channel_code: '7ELEVEN',
      channel_properties: { payer_name: 'Maria Dela Cruz', expires_at: '2026-11-24T04:00:00.000Z' },
    });

    answer = {
      status: 201,
      body: paymentRequest('BANK_TRANSFER', [
        { type: 'PRESENT_TO_CUSTOMER', descriptor: 'VIRTUAL_ACCOUNT_NUMBER', value: '7057601478328965' },
      ]),
    };
    const bank = await xendit().create(request({ channel: 'bank_transfer', providerCode: 'BANK_TRANSFER' }));
    expect(bank).toMatchObject({
      channel: 'bank_transfer',
      bankAccountNumber: '7057601478328965',
      bankName: 'Asia United Bank (AUB)',
      bankAccountName: 'PisoNow Lending Corporation',
    });
  });

  it('what Xendit cannot do for PH is refused before sending (M Lhuillier, unknown codes)', async () => {
    await expect(
      xendit().create(request({ channel: 'otc', providerCode: 'MLHUILLIER' })),
    ).rejects.toBeInstanceOf(CollectionChannelUnsupportedError);
    await expect(xendit().create(request({ providerCode: 'PAYPAL' }))).rejects.toBeInstanceOf(
      CollectionChannelUnsupportedError,
    );
    expect(calls).toHaveLength(0);
  });

  it('an invalid key (401) and validation errors (400) are not retryable; 5xx and 429 are; garbage and missing actions are errors', async () => {
    const err = async (p = xendit()) => (await p.create(request()).catch((e) => e)) as CollectionSendError;
    const invalidKey = await err(xendit({ secretKey: 'xnd_wrong' }));
    expect([invalidKey.retryable, invalidKey.providerCode]).toEqual([false, 'INVALID_API_KEY']);
    answer = {
      status: 400,
      body: { error_code: 'API_VALIDATION_ERROR', message: 'request_amount is invalid' },
    };
    expect((await err()).retryable).toBe(false);
    answer = { status: 503, body: { error_code: 'CHANNEL_UNAVAILABLE', message: 'down' } };
    expect(await err()).toMatchObject({ retryable: true, providerCode: 'CHANNEL_UNAVAILABLE' });
    answer = { status: 500, body: { error_code: 'SERVER_ERROR', message: 'oops' } };
    expect((await err()).retryable).toBe(true);
    answer = { status: 429, body: { error_code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' } };
    expect((await err()).retryable).toBe(true);
    answer = { status: 502, body: '<html>bad gateway</html>' };
    expect(await err()).toMatchObject({ retryable: true });
    answer = { status: 201, body: 'garbage' };
    expect(await err()).toBeInstanceOf(CollectionSendError); // retryable: the same idempotency key makes it safe
    answer = { status: 201, body: paymentRequest('GCASH', []) };
    expect(await err()).toMatchObject({ retryable: false });
    answer = {
      status: 201,
      body: paymentRequest('GCASH', [], { status: 'FAILED', failure_code: 'CHANNEL_UNAVAILABLE' }),
    };
    expect(await err()).toMatchObject({ retryable: false, providerCode: 'CHANNEL_UNAVAILABLE' });
  });

  it('an unreachable gateway is retryable', async () => {
    const e = (await xendit({ baseUrl: 'http://127.0.0.1:9' })
      .create(request())
      .catch((x) => x)) as CollectionSendError;
    expect(e).toBeInstanceOf(CollectionSendError);
    expect(e.retryable).toBe(true);
  });
});

/** Webhook bodies as Xendit documents them (payment webhook notification, v3). */
const captureBody = (amountLiteral: string, extra = '') =>
  `{"event":"payment.capture","business_id":"6094fa76c2fd53701b8e079c","created":"2026-11-23T04:05:00.000Z","data":{"payment_id":"py-1fdaf346","business_id":"6094fa76c2fd53701b8e079c","status":"SUCCEEDED","payment_request_id":"pr-1fdaf346","request_amount":${amountLiteral},"channel_code":"GCASH","country":"PH","currency":"PHP","reference_id":"col_1","type":"PAY","captures":[{"capture_id":"cap-1502feb0","capture_amount":${amountLiteral},"capture_timestamp":"2026-11-20T15:58:30Z"}],"payment_details":{"receipt_id":"GC-8812345"${extra}},"created":"2026-11-20T15:58:00Z","updated":"2026-11-20T15:58:31Z"}}`;

describe('ST-02 BE-10 Xendit webhooks', () => {
  const H = { 'x-callback-token': TOKEN };
  const late = new Date('2026-11-23T04:05:01Z');

  it('an authentic capture: exact amount from the number literal, paid at the capture time (not receipt), receipt id', () => {
    expect(xendit().verifyWebhook(H, captureBody('1021.1'), late)).toEqual({
      providerEventId: 'xendit:payment.capture:py-1fdaf346:cap-1502feb0',
      providerCollectionId: 'pr-1fdaf346',
      referenceId: 'col_1',
      state: 'paid',
      amountPaid: 102_110n,
      paidAt: new Date('2026-11-20T15:58:30Z'),
      channelReference: 'GC-8812345',
    });
    expect(xendit().verifyWebhook(H, captureBody('"0.30"'), late)).toMatchObject({ amountPaid: 30n });
  });

  it('a retried or replayed delivery has the same providerEventId', () => {
    const a = xendit().verifyWebhook(H, captureBody('1021.10'), late);
    const b = xendit().verifyWebhook(
      { 'x-callback-token': [TOKEN] },
      captureBody('1021.10'),
      new Date('2026-11-24T00:00:00Z'),
    );
    expect(b?.providerEventId).toBe(a?.providerEventId);
  });

  it('forged or missing tokens, fractional centavos, other currencies, malformed and other events are refused', () => {
    const p = xendit();
    expect(
      p.verifyWebhook({ 'x-callback-token': 'cb-token-0123456780' }, captureBody('1021.10'), late),
    ).toBeNull();
    expect(p.verifyWebhook({ 'x-callback-token': 'short' }, captureBody('1021.10'), late)).toBeNull();
    expect(p.verifyWebhook({}, captureBody('1021.10'), late)).toBeNull();
    expect(p.verifyWebhook(H, captureBody('1021.105'), late)).toBeNull();
    expect(
      p.verifyWebhook(H, captureBody('1021.10').replace('"currency":"PHP"', '"currency":"IDR"'), late),
    ).toBeNull();
    expect(p.verifyWebhook(H, '{"event":"payment.capture"', late)).toBeNull();
    expect(p.verifyWebhook(H, '{"event":"payment.capture","data":{"status":"SUCCEEDED"}}', late)).toBeNull();
    expect(
      p.verifyWebhook(H, captureBody('1021.10').replace('payment.capture', 'payment.authorization'), late),
    ).toBeNull();
    // no time at all to date the payment by: neither the capture's nor the payment's
    expect(
      p.verifyWebhook(
        H,
        captureBody('1021.10')
          .replace('"capture_timestamp":"2026-11-20T15:58:30Z"', '"capture_timestamp":"yesterday"')
          .replace(',"updated":"2026-11-20T15:58:31Z"', ''),
        late,
      ),
    ).toBeNull();
  });

  it("BE-10 a capture without a readable capture time is paid at the payment's `updated` time, not left unread", () => {
    const paid = {
      providerEventId: 'xendit:payment.capture:py-1fdaf346:cap-1502feb0',
      state: 'paid',
      amountPaid: 102_110n,
      paidAt: new Date('2026-11-20T15:58:31Z'),
      channelReference: 'GC-8812345',
    };
    const captured = captureBody('1021.1');
    const stamp = '"capture_timestamp":"2026-11-20T15:58:30Z"';
    for (const body of [
      captured.replace(stamp, '"capture_timestamp":"yesterday"'),
      captured.replace(stamp, '"capture_timestamp":null'),
      captured.replace(`,${stamp}`, ''),
    ])
      expect(xendit().verifyWebhook(H, body, late)).toMatchObject(paid);
  });

  it('payment.failure → failed with its code; payment_request.expiry → expired', () => {
    const failure =
      '{"event":"payment.failure","business_id":"b","created":"2026-11-23T04:05:00Z","data":{"payment_id":"py-2","status":"FAILED","payment_request_id":"pr-2","request_amount":1021.1,"currency":"PHP","reference_id":"col_2","failure_code":"USER_DECLINED_PAYMENT"}}';
    expect(xendit().verifyWebhook(H, failure, late)).toEqual({
      providerEventId: 'xendit:payment.failure:py-2',
      providerCollectionId: 'pr-2',
      referenceId: 'col_2',
      state: 'failed',
      failureCode: 'USER_DECLINED_PAYMENT',
    });
    const expiry =
      '{"event":"payment_request.expiry","business_id":"b","created":"2026-11-23T04:05:00Z","data":{"payment_request_id":"pr-3","reference_id":"col_3","status":"EXPIRED","currency":"PHP","request_amount":1021.1}}';
    expect(xendit().verifyWebhook(H, expiry, late)).toEqual({
      providerEventId: 'xendit:payment_request.expiry:pr-3',
      providerCollectionId: 'pr-3',
      referenceId: 'col_3',
      state: 'expired',
    });
  });
});

describe('configuration of collections', () => {
  it('BE-05 defaults to the sandbox; xendit needs its key, token and an https public address; production refuses the sandbox', () => {
    expect(loadConfig({}).COLLECTION_PROVIDER).toBe('sandbox');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as { problems: string[] }).problems;
      }
    };
    expect(problems({ COLLECTION_PROVIDER: 'xendit' })).toEqual(
      expect.arrayContaining([
        'XENDIT_SECRET_KEY is required when COLLECTION_PROVIDER=xendit (or XENDIT_COLLECTION_SECRET_KEY)',
        'XENDIT_CALLBACK_TOKEN is required when COLLECTION_PROVIDER=xendit',
      ]),
    );
    const xenditReady = {
      COLLECTION_PROVIDER: 'xendit',
      XENDIT_COLLECTION_SECRET_KEY: 'xnd_development_x',
      XENDIT_CALLBACK_TOKEN: 'cb-token-0123456789',
    };
    // Xendit takes only https return URLs for e-wallet checkouts: without an https address every
    // GCash or Maya repayment was refused by Xendit and reached the borrower as COLLECTION_FAILED
    const httpsNeeded =
      'PUBLIC_BASE_URL must be an https address when COLLECTION_PROVIDER=xendit (e-wallet checkouts return the borrower there)';
    expect(problems(xenditReady)).toEqual([httpsNeeded]);
    expect(problems({ ...xenditReady, PUBLIC_BASE_URL: 'http://app.pisonow.example' })).toEqual([
      httpsNeeded,
    ]);
    expect(problems({ ...xenditReady, PUBLIC_BASE_URL: 'https://app.pisonow.example' })).toEqual([]);
    expect(problems({ NODE_ENV: 'production' })).toContain(
      'COLLECTION_PROVIDER must be a real provider when NODE_ENV=production',
    );
    expect(problems({ SANDBOX_COLLECTION_WEBHOOK_SECRET: 'short' })).toContain(
      'SANDBOX_COLLECTION_WEBHOOK_SECRET must be at least 32 characters',
    );
    expect(problems({ COLLECTION_PROVIDER: 'paypal' })).toHaveLength(1);
  });
});
