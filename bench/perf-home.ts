/**
 * `npm run bench:perf-home` (issue 8): where each server spends its CPU on `GET /api/home`, the
 * product beside the reference (bench/servers/minimal-fastify.ts), in microseconds a request.
 *
 * `bench:profile-home` uses V8's sampling profiler, which samples wall time on the main thread: on
 * shared cores the time a server waits for the CPU after a socket write wakes PostgreSQL shows up as
 * "writev" (~45% there), and the GC's helper threads do not show at all. This uses Linux `perf`
 * with the cpu-clock event instead: CPU time only, every thread, kernel time included. V8 writes its
 * JIT symbols as it goes (`--perf-prof`), `perf inject --jit` names the samples, and each sample is
 * counted against the first JavaScript frame on its stack (so a socket write's system call counts
 * against the code that wrote), mapped to its package through the bundle's source map. The total a
 * request costs comes from /proc (user + system time over the load); the table splits it by the
 * samples' shares. Profiling adds its own cost (the product's more, it has more JIT code): compare
 * the two columns, not these totals with `bench:home-ab`'s.
 *
 *   PERF_REQUESTS (default 10000) requests a server, 50 connections, after PERF_WARMUP_SECONDS
 *   (default bench/lib.ts HOME_WARMUP_SECONDS) of load: with 3 s, the product's optimising
 *   compilers were still at work (the "GC and compiler threads" row of earlier tables).
 *
 * Needs `perf` (Debian's linux-perf) and the right to profile (root, or perf_event_paranoid ≤ 1).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildProductionServer,
  bundleSourceLocator,
  cpuMsOf,
  HOME_WARMUP_SECONDS,
  homeLoad,
  httpApi,
  machine,
  packageOrPath,
  type Proc,
  productEnv,
  repoRoot,
  seedBorrowerWithLoan,
  sleep,
  startProcess,
  throwAwayDatabase,
} from './lib.ts';

const REQUESTS = Number(process.env.PERF_REQUESTS ?? 10_000);
const WARMUP_SECONDS = Number(process.env.PERF_WARMUP_SECONDS ?? HOME_WARMUP_SECONDS);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (spawnSync('perf', ['record', '-q', '-e', 'cpu-clock', '-o', '/dev/null', '--', 'true']).status !== 0) {
  console.error('perf is missing or may not profile here (Debian: apt-get install linux-perf; run as root)');
  process.exit(2);
}

const work = mkdtempSync(path.join(tmpdir(), 'pisonow-perf-'));
// the recordings, JIT dumps and perf inject's jitted-*.so files: hundreds of MB, gone however the run
// ends (an error included) unless PERF_KEEP asks to keep them
process.on('exit', () => {
  if (process.env.PERF_KEEP) console.log(`\nrecordings kept in ${work}: ${readdirSync(work).length} files`);
  else rmSync(work, { recursive: true, force: true });
});
// the JIT's symbol dumps, and the log V8 writes with them, go to the work folder, not the current one
const nodeArgs = (name: string) =>
  `--perf-prof --perf-prof-path=${work} --interpreted-frames-native-stack ` +
  `--no-logfile-per-isolate --logfile=${path.join(work, `${name}-v8.log`)}`;

interface Measured {
  name: string;
  cpuUsPerRequest: number;
  reqPerSecond: number;
  /** samples by where they count */
  shares: Map<string, number>;
  samples: number;
}

const db = await throwAwayDatabase(ADMIN_URL, 'pisonow_perf_home');
const servers: { name: string; proc: Proc }[] = [];
const measured: Measured[] = [];
try {
  const product = await startProcess(
    await buildProductionServer(),
    productEnv({ DATABASE_URL: db.url, DATA_DIR: path.join(work, 'data'), NODE_ARGS: nodeArgs('product') }),
  );
  servers.push({ name: 'product', proc: product });
  const borrower = await seedBorrowerWithLoan(db.url);
  const { token } = await httpApi(product.base).signIn(borrower.phone);
  servers.push({
    name: 'reference',
    proc: await startProcess(
      path.join(repoRoot, 'bench/servers/minimal-fastify.ts'),
      { DATABASE_URL: db.url, NODE_ARGS: nodeArgs('reference') },
      '/ready',
    ),
  });
  for (const { name, proc } of servers) {
    await homeLoad(proc.base, token, { duration: WARMUP_SECONDS });
    const pid = proc.child.pid!;
    const data = path.join(work, `${name}.data`);
    const recorder = spawn(
      'perf',
      ['record', '-q', '-k', 'mono', '-e', 'cpu-clock', '-g', '-o', data, '-p', `${pid}`],
      {
        stdio: 'ignore',
      },
    );
    await sleep(500);
    const cpuBefore = cpuMsOf(pid);
    const result = await homeLoad(proc.base, token, { amount: REQUESTS });
    const cpuUsPerRequest = ((cpuMsOf(pid) - cpuBefore) * 1000) / result.requests.total;
    recorder.kill('SIGINT');
    await new Promise((resolve) => recorder.once('exit', resolve));
    if (result.non2xx || result.errors)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    measured.push({
      name,
      cpuUsPerRequest,
      reqPerSecond: Math.round(result.requests.average),
      shares: new Map(),
      samples: 0,
    });
  }
} finally {
  for (const { proc } of servers) await proc.stop(); // the JIT dumps are complete once the process exits
  await db.drop();
}

// --- attribution -------------------------------------------------------------------------------
const locate = bundleSourceLocator();
/** "JS:*'name file:///…/server.mjs:467:23052" → the package or our source file it comes from */
const placeOf = (frame: string): string | null => {
  const match = /^JS:\S*\s.*?(?:file:\/\/)?((?:\/|node:)[^\s:]+(?::[^\s:]+)?):(\d+):(\d+)$/.exec(frame);
  if (!match) return null;
  if (match[1]!.startsWith('node:')) return match[1]!;
  return packageOrPath(locate(match[1]!, Number(match[2]) - 1, Number(match[3]) - 1).file);
};
const GC_FRAME = /Heap::|Scavenger|MarkCompact|GCTracer|Sweeper|MinorMS|ConcurrentMarking/;
// V8's worker threads run both the GC's concurrent work and the optimising compilers' jobs
const COMPILER_FRAME = /compiler::|maglev::|Maglev|Turbofan|OptimizedCompilationJob|Baseline|Sparkplug/;
const workerShare = (frames: string[]) =>
  frames.some((f) => GC_FRAME.test(f))
    ? '(GC threads)'
    : frames.some((f) => COMPILER_FRAME.test(f))
      ? '(compiler threads)'
      : '(V8 worker threads, other)';

for (const server of measured) {
  const data = path.join(work, `${server.name}.data`);
  const injected = path.join(work, `${server.name}.jit.data`);
  execFileSync('perf', ['inject', '--jit', '-i', data, '-o', injected], { cwd: work, stdio: 'ignore' });
  const script = execFileSync('perf', ['script', '-i', injected, '-F', 'comm,ip,sym'], {
    cwd: work,
    maxBuffer: 1 << 30,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const count = (key: string) => server.shares.set(key, (server.shares.get(key) ?? 0) + 1);
  for (const block of script.split('\n\n')) {
    const lines = block.trim().split('\n');
    const thread = lines[0]?.trim();
    const frames = lines.slice(1).map((line) => line.trim().replace(/^[0-9a-f]+ /, ''));
    if (!thread || frames.length === 0) continue;
    server.samples++;
    if (thread !== 'MainThread') count(thread.startsWith('V8') ? workerShare(frames) : `(thread ${thread})`);
    else if (frames.some((f) => GC_FRAME.test(f))) count('(GC on the main thread)');
    else {
      const js = frames.find((f) => f.startsWith('JS:'));
      const place = js ? placeOf(js) : null;
      count(
        place ??
          (frames.some((f) => f.includes('epoll_wait') || f.includes('epoll_pwait'))
            ? '(waiting for events)'
            : '(native, no JavaScript on the stack)'),
      );
    }
  }
}

// --- report ------------------------------------------------------------------------------------
const [product, reference] = measured as [Measured, Measured];
const usOf = (server: Measured, key: string) =>
  ((server.shares.get(key) ?? 0) / Math.max(server.samples, 1)) * server.cpuUsPerRequest;
const keys = [...new Set([...product.shares.keys(), ...reference.shares.keys()])]
  .map((key) => ({ key, product: usOf(product, key), reference: usOf(reference, key) }))
  .sort((a, b) => b.product - b.reference - (a.product - a.reference));
const shown = keys.filter((row) => Math.max(row.product, row.reference) >= 1);
const rest = keys.filter((row) => Math.max(row.product, row.reference) < 1);
const one = (us: number) => us.toFixed(1);
const m = machine();
console.log(
  [
    `\`GET /api/home\` under \`perf\` (cpu-clock), ${REQUESTS} requests a server, 50 connections, ` +
      `${new Date().toISOString()}, ${m.cores} cores (${m.cpu}), load average at start ${m.load}.`,
    `Server CPU a request (/proc, under profiling): product ${one(product.cpuUsPerRequest)} µs ` +
      `(${product.reqPerSecond} req/s), reference ${one(reference.cpuUsPerRequest)} µs ` +
      `(${reference.reqPerSecond} req/s); samples ${product.samples} and ${reference.samples}.`,
    '',
    '| where (first JavaScript frame on the stack, or the thread) | product µs | reference µs | product − reference |',
    '|---|---:|---:|---:|',
    ...shown.map(
      (row) =>
        `| ${row.key} | ${one(row.product)} | ${one(row.reference)} | ${one(row.product - row.reference)} |`,
    ),
    `| ${rest.length} more, under 1 µs each | ${one(rest.reduce((s, r) => s + r.product, 0))} | ` +
      `${one(rest.reduce((s, r) => s + r.reference, 0))} | ${one(rest.reduce((s, r) => s + r.product - r.reference, 0))} |`,
  ].join('\n'),
);
