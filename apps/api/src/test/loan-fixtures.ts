import { randomUUID } from 'node:crypto';
import { DEFAULT_PRODUCT, priceLoan, type Centavos, type LoanTerms } from '@pisonow/domain';
import type { Db } from '../db/client.ts';
import { applications, customers, orders, payouts, photos } from '../db/schema/index.ts';
import { applyLoanEvent } from '../modules/servicing/loan-record.ts';

let phoneSeq = 0;

/**
 * A disbursed loan straight in the database (a customer, an approved application, an order priced
 * by the domain, disbursed through the domain's payout_succeeded event): for servicing tests that
 * do not need the whole application and withdrawal journey.
 */
export async function seedDisbursedLoan(
  db: Db,
  options: {
    principal?: Centavos;
    termDays?: number;
    terms?: LoanTerms;
    disbursedAt: Date;
    phone?: string;
    /** 'failed': the first payout attempt failed instead (issue 11: the console's payout queue) */
    payout?: 'succeeded' | 'failed';
    payoutDestination?: Record<string, unknown>;
  },
): Promise<{ orderId: string; customerId: string }> {
  const customerId = randomUUID();
  const applicationId = randomUUID();
  const orderId = randomUUID();
  const at = options.disbursedAt;
  const quote = priceLoan(DEFAULT_PRODUCT, {
    principal: options.principal ?? 200_000n,
    termDays: options.termDays ?? 14,
  });
  const terms = options.terms ?? {
    lateCharge: DEFAULT_PRODUCT.lateCharge,
    penaltyDailyPpm: DEFAULT_PRODUCT.penaltyDailyPpm,
    extensionFeeBp: DEFAULT_PRODUCT.extensionFeeBp,
    extensionDays: DEFAULT_PRODUCT.extensionDays,
  };
  phoneSeq++;
  await db.insert(customers).values({
    id: customerId,
    phone:
      options.phone ?? `98${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(5, '0')}`,
    registeredAt: at,
  });
  await db
    .insert(applications)
    .values({ id: applicationId, customerId, status: 'approved', createdAt: at, updatedAt: at });
  await db.insert(orders).values({
    id: orderId,
    customerId,
    applicationId,
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
    lateCharge: terms.lateCharge,
    penaltyDailyPpm: terms.penaltyDailyPpm,
    extensionFeeBp: terms.extensionFeeBp,
    extensionDays: terms.extensionDays,
    payoutDestination: options.payoutDestination ?? {
      channel: 'ewallet',
      providerCode: 'GCASH',
      account: '09171234567',
    },
    agreedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  if (options.payout === 'failed') {
    const payoutId = randomUUID();
    await db.insert(payouts).values({
      id: payoutId,
      orderId,
      attempt: 1,
      provider: 'sandbox',
      state: 'failed',
      amount: quote.netProceeds,
      destination: options.payoutDestination ?? {
        channel: 'ewallet',
        providerCode: 'GCASH',
        account: '09171234567',
      },
      failureCode: 'PROVIDER_TIMEOUT',
      createdAt: at,
      updatedAt: at,
    });
    await applyLoanEvent(db, orderId, { type: 'payout_failed', payoutId, at }, at);
    return { orderId, customerId };
  }
  await applyLoanEvent(db, orderId, { type: 'payout_succeeded', payoutId: `seed-${orderId}`, at }, at);
  return { orderId, customerId };
}

/**
 * A receipt photo accepted for a borrower (BE-10), as the upload path records one (the image
 * itself is not needed by the dispute rules; the upload is tested in photos.test.ts).
 */
export async function seedReceiptPhoto(db: Db, customerId: string, at: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(photos).values({
    id,
    customerId,
    kind: 'paymentReceipt',
    storageKey: `photos/${customerId}/${id}.jpg`,
    mime: 'image/jpeg',
    width: 600,
    height: 900,
    bytes: 1000,
    contentHash: id.replace(/-/g, ''),
    status: 'accepted',
    checks: { problems: [] },
    createdAt: at,
  });
  return id;
}
