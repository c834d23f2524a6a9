import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  serverEntry,
  sleep,
  startServerProcess,
  throwAwayDatabase,
  PRODUCTION_MEMORY_SETTINGS,
  type ServerProcess,
} from './test/server-process.ts';

/**
 * The real server as a process (`node apps/api/src/server.ts`, Node 24): liveness and readiness,
 * and graceful shutdown. On PGlite by default; on a throw-away PostgreSQL database when
 * DATABASE_URL is set. Jobs run (JOBS=1), so readiness waits for the queue.
 */
describe('server process: health and graceful shutdown', () => {
  let server: ServerProcess;
  let dataDir = '';
  let drop = async () => {};

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pisonow-process-'));
    let databaseUrl = '';
    if (process.env.DATABASE_URL) {
      const db = await throwAwayDatabase(process.env.DATABASE_URL, 'pisonow_test_process');
      databaseUrl = db.url;
      drop = db.drop;
    }
    server = await startServerProcess(serverEntry, {
      ...PRODUCTION_MEMORY_SETTINGS,
      NODE_ENV: 'test',
      SANDBOX: '1',
      JOBS: '1',
      LOG_LEVEL: 'info',
      SECRET_KEY: randomBytes(32).toString('hex'),
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SHUTDOWN_TIMEOUT_SECONDS: '10',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('liveness answers without the database; readiness checks database, migrations and the job queue; /api/health stays as it was', async () => {
    const live = await fetch(`${server.base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('SIGTERM during a slow request: the request completes, new connections are refused, the process exits 0', async () => {
    const slow = fetch(`${server.base}/api/sandbox/slow?ms=1500`).then(async (res) => ({
      status: res.status,
      body: await res.json(),
      at: performance.now(),
    }));
    await sleep(300); // the request is in flight
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await sleep(200);
    await expect(fetch(`${server.base}/api/health/live`)).rejects.toThrow(); // no longer listening
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ waitedMs: 1500 });
    expect(answered.at).toBeGreaterThan(signalledAt);
    const code = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toMatch(/shutting down: draining requests and jobs/);
    expect(server.output()).toMatch(/"msg":"shut down"/);
  }, 30_000);
});
