import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import {
  COUPON_DEFAULT_VALID_DAYS,
  DEFAULT_LOCALE,
  EASY_RELOAN_DISCOUNT,
  LOCALES,
  isServicing,
  type Locale,
} from '@pisonow/domain';
import { easyReloanBookings, easyReloanEvents, easyReloanSettings, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recheckBorrower } from '../lending/recheck-borrower.ts';
import { loanOffer } from '../orders/loan-offer.ts';
import { placeOrder, previewOrderDocuments } from '../orders/place-order.ts';
import { recordMessage } from '../messages/record-message.ts';
import { issueCoupon } from '../coupons/issue-coupon.ts';
import type { EasyReloanContext } from './easy-reloan-context.ts';
import { applyEasyReloan, recordAutomaticDisbursement } from './easy-reloan-record.ts';

export type BookingResult =
  | { outcome: 'booked'; orderId: string }
  | { outcome: 'missed'; reason: string }
  | { outcome: 'skipped'; reason: 'not_settled' | 'switched_off' | 'done_already' };

/** The automatic re-loan of a settled loan always has the same id: a retry finds it booked. */
export function automaticReloanOrderId(settledOrderId: string): string {
  const h = createHash('sha256').update(`easy-reloan:${settledOrderId}`).digest('hex');
  // an RFC 4122 version 8 (custom) UUID built from the hash
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * ST-08: a settled loan of a borrower with Easy Re-loan on is followed by the next loan, booked
 * without asking: the decision rules run again on today's facts; the amount is the largest the
 * borrower may borrow now (for the settled loan's term when it is still offered); the documents,
 * a fresh disclosure statement among them, are drawn today in the language the borrower agreed in;
 * the standing signature signs it; the order goes through the same `placeOrder` as a borrower's
 * own withdrawal (outstanding-loan guard, limits, caps, the disbursement queued in its transaction).
 * A rule that fails, or a booking the order path refuses, is a miss: recorded with the reason, and
 * the reward ladder breaks (ST-09). Safe to run twice and after a crash (see easyReloanBookings).
 */
export async function bookAutomaticReloan(
  ctx: EasyReloanContext,
  input: { settledOrderId: string },
): Promise<BookingResult> {
  const [settled] = await ctx.db.select().from(orders).where(eq(orders.id, input.settledOrderId));
  if (!settled || settled.status !== 'settled') return { outcome: 'skipped', reason: 'not_settled' };
  const customerId = settled.customerId;
  const [done] = await ctx.db
    .select()
    .from(easyReloanBookings)
    .where(eq(easyReloanBookings.settledOrderId, settled.id));
  if (done) return { outcome: 'skipped', reason: 'done_already' };
  // one read: the switch and the language the borrower agreed in
  const [settings] = await ctx.db
    .select({ enabled: easyReloanSettings.enabled, locale: easyReloanSettings.locale })
    .from(easyReloanSettings)
    .where(eq(easyReloanSettings.customerId, customerId));
  if (!settings?.enabled) return { outcome: 'skipped', reason: 'switched_off' };
  const locale: Locale = LOCALES.find((l) => l === settings?.locale) ?? DEFAULT_LOCALE;
  const orderId = automaticReloanOrderId(settled.id);

  let bookedPrincipal = '0';
  const miss = (reason: string) => record({ outcome: 'missed', reason });
  const record = async (
    result: { outcome: 'booked'; orderId: string } | { outcome: 'missed'; reason: string },
  ) => {
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx): Promise<BookingResult> => {
      const inserted = await tx
        .insert(easyReloanBookings)
        .values({
          settledOrderId: settled.id,
          customerId,
          outcome: result.outcome,
          orderId: result.outcome === 'booked' ? result.orderId : null,
          reason: result.outcome === 'missed' ? result.reason : null,
          at: now,
        })
        .onConflictDoNothing()
        .returning({ id: easyReloanBookings.settledOrderId });
      if (inserted.length === 0) return { outcome: 'skipped', reason: 'done_already' };
      await recordMessage(tx, {
        customerId,
        ...(result.outcome === 'booked'
          ? { event: 'easy_reloan_booked', params: { amount: bookedPrincipal }, orderId: result.orderId }
          : { event: 'easy_reloan_missed', params: {} }),
        dedupeKey: `easy-reloan:${settled.id}`,
        at: now,
      });
      if (result.outcome === 'missed')
        await applyEasyReloan(tx, { customerId, event: { type: 'auto_reloan_missed' }, now });
      else
        await tx.insert(easyReloanEvents).values({
          id: randomUUID(),
          customerId,
          event: 'auto_reloan_booked',
          orderId: result.orderId,
          detail: { settledOrderId: settled.id },
          at: now,
        });
      if (result.outcome === 'booked') {
        // The order committed (with its disbursement job) before this record: the job may have paid
        // it out already, when no booking said it was automatic, so its reward was not earned then.
        // Locked as the payout path locks it: whichever commits second sees the other's work.
        const [order] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, result.orderId))
          .for('update');
        if (order && (isServicing(order.status) || order.status === 'settled'))
          await recordAutomaticDisbursement(tx, { orderId: result.orderId, customerId, now });
      }
      return result;
    });
  };

  // A crash after the order committed and before its record: the order is there, record it.
  const [already] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (already) {
    const [o] = await ctx.db
      .select({ principal: orders.principal })
      .from(orders)
      .where(eq(orders.id, orderId));
    bookedPrincipal = o!.principal.toString();
    return record({ outcome: 'booked', orderId });
  }

  const decision = await recheckBorrower(ctx, { customerId });
  if (!decision) return miss('not_approved');
  if (decision.outcome !== 'approve') {
    const failed = decision.rules.find((r) => !r.passed);
    return miss(`rule:${failed?.rule ?? decision.outcome}`);
  }
  const offer = await loanOffer(ctx, { customerId });
  if (!offer.canWithdraw) return miss(offer.blockedBy ?? 'not_offered');
  if (!offer.hasSignature) return miss('no_signature');
  const largest = (termDays?: number) =>
    offer.quotes
      .filter((q) => termDays === undefined || q.termDays === termDays)
      .reduce<(typeof offer.quotes)[number] | null>(
        (best, q) => (!best || BigInt(q.principal) > BigInt(best.principal) ? q : best),
        null,
      );
  const quote = largest(settled.termDays) ?? largest();
  if (!quote) return miss('not_offered');
  try {
    // ST-09: every automatic re-loan gets the ₱50 discount, a withdrawal coupon used on this order
    // (granted once per order id; a product without a service fee has nothing to discount)
    const { coupon } = await ctx.db.transaction((tx) =>
      issueCoupon(tx, {
        customerId,
        rule: 'easy_reloan_discount',
        type: 'withdrawal',
        amount: EASY_RELOAN_DISCOUNT,
        validDays: COUPON_DEFAULT_VALID_DAYS,
        sourceKey: orderId,
        now: ctx.clock.now(),
      }),
    );
    const previewWith = (couponId?: string) =>
      previewOrderDocuments(ctx, {
        customerId,
        amount: quote.principal,
        termDays: quote.termDays,
        locale,
        ...(couponId ? { couponId } : {}),
      });
    const discounted = coupon.state === 'usable';
    const preview = await previewWith(discounted ? coupon.id : undefined).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'COUPON_UNAVAILABLE') return null;
      throw error;
    });
    const seen = preview ?? (await previewWith());
    await placeOrder(ctx, {
      customerId,
      orderId,
      locale,
      request: {
        amount: quote.principal,
        termDays: quote.termDays,
        productVersion: seen.productVersion,
        documentsSha256: seen.documentsSha256,
        ...(preview && discounted ? { couponId: coupon.id } : {}),
      },
    });
  } catch (error) {
    if (error instanceof AppError) return miss(`order:${error.code}`);
    throw error; // the database or the queue: the sweep tries again
  }
  bookedPrincipal = quote.principal;
  return record({ outcome: 'booked', orderId });
}

/**
 * The sweep (every minute, and after the test clock moves): every settled loan of a borrower with
 * Easy Re-loan on that has no booking record yet, oldest first.
 */
export async function bookDueAutomaticReloans(ctx: EasyReloanContext): Promise<BookingResult[]> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(easyReloanSettings, eq(easyReloanSettings.customerId, orders.customerId))
    .leftJoin(easyReloanBookings, eq(easyReloanBookings.settledOrderId, orders.id))
    .where(
      and(
        eq(orders.status, 'settled'),
        eq(easyReloanSettings.enabled, true),
        // settled while Easy Re-loan was on: switching it on does not re-loan an old settled loan
        gte(orders.updatedAt, easyReloanSettings.agreedAt),
        isNull(easyReloanBookings.settledOrderId),
      ),
    )
    .orderBy(desc(orders.updatedAt))
    .limit(500);
  const results: BookingResult[] = [];
  for (const { id } of due) {
    results.push(await bookAutomaticReloan(ctx, { settledOrderId: id }));
  }
  return results;
}
