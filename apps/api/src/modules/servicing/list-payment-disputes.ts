import { desc, eq, inArray } from 'drizzle-orm';
import type { DisputeListResponse } from '@pisonow/domain';
import { loanChargePauses, orders, paymentDisputes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { disputeView } from './dispute-view.ts';
import type { ServicingContext } from './servicing-context.ts';

/** GET /api/orders/:orderId/disputes: the payments I reported for this loan, newest first (BE-10). */
export async function listPaymentDisputes(
  ctx: ServicingContext,
  input: { customerId: string; orderId: string },
): Promise<DisputeListResponse> {
  const [owned] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(ownedBy(orders, input.customerId, eq(orders.id, input.orderId)));
  if (!owned) throw new AppError('NOT_FOUND');
  const rows = await ctx.db
    .select()
    .from(paymentDisputes)
    .where(ownedBy(paymentDisputes, input.customerId, eq(paymentDisputes.orderId, owned.id)))
    .orderBy(desc(paymentDisputes.createdAt));
  const pauses =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(loanChargePauses)
          .where(
            inArray(
              loanChargePauses.disputeId,
              rows.map((r) => r.id),
            ),
          );
  return {
    disputes: rows.map((d) =>
      disputeView(
        d,
        pauses.find((p) => p.disputeId === d.id),
      ),
    ),
  };
}
