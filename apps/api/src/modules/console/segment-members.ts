import { sql, type SQL } from 'drizzle-orm';
import type { ConsoleSegment } from '@pisonow/domain';

/**
 * The borrowers of a console segment (BE-08), as a subquery of customer ids evaluated inside the
 * caller's statement, so a grant or notice to thousands is one set-based INSERT, not a loop.
 * "repaid": settled at least once and nothing outstanding now.
 */
export function segmentMembers(segment: ConsoleSegment): SQL {
  switch (segment) {
    case 'all_borrowers':
      return sql`select c.id from customers c`;
    case 'approved':
      return sql`select a.customer_id from applications a where a.status = 'approved'`;
    case 'active_loan':
      return sql`select distinct o.customer_id from orders o where o.servicing`;
    case 'overdue':
      return sql`select distinct o.customer_id from orders o where o.status = 'overdue'`;
    case 'repaid':
      return sql`select distinct o.customer_id from orders o where o.status = 'settled'
        and not exists (select 1 from orders open where open.customer_id = o.customer_id
          and open.outstanding)`;
  }
}

/**
 * What a send to a segment did, from a statement that selects `created` (rows written now) and
 * `members` (the segment's size): the rest had it already (a retried request, an earlier send).
 */
export function segmentOutcome(result: unknown): { created: number; alreadyDone: number } {
  const [row] = (result as { rows: { created: number; members: number }[] }).rows;
  const created = Number(row?.created ?? 0);
  return { created, alreadyDone: Math.max(0, Number(row?.members ?? 0) - created) };
}
