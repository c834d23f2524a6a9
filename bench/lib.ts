// Shared by `npm run bench` and `npm run soak:memory`: start servers as real child processes, make
// throw-away databases, speak the API the way the web app does, read a process's memory.
import autocannon from 'autocannon';
import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import {
  PRODUCTION_MEMORY_SETTINGS,
  buildProductionServer,
  repoRoot,
  serverEntry,
  sleep,
  startServerProcess,
  throwAwayDatabase,
  type ServerProcess,
} from '../apps/api/src/test/server-process.ts';

export { PRODUCTION_MEMORY_SETTINGS, buildProductionServer, repoRoot, serverEntry, sleep, throwAwayDatabase };
export type Proc = ServerProcess;

const photoFixtures = path.join(repoRoot, 'apps/api/src/test/fixtures/photos');
export const fixture = (name: string) => readFile(path.join(photoFixtures, name));

/** Starts a server process (its request log to /dev/null, stderr kept) and waits for `readyPath`. */
export const startProcess = (
  entry: string,
  env: Record<string, string>,
  readyPath = '/api/health',
  timeoutMs = 90_000,
) => startServerProcess(entry, env, { readyPath, timeoutMs, quiet: true });

/** Resident, peak and anonymous (heap, not shared-library pages) memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number; anonMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return {
    rssMb: Math.round(kb('VmRSS') / 1024),
    peakMb: Math.round(kb('VmHWM') / 1024),
    anonMb: Math.round(kb('RssAnon') / 1024),
  };
}

/**
 * CPU time a process has used so far (user + system, all its threads), in ms, from /proc/PID/stat
 * (fields 14 and 15, in clock ticks of 1/100 s: Linux's USER_HZ on every architecture we run).
 * The work a request costs the server, unlike req/s, hardly moves when other work shares the cores.
 */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

export const randomPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** The API as the web app speaks it, over real HTTP. */
export function httpApi(base: string) {
  const json = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, {
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
    return { status: res.status, body: parsed as any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- scripts read arbitrary JSON
  };
  const api = {
    json,
    sendCode: (phone: string, ip = randomIp()) =>
      json('POST', '/api/auth/login-code', { phone }, { 'x-forwarded-for': ip }),
    lastCode: async (phone: string): Promise<string> => {
      const res = await json('GET', `/api/sandbox/outbox?phone=${phone}`);
      const body: string = res.body?.messages?.[0]?.body ?? '';
      const match = /(\d{4})/.exec(body.replace(/\[.*?\]/, ''));
      if (!match?.[1]) throw new Error(`no code in outbox for ${phone}`);
      return match[1];
    },
    login: (phone: string, code: string, ip = randomIp()) =>
      json(
        'POST',
        '/api/auth/login',
        { phone, code, privacyAccepted: true, privacyPolicyVersion: '2026-11-01' },
        { 'x-forwarded-for': ip },
      ),
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
      const grant = await json(
        'POST',
        '/api/photos/upload-grants',
        { kind },
        { authorization: `Bearer ${token}` },
      );
      if (grant.status !== 201)
        throw new Error(`grant failed: ${grant.status} ${JSON.stringify(grant.body)}`);
      const res = await fetch(base + grant.body.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(bytes),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
  return api;
}

/** Runs `fn` over `items` with at most `concurrency` at a time. */
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
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

/** Environment for the product server in the bench and soak: sandbox providers, limits opened for load from many "clients". */
export function productEnv(extra: Record<string, string>): Record<string, string> {
  return {
    ...PRODUCTION_MEMORY_SETTINGS,
    NODE_ENV: 'development',
    // answers written as production writes them (the compiled serializer alone): the sandbox
    // providers below need NODE_ENV=development, which would otherwise check every answer twice
    CHECK_RESPONSES: '0',
    SANDBOX: '1',
    JOBS: '1',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1', // each simulated borrower sends its own X-Forwarded-For, so per-IP limits count per borrower
    SECRET_KEY: randomBytes(32).toString('hex'),
    WEB_DIST: '/nonexistent',
    CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '10000',
    CAPTCHA_TOTAL_SENDS_PER_HOUR: '1000000', // the load is thousands of sign-ins an hour, all legitimate
    ...extra,
  };
}

/**
 * A borrower with an approved application and a disbursed loan, straight in the database (the same
 * fixture the servicing tests use), for the home benchmark: the screen a repaying borrower opens.
 */
export async function seedBorrowerWithLoan(databaseUrl: string): Promise<{ phone: string }> {
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const { seedDisbursedLoan } = await import('../apps/api/src/test/loan-fixtures.ts');
  const database = await openDatabase({ url: databaseUrl });
  try {
    const phone = randomPhone();
    await seedDisbursedLoan(database.db, { disbursedAt: new Date(), phone });
    return { phone };
  } finally {
    await database.close();
  }
}

/**
 * Seconds of load on a server before `GET /api/home` is measured: the JIT and the prepared statement
 * on every pooled connection. The product's optimising compilers are busy for several seconds of
 * load (`bench:perf-home` counted 36 µs a request more than the reference's on the compiler threads
 * after 3 s, none after 10 or 20 s); a shorter warm-up measures its start-up, not its pace (and
 * code not yet optimised allocates more, which `bench:alloc-home` would count).
 */
export const HOME_WARMUP_SECONDS = 10;

/** `GET /api/home` as the signed-in borrower, 50 connections, for a duration or a number of requests. */
export const homeLoad = (base: string, token: string, options: { duration: number } | { amount: number }) =>
  autocannon({
    url: base,
    connections: 50,
    ...options,
    requests: [{ path: '/api/home', headers: { authorization: `Bearer ${token}` } }],
  });

/**
 * Where a frame of the production bundle comes from: the server is one bundle (apps/api/build.ts),
 * so a profile's frames are mapped back to their sources through the bundle's source map, or every
 * package would count as the bundle itself. `url` is a `file://` URL or a path; line and column are
 * 0-based, as V8's profiles give them. Answers the source file (absolute, or a `node:` module) and
 * its 1-based line.
 */
export function bundleSourceLocator(): (
  url: string,
  line: number,
  column: number,
) => { file: string; line: number } {
  const sourceMaps = new Map<string, SourceMap | null>();
  const sourceMapOf = (file: string) => {
    if (!sourceMaps.has(file))
      sourceMaps.set(
        file,
        file.startsWith('/') && existsSync(`${file}.map`)
          ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload)
          : null,
      );
    return sourceMaps.get(file)!;
  };
  return (url, line, column) => {
    const file = url.replace(/^file:\/\//, '');
    const entry = sourceMapOf(file)?.findEntry(line, column);
    if (entry && 'originalSource' in entry)
      return {
        file: entry.originalSource.startsWith('file://')
          ? entry.originalSource.slice('file://'.length)
          : path.resolve(path.dirname(file), entry.originalSource),
        line: entry.originalLine + 1,
      };
    return { file, line: line + 1 };
  };
}

/** A source file as a profile table names it: its npm package, a `node:` module, or our path. */
export const packageOrPath = (file: string) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
  (file.startsWith('node:') ? file : path.relative(repoRoot, file));
