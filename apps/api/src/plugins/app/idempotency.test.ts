import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lendingContext } from '../../modules/lending/lending-context.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { and, eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { idempotencyKeys, orders } from '../../db/schema/index.ts';
import { hmacHex, sha256Hex } from '../../lib/crypto.ts';
import { decidePendingApplications } from '../../modules/lending/decide-application.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
});
afterAll(async () => t?.close());

const outboxSize = async (phone: string) =>
  (await api.json('GET', `/api/sandbox/outbox?phone=${phone}`)).body.messages.length as number;

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

  it("SH-13 what is kept to replay is sealed: a sign-in's session token and an application's ID number are not in the table, and the replay still answers with them", async () => {
    // The stored answer of a sign-in held the session token in clear for 7 days (the sessions table
    // keeps only its hash); a saved application step held the opened ID number (found in review).
    const phone = '9175000077';
    await api.sendCode(phone);
    const code = await api.lastCode(phone);
    const key = 'key-aaaaaaaa-0077';
    const first = await api.login(phone, code, {}, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const replay = await api.login(phone, code, {}, { 'idempotency-key': key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const token = first.body.token as string;
    const stepKey = 'key-aaaaaaaa-0078';
    const saved = await api.json(
      'PUT',
      '/api/application/steps/baseInfo',
      { maritalStatus: 'single', education: 'college', email: 'maria@example.ph', loanPurpose: 'medical' },
      { ...api.authed(token), 'idempotency-key': stepKey },
    );
    expect(saved.status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key)));
    const stepRows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, stepKey));
    for (const row of [...rows, ...stepRows]) {
      expect(row.responseBody).toMatch(/^v1\./);
      expect(row.responseBody).not.toContain(token);
      expect(row.responseBody).not.toContain(phone);
      expect(row.responseBody).not.toContain('maria@example.ph');
      // The request is kept only as a keyed digest. (A search for the code's digits in that hex
      // would fail about once in a thousand runs by chance.)
      expect(row.requestHash).toMatch(/^[0-9a-f]{64}$/);
      // and no column holds it as a JSON value (hex and the sealed base64 have no quotes)
      for (const value of Object.values(row)) expect(String(value)).not.toContain(`"${code}"`);
    }
    // the sign-in's digest is the server-keyed HMAC of the route and the canonical request (sorted
    // keys), written out here by hand: not the request itself, and not an unkeyed hash an attacker
    // holding the table could test 10,000 codes against
    const canonicalLogin = `{"code":"${code}","phone":"${phone}","privacyAccepted":true,"privacyPolicyVersion":"2026-11-01"}`;
    const signedIn = `idempotency-request\nPOST /api/auth/login\n{}\n${canonicalLogin}`;
    expect(rows[0]!.requestHash).toBe(hmacHex(t.app.secretKey, signedIn));
    expect(rows[0]!.requestHash).not.toBe(sha256Hex(signedIn));
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
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api.sendCode('9175000004', {}, { 'idempotency-key': key })),
    );
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
    expect(
      (
        await api.json('POST', '/api/auth/logout', undefined, {
          ...api.authed(a.token),
          'idempotency-key': key,
        })
      ).status,
    ).toBe(204);
    expect((await api.json('GET', '/api/me', undefined, api.authed(b.token))).status).toBe(200);
    const byB = await api.json('POST', '/api/auth/logout', undefined, {
      ...api.authed(b.token),
      'idempotency-key': key,
    });
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

/** What a `kill -9` between the commit and the stored answer leaves: the claim, without a response. */
async function loseResponse(key: string) {
  await t.database.db
    .update(idempotencyKeys)
    .set({ responseStatus: null, responseBody: null, completedAt: null })
    .where(eq(idempotencyKeys.key, key));
}

describe('idempotency after a crash: a claim is a lease (SH-13)', () => {
  const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;

  it('idempotency after a crash: a committed order whose answer was lost is returned to the retry once the lease ends', async () => {
    const b = await submitCompleteApplication(t.database.db, api, '9175100001');
    await decidePendingApplications(lendingContext(t.app));
    const body = await withdrawalBody(api, b.h, { signature: SIGNATURE });
    const headers = { ...b.h, 'idempotency-key': 'crash-order-0001' };
    const first = await api.json('POST', '/api/orders', body, headers);
    expect(first.status).toBe(201);
    await loseResponse('crash-order-0001');

    // within the lease the first attempt may still be running: the retry waits
    expect((await api.json('POST', '/api/orders', body, headers)).body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    t.clock.advanceSeconds(t.app.config.IDEMPOTENCY_LEASE_SECONDS + 1);
    const retry = await api.json('POST', '/api/orders', body, headers);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, b.customerId))).toHaveLength(
      1,
    );
    // and the key is settled again: the next retry replays
    const replay = await api.json('POST', '/api/orders', body, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    const [row] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, b.customerId), eq(idempotencyKeys.key, 'crash-order-0001')));
    expect(row?.responseStatus).toBe(201);
  });

  it('idempotency after a crash: an expired claim runs the request again; of simultaneous retries one runs', async () => {
    const key = 'crash-code-00001';
    expect((await api.sendCode('9175100002', {}, { 'idempotency-key': key })).status).toBe(200);
    await loseResponse(key);
    t.clock.advanceSeconds(61); // past the lease and the resend cooldown
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => api.sendCode('9175100002', {}, { 'idempotency-key': key })),
    );
    const fresh = retries.filter((r) => r.status === 200 && !r.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const r of retries)
      if (r !== fresh[0])
        expect(r.headers['idempotent-replayed'] === 'true' || r.body.code === 'IDEMPOTENCY_IN_PROGRESS').toBe(
          true,
        );
    expect(await outboxSize('9175100002')).toBe(2);
    expect(
      (await api.sendCode('9175100002', {}, { 'idempotency-key': key })).headers['idempotent-replayed'],
    ).toBe('true');
  });

  it('idempotency after a crash: a late answer from the attempt that lost its lease does not overwrite the retry', async () => {
    const key = 'crash-code-00002';
    expect((await api.sendCode('9175100003', {}, { 'idempotency-key': key })).status).toBe(200);
    const [before] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await loseResponse(key);
    t.clock.advanceSeconds(61);
    expect((await api.sendCode('9175100003', {}, { 'idempotency-key': key })).status).toBe(200);
    const [after] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(after!.createdAt.getTime()).toBeGreaterThan(before!.createdAt.getTime());
    expect(after!.responseStatus).toBe(200);
  });
});
