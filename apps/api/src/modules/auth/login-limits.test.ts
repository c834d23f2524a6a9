import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { otpCodes } from '../../db/schema/index.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(env: Record<string, string> = {}, options: { smsProvider?: SmsProvider } = {}) {
  t = await createTestApp(
    {
      CAPTCHA_IP_SENDS_PER_HOUR: '1000',
      CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000',
      ...env,
    },
    options,
  );
  return { t, api: client(t.app) };
}

/** A request from a given client address (the socket's, as a borrower's phone connects directly). */
function from(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  const post = async (url: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  return {
    sendCode: (phone: string, extra: Record<string, unknown> = {}) =>
      post('/api/auth/login-code', { phone, ...extra }),
    login: (phone: string, code: string) =>
      post('/api/auth/login', { phone, code, privacyAccepted: true, privacyPolicyVersion: '2026-11-01' }),
  };
}

const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');

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

describe('per-IP limits count one client once, however it changes its address (BE-02)', () => {
  it('BE-02 one IPv6 /64 is one client for the captcha: a new interface id per request does not reset the count', async () => {
    const { t } = await setup({ CAPTCHA_IP_SENDS_PER_HOUR: '3' });
    // one home or phone connection is given a whole /64 and may pick any address inside it
    expect((await from(t, '2001:db8:1:2::1').sendCode('9186000001')).status).toBe(200);
    expect((await from(t, '2001:db8:1:2::2').sendCode('9186000002')).status).toBe(200);
    expect((await from(t, '2001:DB8:1:2:0:0:0:3').sendCode('9186000003')).status).toBe(200);
    const fourth = await from(t, '2001:db8:1:2:ffff:ffff:ffff:ffff').sendCode('9186000004');
    expect(fourth.status).toBe(428);
    expect(fourth.body.code).toBe('CAPTCHA_REQUIRED');
    // the next /64 is someone else
    expect((await from(t, '2001:db8:1:3::1').sendCode('9186000005')).status).toBe(200);
  });

  it('BE-02 IPv4 counts by address, and an IPv4-mapped IPv6 address is that IPv4 address', async () => {
    const { t } = await setup({ CAPTCHA_IP_SENDS_PER_HOUR: '3' });
    expect((await from(t, '203.0.113.7').sendCode('9186100001')).status).toBe(200);
    expect((await from(t, '::ffff:203.0.113.7').sendCode('9186100002')).status).toBe(200);
    expect((await from(t, '::ffff:cb00:7107').sendCode('9186100003')).status).toBe(200);
    expect((await from(t, '203.0.113.7').sendCode('9186100004')).body.code).toBe('CAPTCHA_REQUIRED');
    // the neighbouring address is another client (carrier NAT puts many borrowers on one address, not on one /24)
    expect((await from(t, '203.0.113.8').sendCode('9186100005')).status).toBe(200);
  });

  it('BE-02 behind a proxy named in TRUST_PROXY, a forged X-Forwarded-For does not make a new client', async () => {
    const { t } = await setup({ CAPTCHA_IP_SENDS_PER_HOUR: '2', TRUST_PROXY: 'uniquelocal' });
    // the proxy (10.0.0.2) appends the address it saw; whatever the client wrote before it is not believed
    const via = (forged: string) => from(t, '10.0.0.2', { 'x-forwarded-for': `${forged}, 198.51.100.77` });
    expect((await via('192.0.2.1').sendCode('9186200001')).status).toBe(200);
    expect((await via('192.0.2.2').sendCode('9186200002')).status).toBe(200);
    expect((await via('192.0.2.3').sendCode('9186200003')).body.code).toBe('CAPTCHA_REQUIRED');
    // a client that reaches the server directly is not a proxy: its header is not believed at all
    const direct = (forged: string) => from(t, '198.51.100.78', { 'x-forwarded-for': forged });
    expect((await direct('192.0.2.4').sendCode('9186200004')).status).toBe(200);
    expect((await direct('192.0.2.5').sendCode('9186200005')).status).toBe(200);
    expect((await direct('192.0.2.6').sendCode('9186200006')).body.code).toBe('CAPTCHA_REQUIRED');
  });
});

describe('a brake on all code sends together: SMS pumping (BE-02)', () => {
  it('BE-02 past CAPTCHA_TOTAL_SENDS_PER_HOUR codes in an hour, from anywhere to anyone, every send needs the captcha', async () => {
    const { t } = await setup({ CAPTCHA_TOTAL_SENDS_PER_HOUR: '4' });
    // every send from its own address to its own number block: no per-IP or per-block rule applies
    for (let i = 0; i < 4; i++)
      expect((await from(t, `198.51.100.${i + 1}`).sendCode(`91${i}7000001`)).status).toBe(200);
    const braked = await from(t, '198.51.100.50').sendCode('9197000001');
    expect(braked.status).toBe(428);
    expect(braked.body.code).toBe('CAPTCHA_REQUIRED');
    // a person who solves the captcha still gets their code
    const api = client(t.app);
    const captcha = await api.json('GET', '/api/auth/captcha');
    const answer = (await api.json('GET', `/api/sandbox/captcha/${captcha.body.captchaId}`)).body.answer;
    const solved = await from(t, '198.51.100.50').sendCode('9197000001', {
      captchaId: captcha.body.captchaId,
      captchaAnswer: answer,
    });
    expect(solved.status).toBe(200);
    // an hour after the burst, sends go through without one again
    t.clock.advanceSeconds(3601);
    expect((await from(t, '198.51.100.51').sendCode('9198000001')).status).toBe(200);
  });
});

describe('wrong codes are limited per IP network too, not only per phone (BE-02)', () => {
  it("BE-02 past LOGIN_IP_FAILURES wrong codes from one network, it is refused before the code is checked and the borrowers' codes keep their tries", async () => {
    const { t } = await setup({ LOGIN_IP_FAILURES: '6', LOGIN_IP_WINDOW_MINUTES: '60' });
    const api = client(t.app);
    const victims = ['9187000001', '9187000002', '9187000003', '9187000004'];
    // the borrowers ask for their codes from their own connections
    for (const [i, phone] of victims.entries())
      expect((await from(t, `198.51.100.${i + 1}`).sendCode(phone)).status).toBe(200);
    const codes = await Promise.all(victims.map((v) => api.lastCode(v)));
    // one attacker on one IPv6 /64, a new address per guess: 2 wrong guesses on each of 3 numbers
    let n = 0;
    const attacker = () => from(t, `2001:db8:66:1::${(++n).toString(16)}`);
    for (const [i, phone] of victims.slice(0, 3).entries())
      for (let g = 0; g < 2; g++)
        expect((await attacker().login(phone, wrongFor(codes[i]!))).body.code).toBe('OTP_INCORRECT');
    t.clock.advanceSeconds(60);
    // the 7th guess is refused for the network, even with the right code: nothing is checked or spent
    for (const code of [wrongFor(codes[3]!), codes[3]!]) {
      const refused = await attacker().login(victims[3]!, code);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Operation too frequent, please try again later.',
        retryAfterSeconds: 3540,
      });
      expect(refused.headers['retry-after']).toBe('3540');
    }
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, victims[3]!));
    expect(row!.attempts).toBe(0);
    // the borrower, on their own connection, is not affected
    expect((await from(t, '198.51.100.4').login(victims[3]!, codes[3]!)).status).toBe(200);
    // a sliding window: once the first guesses are an hour old, the network may try again
    t.clock.advanceSeconds(3540);
    expect((await attacker().login(victims[0]!, '1234')).status).not.toBe(429);
  });

  it('BE-02 locking a phone does not wipe the wrong codes its network is counted by', async () => {
    const { t } = await setup({ LOGIN_LOCK_FAILURES: '3', LOGIN_IP_FAILURES: '5' });
    const api = client(t.app);
    const attacker = from(t, '203.0.113.66');
    await from(t, '198.51.100.1').sendCode('9187100001');
    await from(t, '198.51.100.2').sendCode('9187100002');
    const a = await api.lastCode('9187100001');
    const b = await api.lastCode('9187100002');
    expect((await attacker.login('9187100001', wrongFor(a))).body.code).toBe('OTP_INCORRECT');
    expect((await attacker.login('9187100001', wrongFor(a))).body.code).toBe('OTP_INCORRECT');
    expect((await attacker.login('9187100001', wrongFor(a))).body.code).toBe('SECURITY_LOCK');
    expect((await attacker.login('9187100002', wrongFor(b))).body.code).toBe('OTP_INCORRECT');
    expect((await attacker.login('9187100002', wrongFor(b))).body.code).toBe('OTP_INCORRECT');
    expect((await attacker.login('9187100002', wrongFor(b))).body.code).toBe('RATE_LIMITED');
    // and the phone's own count still starts afresh after its lock
    t.clock.advanceSeconds(30 * 60 + 1);
    await from(t, '198.51.100.1').sendCode('9187100001');
    const again = await api.lastCode('9187100001');
    expect((await from(t, '198.51.100.1').login('9187100001', wrongFor(again))).body.code).toBe(
      'OTP_INCORRECT',
    );
    expect((await from(t, '198.51.100.1').login('9187100001', again)).status).toBe(200);
  });
});

describe('a failed SMS does not cost the borrower the code they already have (BE-02)', () => {
  it('BE-02 a re-send the SMS provider fails (502 SMS_SEND_FAILED) leaves the earlier code working', async () => {
    let down = false;
    const sent: { to: string; body: string }[] = [];
    const flaky: SmsProvider = {
      name: 'flaky',
      async send(message) {
        if (down) throw new Error('provider down');
        sent.push(message);
        return { providerMessageId: String(sent.length) };
      },
    };
    const { t, api } = await setup({}, { smsProvider: flaky });
    expect((await api.sendCode('9188000001')).status).toBe(200);
    const first = /(\d{4})/.exec(sent[0]!.body.replace(/\[.*?\]/, ''))![1]!;
    t.clock.advanceSeconds(61);
    down = true;
    const resend = await api.sendCode('9188000001');
    expect(resend.status).toBe(502);
    expect(resend.body.code).toBe('SMS_SEND_FAILED');
    expect((await api.login('9188000001', first)).status).toBe(200);
  });

  it('BE-02 a re-send that goes out still replaces the earlier code', async () => {
    const sent: { to: string; body: string }[] = [];
    const provider: SmsProvider = {
      name: 'capture',
      async send(message) {
        sent.push(message);
        return { providerMessageId: String(sent.length) };
      },
    };
    const { t, api } = await setup({}, { smsProvider: provider });
    const codeOf = (i: number) => /(\d{4})/.exec(sent[i]!.body.replace(/\[.*?\]/, ''))![1]!;
    await api.sendCode('9188000002');
    t.clock.advanceSeconds(61);
    await api.sendCode('9188000002');
    if (codeOf(0) !== codeOf(1))
      expect((await api.login('9188000002', codeOf(0))).body.code).toBe('OTP_INCORRECT');
    expect((await api.login('9188000002', codeOf(1))).status).toBe(200);
  });
});
