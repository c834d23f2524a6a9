import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repo (`npm test`). The API project runs against PGlite by default and
// against PostgreSQL when DATABASE_URL is set (CI runs it both ways).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. The
    // API tests spend much of their time waiting (on PostgreSQL, on timers), and a second worker
    // fills that. Same machine, same run (2026-11-28): PGlite 358 s → 235 s, PostgreSQL 313 s →
    // 229 s; a third worker was slower (244 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          // the domain renders text through the catalogue the app sets; its tests get the server's (every language)
          setupFiles: ['packages/domain/src/catalogue/all.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker instead of one per file: every API test file imports the
          // whole server (Fastify, every route's schemas, drizzle), which took a third of the run.
          // Safe because no API test mocks modules or changes process.env; each file still boots
          // its own app and database. PGlite run 8m40s → 3m37s, PostgreSQL ~6m25s → 3m14s (2 cores).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      // the repository's own tooling: the lint rules that enforce the house's import boundaries
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
    ],
  },
});
