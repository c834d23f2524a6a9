import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.ts';
import { DataDirLockedError } from './data-dir-lock.ts';

const root = mkdtempSync(path.join(tmpdir(), 'pisonow-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const clientModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client.ts');

/** A second server process holding the embedded database in `dataDir` until it is killed. */
function holder(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { openDatabase } from ${JSON.stringify(clientModule)}; await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log('open'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return { child, opened };
}

describe('two processes on one embedded database', () => {
  it('two processes on one embedded database: the second refuses to start, naming the holder and PostgreSQL', async () => {
    const dataDir = path.join(root, 'a', 'pglite');
    const first = holder(dataDir);
    try {
      await first.opened;
      const refused = await openDatabase({ dataDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain(`pid ${first.child.pid}`);
      expect((refused as Error).message).toContain('DATABASE_URL');
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) {
        const exited = new Promise((resolve) => first.child.once('exit', resolve));
        first.child.kill('SIGKILL');
        await exited;
      }
    }
    // the holder died without cleaning up (kill -9): its lock is stale and the next start takes it over
    const next = await openDatabase({ dataDir });
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')).pid).toBe(process.pid);
    await next.close();
  }, 60_000);

  it('two processes on one embedded database: a second open in the same process is refused until the first closes', async () => {
    const dataDir = path.join(root, 'b', 'pglite');
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);

  it('two processes on one embedded database: a second server refuses to start with a clear message and exit code 1', async () => {
    const dataDir = path.join(root, 'd');
    const serverEntry = path.join(path.dirname(clientModule), '..', 'server.ts');
    const start = (port: number) => {
      const child = spawn(process.execPath, [serverEntry], {
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          JOBS: '0',
          SANDBOX: '1',
          LOG_LEVEL: 'warn',
          WEB_DIST: path.join(root, 'no-web'),
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, exited, output: () => output };
    };
    const port = 20000 + (process.pid % 20000);
    const first = start(port);
    try {
      for (let i = 0; i < 300; i++) {
        const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const second = start(port + 1);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('already open in another process');
      expect(second.output()).toContain('DATABASE_URL');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true); // the first one is untouched
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  }, 90_000);

  it('a lock left by a pid that no longer exists is taken over', async () => {
    const dataDir = path.join(root, 'c', 'pglite');
    mkdirSync(path.dirname(dataDir), { recursive: true });
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), startedAt: '2026-01-01T00:00:00Z' }),
    );
    const db = await openDatabase({ dataDir });
    await db.close();
  }, 60_000);
});
