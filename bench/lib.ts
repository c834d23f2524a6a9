// Shared by `npm run bench` and `npm run soak:memory`: start servers as real child processes, make
// throw-away databases, speak the API the way the web app does, read a process's memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');
const photoFixtures = path.join(repoRoot, 'apps/api/src/test/fixtures/photos');
export const fixture = (name: string) => readFile(path.join(photoFixtures, name));

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

export interface Proc {
  child: ChildProcess;
  port: number;
  base: string;
  stop(): Promise<void>;
}

/** Starts `node <entry>` (this Node: 24 from node_modules/.bin under npm) and waits until `readyPath` answers 200. */
export async function startProcess(entry: string, env: Record<string, string>, readyPath = '/api/health', timeoutMs = 90_000): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${path.basename(entry)} exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(base + readyPath);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${path.basename(entry)} not ready in ${timeoutMs} ms: ${stderr}`);
    }
    await sleep(200);
  }
  return {
    child,
    port,
    base,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident, peak and anonymous (heap, not shared-library pages) memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number; anonMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024), anonMb: Math.round(kb('RssAnon') / 1024) };
}

/** A throw-away database on the PostgreSQL server of `adminUrl`. */
export async function throwAwayDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
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

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg().map((l) => l.toFixed(2)).join(' '),
  };
}

export const randomPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** The API as the web app speaks it, over real HTTP. */
export function httpApi(base: string) {
  const json = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- scripts read arbitrary JSON
  };
  const api = {
    json,
    sendCode: (phone: string, ip = randomIp()) => json('POST', '/api/auth/login-code', { phone }, { 'x-forwarded-for': ip }),
    lastCode: async (phone: string): Promise<string> => {
      const res = await json('GET', `/api/sandbox/outbox?phone=${phone}`);
      const body: string = res.body?.messages?.[0]?.body ?? '';
      const match = /(\d{4})/.exec(body.replace(/\[.*?\]/, ''));
      if (!match?.[1]) throw new Error(`no code in outbox for ${phone}`);
      return match[1];
    },
    login: (phone: string, code: string, ip = randomIp()) =>
      json('POST', '/api/auth/login', { phone, code, privacyAccepted: true, privacyPolicyVersion: '2026-11-01' }, { 'x-forwarded-for': ip }),
    signIn: async (phone = randomPhone()) => {
      const ip = randomIp();
      const sent = await api.sendCode(phone, ip);
      if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
      const res = await api.login(phone, await api.lastCode(phone), ip);
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { token: string; customerId: string };
    },
    /** one photo through a grant; resolves to the HTTP status of the upload */
    uploadPhoto: async (token: string, kind: 'idCard' | 'selfie', bytes: Buffer) => {
      const grant = await json('POST', '/api/photos/upload-grants', { kind }, { authorization: `Bearer ${token}` });
      if (grant.status !== 201) throw new Error(`grant failed: ${grant.status} ${JSON.stringify(grant.body)}`);
      const res = await fetch(base + grant.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(bytes) });
      await res.arrayBuffer();
      return res.status;
    },
  };
  return api;
}

/** Runs `fn` over `items` with at most `concurrency` at a time. */
export async function pool<T, R>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

/**
 * What `npm start` and the Dockerfile run the server with: a 16 MB V8 semi-space (Node 24 sizes it
 * from the machine's memory, up to 64 MB: 128 MB of young generation that RSS never gives back) and
 * at most 2 glibc malloc arenas (libvips in the worker threads otherwise leaves a fragmented arena
 * per thread behind).
 */
export const PRODUCTION_MEMORY_SETTINGS = { NODE_OPTIONS: '--max-semi-space-size=16', MALLOC_ARENA_MAX: '2' };

/** Environment for the product server in the bench and soak: sandbox providers, limits opened for load from many "clients". */
export function productEnv(extra: Record<string, string>): Record<string, string> {
  return {
    ...PRODUCTION_MEMORY_SETTINGS,
    NODE_ENV: 'development',
    SANDBOX: '1',
    JOBS: '1',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1', // each simulated borrower sends its own X-Forwarded-For, so per-IP limits count per borrower
    SECRET_KEY: randomBytes(32).toString('hex'),
    WEB_DIST: '/nonexistent',
    CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '10000',
    ...extra,
  };
}
