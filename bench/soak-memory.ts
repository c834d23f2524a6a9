// `npm run soak:memory`: sustained mixed load on the product server for SOAK_SECONDS (default 600)
// on PostgreSQL and then on the embedded PGlite default (SOAK_DATABASES=postgres,pglite), sampling
// its resident memory every 5 s (SOAK_SAMPLE_SECONDS). The load: GET /api/me from 20 connections
// without pause (or at SOAK_READ_RATE a second), login (send code + verify) from 2 loops, and
// photo uploads (selfies with the face check, and ID cards) from 1 loop. Writes
// bench/soak-memory.md and exits 1 if RSS went over the goal (200 MB on PostgreSQL, 400 MB on
// PGlite) or grew over the run (last minute > first full minute + 10 %).
import autocannon from 'autocannon';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PRODUCTION_MEMORY_SETTINGS,
  fixture,
  httpApi,
  machine,
  memoryOf,
  productEnv,
  randomPhone,
  repoRoot,
  buildProductionServer,
  sleep,
  startProcess,
  throwAwayDatabase,
} from './lib.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const DATABASES = (process.env.SOAK_DATABASES ?? 'postgres,pglite').split(',');
const ADMIN_URL =
  process.env.SOAK_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUT = process.env.SOAK_OUT ?? path.join(repoRoot, 'bench/soak-memory.md');
/** SOAK_PHOTOS=0 leaves out the photo loop (the API alone, no image worker) */
const PHOTOS = process.env.SOAK_PHOTOS !== '0';
/**
 * SOAK_READ_RATE caps the reads at so many a second (default: as fast as the server answers).
 * Memory compared between two builds wants the same load: a build that answers faster allocates
 * faster, and its heap grows with that.
 */
const READ_RATE = process.env.SOAK_READ_RATE ? Number(process.env.SOAK_READ_RATE) : undefined;
/** how often the server's RSS is read (a short comparison run wants more samples than every 5 s) */
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 5);
const GOAL_MB: Record<string, number> = { postgres: 200, pglite: 400 };
const log = (...args: unknown[]) => console.log('[soak]', ...args);

interface Soak {
  database: string;
  samples: { at: number; rssMb: number; anonMb: number }[];
  counts: { me: number; logins: number; photos: number; photoFailures: number };
  /** GET /api/me's 99th-percentile latency over the run (a photo's work on the main thread shows here) */
  meP99Ms: number;
  idleMb: number;
  maxMb: number;
  /** samples over the goal */
  overGoal: number;
  firstMinuteMb: number;
  lastMinuteMb: number;
  ok: boolean;
}

// another build or other settings in the same conditions, e.g. SOAK_SERVER_ENV='{"NODE_OPTIONS":""}'
const SERVER_ENV_OVERRIDES = JSON.parse(process.env.SOAK_SERVER_ENV ?? '{}') as Record<string, string>;
/** the process settings the server ran with, as the report states them */
const SETTINGS: Record<string, string | undefined> = {
  ...PRODUCTION_MEMORY_SETTINGS,
  ...SERVER_ENV_OVERRIDES,
};

async function soak(database: string): Promise<Soak> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pisonow-soak-'));
  const db = database === 'postgres' ? await throwAwayDatabase(ADMIN_URL, 'pisonow_soak') : null;
  const server = await startProcess(
    // the production bundle unless told otherwise (SOAK_SERVER_ENTRY=…/apps/api/src/server.ts)
    process.env.SOAK_SERVER_ENTRY ?? (await buildProductionServer()),
    {
      ...productEnv({ DATA_DIR: dataDir, ...(db ? { DATABASE_URL: db.url } : {}) }),
      ...SERVER_ENV_OVERRIDES,
    },
    '/api/health/ready',
    180_000,
  );
  try {
    await sleep(3000);
    const idleMb = memoryOf(server.child.pid!).rssMb;
    const api = httpApi(server.base);
    const { token } = await api.signIn();
    const counts = { me: 0, logins: 0, photos: 0, photoFailures: 0 };
    let meP99Ms = 0;
    const samples: Soak['samples'] = [];
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const running = () => elapsed() < SECONDS;

    const sampler = (async () => {
      while (running()) {
        const m = memoryOf(server.child.pid!);
        samples.push({ at: Math.round(elapsed()), rssMb: m.rssMb, anonMb: m.anonMb });
        await sleep(SAMPLE_SECONDS * 1000);
      }
    })();
    const reads = autocannon({
      url: `${server.base}/api/me`,
      connections: 20,
      duration: SECONDS,
      headers: { authorization: `Bearer ${token}` },
      ...(READ_RATE ? { overallRate: READ_RATE } : {}),
    }).then((r) => {
      counts.me = r.requests.total;
      meP99Ms = r.latency.p99;
    });
    const logins = Array.from({ length: 2 }, async () => {
      while (running()) {
        await api.signIn(randomPhone()).then(
          () => counts.logins++,
          () => sleep(200),
        );
      }
    });
    const selfie = await fixture('selfie-one-face.jpg');
    const idCard = await fixture('id-card-sharp.jpg');
    const photos = (async () => {
      for (let i = 0; PHOTOS && running(); i++) {
        const status = await api
          .uploadPhoto(token, i % 2 ? 'idCard' : 'selfie', i % 2 ? idCard : selfie)
          .catch(() => 0);
        if (status === 201) counts.photos++;
        else counts.photoFailures++;
      }
    })();
    await Promise.all([sampler, reads, ...logins, photos]);

    const rss = samples.map((s) => s.rssMb);
    const window = (from: number, to: number) => {
      const w = samples.filter((s) => s.at >= from && s.at < to).map((s) => s.rssMb);
      return w.length ? Math.round(w.reduce((a, b) => a + b, 0) / w.length) : 0;
    };
    const minute = Math.min(60, SECONDS / 3);
    const firstMinuteMb = window(minute, 2 * minute); // after the warm-up minute
    const lastMinuteMb = window(SECONDS - minute, SECONDS + 1);
    const maxMb = Math.max(...rss);
    const ok = maxMb <= GOAL_MB[database]! && lastMinuteMb <= firstMinuteMb * 1.1;
    const overGoal = rss.filter((mb) => mb > GOAL_MB[database]!).length;
    log(database, {
      idleMb,
      maxMb,
      firstMinuteMb,
      lastMinuteMb,
      overGoal,
      samples: rss.length,
      counts,
      meP99Ms,
      ok,
    });
    return { database, samples, counts, meP99Ms, idleMb, maxMb, overGoal, firstMinuteMb, lastMinuteMb, ok };
  } finally {
    await server.stop();
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// the report's time line shows a sample about every 30 s
const SAMPLE_STRIDE = Math.max(1, Math.round(30 / SAMPLE_SECONDS));
const m = machine();
const results: Soak[] = [];
for (const database of DATABASES) results.push(await soak(database));
const lines = [
  '# Memory soak',
  '',
  `Written by \`npm run soak:memory\` (bench/soak-memory.ts) on ${new Date().toISOString()}: ${SECONDS} s of sustained mixed load per database — GET /api/me from 20 connections ${READ_RATE ? `at ${READ_RATE} a second` : 'without pause'}, 2 login loops (send code + verify, new borrowers), ${PHOTOS ? '1 photo-upload loop (selfies with the face check, ID cards)' : 'no photo uploads (SOAK_PHOTOS=0)'} — sampling the server's RSS every ${SAMPLE_SECONDS} s. Server as \`npm start\` runs it: the production bundle (apps/api/dist/server.mjs), NODE_OPTIONS=${SETTINGS.NODE_OPTIONS || '(none)'}, old-space growth 30%, GLIBC_TUNABLES=${SETTINGS.GLIBC_TUNABLES || '(unset)'}, one image worker.`,
  '',
  `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, load average at start ${m.load}.`,
  '',
  '| database | goal MB | idle MB | max RSS MB | samples over goal | mean RSS 2nd window MB | mean RSS last window MB | /api/me requests | /api/me p99 ms | logins | photos (failed) | verdict |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...results.map(
    (r) =>
      `| ${r.database} | ${GOAL_MB[r.database]} | ${r.idleMb} | ${r.maxMb} | ${r.overGoal} of ${r.samples.length} | ${r.firstMinuteMb} | ${r.lastMinuteMb} | ${r.counts.me} | ${r.meP99Ms} | ${r.counts.logins} | ${r.counts.photos} (${r.counts.photoFailures}) | ${r.ok ? 'within goal, flat' : 'OVER GOAL or growing'} |`,
  ),
  '',
  ...results.flatMap((r) => [
    `RSS over time on ${r.database} (MB, one sample every ${SAMPLE_SECONDS * SAMPLE_STRIDE} s; anonymous in brackets):`,
    '',
    r.samples
      .filter((s, i) => i % SAMPLE_STRIDE === 0)
      .map((s) => `${s.at}s ${s.rssMb} (${s.anonMb})`)
      .join(' · '),
    '',
  ]),
];
await writeFile(OUT, lines.join('\n'));
log(`wrote ${path.relative(repoRoot, OUT)}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
