import { eq, inArray } from 'drizzle-orm';
import { applications, customers, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { exportedTables, WITHHELD, WITHHELD_COLUMNS } from './data-map.ts';
import type { PrivacyContext } from './privacy-context.ts';

export interface MyDataExport {
  format: 'pisonow.my-data/1';
  generatedAt: string;
  customerId: string;
  /** every table holding the borrower's data, by category, each row with its exported columns */
  tables: { name: string; category: string; rows: Record<string, unknown>[] }[];
  /** tables that mention the borrower but are not exported, and why */
  withheldTables: Record<string, string>;
  /** columns never exported, wherever they appear */
  withheldColumns: string[];
}

/** JSON-safe: centavos and counters as strings (never floats), times as ISO 8601. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * "Download my data" (BE-12, RA 10173 s.16(c)): everything we hold about the signed-in borrower,
 * read through the data map (data-map.ts) so that no table with their data is left out, and
 * secrets and sealed values are never put in the file. Ownership is the session's customer id:
 * every query is keyed by it, or by their own applications, loans or phone number.
 */
export async function exportMyData(
  ctx: Pick<PrivacyContext, 'db' | 'clock'>,
  input: { customerId: string },
): Promise<MyDataExport> {
  const [me] = await ctx.db.select().from(customers).where(eq(customers.id, input.customerId));
  if (!me) throw new AppError('NOT_FOUND');
  const myApplications = (
    await ctx.db.select({ id: applications.id }).from(applications).where(eq(applications.customerId, me.id))
  ).map((a) => a.id);
  const myOrders = (
    await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, me.id))
  ).map((o) => o.id);
  const keyFor = {
    id: [me.id],
    customer_id: [me.id],
    application_id: myApplications,
    order_id: myOrders,
    phone: [me.phone],
  } as const;

  const tables: MyDataExport['tables'] = [];
  for (const mapped of exportedTables()) {
    const keys = keyFor[mapped.link];
    const rows = keys.length
      ? await ctx.db
          .select(mapped.columns)
          .from(mapped.table)
          .where(inArray(mapped.linkColumn, [...keys]))
      : [];
    tables.push({
      name: mapped.name,
      category: mapped.category,
      rows: rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([column, value]) => [column, plain(value)])),
      ),
    });
  }
  return {
    format: 'pisonow.my-data/1',
    generatedAt: ctx.clock.now().toISOString(),
    customerId: me.id,
    tables,
    withheldTables: WITHHELD,
    withheldColumns: [...WITHHELD_COLUMNS],
  };
}
