import { and, desc, eq } from 'drizzle-orm';
import { allOffers, disclosedMonthlyRate, manilaDate, priceLoan } from '@pisonow/domain';
import { applicationDecisions, applications, orders, signatures } from '../../db/schema/index.ts';
import { MS, addMs } from '../../lib/clock.ts';
import { currentProduct } from '../lending/product-config.ts';
import type { OrdersContext } from './orders-context.ts';
import { limitStanding } from '../limits/limit-standing.ts';

/**
 * What this borrower may withdraw now (`/allWithdraw`): the credit limit and every offered amount
 * and term within it, each fully priced by the same function that books the order, so the page can
 * show every cost line as the borrower moves the slider without another request.
 */
export async function loanOffer(ctx: Pick<OrdersContext, 'db' | 'clock'>, input: { customerId: string }) {
  const { db } = ctx;
  const { customerId } = input;
  const now = ctx.clock.now();
  const [application] = await db.select().from(applications).where(eq(applications.customerId, customerId));
  const [decision] = application
    ? await db
        .select()
        .from(applicationDecisions)
        .where(
          and(
            eq(applicationDecisions.applicationId, application.id),
            eq(applicationDecisions.outcome, 'approve'),
          ),
        )
        .orderBy(desc(applicationDecisions.decidedAt))
        .limit(1)
    : [];
  const [outstanding] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.outstanding, true)))
    .limit(1);
  const [signature] = await db
    .select({ signedAt: signatures.signedAt })
    .from(signatures)
    .where(eq(signatures.customerId, customerId));
  const product = await currentProduct(db);
  // SH-15 BE-04: the decision's limit grown by on-time repayments and the home-screen unlock
  const standing = await limitStanding(db, {
    customerId,
    decisionLimit: application?.status === 'approved' ? (decision?.creditLimit ?? 0n) : 0n,
    product,
  });
  const limit = standing.limit;
  const quoteOf = (o: { principal: bigint; termDays: number }) => {
    const q = priceLoan(product, o);
    return {
      principal: q.principal.toString(),
      termDays: q.termDays,
      interest: q.interest.toString(),
      serviceFee: q.serviceFee.toString(),
      coupon: q.coupon.toString(),
      creditReportingFee: q.creditReportingFee.toString(),
      tax: q.tax.toString(),
      documentaryStampTax: q.documentaryStampTax.toString(),
      netProceeds: q.netProceeds.toString(),
      totalRepayment: q.totalRepayment.toString(),
      dailyInterestPpm: q.dailyInterestPpm,
      effectiveMonthlyRate: disclosedMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays),
      dueDateIfPaidToday: manilaDate(addMs(now, q.termDays * MS.day)),
    };
  };
  const quotes = [...allOffers(product)].filter((o) => o.principal <= limit).map(quoteOf);
  return {
    canWithdraw: limit > 0n && !outstanding,
    blockedBy:
      limit === 0n ? ('not_approved' as const) : outstanding ? ('outstanding_repayment' as const) : null,
    outstandingOrderId: outstanding?.id ?? null,
    creditLimit: limit.toString(),
    limitLadder: {
      rung: standing.rung,
      steps: standing.ladder.map((s) => (s < standing.ceiling ? s : standing.ceiling).toString()),
      next: standing.next?.toString() ?? null,
    },
    productVersion: product.version,
    terms: [...product.termDays],
    hasSignature: !!signature,
    quotes,
    // issue 10 (/subIndex): what the product offers anyone, before or beyond their own limit: one
    // example per term at the product's largest amount, priced by the same function as the quotes
    product: {
      amountMin: product.amount.min.toString(),
      amountMax: product.amount.max.toString(),
      examples: product.termDays.map((termDays) => quoteOf({ principal: product.amount.max, termDays })),
    },
  };
}
