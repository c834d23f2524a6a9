import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serverEntry,
  sleep,
  startTestServer,
  type ServerProcess,
  type TestServer,
} from './test/server-process.ts';

/**
 * The real server as a process (`node apps/api/src/server.ts`, Node 24): liveness and readiness,
 * and graceful shutdown. On PGlite by default; on a throw-away PostgreSQL database when
 * DATABASE_URL is set. Jobs run (JOBS=1), so readiness waits for the queue.
 */
describe('server process: health and graceful shutdown', () => {
  let server: ServerProcess;
  let running: TestServer | undefined;

  beforeAll(async () => {
    running = await startTestServer(serverEntry, 'process', { SHUTDOWN_TIMEOUT_SECONDS: '10' });
    server = running.server;
  }, 120_000);
  afterAll(async () => {
    await running?.close();
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
