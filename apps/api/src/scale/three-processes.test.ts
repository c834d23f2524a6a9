import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { applicationDecisions, customers, ledgerTransactions, orders, payouts } from '../db/schema/index.ts';
import { submitCompleteApplication } from '../test/application-fixtures.ts';
import type { client } from '../test/test-app.ts';
import {
  PRODUCTION_MEMORY_SETTINGS,
  serverEntry,
  sleep,
  startServerProcess,
  throwAwayDatabase,
  type ServerProcess,
} from '../test/server-process.ts';

/**
 * The production shape on one machine (compose.yaml: three API replicas on one PostgreSQL): three
 * real server processes (`node apps/api/src/server.ts`, Node 24) start together on one throw-away
 * database, and concurrent borrowers go through all three, request by request in turn. Limits,
 * captcha, idempotency, the one-outstanding-order rule and the jobs (one decision per submission,
 * one payout per order) must hold as if there were one server. Needs PostgreSQL (DATABASE_URL);
 * PGlite is one process by design.
 */
const adminUrl = process.env.DATABASE_URL;
const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
const BORROWERS = 6;

type Answer = { status: number; body: any; headers: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON

describe.skipIf(!adminUrl)('three server processes on one PostgreSQL behave as one', () => {
  const servers: ServerProcess[] = [];
  let database: Database;
  let drop = async () => {};
  let dataDir = '';
  let turn = 0;
  /** the next server in turn (round robin, like the proxy) */
  const next = () => servers[turn++ % servers.length]!;

  async function call(
    server: ServerProcess,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetch(server.base + url, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: Object.fromEntries(res.headers) };
  }

  /** The test client's API, each call on the next server; every borrower comes from an address of its own. */
  function borrowerClient(ip: string) {
    const withIp = (h: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...h });
    const api = {
      json: (
        method: 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: string,
        body?: unknown,
        headers: Record<string, string> = {},
      ) => call(next(), method, url, body, withIp(headers)),
      sendCode: (phone: string) => api.json('POST', '/api/auth/login-code', { phone }),
      lastCode: async (phone: string): Promise<string> => {
        const res = await api.json('GET', `/api/sandbox/outbox?phone=${phone}`);
        const match = /(\d{4})/.exec(String(res.body?.messages?.[0]?.body ?? '').replace(/\[.*?\]/, ''));
        if (!match?.[1]) throw new Error(`no code in outbox for ${phone}`);
        return match[1];
      },
      login: (phone: string, code: string) =>
        api.json('POST', '/api/auth/login', {
          phone,
          code,
          privacyAccepted: true,
          privacyPolicyVersion: '2026-11-01',
        }),
      signIn: async (phone: string) => {
        const sent = await api.sendCode(phone);
        if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
        const res = await api.login(phone, await api.lastCode(phone));
        if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
        return res.body as { token: string; customerId: string };
      },
      authed: (token: string) => ({ authorization: `Bearer ${token}` }),
    };
    return api;
  }

  async function until<T>(
    what: string,
    probe: () => Promise<T | undefined | false>,
    timeoutMs = 45_000,
  ): Promise<T> {
    const started = performance.now();
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
      await sleep(250);
    }
  }

  beforeAll(async () => {
    const db = await throwAwayDatabase(adminUrl!, 'pisonow_test_scale');
    drop = db.drop;
    dataDir = await mkdtemp(path.join(tmpdir(), 'pisonow-scale-'));
    const env = {
      ...PRODUCTION_MEMORY_SETTINGS,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      SECRET_KEY: randomBytes(32).toString('hex'), // one key for all: a code sent by one is checked by another
      SANDBOX: '1',
      JOBS: '1',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      CAPTCHA_IP_SENDS_PER_HOUR: '3',
      LOGIN_LOCK_FAILURES: '3',
    };
    // started together: migrations take turns (advisory lock), pg-boss shares one schema
    servers.push(
      ...(await Promise.all(
        [1, 2, 3].map((n) =>
          startServerProcess(serverEntry, { ...env, DATA_DIR: path.join(dataDir, `p${n}`) }),
        ),
      )),
    );
    database = await openDatabase({ url: db.url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('all three are ready on the same migrated database', async () => {
    for (const s of servers) {
      const ready = await call(s, 'GET', '/api/health/ready');
      expect(ready.body).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
      });
    }
  });

  it('login limits and captcha hold across processes: resend cooldown, per-IP captcha, lock after wrong codes', async () => {
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    // resend cooldown: a code from A, then B and C refuse another at once
    const ip1 = { 'x-forwarded-for': '198.51.100.10' };
    expect((await call(a, 'POST', '/api/auth/login-code', { phone: '9201000001' }, ip1)).status).toBe(200);
    for (const s of [b, c]) {
      const again = await call(s, 'POST', '/api/auth/login-code', { phone: '9201000001' }, ip1);
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('SMS_TOO_FREQUENT');
    }
    // captcha per IP (3 an hour here): sends from one address to new numbers, through all three, concurrently
    const ip2 = { 'x-forwarded-for': '198.51.100.20' };
    const sends = await Promise.all(
      servers.flatMap((s, i) =>
        [0, 1].map((j) => call(s, 'POST', '/api/auth/login-code', { phone: `9202${i}${j}0001` }, ip2)),
      ),
    );
    expect(sends.filter((r) => r.status === 200)).toHaveLength(3);
    expect(sends.filter((r) => r.status === 428).every((r) => r.body.code === 'CAPTCHA_REQUIRED')).toBe(true);
    expect(sends.filter((r) => r.status === 428)).toHaveLength(3);
    // lock: three wrong codes, one through each server at the same time, lock the number everywhere
    const ip3 = { 'x-forwarded-for': '198.51.100.30' };
    expect((await call(a, 'POST', '/api/auth/login-code', { phone: '9203000001' }, ip3)).status).toBe(200);
    const code = String((await call(b, 'GET', '/api/sandbox/outbox?phone=9203000001')).body.messages[0].body)
      .replace(/\[.*?\]/, '')
      .match(/(\d{4})/)![1]!;
    const wrong = code === '0000' ? '1111' : '0000';
    await Promise.all(
      servers.map((s) =>
        call(
          s,
          'POST',
          '/api/auth/login',
          { phone: '9203000001', code: wrong, privacyAccepted: true, privacyPolicyVersion: '2026-11-01' },
          ip3,
        ),
      ),
    );
    const locked = await call(
      c,
      'POST',
      '/api/auth/login',
      { phone: '9203000001', code, privacyAccepted: true, privacyPolicyVersion: '2026-11-01' },
      ip3,
    );
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('SECURITY_LOCK');
  });

  it('concurrent borrowers through all three: one decision per submission, one order per borrower, idempotent keys, one payout per order', async () => {
    // sign in, fill in and submit (each request on the next server), all borrowers at once
    const borrowers = await Promise.all(
      Array.from({ length: BORROWERS }, async (_, i) => {
        const phone = `92${i + 1}4000001`;
        const api = borrowerClient(`203.0.113.${i + 1}`);
        const b = await submitCompleteApplication(
          database.db,
          api as unknown as ReturnType<typeof client>,
          phone,
        );
        return { ...b, api, phone };
      }),
    );
    // the decision job runs in whichever process picks it up, once
    const applicationIds = borrowers.map((b) => b.applicationId);
    const decisions = await until('one decision per application', async () => {
      const rows = await database.db
        .select()
        .from(applicationDecisions)
        .where(inArray(applicationDecisions.applicationId, applicationIds));
      return rows.length >= BORROWERS && rows;
    });
    await sleep(2500); // a second run, if there were one, would have time to land
    expect(
      await database.db
        .select()
        .from(applicationDecisions)
        .where(inArray(applicationDecisions.applicationId, applicationIds)),
    ).toHaveLength(BORROWERS);
    expect(new Set(decisions.map((d) => d.applicationId)).size).toBe(BORROWERS);
    expect(decisions.map((d) => [d.outcome, d.reason])).toEqual(decisions.map(() => ['approve', null]));

    // each borrower taps "withdraw" 9 times at once over the three servers: 6 own keys + 3 with one shared key
    const attempts = await Promise.all(
      borrowers.map(async (b, i) => {
        // what the borrower read first (issue 7): the order carries the product version and the documents' hash
        const preview = await call(
          servers[i % 3]!,
          'GET',
          '/api/loans/documents?amount=200000&termDays=14',
          undefined,
          { ...b.h, 'x-forwarded-for': `203.0.113.${i + 1}` },
        );
        const seen = preview.body as { productVersion: number; documentsSha256: string };
        const body = {
          amount: '200000',
          termDays: 14,
          agreeLoanAgreement: true,
          agreeSanctionLetter: true,
          signature: SIGNATURE,
          productVersion: seen.productVersion,
          documentsSha256: seen.documentsSha256,
        };
        const keys = [
          ...Array.from({ length: 6 }, (_, k) => `scale-${i}-own-${k}`),
          `scale-${i}-shared`,
          `scale-${i}-shared`,
          `scale-${i}-shared`,
        ];
        const answers = await Promise.all(
          keys.map((key, k) =>
            call(servers[k % 3]!, 'POST', '/api/orders', body, {
              ...b.h,
              'x-forwarded-for': `203.0.113.${i + 1}`,
              'idempotency-key': key,
            }),
          ),
        );
        return { b, keys, answers, body };
      }),
    );
    for (const { b, keys, answers, body } of attempts) {
      const created = answers.filter((r) => r.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((r) => r.body.id)).size).toBe(1); // replays of the winning key, if any, are the same order
      expect(
        answers
          .filter((r) => r.status !== 201)
          .every(
            (r) =>
              r.status === 409 && ['OUTSTANDING_REPAYMENT', 'IDEMPOTENCY_IN_PROGRESS'].includes(r.body.code),
          ),
      ).toBe(true);
      const rows = await database.db.select().from(orders).where(eq(orders.customerId, b.customerId));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(created[0]!.body.id);
      // a retry with the winning key, on each server, replays the first answer
      const winner = keys[answers.findIndex((r) => r.status === 201 && !r.headers['idempotent-replayed'])]!;
      for (const s of servers) {
        const replay = await call(s, 'POST', '/api/orders', body, {
          ...b.h,
          'x-forwarded-for': '203.0.113.99',
          'idempotency-key': winner,
        });
        expect(replay.status).toBe(201);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body.id).toBe(rows[0]!.id);
      }
    }

    // the payout job runs once per order, in whichever process
    const customerIds = borrowers.map((b) => b.customerId);
    const paid = await until('every order paid out', async () => {
      const rows = await database.db.select().from(orders).where(inArray(orders.customerId, customerIds));
      return rows.every((o) => o.status === 'repaying') && rows;
    });
    await sleep(2500);
    for (const o of paid) {
      expect(await database.db.select().from(payouts).where(eq(payouts.orderId, o.id))).toHaveLength(1);
      expect(
        await database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, o.id)),
      ).toHaveLength(1);
    }
    expect(await database.db.select().from(customers).where(inArray(customers.id, customerIds))).toHaveLength(
      BORROWERS,
    );
  });
});
