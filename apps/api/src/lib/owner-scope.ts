import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type OwnedTable = PgTable & { customerId: PgColumn };

/**
 * The where-clause every query of borrower data starts from: the customer id comes from the
 * session, and ownership is part of the query itself, so another borrower's row is simply not
 * found (a 404, never a 403 that would confirm it exists).
 */
export function ownedBy<T extends OwnedTable>(
  table: T,
  customerId: string,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.customerId, customerId), ...conditions)!;
}
