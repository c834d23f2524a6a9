import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { manilaDate, offerable, priceLoan, type Locale, type PlaceOrderRequest } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import {
  applicationDecisions,
  applicationSteps,
  applications,
  customers,
  orderDocuments,
  orders,
  payouts,
  signatures,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MS, addMs } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { currentProduct } from '../lending/product-config.ts';
import type { OrdersContext } from './orders-context.ts';
import { borrowerParty } from './borrower-party.ts';
import { amlHold } from '../aml/screen-customer.ts';
import { limitStanding } from '../limits/limit-standing.ts';
import { useWithdrawalCoupon, withdrawalCouponFor } from '../coupons/use-coupon.ts';
import {
  disclosureStatement,
  loanAgreement,
  sanctionLetter,
  type DocumentParties,
} from './loan-documents.ts';

/** What booking an order needs of the orders context. */
export type PlaceOrderContext = Pick<OrdersContext, 'db' | 'clock' | 'company' | 'payouts' | 'jobs'>;

/**
 * Withdrawal (ST-06, ST-07, VAL-12): an approved borrower with no unpaid order picks an offered
 * amount within their limit and a term, agrees to the agreement and the sanction letter, and signs
 * (once: the signature is kept for later orders). The order is priced by the one pricing function
 * with the product in force, its documents are generated and kept with their hashes, and the first
 * payout attempt is queued in the same transaction. Serialised per borrower, with a partial unique index behind it, so
 * simultaneous submits book one order.
 */
/** Prices an offer for this borrower and writes its three documents (used for the preview and the order). */
async function draftOrder(
  ctx: Pick<OrdersContext, 'db' | 'clock' | 'company'>,
  customerId: string,
  input: { amount: string; termDays: number; couponId?: string | undefined },
  orderId: string,
  locale: Locale,
) {
  const now = ctx.clock.now();
  const principal = BigInt(input.amount);
  const [application] = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.customerId, customerId));
  if (!application || application.status !== 'approved') throw new AppError('APPLICATION_NOT_APPROVED');
  // BE-14: a possible designated-persons match not yet cleared: no new loan (and no word of why)
  if (await amlHold(ctx.db, customerId)) throw new AppError('AML_REVIEW_PENDING');
  const [decision] = await ctx.db
    .select()
    .from(applicationDecisions)
    .where(
      and(
        eq(applicationDecisions.applicationId, application.id),
        eq(applicationDecisions.outcome, 'approve'),
      ),
    )
    .orderBy(desc(applicationDecisions.decidedAt))
    .limit(1);
  const product = await currentProduct(ctx.db);
  const limit = decision?.creditLimit
    ? (await limitStanding(ctx.db, { customerId, decisionLimit: decision.creditLimit, product })).limit
    : 0n;
  if (!limit || principal > limit || !offerable(product, principal, input.termDays))
    throw new AppError('AMOUNT_NOT_OFFERED');
  // EN-07: a withdrawal coupon reduces the service fee; the caps were checked on the gross price,
  // and the priced quote (what the compliance figures and documents use) is the price after it
  const gross = priceLoan(product, { principal, termDays: input.termDays });
  const coupon = input.couponId
    ? await withdrawalCouponFor(ctx.db, {
        customerId,
        couponId: input.couponId,
        grossServiceFee: gross.serviceFee,
        now,
      })
    : 0n;
  const quote = coupon > 0n ? priceLoan(product, { principal, termDays: input.termDays, coupon }) : gross;

  const steps = await ctx.db
    .select()
    .from(applicationSteps)
    .where(eq(applicationSteps.applicationId, application.id));
  const step = (name: string) => (steps.find((s) => s.step === name)?.data ?? {}) as Record<string, string>;
  const destination = step('bankInfo');
  const today = manilaDate(now);
  const parties: DocumentParties = {
    company: {
      name: ctx.company.COMPANY_NAME,
      secRegistrationNo: ctx.company.COMPANY_SEC_REG_NO,
      certificateOfAuthorityNo: ctx.company.COMPANY_CA_NO,
    },
    borrower: await borrowerParty(ctx.db, customerId),
    orderId,
    date: today,
    dueDate: manilaDate(addMs(now, quote.termDays * MS.day)),
    lateCharge: product.lateCharge,
    penaltyDailyPpm: product.penaltyDailyPpm,
    extensionFeeBp: product.extensionFeeBp,
    extensionDays: product.extensionDays,
  };
  const documents = {
    disclosure: disclosureStatement(quote, parties, locale),
    agreement: loanAgreement(quote, parties, locale),
    sanction_letter: sanctionLetter(quote, parties, locale),
  };
  const terms = {
    lateCharge: product.lateCharge,
    penaltyDailyPpm: product.penaltyDailyPpm,
    extensionFeeBp: product.extensionFeeBp,
    extensionDays: product.extensionDays,
  };
  return { application, quote, grossServiceFee: gross.serviceFee, terms, destination, documents, now };
}

/**
 * What the borrower reads on `/loan` before agreeing and signing (VAL-12, RA 3765): the same three
 * documents the order will keep, priced the same way; nothing is stored.
 */
export async function previewOrderDocuments(
  ctx: Pick<OrdersContext, 'db' | 'clock' | 'company'>,
  input: { customerId: string; amount: string; termDays: number; couponId?: string; locale?: Locale },
) {
  const { documents, quote } = await draftOrder(
    ctx,
    input.customerId,
    { amount: input.amount, termDays: input.termDays, couponId: input.couponId },
    'preview',
    input.locale ?? 'en-US',
  );
  return { ...documents, productVersion: quote.productVersion, documentsSha256: previewHash(documents) };
}

/** The identity of what the borrower read: the three previewed documents, hashed together. */
function previewHash(documents: Record<'disclosure' | 'agreement' | 'sanction_letter', string>): string {
  return sha256Hex(`${documents.disclosure}\n${documents.agreement}\n${documents.sanction_letter}`);
}

/** Two drafts priced the same: every figure of the quote and of the servicing terms. */
const sameFigures = (a: unknown, b: unknown) => {
  const figures = (x: unknown) =>
    JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  return figures(a) === figures(b);
};

/**
 * `input.orderId` comes from the request's Idempotency-Key (the same key always names the same
 * order): when an earlier attempt with that key committed the order and then died before it could
 * answer, the retry finds the order and returns its id instead of booking or refusing a second one.
 */
export async function placeOrder(
  ctx: PlaceOrderContext,
  input: {
    customerId: string;
    request: Omit<PlaceOrderRequest, 'agreeLoanAgreement' | 'agreeSanctionLetter'>;
    /** from the request's Idempotency-Key: the same key always names the same order */
    orderId?: string | undefined;
    locale?: Locale | undefined;
  },
) {
  const { customerId } = input;
  const orderId = input.orderId ?? randomUUID();
  const committed = async (db: Pick<Db, 'select'>) =>
    input.orderId
      ? (
          await db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
        )[0]
      : undefined;
  if (await committed(ctx.db)) return orderId;
  // What the borrower saw is what is booked: the same preview, drawn now, must be the one they read.
  const locale = input.locale ?? 'en-US';
  const seen = await draftOrder(ctx, customerId, input.request, 'preview', locale);
  if (
    input.request.productVersion !== seen.quote.productVersion ||
    input.request.documentsSha256 !== previewHash(seen.documents)
  )
    throw new AppError('PRICE_CHANGED');
  const { application, quote, grossServiceFee, terms, destination, documents, now } = await draftOrder(
    ctx,
    customerId,
    input.request,
    orderId,
    locale,
  );
  // The booking is drafted again (its documents name the order): it must be the very offer checked
  // above. A product version saved in between, or Manila midnight passing (the documents' date),
  // would book something the borrower never read: they read it again instead.
  if (manilaDate(now) !== manilaDate(seen.now) || !sameFigures([quote, terms], [seen.quote, seen.terms]))
    throw new AppError('PRICE_CHANGED');

  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${customerId}`}, 0))`);
    if (await committed(tx)) return;
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.outstanding, true)))
      .limit(1);
    if (open) throw new AppError('OUTSTANDING_REPAYMENT');
    const [signature] = await tx
      .select({ customerId: signatures.customerId })
      .from(signatures)
      .where(eq(signatures.customerId, customerId));
    if (!signature) {
      if (!input.request.signature) throw new AppError('SIGNATURE_REQUIRED');
      await tx.insert(signatures).values({
        customerId,
        image: input.request.signature,
        sha256: sha256Hex(input.request.signature),
        signedAt: now,
      });
    }
    await tx.insert(orders).values({
      id: orderId,
      customerId,
      applicationId: application.id,
      status: 'disbursing',
      productVersion: quote.productVersion,
      principal: quote.principal,
      termDays: quote.termDays,
      interest: quote.interest,
      serviceFee: quote.serviceFee,
      coupon: quote.coupon,
      creditReportingFee: quote.creditReportingFee,
      tax: quote.tax,
      documentaryStampTax: quote.documentaryStampTax,
      lenderDocumentaryStampTax: quote.lenderDocumentaryStampTax,
      netProceeds: quote.netProceeds,
      totalRepayment: quote.totalRepayment,
      dailyInterestPpm: quote.dailyInterestPpm,
      // the servicing terms travel with the order: a later product change never alters a booked loan
      ...terms,
      payoutDestination: destination,
      agreedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (input.request.couponId)
      await useWithdrawalCoupon(tx, {
        customerId,
        couponId: input.request.couponId,
        orderId,
        grossServiceFee,
        deducted: quote.coupon,
        now,
      });
    // SH-01: the borrower signed the documents in this language; their reminders speak it too
    await tx.update(customers).set({ locale }).where(eq(customers.id, customerId));
    await tx.insert(orderDocuments).values(
      Object.entries(documents).map(([kind, html]) => ({
        id: randomUUID(),
        orderId,
        kind,
        html,
        sha256: sha256Hex(html),
        createdAt: now,
      })),
    );
    await tx.insert(payouts).values({
      id: randomUUID(),
      orderId,
      attempt: 1,
      provider: ctx.payouts.name,
      state: 'pending',
      amount: quote.netProceeds,
      destination,
      createdAt: now,
      updatedAt: now,
    });
    // The first payout attempt's job is written by this same transaction: an order never exists
    // without its disbursement, and a rolled-back order leaves no job behind.
    await ctx.jobs.sendInTx(tx, JOBS.disburseOrder, { orderId }, { singletonKey: orderId });
  });
  return orderId;
}
