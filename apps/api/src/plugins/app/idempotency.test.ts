import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
});
afterAll(async () => t?.close());

const outboxSize = async (phone: string) => (await api.json('GET', `/api/sandbox/outbox?phone=${phone}`)).body.messages.length as number;

describe('Idempotency-Key (SH-13)', () => {
  it('SH-13 a retried request with the same key replays the stored answer and sends one SMS', async () => {
    const key = 'key-aaaaaaaa-0001';
    const first = await api.sendCode('9175000001', {}, { 'idempotency-key': key });
    const second = await api.sendCode('9175000001', {}, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await outboxSize('9175000001')).toBe(1);
  });

  it('SH-13 a refusal is replayed too, not re-run', async () => {
    const key = 'key-aaaaaaaa-0002';
    const first = await api.sendCode('9175000001', {}, { 'idempotency-key': key }); // cooldown
    expect(first.body.code).toBe('SMS_TOO_FREQUENT');
    t.clock.advanceSeconds(120);
    const replay = await api.sendCode('9175000001', {}, { 'idempotency-key': key });
    expect(replay.body.code).toBe('SMS_TOO_FREQUENT');
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('SH-13 the same key with a different body is refused', async () => {
    const key = 'key-aaaaaaaa-0003';
    expect((await api.sendCode('9175000002', {}, { 'idempotency-key': key })).status).toBe(200);
    const other = await api.sendCode('9175000003', {}, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await outboxSize('9175000003')).toBe(0);
  });

  it('SH-13 concurrent duplicates of one key produce one effect', async () => {
    const key = 'key-aaaaaaaa-0004';
    const results = await Promise.all(Array.from({ length: 10 }, () => api.sendCode('9175000004', {}, { 'idempotency-key': key })));
    const fresh = results.filter((r) => r.status === 200 && !r.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r.status === 200) expect(r.body).toEqual(fresh[0]!.body);
      else expect(r.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    expect(await outboxSize('9175000004')).toBe(1);
  });

  it('SH-13 keys are scoped: another borrower may use the same key for their own request', async () => {
    t.clock.advanceSeconds(61);
    const a = await api.signIn('9175000005');
    const b = await api.signIn('9175000006');
    const key = 'key-shared-logout-1';
    expect((await api.json('POST', '/api/auth/logout', undefined, { ...api.authed(a.token), 'idempotency-key': key })).status).toBe(204);
    expect((await api.json('GET', '/api/me', undefined, api.authed(b.token))).status).toBe(200);
    const byB = await api.json('POST', '/api/auth/logout', undefined, { ...api.authed(b.token), 'idempotency-key': key });
    expect(byB.status).toBe(204);
    expect(byB.headers['idempotent-replayed']).toBeUndefined();
    expect((await api.json('GET', '/api/me', undefined, api.authed(b.token))).status).toBe(401);
  });

  it('a malformed key is refused', async () => {
    const res = await api.sendCode('9175000007', {}, { 'idempotency-key': 'bad key!' });
    expect(res.status).toBe(400);
    expect(await outboxSize('9175000007')).toBe(0);
  });
});
