import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';

export { schema };

/** The one database type use cases see; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The newest committed migration (drizzle records each applied one with this timestamp). */
const LATEST_MIGRATION_MILLIS = Math.max(
  ...(
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((e) => e.when),
);

/** Several processes starting together on one PostgreSQL migrate one at a time (session advisory lock). */
const MIGRATION_LOCK_ID = 7_401_220_001;

/** True when every committed migration has been applied to `db` (readiness check). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const result = (await db.execute(
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { latest: string | number | null }[] };
    return Number(result.rows[0]?.latest ?? 0) >= LATEST_MIGRATION_MILLIS;
  } catch {
    return false; // no migrations table yet
  }
}

/**
 * PostgreSQL settings for the embedded database. PostgreSQL's default 128 MB of shared buffers live
 * inside PGlite's WebAssembly memory, which never shrinks: with them the server idled at 540 MB RSS,
 * with 16 MB at 400 MB (bench/soak-memory.md). PGlite serves one process over one connection and
 * its data files are ordinary files, so pages that do not fit stay in the kernel's page cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the PGlite instance (embedded mode), for pg-boss's adapter */
  pglite?: PGlite;
  /** the connection string (PostgreSQL mode), for pg-boss */
  connectionString?: string;
  /**
   * PostgreSQL mode: the pool, for the hottest read (GET /api/home) to run its named statement
   * without drizzle's per-call layers (issue 8: modules/home/get-home-summary.ts). Everything
   * else goes through `db`.
   */
  pool?: pg.Pool;
  /** the `onQuery` the database was opened with: a statement sent on `pool` is reported to it too */
  onQuery?: (sql: string) => void;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used */
  url?: string;
  /** PGlite data folder; `memory://` (or undefined with no url) keeps it in memory */
  dataDir?: string;
  /** stamps the data-folder lock (default: the system clock) */
  now?: () => Date;
  /** called with each statement sent (tests count round trips) */
  onQuery?: (sql: string) => void;
  /** embedded only: start from this dumped data folder (tests' migrated template) instead of initdb */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connectionString: options.url,
      pool,
      onQuery,
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          try {
            await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
          } finally {
            await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
          }
        } finally {
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // one process per data folder: a second one refuses to start (DataDirLockedError)
  const lock = dataDir ? lockDataDir(dataDir, (options.now ?? (() => new Date()))()) : null;
  // the embedded database's modules load only in embedded mode
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let pglite: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(pglite, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
