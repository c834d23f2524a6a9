import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxPayoutProvider } from './sandbox-payout.ts';
import { XenditPayoutProvider, pesoDecimal } from './xendit-payout.ts';
import { PayoutSendError, type PayoutRequest } from './payout-provider.ts';

const request = (over: Partial<PayoutRequest> = {}): PayoutRequest => ({
  idempotencyKey: 'payout-1',
  referenceId: 'po_1',
  channel: 'ewallet',
  providerCode: 'GCASH',
  accountNumber: '09171234567',
  accountHolderName: 'Maria Dela Cruz',
  amount: 97_730n,
  description: 'Loan proceeds',
  ...over,
});

describe('BE-05 sandbox payouts: documented magic values', () => {
  it('BE-05 VAL-14 …0000 fails, …1111 waits, …2222 and others succeed, …3333 is a name mismatch; remittance gets a claim code', async () => {
    const p = new SandboxPayoutProvider();
    expect(await p.send(request({ idempotencyKey: 'a', accountNumber: '09170000000' }))).toMatchObject({
      state: 'failed',
      failureCode: 'INVALID_DESTINATION',
    });
    expect(await p.send(request({ idempotencyKey: 'b', accountNumber: '09170001111' }))).toMatchObject({
      state: 'accepted',
    });
    expect(await p.send(request({ idempotencyKey: 'c', accountNumber: '09170002222' }))).toMatchObject({
      state: 'succeeded',
    });
    expect(await p.send(request({ idempotencyKey: 'd' }))).toMatchObject({ state: 'succeeded' });
    // VAL-14: the payee name does not match the account holder
    expect(await p.send(request({ idempotencyKey: 'f', accountNumber: '09170003333' }))).toMatchObject({
      state: 'failed',
      failureCode: 'ACCOUNT_NAME_MISMATCH',
    });
    const pickup = await p.send(
      request({
        idempotencyKey: 'e',
        channel: 'remittance',
        providerCode: 'CEBUANA',
        accountNumber: undefined,
      }),
    );
    expect(pickup.claimCode).toMatch(/^CEBUANA-[0-9A-F]{8}$/);
  });

  it('BE-05 the same idempotency key always gets the same payout', async () => {
    const p = new SandboxPayoutProvider();
    const first = await p.send(request({ idempotencyKey: 'same' }));
    const again = await p.send(request({ idempotencyKey: 'same', accountNumber: '09170000000' }));
    expect(again).toEqual(first);
  });

  it('sandbox callbacks are accepted only when signed with the sandbox key (no anonymous marker)', () => {
    const p = new SandboxPayoutProvider();
    const body = { providerPayoutId: 'sbx-1', referenceId: 'po_1', state: 'succeeded' };
    expect(p.verifyCallback(p.signCallback(body), body)).toMatchObject({
      state: 'succeeded',
      providerEventId: 'sandbox:payout:sbx-1:succeeded',
    });
    expect(p.verifyCallback({ 'x-sandbox-callback': '1' }, body)).toBeNull();
    expect(p.verifyCallback(new SandboxPayoutProvider().signCallback(body), body)).toBeNull();
    expect(p.verifyCallback(p.signCallback(body), { ...body, state: 'failed' })).toBeNull();
    expect(p.verifyCallback({}, body)).toBeNull();
  });
});

/** A local fake of Xendit's documented payouts API. */
let server: Server;
let baseUrl: string;
let calls: { headers: Record<string, unknown>; body: string }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v2/payouts') return void res.writeHead(404).end('{}');
      calls.push({ headers: req.headers, body });
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  calls = [];
});

const xendit = () =>
  new XenditPayoutProvider({
    secretKey: 'xnd_development_test',
    callbackToken: 'cb-token-123',
    baseUrl,
    timeoutMs: 2_000,
  });
const payoutObject = (status: string) => ({
  id: 'disb-571f3644',
  amount: 977.3,
  channel_code: 'PH_GCASH',
  currency: 'PHP',
  status,
  reference_id: 'po_1',
  created: '2026-11-22T02:00:00Z',
  updated: '2026-11-22T02:00:00Z',
  business_id: 'b1',
  channel_properties: { account_number: '09171234567', account_holder_name: 'Maria Dela Cruz' },
});

describe('BE-05 Xendit payouts adapter (against a local fake of its documented API)', () => {
  it('BE-05 sends basic auth, our Idempotency-key, the channel code and the exact peso amount', async () => {
    answer = { status: 200, body: payoutObject('ACCEPTED') };
    const result = await xendit().send(request());
    expect(result).toEqual({ providerPayoutId: 'disb-571f3644', state: 'accepted', failureCode: undefined });
    const call = calls[0]!;
    expect(call.headers.authorization).toBe(
      `Basic ${Buffer.from('xnd_development_test:').toString('base64')}`,
    );
    expect(call.headers['idempotency-key']).toBe('payout-1');
    expect(call.body).toContain('"amount":977.30');
    expect(JSON.parse(call.body)).toMatchObject({
      reference_id: 'po_1',
      channel_code: 'PH_GCASH',
      currency: 'PHP',
      channel_properties: { account_number: '09171234567', account_holder_name: 'Maria Dela Cruz' },
    });
  });

  it('exact decimal amounts, never through a float', () => {
    expect(pesoDecimal(97_730n)).toBe('977.30');
    expect(pesoDecimal(5n)).toBe('0.05');
    expect(pesoDecimal(123_456_789_012_345n)).toBe('1234567890123.45');
  });

  it('a 4xx is not retryable, a 5xx or 429 is, an unknown channel is refused before sending', async () => {
    answer = { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'bad' } };
    expect(
      (
        (await xendit()
          .send(request())
          .catch((e) => e)) as PayoutSendError
      ).retryable,
    ).toBe(false);
    answer = { status: 503, body: { error_code: 'SERVER_ERROR' } };
    expect(
      (
        (await xendit()
          .send(request())
          .catch((e) => e)) as PayoutSendError
      ).retryable,
    ).toBe(true);
    answer = { status: 429, body: { error_code: 'RATE_LIMIT_EXCEEDED' } };
    expect(
      (
        (await xendit()
          .send(request())
          .catch((e) => e)) as PayoutSendError
      ).retryable,
    ).toBe(true);
    answer = { status: 502, body: '<html>' };
    await expect(xendit().send(request())).rejects.toBeInstanceOf(PayoutSendError);
    calls = [];
    await expect(xendit().send(request({ providerCode: 'NOPE' }))).rejects.toBeInstanceOf(PayoutSendError);
    expect(calls).toHaveLength(0);
  });

  it('BE-05 callbacks: authentic token accepted (succeeded / failed / reversed); forged or malformed refused', () => {
    const p = xendit();
    const event = (status: string) => ({
      event: `payout.${status.toLowerCase()}`,
      business_id: 'b1',
      created: '2026-11-22T02:01:00Z',
      data: { ...payoutObject(status), connector_reference: 'INSTAPAY-REF-42' },
    });
    expect(p.verifyCallback({ 'x-callback-token': 'cb-token-123' }, event('SUCCEEDED'))).toEqual({
      providerEventId: 'xendit:payout:disb-571f3644:SUCCEEDED',
      providerPayoutId: 'disb-571f3644',
      referenceId: 'po_1',
      state: 'succeeded',
      failureCode: undefined,
      networkReference: 'INSTAPAY-REF-42',
    });
    expect(p.verifyCallback({ 'x-callback-token': 'cb-token-123' }, event('FAILED'))?.state).toBe('failed');
    // the event id names the payout and the state it reached: a reversal after the success is another
    expect(p.verifyCallback({ 'x-callback-token': 'cb-token-123' }, event('REVERSED'))?.providerEventId).toBe(
      'xendit:payout:disb-571f3644:REVERSED',
    );
    expect(p.verifyCallback({ 'x-callback-token': 'cb-token-123' }, event('REVERSED'))?.state).toBe(
      'reversed',
    );
    expect(p.verifyCallback({ 'x-callback-token': 'forged' }, event('SUCCEEDED'))).toBeNull();
    expect(p.verifyCallback({}, event('SUCCEEDED'))).toBeNull();
    expect(
      p.verifyCallback({ 'x-callback-token': 'cb-token-123' }, { event: 'payout.succeeded' }),
    ).toBeNull();
    expect(p.verifyCallback({ 'x-callback-token': 'cb-token-123' }, event('ACCEPTED'))).toBeNull();
  });

  it('an unreachable gateway is retryable', async () => {
    const p = new XenditPayoutProvider({
      secretKey: 'k',
      callbackToken: 't',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1_000,
    });
    expect(((await p.send(request()).catch((e) => e)) as PayoutSendError).retryable).toBe(true);
  });
});
