// Process-wide V8 settings, applied before the server's own modules run (server.ts imports this
// module first; in the bundle, packages left external still load before it, which does not matter:
// V8 reads the setting at every collection). They are set here rather than on the command line because NODE_OPTIONS refuses
// V8 heap flags, and this way `npm start`, the container, the tests' server processes and the
// bench all run with the same ones.
import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what was live after the last major GC before it
 * collects again, in percent. V8's own factor is up to 4× on a fast machine: under sustained load
 * the server's ~50 MB of live objects let the heap reach 150–200 MB before a collection, all of it
 * resident. 30% keeps the heap near what is live; on this 2-core machine a 30 s soak showed RSS
 * under load 348 → ~230 MB with the same throughput, since each major GC then has little to do.
 * `HEAP_GROWING_PERCENT=0` restores V8's default.
 */
const DEFAULT_HEAP_GROWING_PERCENT = 30;

const configured = process.env.HEAP_GROWING_PERCENT;
const heapGrowingPercent =
  configured === undefined || configured === '' ? DEFAULT_HEAP_GROWING_PERCENT : Number(configured);
if (!Number.isInteger(heapGrowingPercent) || heapGrowingPercent < 0 || heapGrowingPercent > 400) {
  console.error(`HEAP_GROWING_PERCENT must be a whole number from 0 to 400 (got "${configured}")`);
  process.exit(1);
}
if (heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
