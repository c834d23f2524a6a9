import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { makatiAddress } from '../../test/application-fixtures.ts';
import {
  consents,
  customers,
  idempotencyKeys,
  otpCodes,
  sandboxSmsOutbox,
  sessions,
} from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
});
afterAll(async () => t?.close());

async function rowCounts() {
  const db = t.database.db;
  const n = async (
    table:
      | typeof customers
      | typeof sessions
      | typeof consents
      | typeof otpCodes
      | typeof sandboxSmsOutbox
      | typeof idempotencyKeys,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    customers: await n(customers),
    sessions: await n(sessions),
    consents: await n(consents),
    otpCodes: await n(otpCodes),
    outbox: await n(sandboxSmsOutbox),
    idempotencyKeys: await n(idempotencyKeys),
  };
}

const raw = (method: 'POST' | 'GET', url: string, payload?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('bad input gives a clear 4xx { code, message } and writes nothing (VAL-01, VAL-02, VAL-12, VAL-17)', () => {
  const sendBodies: [string, unknown, string][] = [
    ['VAL-01 empty phone', { phone: '' }, 'PHONE_INVALID'],
    ['VAL-01 phone not starting with 9', { phone: '8171234567' }, 'PHONE_INVALID'],
    ['VAL-01 phone too short', { phone: '917123456' }, 'PHONE_INVALID'],
    ['VAL-01 phone too long', { phone: '91712345678' }, 'PHONE_INVALID'],
    ['VAL-01 phone with letters', { phone: '91712345ab' }, 'PHONE_INVALID'],
    ['VAL-01 phone as a number', { phone: 9171234567 }, 'PHONE_INVALID'],
    ['VAL-01 phone null', { phone: null }, 'PHONE_INVALID'],
    ['VAL-01 phone with Chinese digits', { phone: '九一七1234567' }, 'PHONE_INVALID'],
    ['missing phone', {}, 'PHONE_INVALID'],
    ['unknown field', { phone: '9171234567', admin: true }, 'VALIDATION_FAILED'],
    [
      'captcha id not a uuid',
      { phone: '9171234567', captchaId: 'x', captchaAnswer: 'abcde' },
      'VALIDATION_FAILED',
    ],
    ['an array', [{ phone: '9171234567' }], 'VALIDATION_FAILED'],
    ['a string', 'hello', 'VALIDATION_FAILED'],
    ['a 100 kB phone', { phone: '9'.repeat(100_000) }, 'PHONE_INVALID'],
  ];
  for (const [name, body, code] of sendBodies) {
    it(`send code: ${name} → ${code}`, async () => {
      const before = await rowCounts();
      const res = await api.json('POST', '/api/auth/login-code', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBe(code);
      expect(typeof res.body.message).toBe('string');
      expect(await rowCounts()).toEqual(before);
    });
  }

  const loginBodies: [string, Record<string, unknown>, string][] = [
    ['VAL-02 code of 3 digits', { code: '123' }, 'OTP_FORMAT'],
    ['VAL-02 code of 5 digits', { code: '12345' }, 'OTP_FORMAT'],
    ['VAL-02 code with a letter', { code: '12a4' }, 'OTP_FORMAT'],
    ['VAL-02 code as a number', { code: 1234 }, 'OTP_FORMAT'],
    ['VAL-12 privacy not agreed', { privacyAccepted: false }, 'PRIVACY_NOT_AGREED'],
    ['VAL-12 privacy missing', { privacyAccepted: undefined }, 'PRIVACY_NOT_AGREED'],
    ['policy version missing', { privacyPolicyVersion: undefined }, 'VALIDATION_FAILED'],
    ['policy version too long', { privacyPolicyVersion: 'v'.repeat(100) }, 'VALIDATION_FAILED'],
    ['promotion not an object', { promotion: 'fb' }, 'VALIDATION_FAILED'],
    ['promotion field too long', { promotion: { campaign: 'c'.repeat(500) } }, 'VALIDATION_FAILED'],
    ['VAL-01 bad phone', { phone: '0000' }, 'PHONE_INVALID'],
  ];
  for (const [name, patch, code] of loginBodies) {
    it(`login: ${name} → ${code}`, async () => {
      const before = await rowCounts();
      const body = {
        phone: '9171234567',
        code: '1234',
        privacyAccepted: true,
        privacyPolicyVersion: '2026-11-01',
        ...patch,
      };
      const res = await api.json('POST', '/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(await rowCounts()).toEqual(before);
    });
  }

  it('malformed JSON → 400 VALIDATION_FAILED', async () => {
    const res = await raw('POST', '/api/auth/login-code', '{"phone": "917');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('empty body → 400', async () => {
    const res = await raw('POST', '/api/auth/login-code', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTruthy();
  });

  it('wrong content type → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await raw('POST', '/api/auth/login-code', 'phone=9171234567', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body over 1 MB → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await raw('POST', '/api/auth/login-code', JSON.stringify({ phone: '9'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a prototype-pollution body is refused and pollutes nothing', async () => {
    const res = await raw(
      'POST',
      '/api/auth/login-code',
      '{"phone":"9171234567","__proto__":{"admin":true}}',
    );
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('unknown API path → 404 NOT_FOUND in JSON; wrong method → 404', async () => {
    const res = await raw('GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await raw('GET', '/api/auth/login')).statusCode).toBe(404);
  });

  it('a malformed session id → 400/404, never 500', async () => {
    const { token } = await api.signIn('9174000001');
    const res = await api.json('DELETE', '/api/sessions/not-a-uuid', undefined, api.authed(token));
    expect([400, 404]).toContain(res.status);
    expect(res.body.code).toBeTruthy();
  });

  it('the sandbox outbox validates its phone', async () => {
    const res = await api.json('GET', '/api/sandbox/outbox?phone=123');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PHONE_INVALID');
  });

  it('control characters in stored text (NUL breaks PostgreSQL) are refused with a 4xx, even with a valid code', async () => {
    t.clock.advanceSeconds(61);
    await api.sendCode('9174000002');
    const code = await api.lastCode('9174000002');
    const before = await rowCounts();
    for (const promotion of [{ campaign: 'fb\u0000x' }, { adgroup: 'a\u0007' }]) {
      const res = await api.login('9174000002', code, { promotion });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await api.login('9174000002', code, { privacyPolicyVersion: 'v\u0000' })).status).toBe(400);
    expect(await rowCounts()).toEqual(before);
    expect((await api.login('9174000002', code, { promotion: { campaign: 'fb' } })).status).toBe(200);
  });

  it('VAL-17 half an emoji (a lone UTF-16 surrogate) in a free-text field is a 400, not a 500', async () => {
    // "\ud800" is valid JSON and passed every length check; PostgreSQL then refused it in jsonb
    const { token } = await api.signIn('9174000003');
    const before = await rowCounts();
    for (const detailedAddress of ['Unit 5B \ud800', '\udc00 Jupiter St.']) {
      const res = await api.json(
        'PUT',
        '/api/application/steps/addressInfo',
        { ...makatiAddress(), postalCode: '1210', detailedAddress },
        api.authed(token),
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await rowCounts()).toEqual(before);
    const whole = await api.json(
      'PUT',
      '/api/application/steps/addressInfo',
      { ...makatiAddress(), postalCode: '1210', detailedAddress: 'Unit 5B 🏠 Jupiter St.' },
      api.authed(token),
    );
    expect(whole.status).toBe(200);
  });

  it('VAL-01 a phone typed with +63, spaces or a leading 0 is normalised, not refused', async () => {
    const res = await api.json('POST', '/api/auth/login-code', { phone: '+63 917 555 0101' });
    expect(res.status).toBe(200);
    const outbox = await api.json('GET', '/api/sandbox/outbox?phone=09175550101');
    expect(outbox.body.messages).toHaveLength(1);
  });
});
