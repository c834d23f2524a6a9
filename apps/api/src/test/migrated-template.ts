import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';

/**
 * Every test app starts on a fresh, fully migrated database. Running initdb and 28 migrations for
 * each of about a thousand apps was most of the suite's time, so the migrated database is made once
 * per migration set and copied: PGlite loads a dumped data folder (a file in the temp folder, shared
 * by the test workers), PostgreSQL creates each database from a template database.
 *
 * Both are keyed by a hash of the committed migrations (and the PGlite version), so a new or edited
 * migration makes a new template and a stale one is never used.
 */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const pgliteVersion = (
    JSON.parse(
      readFileSync(
        path.join(
          path.dirname(MIGRATIONS_FOLDER),
          '../../../../node_modules/@electric-sql/pglite/package.json',
        ),
        'utf8',
      ),
    ) as { version: string }
  ).version;
  hash.update(pgliteVersion);
  const files = [
    ...readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')),
    'meta/_journal.json',
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  return hash.digest('hex').slice(0, 16);
}

let hashOnce: string | undefined;
const templateKey = () => (hashOnce ??= migrationsHash());

let pgliteDump: Promise<Blob> | undefined;

/** The dumped data folder of a migrated PGlite (made by the first worker that needs it). */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(tmpdir(), `pisonow-pglite-template-${templateKey()}.tar`);
    if (!existsSync(file)) {
      const database = await openDatabase({});
      await database.migrate();
      const dump = await database.pglite!.dumpDataDir('none');
      await database.close();
      // written under a temporary name, then renamed: a worker never reads a half-written file
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}

/** Advisory lock id: workers starting together make the PostgreSQL template one at a time. */
const TEMPLATE_LOCK_ID = 7_401_220_002;

/**
 * The name of a migrated template database on the server at `url`, made if missing. Nobody stays
 * connected to it (CREATE DATABASE … TEMPLATE refuses a template in use).
 */
export async function migratedPostgresTemplate(url: string): Promise<string> {
  const name = `pisonow_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_build_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const target = new URL(url);
      target.pathname = `/${building}`;
      const database = await openDatabase({ url: target.toString() });
      await database.migrate();
      await database.close();
      // renamed only once complete: a crashed build never becomes the template
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => {});
    await admin.end();
  }
  return name;
}
