import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoOperators, DEMO_OPERATORS, demoOperatorsText } from './demo-operators.ts';
import { operators } from '../../db/schema/index.ts';
import { redactUrl } from '../../lib/log-redaction.ts';

/** The console bundle under /console (issue 11): served by the same server, same CSP, its own routes. */
let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>PisoNow Console</title>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ CONSOLE_DIST: dist });
}, 60_000);
afterAll(async () => t?.close());

describe('BE-08 the console bundle', () => {
  it('BE-08: /console and its client routes get the console page, with the strict CSP', async () => {
    for (const url of [
      '/console',
      '/console/',
      '/console/search?q=x',
      '/console/borrowers/8d7c0f0e-0000-4000-8000-000000000000',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('PisoNow Console');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('BE-08: hashed console assets are immutable; a missing one is a 404, not the page', async () => {
    const res = await t.app.inject('/console/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/console/assets/gone-123.js')).statusCode).toBe(404);
  });

  it('BE-08: the API under /api/console is not the page', async () => {
    const res = await t.app.inject('/api/console/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('BE-08: a borrower search (phone, name, ID number) never reaches the request log', () => {
    expect(redactUrl('/api/console/borrowers?q=9171234567')).toBe('/api/console/borrowers?q=[redacted]');
    expect(redactUrl('/api/console/borrowers?q=Maria%20Dela%20Cruz')).not.toContain('Maria');
  });

  it('BE-09: demo operators are seeded in sandbox only; production refuses', async () => {
    const deps = { db: t.database.db, clock: t.clock, secretKey: t.app.secretKey };
    await expect(seedDemoOperators({ ...deps, sandbox: true, production: true })).rejects.toThrow(
      /sandbox mode only/,
    );
    await expect(seedDemoOperators({ ...deps, sandbox: false, production: false })).rejects.toThrow(
      /sandbox mode only/,
    );
    // several processes starting together on one database: each operator is created once, nobody fails
    const together = await Promise.all([
      seedDemoOperators({ ...deps, sandbox: true, production: false }),
      seedDemoOperators({ ...deps, sandbox: true, production: false }),
    ]);
    expect(together[0] + together[1]).toBe(5);
    expect(await seedDemoOperators({ ...deps, sandbox: true, production: false })).toBe(0); // once
    const rows = await t.database.db.select().from(operators);
    expect(rows.map((r) => r.role).sort()).toEqual(['admin', 'admin', 'finance', 'support', 'underwriter']);
    const text = demoOperatorsText('http://127.0.0.1:8080');
    for (const d of DEMO_OPERATORS) expect(text).toContain(d.totpSecret);
  });
});
