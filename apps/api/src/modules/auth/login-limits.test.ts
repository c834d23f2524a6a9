import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(env: Record<string, string> = {}) {
  t = await createTestApp({
    CAPTCHA_IP_SENDS_PER_HOUR: '1000',
    CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000',
    ...env,
  });
  return { t, api: client(t.app) };
}

describe('SMS and login limits, stored in the database (BE-02, ER-01)', () => {
  it('BE-02 ER-01 resend cooldown per phone: "Operation too frequent, try again later", with Retry-After', async () => {
    const { t, api } = await setup();
    expect((await api.sendCode('9181000001')).status).toBe(200);
    t.clock.advanceSeconds(20);
    const again = await api.sendCode('9181000001');
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      code: 'SMS_TOO_FREQUENT',
      message: 'Operation too frequent, please try again later.',
      retryAfterSeconds: 40,
    });
    expect(again.headers['retry-after']).toBe('40');
    // another number is not affected
    expect((await api.sendCode('9181000002')).status).toBe(200);
    t.clock.advanceSeconds(40);
    expect((await api.sendCode('9181000001')).status).toBe(200);
  });

  it('BE-02 ER-01 daily cap per phone: "SMS limit reached, try again tomorrow", reset at Manila midnight', async () => {
    const { t, api } = await setup({ OTP_DAILY_LIMIT: '3' });
    t.clock.set('2026-11-22T01:00:00Z'); // 09:00 in Manila
    for (let i = 0; i < 3; i++) {
      expect((await api.sendCode('9181000003')).status).toBe(200);
      t.clock.advanceSeconds(61);
    }
    const capped = await api.sendCode('9181000003');
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('SMS_DAILY_LIMIT');
    expect(capped.body.message).toBe('SMS limit reached, please try again tomorrow.');
    // 16:00 UTC is 00:00 the next day in Manila
    t.clock.set('2026-11-22T15:59:00Z');
    expect((await api.sendCode('9181000003')).body.code).toBe('SMS_DAILY_LIMIT');
    t.clock.set('2026-11-22T16:00:01Z');
    expect((await api.sendCode('9181000003')).status).toBe(200);
  });

  it('BE-02 ER-01 repeated wrong codes lock the phone: "Security mechanism triggered, please wait"', async () => {
    const { t, api } = await setup({
      LOGIN_LOCK_FAILURES: '6',
      OTP_MAX_ATTEMPTS: '3',
      LOGIN_LOCK_MINUTES: '30',
    });
    const phone = '9181000004';
    let code = '';
    const wrong = () => (code === '0000' ? '1111' : '0000');
    // two codes, three wrong tries each = 6 failures → lock
    for (let round = 0; round < 2; round++) {
      await api.sendCode(phone);
      code = await api.lastCode(phone);
      for (let i = 0; i < 3; i++) {
        const res = await api.login(phone, wrong());
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
      t.clock.advanceSeconds(61);
    }
    const locked = await api.sendCode(phone);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      code: 'SECURITY_LOCK',
      message: 'Security mechanism triggered, please wait a while.',
    });
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect((await api.login(phone, '1234')).body.code).toBe('SECURITY_LOCK');
    t.clock.advanceSeconds(30 * 60);
    expect((await api.sendCode(phone)).status).toBe(200);
    expect((await api.login(phone, await api.lastCode(phone))).status).toBe(200);
  });

  it('BE-02 limits hold across a restart (a second app on the same database)', async () => {
    const { t, api } = await setup();
    expect((await api.sendCode('9181000005')).status).toBe(200);
    // A second server process sharing the database sees the same cooldown.
    const { buildApp } = await import('../../app.ts');
    const second = await buildApp({
      config: t.app.config,
      clock: t.clock,
      database: t.database,
      logger: false,
    });
    await second.ready();
    const res = await client(second).sendCode('9181000005');
    expect(res.body.code).toBe('SMS_TOO_FREQUENT');
    await second.close();
  });

  it('BE-02 simultaneous sends to one number send one SMS', async () => {
    const { t, api } = await setup();
    const results = await Promise.all(Array.from({ length: 8 }, () => api.sendCode('9181000006')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.code === 'SMS_TOO_FREQUENT')).toBe(
      true,
    );
    const outbox = await api.json('GET', '/api/sandbox/outbox?phone=9181000006');
    expect(outbox.body.messages).toHaveLength(1);
    void t;
  });
});

describe('graphic captcha on unusual activity (BE-02, ER-01)', () => {
  it('ER-01 many codes from one IP demand a captcha, checked on the server and single use', async () => {
    const { api } = await setup({ CAPTCHA_IP_SENDS_PER_HOUR: '3' });
    for (let i = 0; i < 3; i++) expect((await api.sendCode(`918200000${i}`)).status).toBe(200);
    const demanded = await api.sendCode('9182000009');
    expect(demanded.status).toBe(428);
    expect(demanded.body.code).toBe('CAPTCHA_REQUIRED');

    const captcha = await api.json('GET', '/api/auth/captcha');
    expect(captcha.status).toBe(200);
    expect(captcha.body.svg).toMatch(/^<svg/);
    const wrong = await api.sendCode('9182000009', {
      captchaId: captcha.body.captchaId,
      captchaAnswer: 'zzzzz',
    });
    expect(wrong.body.code).toBe('CAPTCHA_INCORRECT');
    // the challenge is used up by the wrong answer: its right answer no longer works either
    const answer1 = (await api.json('GET', `/api/sandbox/captcha/${captcha.body.captchaId}`)).body.answer;
    expect(
      (await api.sendCode('9182000009', { captchaId: captcha.body.captchaId, captchaAnswer: answer1 })).body
        .code,
    ).toBe('CAPTCHA_INCORRECT');

    const fresh = await api.json('GET', '/api/auth/captcha');
    const answer = (await api.json('GET', `/api/sandbox/captcha/${fresh.body.captchaId}`)).body
      .answer as string;
    const ok = await api.sendCode('9182000009', {
      captchaId: fresh.body.captchaId,
      captchaAnswer: answer.toUpperCase(),
    });
    expect(ok.status).toBe(200);
    // and it cannot be reused for the next number
    expect(
      (await api.sendCode('9182000008', { captchaId: fresh.body.captchaId, captchaAnswer: answer })).body
        .code,
    ).toBe('CAPTCHA_INCORRECT');
  });

  it('ER-01 many codes to one number block (first six digits) demand a captcha, whatever the IP', async () => {
    const { api } = await setup({ CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '2' });
    expect((await api.sendCode('9183330001')).status).toBe(200);
    expect((await api.sendCode('9183330002')).status).toBe(200);
    expect((await api.sendCode('9183330003')).body.code).toBe('CAPTCHA_REQUIRED');
    expect((await api.sendCode('9184440003')).status).toBe(200);
  });

  it('an expired captcha is refused', async () => {
    const { t, api } = await setup({ CAPTCHA_IP_SENDS_PER_HOUR: '1' });
    await api.sendCode('9185000001');
    const captcha = await api.json('GET', '/api/auth/captcha');
    const answer = (await api.json('GET', `/api/sandbox/captcha/${captcha.body.captchaId}`)).body.answer;
    t.clock.advanceSeconds(121);
    expect(
      (await api.sendCode('9185000002', { captchaId: captcha.body.captchaId, captchaAnswer: answer })).body
        .code,
    ).toBe('CAPTCHA_INCORRECT');
  });
});
