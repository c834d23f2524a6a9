import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createTestApp, client, type TestApp } from '../test/test-app.ts';
import { acceptedPhoto } from '../test/application-fixtures.ts';
import { sql } from 'drizzle-orm';
import { redactUrl, serializeLoggedError } from './log-redaction.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', CAPTCHA_IP_SENDS_PER_HOUR: '1000' }, { logStream: capture });
  api = client(t.app);
});
afterAll(async () => t?.close());

describe('credentials in logs', () => {
  it('credentials in logs: upload-grant tokens and signed photo links never reach the request log', async () => {
    const alice = await api.signIn('9176100001');
    const h = api.authed(alice.token);
    const grant = await api.json('POST', '/api/photos/upload-grants', { kind: 'idCard' }, h);
    expect(grant.status).toBe(201);
    const uploadToken = (grant.body.uploadUrl as string).split('/').pop()!;
    await t.app.inject({
      method: 'PUT',
      url: grant.body.uploadUrl,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('not really a jpeg'),
    });

    const photoId = await acceptedPhoto(t.database.db, '9176100001', 'idCard');
    const link = await api.json('GET', `/api/photos/${photoId}/link`, undefined, h);
    expect(link.status).toBe(200);
    const linkToken = (link.body.url as string).split('/').pop()!;
    await t.app.inject({ method: 'GET', url: link.body.url });
    await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/outbox?phone=9176100001&token=${'s'.repeat(40)}&signature=abc123`,
    });
    // headers that carry credentials: the request line lists no header at all, so none can leak
    const headerSecrets = ['cookie-secret-value-0001', 'idem-secret-value-0001'];
    await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload-grants',
      headers: { ...h, cookie: `sid=${headerSecrets[0]}`, 'idempotency-key': headerSecrets[1] },
      payload: { kind: 'nonsense' }, // refused (a 400): its request line is checked too
    });

    const log = lines.join('\n');
    expect(log).toContain('/api/photos/uploads/[redacted]');
    expect(log).toContain('/api/photos/files/[redacted]');
    expect(log).toContain(`/api/photos/${photoId}/link`); // ids stay: they open nothing
    for (const secret of [
      uploadToken,
      linkToken,
      linkToken.split('.')[1]!,
      's'.repeat(40),
      'abc123',
      alice.token,
      ...headerSecrets,
    ])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/"headers"|authorization|Bearer/i);
  });

  it('issue 8: one line per request, with method, redacted URL, status and time together', async () => {
    const from = lines.length;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/config/public?token=${'t'.repeat(40)}`,
      headers: { 'x-request-id': 'one-line-request-0001' },
    });
    expect(res.statusCode).toBe(200);
    const mine = lines
      .slice(from)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.reqId === 'one-line-request-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/config/public?token=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]!.responseTime).toBe('number');
  });

  it("credentials in logs: a failed query's values stay out of the logged error; the statement and the reason stay in", async () => {
    const phone = '9176100777';
    const idempotencyKey = 'key-secret-in-a-failed-query-0001';
    const failed = await t.database.db
      .execute(sql`select ${phone}::text as phone, ${idempotencyKey}::text as key, 1 / 0 as boom`)
      .catch((error: unknown) => error as Error);
    expect(failed).toBeInstanceOf(Error);
    expect(String((failed as Error).message)).toContain(phone); // drizzle puts the values in its message
    const from = lines.length;
    t.app.log.error({ err: failed }, 'a job failed');
    const line = lines.slice(from).join('\n');
    expect(line).toContain('a job failed');
    expect(line).toContain('Failed query: select');
    expect(line).toContain('division by zero');
    for (const secret of [phone, idempotencyKey]) expect(line).not.toContain(secret);

    // PostgreSQL's own detail repeats a unique key's value
    const duplicate = Object.assign(
      new Error('duplicate key value violates unique constraint "customers_phone"'),
      {
        code: '23505',
        detail: 'Key (phone)=(9171234567) already exists.',
        params: ['9171234567'],
      },
    );
    expect(serializeLoggedError(duplicate)).toMatchObject({
      message: 'duplicate key value violates unique constraint "customers_phone"',
      code: '23505',
      detail: 'Key (phone)=([redacted]) already exists.',
    });
    expect(JSON.stringify(serializeLoggedError(duplicate))).not.toContain('9171234567');
  });

  it('credentials in logs: query values named like secrets or shaped like tokens are redacted', () => {
    expect(redactUrl('/api/x?phone=9171234567&token=abc&sig=zz')).toBe(
      '/api/x?phone=9171234567&token=[redacted]&sig=[redacted]',
    );
    expect(redactUrl(`/cb?next=${'A'.repeat(48)}`)).toBe('/cb?next=[redacted]');
    expect(redactUrl('/api/orders/0b7c5a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21')).toBe(
      '/api/orders/0b7c5a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21',
    );
  });

  it('issue 8: short URLs with nothing to redact come back as they are; short ones with a credential are still redacted', () => {
    for (const url of ['/api/home', '/api/me', '/', `/${'a'.repeat(30)}`, '/api/orders/12/bill'])
      expect(redactUrl(url)).toBe(url);
    expect(redactUrl('/api/photos/files/abc')).toBe('/api/photos/files/[redacted]');
    expect(redactUrl('/api/photos/uploads/t')).toBe('/api/photos/uploads/[redacted]');
    expect(redactUrl('/a?token=x')).toBe('/a?token=[redacted]');
    expect(redactUrl('/a?code=1#x')).toBe('/a?code=[redacted]');
    expect(redactUrl('A'.repeat(32))).toBe('[redacted]');
    expect(redactUrl(`/${'A'.repeat(32)}`)).toBe('/[redacted]');
  });
});
