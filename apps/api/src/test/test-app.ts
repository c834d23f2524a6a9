import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import { migratedPgliteDump, migratedPostgresTemplate } from './migrated-template.ts';

/**
 * Boots the real app in-process (fastify/demo style) on a fresh, migrated database: in-memory PGlite
 * by default, or a throw-away database on the PostgreSQL server named by DATABASE_URL (CI runs the
 * suite both ways), each a copy of a migrated template (./migrated-template.ts). Time is a
 * ManualClock the test moves.
 */
export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  /** every statement the app sent to the database since the last reset (to count round trips) */
  queries: string[];
  close(): Promise<void>;
}

async function freshDatabase(
  onQuery?: (sql: string) => void,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ onQuery, loadDataDir: await migratedPgliteDump() });
    return { database, drop: async () => {} };
  }
  const template = await migratedPostgresTemplate(url);
  const name = `pisonow_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), onQuery });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { smsProvider?: SmsProvider; clock?: ManualClock; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const { DATABASE_URL: _ignored, ...processEnv } = process.env;
  void _ignored;
  const config = loadConfig({
    ...processEnv,
    NODE_ENV: 'test',
    SANDBOX: '1',
    JOBS: '0',
    LOG_LEVEL: 'silent',
    SECRET_KEY: randomBytes(32).toString('hex'),
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const queries: string[] = [];
  const { database, drop } = await freshDatabase((sql) => {
    if (queries.length < 10_000) queries.push(sql);
  });
  const clock = options.clock ?? new ManualClock();
  // silent, unless the test reads the log (then with the production logger settings)
  const app = await buildApp({
    config,
    clock,
    database,
    smsProvider: options.smsProvider,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    clock,
    database,
    queries,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** Helpers that speak the API the way the web app does. */
export function client(app: FastifyInstance) {
  const json = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    let parsed: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    try {
      parsed = res.body ? JSON.parse(res.body) : null;
    } catch {
      parsed = res.body;
    }
    return { status: res.statusCode, body: parsed, headers: res.headers };
  };
  const api = {
    json,
    sendCode: (phone: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      json('POST', '/api/auth/login-code', { phone, ...extra }, headers),
    lastCode: async (phone: string): Promise<string> => {
      const res = await json('GET', `/api/sandbox/outbox?phone=${phone}`);
      const body: string = res.body.messages[0]?.body ?? '';
      const match = /(\d{4})/.exec(body.replace(/\[.*?\]/, ''));
      if (!match?.[1]) throw new Error(`no code in outbox for ${phone}`);
      return match[1];
    },
    login: (
      phone: string,
      code: string,
      extra: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ) =>
      json(
        'POST',
        '/api/auth/login',
        { phone, code, privacyAccepted: true, privacyPolicyVersion: '2026-11-01', ...extra },
        headers,
      ),
    /** send a code, read it from the outbox, log in: a signed-in borrower */
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
