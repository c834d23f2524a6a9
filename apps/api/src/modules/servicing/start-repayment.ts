import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  REPAYMENT_PARTNERS,
  amountDueOn,
  extensionStatement,
  formatPeso,
  manilaDate,
  nextManilaDayStart,
  type Locale,
  type RepaymentViewResponse,
  type StartRepaymentRequest,
} from '@pisonow/domain';
import { applicationSteps, orders, repayments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MS } from '../../lib/clock.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { CollectionSendError } from '../../providers/collection/collection-provider.ts';
import type { ServicingContext } from './servicing-context.ts';
import { loadLoan } from './loan-record.ts';
import { reserveRepaymentCoupon } from '../coupons/use-coupon.ts';
import { repaymentView, type RepaymentRow } from './repayment-view.ts';
import { keepExtensionDisclosure, shownExtensionDisclosure } from './extension-disclosure.ts';

/**
 * How long an e-wallet checkout stays payable once opened, whatever expiry we ask for: the wallet
 * sets it (GCash: 15 minutes; Xendit takes no expiry for e-wallets). Payment codes and bank
 * transfers take ours and end at midnight.
 */
const EWALLET_CHECKOUT_LIFE_MS = 15 * MS.minute;

/**
 * Repay or extend (ST-02, VAL-15, CO-02): opens a collection at the provider for EXACTLY what is
 * due now (the whole balance, or the extension's fee plus the overdue charges so far). The amount
 * the borrower was shown must still be the amount due, else 409 ORDER_STATE_CONFLICT and the page
 * re-reads the bill. A collection lives until the end of the Manila day, when the amount due can
 * change; so an e-wallet checkout that could outlive the day is not opened
 * (EWALLET_PAUSED_BEFORE_MIDNIGHT: another way to pay, or after midnight). Double taps and retries
 * reuse the open attempt (the order row is locked while deciding), so the provider is asked once
 * per attempt, with our attempt id as its idempotency key.
 * An extension attempt keeps the disclosure statement the borrower read (RA 3765: "By paying, I
 * acknowledge…"), in the same transaction as the attempt.
 */
export async function startRepayment(
  ctx: ServicingContext,
  input: { customerId: string; orderId: string; request: StartRepaymentRequest; locale: Locale },
): Promise<RepaymentViewResponse> {
  const { customerId, orderId, request } = input;
  const partner = REPAYMENT_PARTNERS.find(
    (p) => p.channel === request.channel && p.providerCode === request.providerCode,
  );
  if (!partner || !ctx.collections.supports(request.channel, request.providerCode))
    throw new AppError('REPAYMENT_CHANNEL_UNAVAILABLE');
  const now = ctx.clock.now();
  const today = manilaDate(now);

  const attempt: RepaymentRow = await ctx.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(ownedBy(orders, customerId, eq(orders.id, orderId)))
      .for('update');
    if (!owned) throw new AppError('NOT_FOUND');
    const { loan } = (await loadLoan(tx, orderId))!;
    let amount: bigint;
    const extendsDueDate = request.purpose === 'extension' ? loan.dueDate : null;
    let disclosure: ReturnType<typeof shownExtensionDisclosure> = null;
    if (request.purpose === 'full') {
      amount = amountDueOn(loan, today);
      if (amount <= 0n) throw new AppError('NOTHING_TO_REPAY');
    } else {
      const { quote, extended } = extensionStatement(loan, now);
      if (!quote.available || !extended) throw new AppError('EXTENSION_NOT_ALLOWED');
      amount = quote.amount;
      disclosure = shownExtensionDisclosure(
        loan,
        { quote, extended },
        { locale: input.locale, sha256: request.disclosureSha256 },
      );
      // the statement read is no longer the one in force (the loan moved since): read it again
      if (!disclosure) throw new AppError('ORDER_STATE_CONFLICT');
    }
    const sameAttempt = (expected: bigint) =>
      and(
        eq(repayments.orderId, orderId),
        eq(repayments.state, 'pending'),
        eq(repayments.purpose, request.purpose),
        eq(repayments.channel, request.channel),
        eq(repayments.providerCode, request.providerCode),
        eq(repayments.amount, expected),
        gt(repayments.expiresAt, now),
        request.couponId ? eq(repayments.couponId, request.couponId) : isNull(repayments.couponId),
        // an extension quoted before another extension moved the due date is not this one
        extendsDueDate ? eq(repayments.extendsDueDate, extendsDueDate) : isNull(repayments.extendsDueDate),
      );
    const id = randomUUID();
    let couponAmount = 0n;
    if (request.couponId) {
      // EN-07: a double tap finds the attempt that already holds this coupon
      const [held] = await tx
        .select()
        .from(repayments)
        .where(sameAttempt(BigInt(request.expectedAmount)))
        .limit(1);
      if (held && held.amount + held.couponAmount === amount) return held;
      couponAmount = (
        await reserveRepaymentCoupon(tx, {
          customerId,
          couponId: request.couponId,
          repaymentId: id,
          purpose: request.purpose,
          amountDue: amount,
          now,
        })
      ).deduction;
      amount -= couponAmount;
    }
    if (BigInt(request.expectedAmount) !== amount) throw new AppError('ORDER_STATE_CONFLICT');
    // the partner's own limits (7-Eleven through Xendit: ₱50 to ₱50,000): said here, in the
    // borrower's language, rather than as a failure from the provider
    const limits = ctx.collections.amountLimits(request.channel, request.providerCode);
    if (limits && (amount < limits.min || amount > limits.max))
      throw new AppError('REPAYMENT_CHANNEL_AMOUNT', {
        params: { partner: partner.name, min: formatPeso(limits.min), max: formatPeso(limits.max) },
      });
    const [open] = await tx.select().from(repayments).where(sameAttempt(amount)).limit(1);
    if (open && !request.couponId) return open;
    // BE-05: opened at 23:55 on the due date, a checkout paid at 00:03 counts on the overdue day
    // (BE-10) and its amount is no longer the amount due: held, not applied. One already open is
    // reused above: it was opened in time.
    if (
      request.channel === 'ewallet' &&
      now.getTime() + EWALLET_CHECKOUT_LIFE_MS > nextManilaDayStart(now).getTime()
    )
      throw new AppError('EWALLET_PAUSED_BEFORE_MIDNIGHT');
    const row: RepaymentRow = {
      id,
      orderId,
      customerId,
      purpose: request.purpose,
      channel: request.channel,
      provider: ctx.collections.name,
      providerCode: request.providerCode,
      amount,
      state: 'pending',
      heldReason: null,
      amountReceived: null,
      providerCollectionId: null,
      checkoutUrl: null,
      bankName: null,
      bankAccountNumber: null,
      paymentCode: null,
      expiresAt: nextManilaDayStart(now),
      paidAt: null,
      channelReference: null,
      couponId: request.couponId ?? null,
      couponAmount,
      extendsDueDate,
      createdAt: now,
      updatedAt: now,
    };
    await tx.insert(repayments).values(row);
    if (disclosure)
      await keepExtensionDisclosure(tx, {
        repaymentId: id,
        orderId,
        locale: disclosure.locale,
        html: disclosure.html,
        sha256: disclosure.sha256, // hashed with the statement (shownExtensionDisclosure)
        at: now,
      });
    return row;
  });
  if (attempt.providerCollectionId) return repaymentView(attempt);

  // The provider call happens outside any database transaction; our attempt id is its idempotency key.
  const [identity] = await ctx.db
    .select({ data: applicationSteps.data })
    .from(applicationSteps)
    .innerJoin(orders, eq(orders.applicationId, applicationSteps.applicationId))
    .where(and(eq(orders.id, orderId), eq(applicationSteps.step, 'identityInfo')));
  const who = (identity?.data ?? {}) as Record<string, string | undefined>;
  try {
    const instructions = await ctx.collections.create({
      idempotencyKey: attempt.id,
      referenceId: attempt.id,
      channel: request.channel,
      providerCode: request.providerCode,
      amount: attempt.amount,
      payerName: [who.firstName, who.middleName, who.lastName].filter(Boolean).join(' ') || 'Borrower',
      expiresAt: attempt.expiresAt,
      successReturnUrl: `${ctx.publicBaseUrl}/repaidDetail?repayment=${attempt.id}`,
      failureReturnUrl: `${ctx.publicBaseUrl}/repaidDetail?repayment=${attempt.id}`,
      description: `${ctx.companyName} loan ${request.purpose === 'extension' ? 'extension' : 'repayment'}`,
    });
    const [updated] = await ctx.db
      .update(repayments)
      .set({
        providerCollectionId: instructions.providerCollectionId,
        checkoutUrl: instructions.channel === 'ewallet' ? instructions.checkoutUrl : null,
        bankName:
          instructions.channel === 'bank_transfer'
            ? `${instructions.bankName} · ${instructions.bankAccountName}`
            : null,
        bankAccountNumber: instructions.channel === 'bank_transfer' ? instructions.bankAccountNumber : null,
        paymentCode: instructions.channel === 'otc' ? instructions.paymentCode : null,
        expiresAt: instructions.expiresAt < attempt.expiresAt ? instructions.expiresAt : attempt.expiresAt,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(repayments.id, attempt.id))
      .returning();
    return repaymentView(updated!);
  } catch (error) {
    if (error instanceof CollectionSendError) {
      ctx.log.warn({ repaymentId: attempt.id, err: error }, 'collection not opened');
      if (!error.retryable)
        await ctx.db
          .update(repayments)
          .set({ state: 'failed', updatedAt: ctx.clock.now() })
          .where(and(eq(repayments.id, attempt.id), eq(repayments.state, 'pending')));
      throw new AppError('COLLECTION_FAILED');
    }
    throw error;
  }
}
