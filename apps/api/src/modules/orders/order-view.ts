import { and, asc, desc, eq } from 'drizzle-orm';
import {
  DEFAULT_LOCALE,
  LOCALES,
  disclosedMonthlyRate,
  loanAsOf,
  manilaDate,
  orderLabel,
  outstandingOf,
  overdueDaysOn,
  chargesPausedOn,
  extensionsInForce,
  chargePauseOn,
  type ChargePause,
  totalOf,
  type Locale,
  type OrderStatus,
} from '@pisonow/domain';
import { cachedOrderLabelText } from './order-label-text.ts';
import { extensionDisclosures, orderDocuments, orders, payouts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { NAME_MISMATCH_CODES } from '../../providers/payout/payout-provider.ts';
import { loadLoan } from '../servicing/loan-record.ts';
import type { OrdersContext } from './orders-context.ts';

/** An order as its owner sees it; another borrower's order id is simply not found. */
export async function orderView(
  ctx: Pick<OrdersContext, 'db' | 'clock'>,
  input: { customerId: string; orderId: string; locale: Locale },
) {
  const { db } = ctx;
  const { customerId, orderId, locale } = input;
  const now = ctx.clock.now();
  const [order] = await db
    .select()
    .from(orders)
    .where(ownedBy(orders, customerId, eq(orders.id, orderId)));
  if (!order) throw new AppError('NOT_FOUND');
  // three independent reads of the order's own rows, sent together (one wait, not three)
  const [[payout], documents, extensionCopies] = await Promise.all([
    db.select().from(payouts).where(eq(payouts.orderId, order.id)).orderBy(desc(payouts.attempt)).limit(1),
    db
      .select({ kind: orderDocuments.kind, sha256: orderDocuments.sha256 })
      .from(orderDocuments)
      .where(and(eq(orderDocuments.orderId, order.id))),
    // CO-02, RA 3765: the extension statements kept when the borrower started paying, oldest first
    db
      .select({ repaymentId: extensionDisclosures.repaymentId, sha256: extensionDisclosures.sha256 })
      .from(extensionDisclosures)
      .where(eq(extensionDisclosures.orderId, order.id))
      .orderBy(asc(extensionDisclosures.createdAt), asc(extensionDisclosures.repaymentId)),
  ]);
  const today = manilaDate(now);
  const label = orderLabel(order.status as OrderStatus, order.dueDate ?? today, today);
  const c = (v: bigint) => v.toString();
  // the balance as of today: charges the day job has not posted yet are counted (one rule: the domain's)
  const loan = order.disbursedAt ? (await loadLoan(db, order.id))!.loan : null;
  const owed = loan ? outstandingOf(loanAsOf(loan, today).transactions) : null;
  return {
    id: order.id,
    status: order.status as OrderStatus,
    label: { ...label, text: cachedOrderLabelText(label, locale) },
    productVersion: order.productVersion,
    principal: c(order.principal),
    termDays: order.termDays,
    dailyInterestPpm: order.dailyInterestPpm,
    interest: c(order.interest),
    serviceFee: c(order.serviceFee),
    coupon: c(order.coupon),
    creditReportingFee: c(order.creditReportingFee),
    tax: c(order.tax),
    documentaryStampTax: c(order.documentaryStampTax),
    netProceeds: c(order.netProceeds),
    totalRepayment: c(order.totalRepayment),
    effectiveMonthlyRate: disclosedMonthlyRate(order.netProceeds, order.totalRepayment, order.termDays),
    dueDate: order.dueDate,
    createdAt: order.createdAt.toISOString(),
    disbursedAt: order.disbursedAt?.toISOString() ?? null,
    payout: payout
      ? {
          attempt: payout.attempt,
          state: payout.state,
          failureCode: payout.failureCode,
          /** the catalogue message for a failed payout (VAL-14 name mismatch vs an unusable account) */
          problem:
            payout.state === 'failed' || payout.state === 'reversed'
              ? NAME_MISMATCH_CODES.has(payout.failureCode ?? '')
                ? ('BANK_CARD_INCORRECT' as const)
                : ('WALLET_INVALID' as const)
              : null,
          reference: payout.reference,
          claimCode: payout.claimCode,
          channel: String(payout.destination.channel),
          providerCode: String(payout.destination.providerCode),
        }
      : null,
    documents: [
      ...documents.map((d) => ({
        kind: d.kind,
        sha256: d.sha256,
        url: `/api/orders/${order.id}/documents/${d.kind}`,
      })),
      ...extensionCopies.map((d) => ({
        kind: 'extension_disclosure',
        sha256: d.sha256,
        url: `/api/orders/${order.id}/extension-disclosures/${d.repaymentId}`,
      })),
    ],
    balance:
      loan && owed
        ? {
            principal: c(owed.principal),
            interest: c(owed.interest),
            fees: c(owed.fees),
            lateCharge: c(owed.lateCharge),
            penalty: c(owed.penalty),
            total: c(totalOf(owed)),
            overdueDays: overdueDaysOn(loan, today),
            extensions: extensionsInForce(loan.transactions).length,
            chargesPaused: chargesPausedOn(loan, today),
            chargesPause: pauseView(chargePauseOn(loan, today)),
          }
        : null,
  };
}
export type OrderView = Awaited<ReturnType<typeof orderView>>;

/** My orders, newest first, each as `orderView` shows it. */
export async function listOrders(
  ctx: Pick<OrdersContext, 'db' | 'clock'>,
  input: { customerId: string; locale: Locale },
): Promise<OrderView[]> {
  const mine = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(ownedBy(orders, input.customerId))
    .orderBy(orders.createdAt);
  return Promise.all(
    mine
      .reverse()
      .map((o) => orderView(ctx, { customerId: input.customerId, orderId: o.id, locale: input.locale })),
  );
}

/** One signed document of my order (HTML as it was signed, with its hash); another borrower's is not found. */
export async function orderDocument(
  ctx: Pick<OrdersContext, 'db'>,
  input: { customerId: string; orderId: string; kind: 'disclosure' | 'agreement' | 'sanction_letter' },
): Promise<{ html: string; sha256: string; locale: Locale }> {
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(ownedBy(orders, input.customerId, eq(orders.id, input.orderId)));
  if (!order) throw new AppError('NOT_FOUND');
  const [doc] = await ctx.db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.kind, input.kind)));
  if (!doc) throw new AppError('NOT_FOUND');
  // the language it was signed in is the one its <html lang> names
  const lang = /<html lang="([^"]+)"/.exec(doc.html)?.[1];
  const locale = LOCALES.find((l) => l === lang) ?? DEFAULT_LOCALE;
  return { html: doc.html, sha256: doc.sha256, locale };
}

function pauseView(p: ChargePause | null) {
  return p ? { reason: p.reason ?? 'dispute', until: p.until } : null;
}
