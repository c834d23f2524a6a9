import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LoanOutcome } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { repayments, suspenseResolutions } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import { giveRepaymentCouponBack } from '../coupons/use-coupon.ts';

/**
 * CO-02, BE-10: a full payment made before extensions paid after it reverses them
 * (settledBeforeExtensions), whether its webhook brings it or finance applies it from held money.
 * Both paths list the extensions with this one formula and record what a reversal leaves with
 * recordReversedExtensions, so an Apply reverses exactly what the webhook would have.
 */

type ExtensionPaid = { reference: string; paidAt: Date };

/**
 * The extensions paid on a loan, each with its payer's paid-at: an extension attempt paid by itself
 * (reference: the attempt), or held money finance applied as an extension (reference
 * `suspense:<held repayment>`, the key applySuspense gives it; paid-at: when that money was paid,
 * heldMoney).
 */
export async function extensionsPaidOn(db: Db | Tx, orderId: string): Promise<ExtensionPaid[]> {
  return (await extensionsPaidOnLoans(db, [orderId])).get(orderId) ?? [];
}

/** A paid repayment as an extension paid: its own attempt, or held money applied as one. */
function extensionPaid(r: {
  id: string;
  purpose: string;
  paidAt: Date | null;
  createdAt: Date;
  resolution: string | null;
  appliedAs: string | null;
}): ExtensionPaid | null {
  if (r.resolution === 'applied')
    return r.appliedAs === 'extension'
      ? { reference: `suspense:${r.id}`, paidAt: r.paidAt ?? r.createdAt }
      : null;
  return r.purpose === 'extension' && r.paidAt ? { reference: r.id, paidAt: r.paidAt } : null;
}

/** The same for several loans in one read (the suspense queue lists up to 200), by order id. */
export async function extensionsPaidOnLoans(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, ExtensionPaid[]>> {
  const paid = new Map<string, ExtensionPaid[]>();
  if (orderIds.length === 0) return paid;
  const rows = await db
    .select({
      id: repayments.id,
      orderId: repayments.orderId,
      purpose: repayments.purpose,
      paidAt: repayments.paidAt,
      createdAt: repayments.createdAt,
      resolution: suspenseResolutions.action,
      appliedAs: suspenseResolutions.purpose,
    })
    .from(repayments)
    .leftJoin(suspenseResolutions, eq(suspenseResolutions.repaymentId, repayments.id))
    .where(and(inArray(repayments.orderId, [...new Set(orderIds)]), eq(repayments.state, 'paid')));
  for (const r of rows) {
    const extension = extensionPaid(r);
    if (!extension) continue;
    const ofLoan = paid.get(r.orderId);
    if (ofLoan) ofLoan.push(extension);
    else paid.set(r.orderId, [extension]);
  }
  return paid;
}

/** The audit action of a coupon the loan took back but the API did not find spent (for finance). */
export const COUPON_NOT_GIVEN_BACK = 'money.reversed_extension.coupon_not_given_back';

/**
 * What a reversal of extensions leaves besides the loan's own postings, in the caller's transaction
 * (after persistLoanOutcome):
 * - an extension the borrower's attempt paid: that attempt is held money now (`already_settled`;
 *   its cash moved to suspense with the reversal), which the borrower sees and finance refunds;
 * - its repayment coupon paid nothing: the borrower has it back (giveRepaymentCouponBack). A coupon
 *   the loan took back but not found spent on that attempt never blocks the payment that settled
 *   the loan (a delivery failing for good would leave the borrower's full payment unrecorded): the
 *   anomaly is logged and audited (COUPON_NOT_GIVEN_BACK) for finance to give it back by hand;
 * - an extension finance applied from held money: that money's record stays resolved (applied, as
 *   audited); what the reversal put back in suspense is held money on a record of its own
 *   (`already_settled`, the held money's paid-at), for the borrower to see and finance to refund.
 * `settledBy`: the repayment whose money settled the loan (the webhook's attempt, or the held
 * money finance applied), named in the anomaly's audit entry.
 */
export async function recordReversedExtensions(
  tx: Tx,
  input: {
    outcome: LoanOutcome;
    customerId: string;
    orderId: string;
    settledBy: string;
    now: Date;
    log: FastifyBaseLogger;
    actor: Actor;
  },
): Promise<void> {
  const { now } = input;
  const all = input.outcome.reversedExtensions ?? [];
  const reversed = all.filter((r) => !r.reference.startsWith('suspense:'));
  if (reversed.length > 0)
    await tx
      .update(repayments)
      .set({ state: 'held', heldReason: 'already_settled', updatedAt: now })
      .where(
        and(
          inArray(
            repayments.id,
            reversed.map((r) => r.reference),
          ),
          eq(repayments.state, 'paid'),
        ),
      );
  for (const r of reversed.filter((x) => x.coupon)) {
    const back = await giveRepaymentCouponBack(tx, {
      customerId: input.customerId,
      repaymentId: r.reference,
      now,
    });
    if (back) continue;
    // ids and amounts only: no borrower's personal data in the log
    input.log.error(
      { orderId: input.orderId, extensionRepaymentId: r.reference, settledBy: input.settledBy },
      'coupon of a reversed extension not found spent: not given back, the payment recorded anyway',
    );
    await recordAudit(tx, { now: () => now }, input.actor, {
      action: COUPON_NOT_GIVEN_BACK,
      targetType: 'repayment',
      targetId: r.reference,
      outcome: 'failed',
      detail: {
        orderId: input.orderId,
        settledBy: input.settledBy,
        coupon: r.coupon!.reference,
        couponAmount: r.coupon!.amount.toString(),
        todo: 'give the borrower this coupon back by hand: its expense was taken back on the loan',
      },
    });
  }
  for (const r of all) {
    if (!r.reference.startsWith('suspense:')) continue;
    const [source] = await tx
      .select()
      .from(repayments)
      .where(eq(repayments.id, r.reference.slice('suspense:'.length)));
    if (!source) throw new Error(`held money ${r.reference} not found`);
    await tx.insert(repayments).values({
      id: randomUUID(),
      orderId: source.orderId,
      customerId: source.customerId,
      purpose: 'extension',
      channel: source.channel,
      provider: source.provider,
      providerCode: source.providerCode,
      amount: r.amount,
      state: 'held',
      heldReason: 'already_settled',
      amountReceived: r.amount,
      expiresAt: source.expiresAt,
      paidAt: source.paidAt ?? source.createdAt,
      channelReference: source.channelReference,
      createdAt: now,
      updatedAt: now,
    });
  }
}
