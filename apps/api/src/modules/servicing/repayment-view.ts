import { and, desc, eq, gte, sql } from 'drizzle-orm';
import {
  manilaDateTime,
  repaymentRecordStatus,
  type CollectionChannel,
  type HeldReason,
  type RepaymentPurpose,
  type RepaymentState,
  type RepaymentViewResponse,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { repayments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { ServicingContext } from './servicing-context.ts';

export type RepaymentRow = typeof repayments.$inferSelect;

/** A repayment attempt as its owner sees it, with the receipt once paid (ST-02), refunded or not. */
export function repaymentView(r: RepaymentRow): RepaymentViewResponse {
  const state = r.state as RepaymentState;
  return {
    id: r.id,
    orderId: r.orderId,
    purpose: r.purpose as RepaymentPurpose,
    channel: r.channel as CollectionChannel,
    providerCode: r.providerCode,
    amount: r.amount.toString(),
    couponAmount: r.couponAmount.toString(),
    state,
    record: repaymentRecordStatus(state),
    heldReason: (r.heldReason as HeldReason | null) ?? null,
    amountReceived: r.amountReceived?.toString() ?? null,
    checkoutUrl: state === 'pending' ? r.checkoutUrl : null,
    bankName: r.bankName,
    bankAccountNumber: r.bankAccountNumber,
    paymentCode: r.paymentCode,
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    // the money arrived: a receipt, also while it is being returned (the borrower's proof of payment)
    receipt:
      (state === 'paid' || state === 'refunded') && r.paidAt
        ? {
            reference: r.channelReference ?? r.providerCollectionId ?? r.id,
            channel: r.channel as CollectionChannel,
            providerCode: r.providerCode,
            amount: (r.amountReceived ?? r.amount).toString(),
            paidAt: r.paidAt.toISOString(),
            paidAtManila: manilaDateTime(r.paidAt),
          }
        : null,
  };
}

/**
 * BE-05: a held repayment made by assigning money that named no borrower to this one, since undone
 * (finance had matched the wrong borrower): the money was never theirs, so their records do not
 * list it and it does not open. Only such a record is held `unmatched` and then expired.
 */
const notAssignedByMistake = sql`not (${repayments.state} = 'expired' and ${repayments.heldReason} is not distinct from 'unmatched')`;

export async function getRepayment(
  ctx: Pick<ServicingContext, 'db'>,
  input: { customerId: string; repaymentId: string },
): Promise<RepaymentViewResponse> {
  const [row] = await ctx.db
    .select()
    .from(repayments)
    .where(ownedBy(repayments, input.customerId, eq(repayments.id, input.repaymentId), notAssignedByMistake));
  if (!row) throw new AppError('NOT_FOUND');
  return repaymentView(row);
}

/** ST-02: the borrower's repayment records of the last 3 months, newest first. */
export async function listRepayments(
  ctx: Pick<ServicingContext, 'db' | 'clock'>,
  input: { customerId: string },
): Promise<RepaymentViewResponse[]> {
  const since = ctx.clock.now();
  since.setUTCMonth(since.getUTCMonth() - 3);
  const rows = await ctx.db
    .select()
    .from(repayments)
    .where(ownedBy(repayments, input.customerId, gte(repayments.createdAt, since), notAssignedByMistake))
    .orderBy(desc(repayments.createdAt))
    .limit(200);
  return rows.map(repaymentView);
}

/** The pending attempts of one order (the bill shows the one in progress). */
export async function pendingRepayments(
  db: Db | Tx,
  customerId: string,
  orderId: string,
): Promise<RepaymentRow[]> {
  return db
    .select()
    .from(repayments)
    .where(
      ownedBy(repayments, customerId, and(eq(repayments.orderId, orderId), eq(repayments.state, 'pending'))),
    );
}
