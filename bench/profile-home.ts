/**
 * `npm run bench:profile-home` (issue 8): where `GET /api/home` spends the server's CPU. Starts the
 * product on a throw-away PostgreSQL database with the V8 sampling profiler on, loads the home screen
 * of a repaying borrower with autocannon (50 connections, BENCH_SECONDS, default 10), stops the
 * server and prints self time by package and by native function, and inclusive time by our own
 * functions, for the load window only (start-up is cut off). The raw profile stays in PROFILE_DIR
 * (default a temporary folder) for Chrome DevTools. Compare shares within one run; absolute times
 * follow the machine. The server runs with the production settings (`npm start`'s NODE_OPTIONS, the
 * profiler added); PROFILE_SERVER_ENV adds environment as JSON, e.g. '{"LOG_LEVEL":"warn"}'.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildProductionServer,
  bundleSourceLocator,
  HOME_WARMUP_SECONDS,
  homeLoad,
  httpApi,
  productEnv,
  PRODUCTION_MEMORY_SETTINGS,
  seedBorrowerWithLoan,
  sleep,
  startProcess,
  throwAwayDatabase,
} from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** PROFILE_SERVER_ENV: more environment for the server, as JSON ('{"LOG_LEVEL":"warn"}', say) */
const SERVER_ENV = JSON.parse(process.env.PROFILE_SERVER_ENV ?? '{}') as Record<string, string>;
const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'pisonow-profile-'));

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const db = await throwAwayDatabase(ADMIN_URL, 'pisonow_profile');
try {
  const server = await startProcess(await buildProductionServer(), {
    ...productEnv({ DATABASE_URL: db.url, DATA_DIR: path.join(tmpdir(), 'pisonow-profile-data') }),
    ...SERVER_ENV,
    // the production settings' NODE_OPTIONS with the profiler added
    NODE_OPTIONS:
      `${PRODUCTION_MEMORY_SETTINGS.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim(),
  });
  const borrower = await seedBorrowerWithLoan(db.url);
  const { token } = await httpApi(server.base).signIn(borrower.phone);
  await homeLoad(server.base, token, { duration: HOME_WARMUP_SECONDS });
  const result = await homeLoad(server.base, token, { duration: SECONDS });
  console.log(
    `GET /api/home: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  );
  await server.stop(); // the profile is written as the process exits
  await sleep(500);
} finally {
  await db.drop();
}

const file = readdirSync(profileDir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(profileDir, f))
  .sort()
  .at(-1);
if (!file) throw new Error(`no profile in ${profileDir}`);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

// the load window: the last SECONDS before the server stopped, less the stop itself
let at = profile.startTime;
const times = profile.timeDeltas.map((d) => (at += d));
const end = times.at(-1) ?? at;
const windowStart = end - (SECONDS + 1) * 1e6;
const windowEnd = end - 1.5e6;

const repo = path.resolve(import.meta.dirname, '..') + '/';
// the bundle's frames, mapped back to their sources (bench/lib.ts)
const locate = bundleSourceLocator();
/** The frame's source file (absolute, or a node: module) and line, through the source map. */
const sourceOf = (frame: CallFrame) => locate(frame.url, frame.lineNumber, frame.columnNumber);
const packageOf = (frame: CallFrame) => {
  if (!frame.url) return '(native)';
  const { file } = sourceOf(frame);
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.replace(repo, '');
};
const selfByPackage = new Map<string, number>();
const selfNative = new Map<string, number>();
const inclusiveOurs = new Map<string, number>();
const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
let busy = 0;
profile.samples.forEach((id, i) => {
  const t = times[i] ?? 0;
  if (t < windowStart || t > windowEnd) return;
  const us = profile.timeDeltas[i] ?? 0;
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === '(idle)') return;
  busy += us;
  const special = ['(garbage collector)', '(program)'].includes(frame.functionName);
  add(selfByPackage, special ? frame.functionName : packageOf(frame), us);
  if (!frame.url && !special) add(selfNative, frame.functionName || '(anonymous)', us);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur)) {
    const f = byId.get(cur)!.callFrame;
    if (!f.url.includes(repo)) continue;
    const { file, line } = sourceOf(f);
    if (!file.startsWith(repo) || file.includes('node_modules')) continue;
    const key = `${f.functionName || '(anonymous)'} ${file.replace(repo, '')}:${line}`;
    if (!seen.has(key)) add(inclusiveOurs, key, us);
    seen.add(key);
  }
});
const table = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((100 * us) / busy).toFixed(1).padStart(6)}%  ${k}`);
};
console.log(`\nbusy CPU in the load window: ${(busy / 1e6).toFixed(1)} s; profile: ${file}`);
table('self time by package', selfByPackage, 20);
table('native functions (socket writes are system calls)', selfNative, 8);
table('inclusive time in our code', inclusiveOurs, 20);
