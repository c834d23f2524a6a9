import { sql } from 'drizzle-orm';
import { SERVICING_STATUSES } from '@pisonow/domain';

/**
 * The domain's servicing states as an SQL list, `('repaying', 'extended', 'overdue')`, written as
 * literals (they are the domain's constants, not input) so the planner can match the partial index
 * `orders_servicing_due` whose predicate is the same list.
 */
export const SERVICING_STATUSES_SQL = sql.raw(`(${SERVICING_STATUSES.map((s) => `'${s}'`).join(', ')})`);
