import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLOSED_STATUSES, ORDER_STATUSES, SERVICING_STATUSES } from '@pisonow/domain';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { rowsOf } from './rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/**
 * The database derives `orders.outstanding` and `orders.servicing` from the status (migration 0040:
 * the partial indexes name them instead of `status`, so the day job's overdue flip is a heap-only
 * update). Their expressions are SQL copies of the domain's lists; this proves the copies agree for
 * every status the domain knows, read from the database's own definition of the columns.
 */
describe('orders status flags (ST-06, BE-06)', () => {
  it('outstanding and servicing are what the domain says for every order status', async () => {
    const definitions = rowsOf<{ column_name: string; generation_expression: string }>(
      await t.database.db.execute(sql`
        select column_name, generation_expression from information_schema.columns
        where table_name = 'orders' and column_name in ('outstanding', 'servicing')`),
    );
    expect(definitions.map((d) => d.column_name).sort()).toEqual(['outstanding', 'servicing']);
    for (const { column_name, generation_expression } of definitions) {
      for (const status of ORDER_STATUSES) {
        const [row] = rowsOf<{ flag: boolean }>(
          await t.database.db.execute(
            sql`select (${sql.raw(generation_expression)}) as flag from (select ${status}::text as status) x`,
          ),
        );
        const expected =
          column_name === 'outstanding'
            ? !(CLOSED_STATUSES as readonly string[]).includes(status)
            : (SERVICING_STATUSES as readonly string[]).includes(status);
        expect({ column_name, status, flag: row!.flag }).toEqual({ column_name, status, flag: expected });
      }
    }
  });

  it('the overdue flip leaves every index alone: neither flag nor any indexed column changes', async () => {
    // What makes it heap-only: no column an index names, in its key or its predicate, differs
    // between repaying or extended and overdue. A new index on status would undo it.
    const indexes = rowsOf<{ indexdef: string }>(
      await t.database.db.execute(sql`select indexdef from pg_indexes where tablename = 'orders'`),
    );
    expect(indexes.length).toBeGreaterThan(0);
    for (const { indexdef } of indexes) expect(indexdef).not.toMatch(/\bstatus\b|updated_at/);
  });

  it('queries name the flags, not the status lists, so the planner can use the partial indexes', async () => {
    // The planner cannot prove `servicing` from `status in (…)`: a query filtering by the list
    // reads the whole table where the flag reads orders_servicing_due (found in review: the
    // reminders, delinquency, dashboard and segment queries scanned every order).
    const src = path.resolve(import.meta.dirname, '..');
    // the schema defines the flags with these lists; test tools may read what they like
    const files = (await readdir(src, { recursive: true })).filter(
      (f) =>
        f.endsWith('.ts') &&
        !f.endsWith('.test.ts') &&
        !f.startsWith('db/schema/') &&
        !f.startsWith('test/') &&
        !f.includes('migrations'),
    );
    const byList = [
      /inArray\(\s*orders\.status,\s*\[\s*\.\.\.SERVICING_STATUSES\s*\]\s*\)/,
      /notInArray\(\s*orders\.status/,
      /status\s+in\s*\(\s*'repaying',\s*'extended',\s*'overdue'\s*\)/,
      /status\s+not\s+in\s*\(\s*'settled',\s*'cancelled'\s*\)/,
    ];
    const offenders: string[] = [];
    for (const f of files) {
      const text = await readFile(path.join(src, f), 'utf8');
      if (byList.some((pattern) => pattern.test(text))) offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});
