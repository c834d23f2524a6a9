import { sql } from 'drizzle-orm';
import { SERVICING_STATUSES } from '@pisonow/domain';

/**
 * The domain's servicing states as an SQL list, `('repaying', 'extended', 'overdue')`, written as
 * literals (they are the domain's constants, not input). A query that should reach the partial index
 * `orders_servicing_due` names the derived column `orders.servicing` instead (migration 0040);
 * order-statuses.test.ts proves the column and this list agree.
 */
export const SERVICING_STATUSES_SQL = sql.raw(`(${SERVICING_STATUSES.map((s) => `'${s}'`).join(', ')})`);
