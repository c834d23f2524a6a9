import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows of a raw `db.execute(sql…)` result. Both drivers (node-postgres and PGlite) answer
 * `{ rows }`, but drizzle types the result per driver; this is the one place that says so.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Column types whose JSON rendering would lose digits: sent as text, read back exactly. */
const AS_TEXT = new Set(['PgBigInt64', 'PgBigInt53', 'PgNumeric']);

type RowKey<T extends PgTable> = keyof T['$inferSelect'] & string;

/** The table's columns by property name: all of them, or those named, in the table's order. */
function columnsOf<T extends PgTable>(table: T, keys?: readonly RowKey<T>[]): [string, PgColumn][] {
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  return keys ? all.filter(([key]) => keys.includes(key as RowKey<T>)) : all;
}

/**
 * A table's row (all its columns, or only those named) as one JSON object inside a bigger query
 * (`rowReader` reads it back), so a read that needs a typed row beside aggregates costs no second
 * round trip. Keys are the database column names; bigint and numeric columns travel as text so no
 * centavo is rounded by JSON.
 */
export function rowAsJson<T extends PgTable>(table: T, alias: string, keys?: readonly RowKey<T>[]): SQL {
  const pairs = columnsOf(table, keys).map(([, column]) => {
    const value = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
    return sql`${column.name}::text, ${AS_TEXT.has(column.columnType) ? sql`${value}::text` : value}`;
  });
  // json_build_object takes at most 100 arguments: 50 columns, more than any table here has
  if (pairs.length > 50) throw new Error(`rowAsJson: ${pairs.length} columns are too many for one object`);
  return sql`case when ${sql.identifier(alias)} is null then null else json_build_object(${sql.join(pairs, sql`, `)}) end`;
}

/**
 * Reads `rowAsJson`'s object (made with the same `keys`) back into the typed row drizzle's
 * `select().from(table)` would give, those columns only: each value goes through its column's own
 * driver mapping (bigint text → BigInt, ISO time → Date, …). The columns are looked up once, here,
 * not on every row (issue 8: it runs on every GET /api/home).
 */
export function rowReader<T extends PgTable, K extends RowKey<T> = RowKey<T>>(
  table: T,
  keys?: readonly K[],
): (json: Record<string, unknown>) => Pick<T['$inferSelect'], K> {
  const columns = columnsOf(table, keys);
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = json[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Pick<T['$inferSelect'], K>;
  };
}

/** `rowReader` for the whole row, once. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  return rowReader(table)(json);
}
