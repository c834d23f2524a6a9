import { and, desc, eq, notInArray } from 'drizzle-orm';
import { allOffers, disclosedMonthlyRate, manilaDate, priceLoan } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { applicationDecisions, applications, orders, signatures } from '../../db/schema/index.ts';
import { MS, addMs } from '../../lib/clock.ts';
import { currentProduct } from '../lending/product-config.ts';

/**
 * What this borrower may withdraw now (`/allWithdraw`): the credit limit and every offered amount
 * and term within it, each fully priced by the same function that books the order, so the page can
 * show every cost line as the borrower moves the slider without another request.
 */
export async function loanOffer(db: Db, customerId: string, now: Date) {
  const [application] = await db.select().from(applications).where(eq(applications.customerId, customerId));
  const [decision] = application
    ? await db
        .select()
        .from(applicationDecisions)
        .where(and(eq(applicationDecisions.applicationId, application.id), eq(applicationDecisions.outcome, 'approve')))
        .orderBy(desc(applicationDecisions.decidedAt))
        .limit(1)
    : [];
  const [outstanding] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.customerId, customerId), notInArray(orders.status, ['settled', 'cancelled']))).limit(1);
  const [signature] = await db.select({ signedAt: signatures.signedAt }).from(signatures).where(eq(signatures.customerId, customerId));
  const product = await currentProduct(db);
  const limit = application?.status === 'approved' ? (decision?.creditLimit ?? 0n) : 0n;
  const quotes = [...allOffers(product)]
    .filter((o) => o.principal <= limit)
    .map((o) => {
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
    });
  return {
    canWithdraw: limit > 0n && !outstanding,
    blockedBy: limit === 0n ? ('not_approved' as const) : outstanding ? ('outstanding_repayment' as const) : null,
    outstandingOrderId: outstanding?.id ?? null,
    creditLimit: limit.toString(),
    productVersion: product.version,
    terms: [...product.termDays],
    hasSignature: !!signature,
    quotes,
  };
}
