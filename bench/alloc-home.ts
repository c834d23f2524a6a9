/**
 * `npm run bench:alloc-home` (issue 8): what `GET /api/home` allocates, in KB a request, by package
 * and by function, on the product or on the reference (ALLOC_TARGET=reference). Garbage collection
 * is among the largest items between the two servers' CPU once both are warm (`bench:perf-home`:
 * ~18 µs a request), and what a request allocates is what it works through.
 *
 * The server runs with the inspector on a loopback port; V8's sampling heap profiler is started
 * over it after a warm-up, with the objects later collected by either GC included (by default it
 * reports only what is still alive at the end), the load runs, and the profile's self sizes are
 * mapped to their sources through the bundle's source map.
 *
 *   ALLOC_REQUESTS (default 5000), ALLOC_INTERVAL bytes between samples (default 1024).
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildProductionServer,
  bundleSourceLocator,
  HOME_WARMUP_SECONDS,
  homeLoad,
  httpApi,
  packageOrPath,
  type Proc,
  productEnv,
  repoRoot,
  seedBorrowerWithLoan,
  startProcess,
  throwAwayDatabase,
} from './lib.ts';
import { freePort } from '../apps/api/src/test/server-process.ts';

const TARGET = process.env.ALLOC_TARGET === 'reference' ? 'reference' : 'product';
const REQUESTS = Number(process.env.ALLOC_REQUESTS ?? 5000);
const INTERVAL = Number(process.env.ALLOC_INTERVAL ?? 1024);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface SamplingNode {
  callFrame: CallFrame;
  selfSize: number;
  children: SamplingNode[];
}

/** One Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspectorSession(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return; // an event, not an answer
    waiting.delete(message.id!);
    if (message.error) call.reject(new Error(`inspector: ${JSON.stringify(message.error)}`));
    else call.resolve(message.result);
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = ++lastId;
        waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const db = await throwAwayDatabase(ADMIN_URL, 'pisonow_alloc_home');
const servers: Proc[] = [];
const dataDir = path.join(tmpdir(), `pisonow-alloc-home-${process.pid}`);
let profile: { head: SamplingNode };
let total: number;
try {
  const inspectPort = await freePort();
  const inspect = `--inspect=127.0.0.1:${inspectPort}`;
  const product = await startProcess(
    await buildProductionServer(),
    productEnv({
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      ...(TARGET === 'product' ? { NODE_ARGS: inspect } : {}),
    }),
  );
  servers.push(product);
  const borrower = await seedBorrowerWithLoan(db.url);
  const { token } = await httpApi(product.base).signIn(borrower.phone);
  let target = product;
  if (TARGET === 'reference') {
    target = await startProcess(
      path.join(repoRoot, 'bench/servers/minimal-fastify.ts'),
      { DATABASE_URL: db.url, NODE_ARGS: inspect },
      '/ready',
    );
    servers.push(target);
  }
  await homeLoad(target.base, token, { duration: HOME_WARMUP_SECONDS });
  const inspector = await inspectorSession(inspectPort);
  await inspector.send('HeapProfiler.enable');
  await inspector.send('HeapProfiler.startSampling', {
    samplingInterval: INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const result = await homeLoad(target.base, token, { amount: REQUESTS });
  ({ profile } = await inspector.send<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling'));
  inspector.close();
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  total = result.requests.total;
} finally {
  for (const server of servers) await server.stop();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}

const locate = bundleSourceLocator();
/** the frame's source (a package, our file, or Node's module) and line */
const placeOf = (frame: CallFrame): { where: string; line: number } => {
  if (!frame.url) return { where: '(V8 or native)', line: 0 };
  const { file, line } = locate(frame.url, frame.lineNumber, frame.columnNumber);
  return { where: packageOrPath(file), line };
};

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
let bytes = 0;
const add = (m: Map<string, number>, key: string, size: number) => m.set(key, (m.get(key) ?? 0) + size);
const walk = (node: SamplingNode) => {
  const { where, line } = placeOf(node.callFrame);
  bytes += node.selfSize;
  add(byPlace, where, node.selfSize);
  add(byFunction, `${node.callFrame.functionName || '(anonymous)'} ${where}:${line}`, node.selfSize);
  for (const child of node.children) walk(child);
};
walk(profile.head);
const kb = (size: number) => (size / total / 1024).toFixed(2).padStart(7);
console.log(`GET /api/home on the ${TARGET}: ${kb(bytes).trim()} KB allocated a request (${total} requests)`);
console.log('\nby package or source file (KB a request)');
for (const [key, size] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${kb(size)}  ${key}`);
console.log('\nby function (KB a request)');
for (const [key, size] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${kb(size)}  ${key}`);
