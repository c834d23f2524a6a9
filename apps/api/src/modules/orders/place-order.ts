import { randomUUID } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { manilaDate, offerable, priceLoan, type Locale, type PlaceOrderRequest } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { applicationDecisions, applicationSteps, applications, customers, orderDocuments, orders, payouts, signatures } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MS, addMs, type Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { Config } from '../../config.ts';
import { psgcDirectory } from '../addresses/psgc-directory.ts';
import { currentProduct } from '../lending/product-config.ts';
import { disclosureStatement, loanAgreement, sanctionLetter, type DocumentParties } from './loan-documents.ts';

export interface PlaceOrderDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'COMPANY_NAME' | 'COMPANY_SEC_REG_NO' | 'COMPANY_CA_NO'>;
  payoutProvider: string;
}

const OUTSTANDING = ['settled', 'cancelled'];

/**
 * Withdrawal (ST-06, ST-07, VAL-12): an approved borrower with no unpaid order picks an offered
 * amount within their limit and a term, agrees to the agreement and the sanction letter, and signs
 * (once: the signature is kept for later orders). The order is priced by the one pricing function
 * with the product in force, its documents are generated and kept with their hashes, and the first
 * payout attempt is queued. Serialised per borrower, with a partial unique index behind it, so
 * simultaneous submits book one order.
 */
/** Prices an offer for this borrower and writes its three documents (used for the preview and the order). */
async function draftOrder(deps: PlaceOrderDeps, customerId: string, input: { amount: string; termDays: number }, orderId: string, locale: Locale) {
  const now = deps.clock.now();
  const principal = BigInt(input.amount);
  const [application] = await deps.db.select().from(applications).where(eq(applications.customerId, customerId));
  if (!application || application.status !== 'approved') throw new AppError('APPLICATION_NOT_APPROVED');
  const [decision] = await deps.db
    .select()
    .from(applicationDecisions)
    .where(and(eq(applicationDecisions.applicationId, application.id), eq(applicationDecisions.outcome, 'approve')))
    .orderBy(desc(applicationDecisions.decidedAt))
    .limit(1);
  const product = await currentProduct(deps.db);
  if (!decision?.creditLimit || principal > decision.creditLimit || !offerable(product, principal, input.termDays)) throw new AppError('AMOUNT_NOT_OFFERED');
  const quote = priceLoan(product, { principal, termDays: input.termDays });

  const steps = await deps.db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, application.id));
  const step = (name: string) => (steps.find((s) => s.step === name)?.data ?? {}) as Record<string, string>;
  const identity = step('identityInfo');
  const address = step('addressInfo');
  const destination = step('bankInfo');
  const [customer] = await deps.db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  const today = manilaDate(now);
  const parties: DocumentParties = {
    company: { name: deps.config.COMPANY_NAME, secRegistrationNo: deps.config.COMPANY_SEC_REG_NO, certificateOfAuthorityNo: deps.config.COMPANY_CA_NO },
    borrower: {
      name: [identity.firstName, identity.middleName, identity.lastName].filter(Boolean).join(' '),
      phone: `+63${customer!.phone}`,
      address: `${address.detailedAddress ?? ''}, ${psgcDirectory().describe(address.provinceCode ?? '', address.cityCode ?? '', address.barangayCode ?? '') ?? ''}`,
    },
    orderId,
    date: today,
    dueDate: manilaDate(addMs(now, quote.termDays * MS.day)),
    lateCharge: product.lateCharge,
    penaltyDailyPpm: product.penaltyDailyPpm,
    extensionFeeBp: product.extensionFeeBp,
    extensionDays: product.extensionDays,
  };
  const documents = { disclosure: disclosureStatement(quote, parties, locale), agreement: loanAgreement(quote, parties, locale), sanction_letter: sanctionLetter(quote, parties, locale) };
  const terms = { lateCharge: product.lateCharge, penaltyDailyPpm: product.penaltyDailyPpm, extensionFeeBp: product.extensionFeeBp, extensionDays: product.extensionDays };
  return { application, quote, terms, destination, documents, now };
}

/**
 * What the borrower reads on `/loan` before agreeing and signing (VAL-12, RA 3765): the same three
 * documents the order will keep, priced the same way; nothing is stored.
 */
export async function previewOrderDocuments(deps: PlaceOrderDeps, customerId: string, input: { amount: string; termDays: number }, locale: Locale = 'en-US') {
  const { documents, quote } = await draftOrder(deps, customerId, input, 'preview', locale);
  return { ...documents, productVersion: quote.productVersion, documentsSha256: previewHash(documents) };
}

/** The identity of what the borrower read: the three previewed documents, hashed together. */
function previewHash(documents: Record<'disclosure' | 'agreement' | 'sanction_letter', string>): string {
  return sha256Hex(`${documents.disclosure}\n${documents.agreement}\n${documents.sanction_letter}`);
}

/**
 * `options.orderId` comes from the request's Idempotency-Key (the same key always names the same
 * order): when an earlier attempt with that key committed the order and then died before it could
 * answer, the retry finds the order and returns its id instead of booking or refusing a second one.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  customerId: string,
  input: Omit<PlaceOrderRequest, 'agreeLoanAgreement' | 'agreeSanctionLetter'>,
  options: { orderId?: string; locale?: Locale } = {},
) {
  const orderId = options.orderId ?? randomUUID();
  const committed = async (db: Pick<Db, 'select'>) =>
    options.orderId ? (await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.customerId, customerId))))[0] : undefined;
  if (await committed(deps.db)) return orderId;
  // What the borrower saw is what is booked: the same preview, drawn now, must be the one they read.
  const locale = options.locale ?? 'en-US';
  const seen = await draftOrder(deps, customerId, input, 'preview', locale);
  if (input.productVersion !== seen.quote.productVersion || input.documentsSha256 !== previewHash(seen.documents)) throw new AppError('PRICE_CHANGED');
  const { application, quote, terms, destination, documents, now } = await draftOrder(deps, customerId, input, orderId, locale);

  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${customerId}`}, 0))`);
    if (await committed(tx)) return;
    const [open] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.customerId, customerId), notInArray(orders.status, OUTSTANDING))).limit(1);
    if (open) throw new AppError('OUTSTANDING_REPAYMENT');
    const [signature] = await tx.select({ customerId: signatures.customerId }).from(signatures).where(eq(signatures.customerId, customerId));
    if (!signature) {
      if (!input.signature) throw new AppError('SIGNATURE_REQUIRED');
      await tx.insert(signatures).values({ customerId, image: input.signature, sha256: sha256Hex(input.signature), signedAt: now });
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
    await tx.insert(orderDocuments).values(Object.entries(documents).map(([kind, html]) => ({ id: randomUUID(), orderId, kind, html, sha256: sha256Hex(html), createdAt: now })));
    await tx.insert(payouts).values({ id: randomUUID(), orderId, attempt: 1, provider: deps.payoutProvider, state: 'pending', amount: quote.netProceeds, destination, createdAt: now, updatedAt: now });
  });
  return orderId;
}
