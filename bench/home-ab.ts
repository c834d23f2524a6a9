/**
 * `npm run bench:home-ab` (issue 8): `GET /api/home` on product variants and the reference, in
 * interleaved rounds, for comparisons that hold on shared cores. `npm run bench` runs its rows one
 * after another, so load from other work that comes and goes between rows moves the ratios; here
 * every variant and the reference (bench/servers/minimal-fastify.ts) take a short turn in each
 * round on one database and one borrower, and the summary is the median over rounds.
 *
 *   HOME_AB_VARIANTS='{"semi16":{"NODE_OPTIONS":"--max-semi-space-size=16"},"semi8":{}}' npm run bench:home-ab
 *
 * HOME_AB_VARIANTS: name → environment added to the product's (bench/lib.ts productEnv, which
 * includes the production process settings); an `ENTRY` key runs another server file (an older
 * build copied to apps/api/dist-old/server.mjs, say); a `NODE_ARGS` key puts flags on the server's
 * command line (V8's GC flags, which NODE_OPTIONS refuses). Default: the product as shipped, twice, so
 * the spread between two identical servers shows the run's noise.
 * HOME_AB_REFERENCE_ENV: environment for the reference as JSON (default none: Node's own settings),
 * e.g. '{"NODE_OPTIONS":"--max-semi-space-size=8"}' to run it with the product's process settings.
 * HOME_AB_ROUNDS (default 8), HOME_AB_SECONDS a turn (default 4), 50 connections, after
 * HOME_AB_WARMUP_SECONDS (default bench/lib.ts HOME_WARMUP_SECONDS) of load on each server.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import {
  buildProductionServer,
  cpuMsOf,
  HOME_WARMUP_SECONDS,
  homeLoad,
  httpApi,
  machine,
  type Proc,
  productEnv,
  repoRoot,
  seedBorrowerWithLoan,
  startProcess,
  throwAwayDatabase,
} from './lib.ts';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REFERENCE_ENV = JSON.parse(process.env.HOME_AB_REFERENCE_ENV ?? '{}') as Record<string, string>;
const ROUNDS = Number(process.env.HOME_AB_ROUNDS ?? 8);
const SECONDS = Number(process.env.HOME_AB_SECONDS ?? 4);
const WARMUP_SECONDS = Number(process.env.HOME_AB_WARMUP_SECONDS ?? HOME_WARMUP_SECONDS);
const VARIANTS = JSON.parse(process.env.HOME_AB_VARIANTS ?? '{"product":{},"product again":{}}') as Record<
  string,
  Record<string, string>
>;

interface Turn {
  reqPerSecond: number;
  p99Ms: number;
  cpuUsPerRequest: number;
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const whole = (value: number) => Math.round(value);

const db = await throwAwayDatabase(ADMIN_URL, 'pisonow_home_ab');
const servers: { name: string; proc: Proc }[] = [];
const dataDirs: string[] = [];
try {
  const entry = await buildProductionServer();
  for (const [name, { ENTRY, ...env }] of Object.entries(VARIANTS)) {
    const dataDir = path.join(tmpdir(), `pisonow-home-ab-${servers.length}`);
    dataDirs.push(dataDir);
    const proc = await startProcess(
      ENTRY ?? entry,
      productEnv({ DATABASE_URL: db.url, DATA_DIR: dataDir, ...env }),
    );
    servers.push({ name, proc });
  }
  const borrower = await seedBorrowerWithLoan(db.url);
  const { token } = await httpApi(servers[0]!.proc.base).signIn(borrower.phone);
  servers.push({
    name: 'reference',
    proc: await startProcess(
      path.join(repoRoot, 'bench/servers/minimal-fastify.ts'),
      { ...REFERENCE_ENV, DATABASE_URL: db.url },
      '/ready',
    ),
  });
  for (const { proc } of servers) await homeLoad(proc.base, token, { duration: WARMUP_SECONDS });

  const turns = new Map<string, Turn[]>(servers.map(({ name }) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { name, proc } of servers) {
      const pid = proc.child.pid!;
      const cpuBefore = cpuMsOf(pid);
      const result = await homeLoad(proc.base, token, { duration: SECONDS });
      if (result.non2xx || result.errors)
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const turn = {
        reqPerSecond: Math.round(result.requests.average),
        p99Ms: result.latency.p99,
        cpuUsPerRequest: Math.round(((cpuMsOf(pid) - cpuBefore) * 1000) / result.requests.total),
      };
      turns.get(name)!.push(turn);
      console.log(
        `round ${round} ${name}: ${turn.reqPerSecond} req/s, p99 ${turn.p99Ms} ms, ${turn.cpuUsPerRequest} µs CPU`,
      );
    }
  }

  const m = machine();
  const reference = turns.get('reference')!;
  const lines = [
    `\`GET /api/home\`, ${ROUNDS} interleaved rounds of ${SECONDS} s, 50 connections, ${new Date().toISOString()}, ` +
      `${m.cores} cores, load average at start ${m.load}; the reference's environment: ` +
      `${Object.keys(REFERENCE_ENV).length ? JSON.stringify(REFERENCE_ENV) : "Node's defaults"}.`,
    '',
    '| server | req/s by round | median req/s | median p99 ms | median CPU µs a request | reference CPU ÷ this (median of rounds) |',
    '|---|---|---:|---:|---:|---:|',
    ...[...turns].map(([name, list]) => {
      const ratios = list.map((turn, i) => reference[i]!.cpuUsPerRequest / turn.cpuUsPerRequest);
      return (
        `| ${name} | ${list.map((t) => t.reqPerSecond).join(' / ')} | ${whole(median(list.map((t) => t.reqPerSecond)))} | ` +
        `${median(list.map((t) => t.p99Ms))} | ${whole(median(list.map((t) => t.cpuUsPerRequest)))} | ` +
        `${median(ratios).toFixed(2)}× |`
      );
    }),
  ];
  console.log(`\n${lines.join('\n')}`);
} finally {
  for (const { proc } of servers) await proc.stop();
  await db.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
}
