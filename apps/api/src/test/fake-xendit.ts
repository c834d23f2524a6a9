import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Xendit's Payments API v3 as documented (POST /v3/payment_requests, the payment
 * webhook notification): the real collection adapter talks HTTP to it exactly as to Xendit, and it
 * writes the webhook Xendit would send for a request it received, so a test can run the whole
 * path borrower → our API → "Xendit" → webhook → our route without the network.
 *
 * By default it behaves as Xendit documents: Basic auth with the secret key, one payment request
 * per idempotency key (a retry gets the same request back), the amount and reference echoed, and the
 * channel's action (checkout URL, payment code or virtual account). `respond` lets a test answer
 * something else (errors, garbage) after the key has been checked.
 */
export interface FakeXenditCall {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakePaymentRequest {
  paymentRequestId: string;
  referenceId: string;
  channelCode: string;
  /** the amount exactly as our request wrote it (a JSON number literal in pesos, e.g. 2042.00) */
  amountLiteral: string;
  body: Record<string, unknown>;
}

export interface FakeXendit {
  baseUrl: string;
  /** every request received, authorised or not, in order */
  calls: FakeXenditCall[];
  /** the payment requests created, by payment_request_id */
  paymentRequests: Map<string, FakePaymentRequest>;
  /**
   * The `payment.capture` delivery Xendit sends when the payer pays the request in full: the
   * documented body (amount and reference from the request) and the `x-callback-token` header.
   */
  captureWebhook(
    paymentRequestId: string,
    options?: { paidAt?: Date; callbackToken?: string },
  ): { headers: Record<string, string>; rawBody: string };
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body });

export async function startFakeXendit(options: {
  secretKey: string;
  callbackToken: string;
  respond?: (call: FakeXenditCall) => { status: number; body: unknown };
}): Promise<FakeXendit> {
  const calls: FakeXenditCall[] = [];
  const paymentRequests = new Map<string, FakePaymentRequest>();
  const byIdempotencyKey = new Map<string, FakePaymentRequest>();

  function create(call: FakeXenditCall): { status: number; body: unknown } {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(call.body) as Record<string, unknown>;
    } catch {
      return json(400, { error_code: 'API_VALIDATION_ERROR', message: 'body is not JSON' });
    }
    const key = call.headers['idempotency-key'];
    if (typeof key === 'string' && byIdempotencyKey.has(key))
      return json(201, byIdempotencyKey.get(key)!.body);
    const amountLiteral = /"request_amount":(-?[0-9]+(?:\.[0-9]+)?)[,}]/.exec(call.body)?.[1];
    const channelCode = request.channel_code;
    const props = (request.channel_properties ?? {}) as Record<string, unknown>;
    if (
      typeof request.reference_id !== 'string' ||
      request.type !== 'PAY' ||
      request.country !== 'PH' ||
      request.currency !== 'PHP' ||
      typeof channelCode !== 'string' ||
      !amountLiteral
    )
      return json(400, { error_code: 'API_VALIDATION_ERROR', message: 'missing or invalid fields' });
    const id = `pr-${randomUUID()}`;
    let action: Record<string, string>;
    if (['GCASH', 'PAYMAYA', 'GRABPAY', 'SHOPEEPAY'].includes(channelCode)) {
      // e-wallet return URLs must be https (Xendit refuses anything else)
      for (const url of ['success_return_url', 'failure_return_url', 'cancel_return_url'])
        if (typeof props[url] !== 'string' || !String(props[url]).startsWith('https://'))
          return json(400, { error_code: 'API_VALIDATION_ERROR', message: `${url} must be https` });
      action = {
        type: 'REDIRECT_CUSTOMER',
        descriptor: 'WEB_URL',
        value: `https://checkout.xendit.test/${id}`,
      };
    } else if (channelCode === 'BANK_TRANSFER') {
      action = {
        type: 'PRESENT_TO_CUSTOMER',
        descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
        value: `70576${String(paymentRequests.size + 1).padStart(11, '0')}`,
      };
    } else {
      action = {
        type: 'PRESENT_TO_CUSTOMER',
        descriptor: 'PAYMENT_CODE',
        value: `XND${String(paymentRequests.size + 1).padStart(9, '0')}`,
      };
    }
    const created: FakePaymentRequest = {
      paymentRequestId: id,
      referenceId: request.reference_id,
      channelCode,
      amountLiteral,
      body: {
        business_id: 'fake-business',
        reference_id: request.reference_id,
        payment_request_id: id,
        type: 'PAY',
        country: 'PH',
        currency: 'PHP',
        request_amount: Number(amountLiteral),
        capture_method: 'AUTOMATIC',
        channel_code: channelCode,
        channel_properties: props,
        actions: [action],
        status: 'REQUIRES_ACTION',
        created: new Date().toISOString(),
        updated: new Date().toISOString(),
      },
    };
    paymentRequests.set(id, created);
    if (typeof key === 'string') byIdempotencyKey.set(key, created);
    return json(201, created.body);
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v3/payment_requests')
        return void res.writeHead(404).end('{}');
      const call = { headers: req.headers, body };
      calls.push(call);
      const answer =
        req.headers.authorization !== `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`
          ? json(401, {
              error_code: 'INVALID_API_KEY',
              message: 'API key is not authorized for this API service',
            })
          : (options.respond ?? create)(call);
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    calls,
    paymentRequests,
    captureWebhook(paymentRequestId, { paidAt = new Date(), callbackToken = options.callbackToken } = {}) {
      const pr = paymentRequests.get(paymentRequestId);
      if (!pr) throw new Error(`the fake Xendit never created ${paymentRequestId}`);
      const paymentId = `py-${paymentRequestId.slice(3)}`;
      const at = paidAt.toISOString();
      // the documented payment webhook notification (v3), the amount as the number literal asked
      const rawBody =
        `{"event":"payment.capture","business_id":"fake-business","created":"${at}","data":{` +
        `"payment_id":"${paymentId}","business_id":"fake-business","status":"SUCCEEDED",` +
        `"payment_request_id":"${paymentRequestId}","request_amount":${pr.amountLiteral},` +
        `"channel_code":"${pr.channelCode}","country":"PH","currency":"PHP",` +
        `"reference_id":"${pr.referenceId}","type":"PAY",` +
        `"captures":[{"capture_id":"cap-${paymentRequestId.slice(3)}","capture_amount":${pr.amountLiteral},` +
        `"capture_timestamp":"${at}"}],"payment_details":{"receipt_id":"RCPT-${paymentRequestId.slice(3, 11)}"},` +
        `"created":"${at}","updated":"${at}"}}`;
      return {
        headers: { 'content-type': 'application/json', 'x-callback-token': callbackToken },
        rawBody,
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
