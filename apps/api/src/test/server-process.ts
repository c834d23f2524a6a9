// Real server processes for tests that need them (graceful shutdown, several processes on one
// database) and for the bench: `node apps/api/src/server.ts` with Node 24 from node_modules/.bin.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');

/**
 * Builds the production bundle (apps/api/build.ts: what `npm start` runs) for the bench, the soak
 * and the crash run, into apps/api/dist-tools, so a server running from apps/api/dist is left alone.
 */
export async function buildProductionServer(): Promise<string> {
  const { buildServer } = await import('../../build.ts');
  return buildServer({ outDir: path.join(repoRoot, 'apps/api/dist-tools') });
}
/** the pinned Node 24 (the npm package `node`), else this process's Node */
export const nodeBinary = existsSync(path.join(repoRoot, 'node_modules/.bin/node'))
  ? path.join(repoRoot, 'node_modules/.bin/node')
  : process.execPath;

/**
 * glibc's allocator as `npm start` and the Dockerfile set it (GLIBC_TUNABLES):
 * - at most 2 malloc arenas: libvips in the image worker otherwise leaves a fragmented arena per
 *   thread behind;
 * - a fixed 128 KB mmap threshold: glibc raises its threshold to the size of the largest block it
 *   freed (up to 32 MB), so after the first photo every decoded image and JPEG buffer came from the
 *   heap, whose holes stayed mapped. Fixed, such blocks are mmapped and go back to the system when
 *   freed; with a trim threshold of the same size the heap's free top is returned as well.
 *   Measured on the soak with photos (bench/soak-memory.md): PostgreSQL idle 169 → 132 MB and max
 *   354 → 327 MB over two paired runs; PGlite idle 415 → 275 MB, max 529 → 441 MB in one run each.
 */
export const GLIBC_MALLOC_TUNABLES =
  'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/**
 * What `npm start` and the Dockerfile run the server with: a 4 MB V8 semi-space and the allocator
 * settings above. production-settings.test.ts keeps the three places in step.
 *
 * Why 4 MB: Node 24 sizes the semi-space from the machine's memory, up to 64 MB (128 MB of young
 * generation that RSS never gives back). It was 16 MB until the sixteenth session and 8 MB until
 * the twenty-first. Once a photo's checks ran in the image worker, the main thread's full
 * collections grew rare and the 10-minute soak peaked at 207 MB with 8 MB (the goal is 200). On
 * 2026-11-28 (bench/soak-memory.md), in 150 s soaks with reads capped at 600/s, 4 MB peaked at 190
 * and 191 MB against 208 and 209 (mean 182-183 against 201-202), and `npm run bench:home-ab` (12
 * interleaved rounds) gave `GET /api/home` the same throughput and CPU a request: 3,887 against
 * 3,952 req/s, 192 against 200 µs, p99 29 against 31 ms.
 */
export const PRODUCTION_MEMORY_SETTINGS = {
  NODE_OPTIONS: '--max-semi-space-size=4',
  GLIBC_TUNABLES: GLIBC_MALLOC_TUNABLES,
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** the process's stdout + stderr so far (the last 64 kB) */
  output(): string;
  /** resolves with the exit code */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 15 s */
  stop(): Promise<void>;
}

/** Starts `node <entry>` in its own process group and waits until `readyPath` answers 200. */
export async function startServerProcess(
  entry: string,
  env: Record<string, string>,
  options: {
    readyPath?: string;
    timeoutMs?: number;
    /** drop stdout (the request log) instead of keeping it */ quiet?: boolean;
  } = {},
): Promise<ServerProcess> {
  const readyPath = options.readyPath ?? '/api/health/ready';
  const timeoutMs = options.timeoutMs ?? 90_000;
  const port = await freePort();
  // NODE_ARGS: Node or V8 flags for this process's command line, for the bench's experiments with
  // flags that NODE_OPTIONS refuses (`--single-threaded-gc`, say); the production settings use none
  const nodeArgs = env.NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(nodeBinary, [...nodeArgs, entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.quiet ? 'ignore' : 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (d: Buffer) => {
    output = (output + d.toString()).slice(-65_536);
  };
  child.stdout?.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${path.basename(entry)} exited (${child.exitCode}): ${output.slice(-4000)}`);
    try {
      const res = await fetch(base + readyPath);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${path.basename(entry)} not ready in ${timeoutMs} ms: ${output.slice(-4000)}`);
    }
    await sleep(200);
  }
  return {
    child,
    port,
    base,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A throw-away database on the PostgreSQL server of `adminUrl`. */
export async function throwAwayDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  server: ServerProcess;
  /** stops the server, drops its database and removes its data folder */
  close(): Promise<void>;
}

/**
 * A sandbox server process for a test, as production runs it (PRODUCTION_MEMORY_SETTINGS, jobs on),
 * on its own data folder: PGlite, or a throw-away database when DATABASE_URL is set.
 */
export async function startTestServer(
  entry: string,
  name: string,
  env: Record<string, string> = {},
  options: { timeoutMs?: number } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `pisonow-${name}-`));
  const db = process.env.DATABASE_URL
    ? await throwAwayDatabase(process.env.DATABASE_URL, `pisonow_test_${name}`)
    : null;
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      entry,
      {
        ...PRODUCTION_MEMORY_SETTINGS,
        NODE_ENV: 'test',
        SANDBOX: '1',
        JOBS: '1',
        LOG_LEVEL: 'info',
        SECRET_KEY: randomBytes(32).toString('hex'),
        WEB_DIST: '/nonexistent',
        DATA_DIR: dataDir,
        DATABASE_URL: db?.url ?? '',
        ...env,
      },
      options,
    );
  } catch (error) {
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    server,
    close: async () => {
      await server.stop();
      await db?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
