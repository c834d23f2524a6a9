// `npm run bench`: one run, same machine, same conditions, autocannon on loopback, 50 connections.
// Writes bench/results.md. Needs PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres); every database it makes is thrown away.
import autocannon from 'autocannon';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  cpuMsOf,
  seedBorrowerWithLoan,
  fixture,
  httpApi,
  machine,
  memoryOf,
  pool,
  productEnv,
  randomIp,
  randomPhone,
  repoRoot,
  buildProductionServer,
  sleep,
  startProcess,
  throwAwayDatabase,
  type Proc,
} from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 1000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 40);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUT = process.env.BENCH_OUT ?? path.join(repoRoot, 'bench/results.md');
/**
 * What follows this line in the results file is kept when the bench writes its run above it: the
 * analyses, earlier runs and the accrual figures recorded by hand (it used to keep only the accrual
 * figures, and each run dropped the sections written by hand between them and the table).
 */
const KEEP_MARKER = '<!-- bench/run.ts writes the run above this line and keeps what follows -->';
// To measure another build of the server in the same conditions (e.g. the "before" commit, exported
// elsewhere, or the sources): BENCH_SERVER_ENTRY=/path/to/apps/api/src/server.ts BENCH_SERVER_ENV='{"NODE_OPTIONS":""}'
// the production bundle (apps/api/build.ts), built now, unless told otherwise
const productEntry = process.env.BENCH_SERVER_ENTRY ?? (await buildProductionServer());
const serverEnvOverride = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const env = (extra: Record<string, string>) => ({ ...productEnv(extra), ...serverEnvOverride });

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** the server process's CPU time per request, µs (when the server's pid was given) */
  cpuUs?: number;
  note?: string;
}
const rows: Row[] = [];
const notes: string[] = [];
const memory: { when: string; rssMb: number; peakMb: number; anonMb: number }[] = [];
const log = (...args: unknown[]) => console.log('[bench]', ...args);

type Request = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
};

async function load(
  name: string,
  url: string,
  requests: Request[],
  options: { amount?: number; warmup?: boolean; note?: string; server?: Proc } = {},
): Promise<Row> {
  if (options.warmup !== false && !options.amount) {
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, requests }); // discarded: JIT, pools, caches
  }
  const started = performance.now();
  const pid = options.server?.child.pid;
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    requests,
    ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
  });
  const row: Row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    note: options.note,
  };
  if (pid && result.requests.total)
    row.cpuUs = Math.round(((cpuMsOf(pid) - cpuBefore) * 1000) / result.requests.total);
  if (options.amount) row.rps = Math.round((result.requests.total / (performance.now() - started)) * 1000);
  rows.push(row);
  log(
    name,
    `${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.requests} requests, non-2xx ${row.non2xx}, errors ${row.errors}` +
      (row.cpuUs ? `, server CPU ${row.cpuUs} µs a request` : ''),
  );
  return row;
}

function recordMemory(proc: Proc, when: string) {
  const m = memoryOf(proc.child.pid!);
  memory.push({ when, ...m });
  log(`RSS ${when}: ${m.rssMb} MB (peak ${m.peakMb} MB)`);
}

async function photoLoad(proc: Proc, label: string, count: number) {
  const api = httpApi(proc.base);
  const { token } = await api.signIn();
  const selfie = await fixture('selfie-one-face.jpg');
  const idCard = await fixture('id-card-sharp.jpg');
  const started = performance.now();
  const statuses = await pool(
    Array.from({ length: count }, (_, i) => i),
    4,
    (i) => api.uploadPhoto(token, i % 2 ? 'idCard' : 'selfie', i % 2 ? idCard : selfie),
  );
  const ms = performance.now() - started;
  const ok = statuses.filter((s) => s === 201).length;
  rows.push({
    name: `${label}: photo uploads (half selfies with face check), 4 at a time`,
    rps: Math.round((count / ms) * 1000 * 10) / 10,
    p50: NaN,
    p99: NaN,
    requests: count,
    non2xx: count - ok,
    errors: 0,
    note: `${Math.round(ms / count)} ms a photo`,
  });
  log(`${label} photos: ${ok}/${count} accepted in ${Math.round(ms)} ms`);
}

async function main() {
  const m = machine();
  log('machine', m);
  const db = await throwAwayDatabase(ADMIN_URL, 'pisonow_bench');
  const procs: Proc[] = [];
  let pgliteDir = '';
  try {
    // — the product on PostgreSQL —
    const product = await startProcess(
      productEntry,
      env({ DATABASE_URL: db.url, DATA_DIR: path.join(tmpdir(), 'pisonow-bench-data') }),
    );
    procs.push(product);
    await sleep(3000);
    recordMemory(product, 'PostgreSQL: idle after start');
    const api = httpApi(product.base);
    const { token } = await api.signIn();
    const auth = { authorization: `Bearer ${token}` };

    // — the floor and the reference —
    const bare = await startProcess(path.join(repoRoot, 'bench/servers/bare-http.ts'), {}, '/');
    const bareRow = await load('bare node:http (no database)', bare.base, [{ path: '/' }], {
      server: bare,
    });
    await bare.stop();
    const minimal = await startProcess(
      path.join(repoRoot, 'bench/servers/minimal-fastify.ts'),
      { DATABASE_URL: db.url },
      '/ready',
    );
    const minimalRow = await load(
      'minimal Fastify + node-postgres: session ⨝ customer (1 query)',
      minimal.base,
      [{ path: '/api/me', headers: auth }],
      { server: minimal },
    );
    // home is measured for a borrower with an approved application and a loan being repaid
    const borrower = await seedBorrowerWithLoan(db.url);
    const loanAuth = { authorization: `Bearer ${(await api.signIn(borrower.phone)).token}` };
    const minimalHomeRow = await load(
      'minimal Fastify + node-postgres: the same home query (session, application, order, history: 1 query)',
      minimal.base,
      [{ path: '/api/home', headers: loanAuth }],
      { server: minimal },
    );
    await minimal.stop();

    // — the product —
    const meRow = await load(
      'product GET /api/me (PostgreSQL)',
      product.base,
      [{ path: '/api/me', headers: auth }],
      { server: product },
    );

    const openapi = (await api.json('GET', '/api/openapi.json')).body as { paths?: Record<string, unknown> };
    let homeRow: Row | undefined;
    if (openapi?.paths?.['/api/home']) {
      homeRow = await load(
        'product GET /api/home (PostgreSQL), a borrower repaying a loan',
        product.base,
        [{ path: '/api/home', headers: loanAuth }],
        { server: product },
      );
    } else {
      notes.push(
        "`GET /api/home` is not in this build's OpenAPI document (it lands from another branch): skipped.",
      );
      log('GET /api/home not in the OpenAPI document: skipped');
    }

    // send code: every request a new number from a new client address (the limits are per number and per IP)
    await load(
      'product POST /api/auth/login-code (send code)',
      product.base,
      [
        {
          method: 'POST',
          path: '/api/auth/login-code',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
            body: JSON.stringify({ phone: randomPhone() }),
          }),
        },
      ],
      { server: product },
    );

    // verify: codes sent beforehand (read from the sandbox outbox), then each request logs one in
    const pending = await pool(
      Array.from({ length: LOGINS }, () => randomPhone()),
      20,
      async (phone) => {
        const sent = await api.sendCode(phone);
        if (sent.status !== 200) throw new Error(`send failed ${sent.status}`);
        return { phone, code: await api.lastCode(phone) };
      },
    );
    let next = 0;
    await load(
      'product POST /api/auth/login (verify code, first login registers)',
      product.base,
      [
        {
          method: 'POST',
          path: '/api/auth/login',
          setupRequest: (req) => {
            const p = pending[next++ % pending.length]!;
            return {
              ...req,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
              body: JSON.stringify({
                phone: p.phone,
                code: p.code,
                privacyAccepted: true,
                privacyPolicyVersion: '2026-11-01',
              }),
            };
          },
        },
      ],
      { amount: LOGINS, note: `${LOGINS} distinct borrowers`, server: product },
    );

    await photoLoad(product, 'PostgreSQL', PHOTOS);
    recordMemory(product, 'PostgreSQL: right after load');
    await load(
      'product GET /api/me after the photo load (PostgreSQL)',
      product.base,
      [{ path: '/api/me', headers: auth }],
      { warmup: false, server: product },
    );
    await sleep(10_000);
    recordMemory(product, 'PostgreSQL: 10 s after load');
    await product.stop();
    procs.length = 0;

    // — the product on the embedded PGlite default —
    pgliteDir = await mkdtemp(path.join(tmpdir(), 'pisonow-bench-pglite-'));
    const embedded = await startProcess(productEntry, env({ DATA_DIR: pgliteDir }), '/api/health', 180_000);
    procs.push(embedded);
    await sleep(3000);
    recordMemory(embedded, 'PGlite: idle after start');
    const eapi = httpApi(embedded.base);
    const etoken = (await eapi.signIn()).token;
    await load(
      'product GET /api/me (embedded PGlite)',
      embedded.base,
      [{ path: '/api/me', headers: { authorization: `Bearer ${etoken}` } }],
      { server: embedded },
    );
    await photoLoad(embedded, 'PGlite', Math.max(10, Math.round(PHOTOS / 2)));
    recordMemory(embedded, 'PGlite: right after load');
    await sleep(10_000);
    recordMemory(embedded, 'PGlite: 10 s after load');
    await embedded.stop();
    procs.length = 0;

    // — the report —
    const ratio = (a?: Row, b?: Row) => (a && b && b.rps ? `${(a.rps / b.rps).toFixed(2)}×` : '—');
    // the same comparison as work per request: the reference's CPU per request over the product's
    const cpuRatio = (a?: Row, b?: Row) =>
      a?.cpuUs && b?.cpuUs ? `${(b.cpuUs / a.cpuUs).toFixed(2)}× (${a.cpuUs} against ${b.cpuUs} µs)` : '—';
    const fmt = (n: number) => (Number.isNaN(n) ? '—' : String(n));
    const lines = [
      '# Bench results',
      '',
      `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString()}. autocannon on loopback, ${CONNECTIONS} connections, ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up that is not counted; servers are separate processes; the product runs with SANDBOX=1, JOBS=1, CHECK_RESPONSES=0 (answers written as in production), LOG_LEVEL=info (logs to /dev/null) and a pool of 10 connections.`,
      '',
      `Server: ${path.relative(repoRoot, productEntry) || productEntry}${process.env.BENCH_SERVER_ENV ? ` with ${process.env.BENCH_SERVER_ENV}` : ''}.`,
      '',
      `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB memory, Node ${m.node}, ${m.os}, load average at start ${m.load}. The cores are shared with other work, so absolute numbers are noisy: compare rows of the same run.`,
      '',
      '| run | req/s | p50 ms | p99 ms | requests | non-2xx | errors | server CPU µs a request | note |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.rps} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${r.cpuUs ?? '—'} | ${r.note ?? ''} |`,
      ),
      '',
      '| ratio | value |',
      '|---|---:|',
      `| product \`/api/me\` ÷ minimal Fastify + pg | ${ratio(meRow, minimalRow)} |`,
      `| minimal Fastify + pg ÷ bare node:http | ${ratio(minimalRow, bareRow)} |`,
      `| product \`/api/me\` ÷ bare node:http | ${ratio(meRow, bareRow)} |`,
      ...(homeRow
        ? [
            `| product \`/api/home\` ÷ minimal Fastify + pg doing the same queries | ${ratio(homeRow, minimalHomeRow)} |`,
            `| the same, as server CPU a request (the reference's ÷ the product's; steadier than req/s on shared cores) | ${cpuRatio(homeRow, minimalHomeRow)} |`,
          ]
        : []),
      '',
      '| product server memory | RSS MB | peak RSS MB | of which anonymous MB |',
      '|---|---:|---:|---:|',
      ...memory.map((x) => `| ${x.when} | ${x.rssMb} | ${x.peakMb} | ${x.anonMb} |`),
      '',
      ...notes.map((n) => `- ${n}`),
      '',
    ];
    const previous = await readFile(OUT, 'utf8').catch(() => '');
    const marker = previous.indexOf(KEEP_MARKER);
    const kept = marker >= 0 ? previous.slice(marker + KEEP_MARKER.length).replace(/^\n+/, '') : '';
    await writeFile(OUT, [...lines, KEEP_MARKER, '', kept].join('\n'));
    log(`wrote ${path.relative(repoRoot, OUT)}`);
  } finally {
    for (const p of procs) await p.stop().catch(() => {});
    await db.drop().catch((e: unknown) => log('drop failed', e));
    if (pgliteDir) await rm(pgliteDir, { recursive: true, force: true });
  }
}

await main();
