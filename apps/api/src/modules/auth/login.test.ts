import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorMessage } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { hashLoginCode } from './send-login-code.ts';
import { consents, customers, otpCodes, sessions } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
});
afterAll(async () => t?.close());

describe('OTP login (SH-06, VAL-01, VAL-02, VAL-12, BE-02)', () => {
  it('VAL-02 BE-02 sends a 4-digit code, logs in, registers on first login and stores only hashes', async () => {
    const sent = await api.sendCode('9171000001');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    const code = await api.lastCode('9171000001');
    expect(code).toMatch(/^\d{4}$/);

    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, '9171000001'));
    // Stored as the keyed digest bound to the phone, not the code and not a bare SHA-256 of it
    // (four digits reverse in 10⁴ tries). The test does not search the digest for the code's
    // digits: they turn up inside 64 hex characters about once in a thousand runs.
    expect(row!.codeHash).toBe(hashLoginCode(t.app.secretKey, '9171000001', code));

    const res = await api.login(
      '9171000001',
      code,
      { promotion: { campaign: 'fb-nov', adgroup: 'ncr-25-34', creative: 'v2' } },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
    );
    expect(res.status).toBe(200);
    expect(res.body.registered).toBe(true);
    expect(res.body.phone).toBe('9171000001');
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.customerId, res.body.customerId));
    expect(session!.tokenHash).not.toBe(res.body.token);
    const me = await api.json('GET', '/api/me', undefined, api.authed(res.body.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ customerId: res.body.customerId, phone: '9171000001' });
  });

  it('an authenticated read costs one database round trip: GET /api/me loads session and customer in one query', async () => {
    const { token, customerId } = await api.signIn('9171000009');
    t.queries.length = 0;
    const me = await api.json('GET', '/api/me', undefined, api.authed(token));
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ customerId, phone: '9171000009', registeredAt: expect.any(String) });
    expect(t.queries).toHaveLength(1);
    expect(t.queries[0]).toMatch(/from "sessions" inner join "customers"/);
    // a refused token costs the same single lookup, and nothing else
    t.queries.length = 0;
    expect(
      (await api.json('GET', '/api/me', undefined, { authorization: `Bearer ${'y'.repeat(43)}` })).status,
    ).toBe(401);
    expect(t.queries).toHaveLength(1);
  });

  it('SH-07 VAL-12 records the privacy consent with its version and time, and the promotion', async () => {
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.phone, '9171000001'));
    expect(customer!.promotion).toEqual({ campaign: 'fb-nov', adgroup: 'ncr-25-34', creative: 'v2' });
    const rows = await t.database.db.select().from(consents).where(eq(consents.customerId, customer!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'privacy', policyVersion: '2026-11-01' });
    expect(rows[0]!.acceptedAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('consent version: a version other than the one the server serves is refused and nothing is recorded; the same code then works', async () => {
    await api.sendCode('9171000019');
    const code = await api.lastCode('9171000019');
    for (const [version, language] of [
      ['1999-01-01', 'en-US'],
      ['2026-11-02', 'fil'],
      ['2025-01-01', 'zh-CN'],
    ] as const) {
      const res = await api.login(
        '9171000019',
        code,
        { privacyPolicyVersion: version },
        { 'accept-language': language },
      );
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PRIVACY_POLICY_OUTDATED');
      expect(res.body.message).toBe(errorMessage('PRIVACY_POLICY_OUTDATED', language));
    }
    expect(
      await t.database.db.select().from(customers).where(eq(customers.phone, '9171000019')),
    ).toHaveLength(0);
    const served = (await api.json('GET', '/api/config/public')).body.privacyPolicyVersion as string;
    expect(served).toBe(t.app.config.PRIVACY_POLICY_VERSION);
    const ok = await api.login('9171000019', code, { privacyPolicyVersion: served });
    expect(ok.status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.customerId, ok.body.customerId));
    expect(rows.map((r) => r.policyVersion)).toEqual([served]);
  });

  it('a second login is not a registration and keeps the first promotion', async () => {
    t.clock.advanceSeconds(61);
    await api.sendCode('9171000001');
    const res = await api.login('9171000001', await api.lastCode('9171000001'), {
      promotion: { campaign: 'other' },
    });
    expect(res.status).toBe(200);
    expect(res.body.registered).toBe(false);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.phone, '9171000001'));
    expect(customer!.promotion).toEqual({ campaign: 'fb-nov', adgroup: 'ncr-25-34', creative: 'v2' });
  });

  it('VAL-02 a wrong code is refused with "Verification code incorrect" in the request language', async () => {
    await api.sendCode('9171000002');
    const code = await api.lastCode('9171000002');
    const wrong = code === '0000' ? '1111' : '0000';
    const en = await api.login('9171000002', wrong);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 'OTP_INCORRECT',
      message: 'Verification code incorrect, please re-enter it.',
    });
    const zh = await api.login('9171000002', wrong, {}, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.body).toMatchObject({ code: 'OTP_INCORRECT', message: '验证码错误，请重新输入。' });
    const fil = await api.login('9171000002', wrong, {}, { 'accept-language': 'fil-PH' });
    expect(fil.body.message).toBe('Mali ang verification code, pakilagay muli.');
    // the right code still works after a few wrong tries
    expect((await api.login('9171000002', code)).status).toBe(200);
  });

  it('BE-02 a code expires after 5 minutes', async () => {
    await api.sendCode('9171000003');
    const code = await api.lastCode('9171000003');
    t.clock.advanceSeconds(301);
    const res = await api.login('9171000003', code);
    expect(res.body.code).toBe('OTP_INCORRECT');
  });

  it('BE-02 a code works once', async () => {
    await api.sendCode('9171000004');
    const code = await api.lastCode('9171000004');
    expect((await api.login('9171000004', code)).status).toBe(200);
    expect((await api.login('9171000004', code)).body.code).toBe('OTP_INCORRECT');
  });

  it('BE-02 a code is void after 5 wrong tries, even the right one', async () => {
    await api.sendCode('9171000005');
    const code = await api.lastCode('9171000005');
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++)
      expect((await api.login('9171000005', wrong)).body.code).toBe('OTP_INCORRECT');
    expect((await api.login('9171000005', code)).body.code).toBe('OTP_INCORRECT');
  });

  it('BE-02 only the latest code works once a new one is sent', async () => {
    await api.sendCode('9171000006');
    const first = await api.lastCode('9171000006');
    t.clock.advanceSeconds(61);
    await api.sendCode('9171000006');
    const second = await api.lastCode('9171000006');
    if (first !== second) expect((await api.login('9171000006', first)).body.code).toBe('OTP_INCORRECT');
    expect((await api.login('9171000006', second)).status).toBe(200);
  });

  it('BE-02 20 concurrent logins with one code give exactly one session', async () => {
    await api.sendCode('9171000007');
    const code = await api.lastCode('9171000007');
    const results = await Promise.all(Array.from({ length: 20 }, () => api.login('9171000007', code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.code === 'OTP_INCORRECT')).toBe(true);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.phone, '9171000007'));
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer!.id)),
    ).toHaveLength(1);
  });

  it('the answer to "send code" does not reveal whether a number is registered', async () => {
    t.clock.advanceSeconds(61);
    const known = await api.sendCode('9171000001');
    const unknown = await api.sendCode('9171999999');
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
  });
});

describe('sessions and logout (SH-12, RO-01)', () => {
  it('SH-12 logout revokes the token on the server', async () => {
    t.clock.advanceSeconds(61);
    const { token } = await api.signIn('9172000001');
    expect((await api.json('GET', '/api/me', undefined, api.authed(token))).status).toBe(200);
    const out = await api.json('POST', '/api/auth/logout', undefined, api.authed(token));
    expect(out.status).toBe(204);
    const after = await api.json('GET', '/api/me', undefined, api.authed(token));
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
    // logging out twice is harmless: the token is simply no longer valid
    expect((await api.json('POST', '/api/auth/logout', undefined, api.authed(token))).status).toBe(401);
  });

  it('a session expires after SESSION_TTL_DAYS', async () => {
    const { token } = await api.signIn('9172000002');
    t.clock.advance(31 * 86_400_000);
    expect((await api.json('GET', '/api/me', undefined, api.authed(token))).status).toBe(401);
  });

  it('RO-01 missing, malformed and made-up tokens are refused', async () => {
    expect((await api.json('GET', '/api/me')).status).toBe(401);
    expect((await api.json('GET', '/api/me', undefined, { authorization: 'Basic abc' })).status).toBe(401);
    expect(
      (await api.json('GET', '/api/me', undefined, { authorization: `Bearer ${'x'.repeat(43)}` })).status,
    ).toBe(401);
  });

  it("RO-01 a borrower sees and revokes only their own sessions; another borrower's session id is not found", async () => {
    const a = await api.signIn('9173000001');
    const b = await api.signIn('9173000002');
    const listA = await api.json('GET', '/api/sessions', undefined, api.authed(a.token));
    expect(listA.body.sessions).toHaveLength(1);
    expect(listA.body.sessions[0].current).toBe(true);
    const aSessionId = listA.body.sessions[0].id;

    const byB = await api.json('DELETE', `/api/sessions/${aSessionId}`, undefined, api.authed(b.token));
    expect(byB.status).toBe(404);
    expect(byB.body.code).toBe('NOT_FOUND');
    expect((await api.json('GET', '/api/me', undefined, api.authed(a.token))).status).toBe(200);
    const listB = await api.json('GET', '/api/sessions', undefined, api.authed(b.token));
    expect(listB.body.sessions.map((s: { id: string }) => s.id)).not.toContain(aSessionId);

    expect(
      (await api.json('DELETE', `/api/sessions/${aSessionId}`, undefined, api.authed(a.token))).status,
    ).toBe(204);
    expect((await api.json('GET', '/api/me', undefined, api.authed(a.token))).status).toBe(401);
  });
});
