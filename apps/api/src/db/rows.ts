import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows of a raw `db.execute(sql…)` result. Both drivers (node-postgres and PGlite) answer
 * `{ rows }`, but drizzle types the result per driver; this is the one place that says so.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Column types whose JSON rendering would lose digits: sent as text, read back exactly. */
const AS_TEXT = new Set(['PgBigInt64', 'PgBigInt53', 'PgNumeric']);

/**
 * A table's whole row as one JSON object inside a bigger query (`rowFromJson` reads it back), so a
 * read that needs a typed row beside aggregates costs no second round trip. Keys are the database
 * column names; bigint and numeric columns travel as text so no centavo is rounded by JSON.
 */
export function rowAsJson(table: PgTable, alias: string): SQL {
  const pairs = Object.values(getTableColumns(table)).map((column) => {
    const value = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
    return sql`${column.name}::text, ${AS_TEXT.has(column.columnType) ? sql`${value}::text` : value}`;
  });
  // json_build_object takes at most 100 arguments: 50 columns, more than any table here has
  if (pairs.length > 50) throw new Error(`rowAsJson: ${pairs.length} columns are too many for one object`);
  return sql`case when ${sql.identifier(alias)} is null then null else json_build_object(${sql.join(pairs, sql`, `)}) end`;
}

/**
 * The typed row drizzle's `select().from(table)` would give, from `rowAsJson`'s object: each value
 * goes through its column's own driver mapping (bigint text → BigInt, ISO time → Date, …).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
