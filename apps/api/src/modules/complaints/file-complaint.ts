import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  complaintDeadline,
  complaintTicketNumber,
  type ComplaintRequest,
  type ComplaintView,
  type Locale,
} from '@pisonow/domain';
import { complaints, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { complaintView } from './complaint-view.ts';
import type { ComplaintsContext } from './complaints-context.ts';

/**
 * POST /api/complaints (BE-11): files a complaint for the signed-in borrower, with a ticket number
 * from the database sequence and the promised resolution date (complaintDeadline). A loan it names
 * must be the borrower's own: anyone else's (or none) is "not found", and nothing is written. The
 * route requires an Idempotency-Key, so a double tap files one ticket.
 */
export async function fileComplaint(
  ctx: ComplaintsContext,
  input: { customerId: string; request: ComplaintRequest; locale: Locale },
): Promise<ComplaintView> {
  const row = await ctx.db.transaction(async (tx) => {
    const orderId = input.request.orderId ?? null;
    if (orderId) {
      const [own] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.customerId, input.customerId)));
      if (!own) throw new AppError('NOT_FOUND');
    }
    const now = ctx.clock.now();
    const result = (await tx.execute(sql`select nextval('complaint_ticket_seq')::text as n`)) as unknown as {
      rows: { n: string }[];
    };
    const [inserted] = await tx
      .insert(complaints)
      .values({
        id: randomUUID(),
        ticketNumber: complaintTicketNumber(now, BigInt(result.rows[0]!.n)),
        customerId: input.customerId,
        orderId,
        category: input.request.category,
        description: input.request.description,
        status: 'open',
        locale: input.locale,
        createdAt: now,
        resolveBy: complaintDeadline(now, ctx.resolutionDays),
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return complaintView(row, input.locale);
}
