import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '10000', OTP_DAILY_LIMIT: '100' });
  token = (await client(t.app).signIn('9178000001')).token;
});
afterAll(async () => t?.close());

const routes: { method: 'GET' | 'POST' | 'DELETE'; url: string; auth?: boolean }[] = [
  { method: 'POST', url: '/api/auth/login-code' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/logout', auth: true },
  { method: 'GET', url: '/api/me', auth: true },
  { method: 'GET', url: '/api/sessions', auth: true },
  { method: 'DELETE', url: '/api/sessions/00000000-0000-4000-8000-000000000000', auth: true },
  { method: 'GET', url: '/api/sandbox/outbox' },
  { method: 'GET', url: '/api/auth/captcha' },
];

// Values shaped like the real bodies, plus anything JSON can hold.
const phoneLike = fc.oneof(fc.stringMatching(/^9\d{9}$/), fc.string(), fc.integer(), fc.constant(null));
const bodyArb = fc.oneof(
  fc.record(
    {
      phone: phoneLike,
      code: fc.oneof(fc.stringMatching(/^\d{4}$/), fc.string(), fc.integer()),
      privacyAccepted: fc.oneof(fc.boolean(), fc.string(), fc.constant(null)),
      privacyPolicyVersion: fc.oneof(fc.string(), fc.integer()),
      promotion: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.string(), fc.constant(null)),
      captchaId: fc.oneof(fc.uuid(), fc.string()),
      captchaAnswer: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('crash sweep: random bodies, headers and queries never produce a 5xx', () => {
  it('every route answers bad input with a 4xx { code, message } (VAL-17)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        bodyArb,
        fc.option(fc.string({ maxLength: 40 })),
        fc.option(fc.string({ maxLength: 60 })),
        fc.boolean(),
        async (route, body, query, acceptLanguage, withAuth) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (acceptLanguage !== null) headers['accept-language'] = acceptLanguage.replace(/[^\x20-\x7e]/g, '');
          if (route.auth && withAuth) headers.authorization = `Bearer ${token}`;
          const url = query === null ? route.url : `${route.url}?phone=${encodeURIComponent(query)}`;
          const res = await t.app.inject({ method: route.method, url, headers, payload: route.method === 'GET' ? undefined : JSON.stringify(body) });
          expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const parsed = res.json();
            expect(typeof parsed.code).toBe('string');
            expect(typeof parsed.message).toBe('string');
          }
          t.clock.advanceSeconds(61);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  }, 120_000);
});
