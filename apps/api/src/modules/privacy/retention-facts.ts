import { and, eq, inArray, max } from 'drizzle-orm';
import { manilaDate, retentionPlan, type RetentionDecision, type RetentionFacts } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { orderEvents, orders } from '../../db/schema/index.ts';

const CLOSED = ['settled', 'cancelled'];

/**
 * The facts the retention plan needs about one borrower (BE-12), from their loans: was money ever
 * paid out, is a loan still open, and the Manila day the last one closed (its last move into
 * settled or cancelled in the order's history).
 */
export async function retentionPlanFor(db: Db | Tx, customerId: string): Promise<RetentionDecision[]> {
  return retentionPlan(await retentionFactsFor(db, customerId));
}

export async function retentionFactsFor(db: Db | Tx, customerId: string): Promise<RetentionFacts> {
  const mine = await db
    .select({ id: orders.id, status: orders.status, disbursedAt: orders.disbursedAt })
    .from(orders)
    .where(eq(orders.customerId, customerId));
  const everDisbursed = mine.some((o) => o.disbursedAt !== null);
  const openLoan = mine.some((o) => !CLOSED.includes(o.status));
  let lastClosedOn: string | null = null;
  if (!openLoan && mine.length) {
    const [closed] = await db
      .select({ at: max(orderEvents.occurredAt) })
      .from(orderEvents)
      .where(
        and(
          inArray(
            orderEvents.orderId,
            mine.map((o) => o.id),
          ),
          inArray(orderEvents.toStatus, CLOSED),
        ),
      );
    lastClosedOn = closed?.at ? manilaDate(closed.at) : null;
  }
  return { everDisbursed, openLoan, lastClosedOn };
}
