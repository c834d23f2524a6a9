import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { amountDueOn, maskPhone, type ConsoleDisputeListResponse } from '@pisonow/domain';
import {
  customers,
  loanChargePauses,
  operators,
  paymentDisputes,
  repayments,
  suspenseResolutions,
} from '../../db/schema/index.ts';
import { disputeView } from '../servicing/dispute-view.ts';
import { loadLoans } from '../servicing/loan-record.ts';
import { signPhotoLink } from '../photos/photo-link-token.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { DisputesContext } from './disputes-context.ts';
import { heldMoney } from './suspense.ts';

/**
 * GET /api/console/disputes (BE-10): open payment disputes oldest first (charges are paused on
 * each: the longer it waits the more the lender forgoes), then the 50 latest resolved. Each comes
 * with the receipt as a short-lived link, the amount due as of the receipt's date, and the money
 * of the same borrower held in suspense, unresolved: the payments it can be matched to.
 */
export async function listDisputes(
  ctx: DisputesContext,
  input: { actor: Actor },
): Promise<ConsoleDisputeListResponse> {
  const [open, resolved] = await Promise.all([
    selectDisputes(ctx)
      .where(eq(paymentDisputes.status, 'open'))
      .orderBy(asc(paymentDisputes.createdAt))
      .limit(200),
    selectDisputes(ctx)
      .where(ne(paymentDisputes.status, 'open'))
      .orderBy(desc(paymentDisputes.resolvedAt))
      .limit(50),
  ]);
  const disputes = await consoleDisputeViews(ctx, [...open, ...resolved]);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'disputes.view',
    targetType: 'queue',
    detail: { open: open.length },
  });
  return { disputes };
}

export const selectDisputes = (ctx: Pick<DisputesContext, 'db'>) =>
  ctx.db
    .select({ dispute: paymentDisputes, phone: customers.phone, resolvedBy: operators.email })
    .from(paymentDisputes)
    .innerJoin(customers, eq(customers.id, paymentDisputes.customerId))
    .leftJoin(operators, eq(operators.id, paymentDisputes.resolvedBy));

/** Disputes as the console shows them (see listDisputes). */
export async function consoleDisputeViews(
  ctx: DisputesContext,
  rows: Awaited<ReturnType<ReturnType<typeof selectDisputes>['where']>>,
): Promise<ConsoleDisputeListResponse['disputes']> {
  const ids = rows.map((r) => r.dispute.id);
  const customerIds = [...new Set(rows.map((r) => r.dispute.customerId))];
  const [pauses, held, loans] = await Promise.all([
    ids.length ? ctx.db.select().from(loanChargePauses).where(inArray(loanChargePauses.disputeId, ids)) : [],
    customerIds.length
      ? ctx.db
          .select({ repayment: repayments })
          .from(repayments)
          .leftJoin(suspenseResolutions, eq(suspenseResolutions.repaymentId, repayments.id))
          .where(
            and(
              inArray(repayments.customerId, customerIds),
              eq(repayments.state, 'held'),
              isNull(suspenseResolutions.id),
            ),
          )
      : [],
    loadLoans(
      ctx.db,
      rows.map((r) => r.dispute.orderId),
    ),
  ]);
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + ctx.photoLinkSeconds;
  const disputes: ConsoleDisputeListResponse['disputes'] = [];
  for (const { dispute: d, phone, resolvedBy } of rows) {
    const found = loans.get(d.orderId);
    disputes.push({
      ...disputeView(
        d,
        pauses.find((p) => p.disputeId === d.id),
      ),
      customerId: d.customerId,
      phoneMasked: maskPhone(phone),
      orderStatus: found?.order.status ?? 'unknown',
      amountDueAtPaidOn: found ? amountDueOn(found.loan, d.paidOn).toString() : '0',
      receiptUrl:
        d.status === 'open'
          ? `/api/photos/files/${signPhotoLink(ctx.secretKey, { photoId: d.receiptPhotoId, customerId: d.customerId, exp })}`
          : null,
      heldPayments: held
        .filter(({ repayment }) => repayment.customerId === d.customerId)
        .map(({ repayment }) => ({
          repaymentId: repayment.id,
          amount: heldMoney(repayment).amount.toString(),
          paidAt: repayment.paidAt?.toISOString() ?? null,
          providerReference:
            repayment.channelReference ?? repayment.paymentCode ?? repayment.providerCollectionId,
          heldReason: repayment.heldReason,
        })),
      resolvedBy: resolvedBy ?? null,
    });
  }
  return disputes;
}
