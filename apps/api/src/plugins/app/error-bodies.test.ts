import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lendingContext } from '../../modules/lending/lending-context.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES, errorMessage } from '@pisonow/domain';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { SIGNATURE } from '../../test/openapi-sweep.ts';
import { orders, payouts } from '../../db/schema/index.ts';
import { decidePendingApplications } from '../../modules/lending/decide-application.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  token = (await client(t.app).signIn('9176200001')).token;
});
afterAll(async () => t?.close());

function expectCatalogueBody(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  code: string,
  locale: 'en-US' | 'fil' | 'zh-CN' = 'en-US',
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(Object.hasOwn(ERROR_CODES, body.code as string)).toBe(true);
  expect(body.message).toBe(errorMessage(code as keyof typeof ERROR_CODES, locale));
  expect(
    Object.keys(body)
      .filter((k) => k !== 'details')
      .sort(),
  ).toEqual(['code', 'message']);
  expect(res.body).not.toMatch(/FST_|fastify|statusCode|"error"/i);
}

describe('error bodies: every error is { code, message } from the catalogue, never a 5xx for bad input', () => {
  const authed = () => ({ authorization: `Bearer ${token}` });
  const cases: [string, () => InjectOptions, number, string][] = [
    [
      'a malformed URL',
      () => ({ method: 'GET', url: '/api/%ff%fe', headers: { 'accept-language': 'fil' } }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a malformed URL on a route with a parameter',
      () => ({ method: 'GET', url: '/api/orders/%c0%af', headers: authed() }),
      400,
      'VALIDATION_FAILED',
    ],
    ['a route that does not exist', () => ({ method: 'GET', url: '/api/no-such-route' }), 404, 'NOT_FOUND'],
    ['a method a route does not have', () => ({ method: 'PATCH', url: '/api/me' }), 404, 'NOT_FOUND'],
    [
      'a path parameter over the length limit',
      () => ({ method: 'GET', url: `/api/orders/${'a'.repeat(200)}`, headers: authed() }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a body too large',
      () => ({
        method: 'POST',
        url: '/api/auth/login-code',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ phone: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'malformed JSON',
      () => ({
        method: 'POST',
        url: '/api/auth/login-code',
        headers: { 'content-type': 'application/json' },
        payload: '{"phone":',
      }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an empty JSON body',
      () => ({
        method: 'POST',
        url: '/api/auth/login-code',
        headers: { 'content-type': 'application/json' },
        payload: '',
      }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unsupported media type',
      () => ({
        method: 'POST',
        url: '/api/auth/login-code',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'phone=9171234567',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a content type that does not parse',
      () => ({
        method: 'POST',
        url: '/api/auth/login-code',
        headers: { 'content-type': ';;;' },
        payload: '{}',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ];
  for (const [name, request, status, code] of cases) {
    it(`error bodies: ${name} answers ${status} ${code}`, async () => {
      const req = request();
      const res = await t.app.inject(req);
      const language = (req.headers as Record<string, string> | undefined)?.['accept-language'];
      expectCatalogueBody(res, status, code, language === 'fil' ? 'fil' : 'en-US');
    });
  }

  it('error bodies: a request the HTTP parser refuses still gets { code, message }', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/me HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'VALIDATION_FAILED',
      message: errorMessage('VALIDATION_FAILED', 'en-US'),
    });
  });

  it('error bodies: a NUL character in any text (found by the fuzzer on a payout callback) is 400 VALIDATION_FAILED, not a 500', async () => {
    const api = client(t.app);
    const b = await submitCompleteApplication(t.database.db, api, '9176200002');
    await decidePendingApplications(lendingContext(t.app));
    const placed = await api.json(
      'POST',
      '/api/orders',
      await withdrawalBody(api, b.h, { signature: SIGNATURE }),
      { ...b.h, 'idempotency-key': 'nul-order-0001' },
    );
    expect(placed.status).toBe(201);
    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .innerJoin(orders, eq(orders.id, payouts.orderId))
      .where(eq(orders.customerId, b.customerId));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payouts/${payout!.payouts.id}/callback`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ state: 'reversed', failureCode: '\u0000' }),
    });
    expectCatalogueBody(res, 400, 'VALIDATION_FAILED');
    expectCatalogueBody(
      await t.app.inject({ method: 'GET', url: '/api/sandbox/outbox?phone=%00' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
