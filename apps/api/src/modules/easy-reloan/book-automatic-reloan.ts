import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  COUPON_DEFAULT_VALID_DAYS,
  DEFAULT_LOCALE,
  EASY_RELOAN_DISCOUNT,
  EASY_RELOAN_MISSES_TOLD,
  LOCALES,
  easyReloanNeedsAgreement,
  isServicing,
  type Locale,
} from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { easyReloanBookings, easyReloanEvents, easyReloanSettings, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recheckBorrower } from '../lending/recheck-borrower.ts';
import { loanOffer } from '../orders/loan-offer.ts';
import { placeOrder, previewOrderDocuments } from '../orders/place-order.ts';
import { recordMessage } from '../messages/record-message.ts';
import { issueCoupon } from '../coupons/issue-coupon.ts';
import type { EasyReloanContext } from './easy-reloan-context.ts';
import { applyEasyReloan, recordAutomaticReloanPayout } from './easy-reloan-record.ts';

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
 * A rule that fails, consent to an agreement no longer in force (VAL-12), or a booking the order
 * path refuses, is a miss: recorded with the reason, and the reward ladder breaks (ST-09). Safe to
 * run twice, at once, and after a crash (see `decideBooking`).
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
  // one read: the switch, the agreement version consented to, and the language it was agreed in
  const [settings] = await ctx.db
    .select({
      enabled: easyReloanSettings.enabled,
      agreedVersion: easyReloanSettings.agreedVersion,
      locale: easyReloanSettings.locale,
    })
    .from(easyReloanSettings)
    .where(eq(easyReloanSettings.customerId, customerId));
  if (!settings?.enabled) return { outcome: 'skipped', reason: 'switched_off' };
  const locale: Locale = LOCALES.find((l) => l === settings?.locale) ?? DEFAULT_LOCALE;
  const orderId = automaticReloanOrderId(settled.id);
  const booking = { settledOrderId: settled.id, customerId, orderId };
  const miss = (reason: string) => decideBooking(ctx, booking, { missed: reason });

  // VAL-12: the consent an automatic loan is booked on is to the agreement in force; the switch
  // stays on and the page asks the borrower to agree again
  if (easyReloanNeedsAgreement({ enabled: true, agreementVersion: settings.agreedVersion }))
    return miss('agreement_outdated');
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
  let request: Parameters<typeof placeOrder>[1]['request'];
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
    request = {
      amount: quote.principal,
      termDays: quote.termDays,
      productVersion: seen.productVersion,
      documentsSha256: seen.documentsSha256,
      ...(preview && discounted ? { couponId: coupon.id } : {}),
    };
  } catch (error) {
    if (error instanceof AppError) return miss(`order:${error.code}`);
    throw error; // the database: the sweep tries again
  }
  return decideBooking(ctx, booking, {
    place: (tx) => placeOrder({ ...ctx, db: tx }, { customerId, orderId, locale, request }),
  });
}

/**
 * Decides the booking of one settled loan, once: the record, the message, the ladder, and the
 * automatic order itself, in one transaction. Two sweeps may work on the same settled loan (the
 * every-minute job, a re-run, the test clock): each runs the rules on its own reads, then they
 * decide one at a time (an advisory lock on the settled loan) and the first decision is final.
 * The automatic order is placed inside it, so it never commits without its record, nor after a
 * miss was recorded. An automatic order already there (placed by a sweep that stopped before its
 * record) is booked, whatever this sweep concluded from reads that did not see it (the order
 * itself reads as an unpaid loan): the borrower got that loan, and a miss would tell them not.
 */
async function decideBooking(
  ctx: EasyReloanContext,
  booking: { settledOrderId: string; customerId: string; orderId: string },
  decided: { missed: string } | { place: (tx: Tx) => Promise<unknown> },
): Promise<BookingResult> {
  const { settledOrderId, customerId, orderId } = booking;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx): Promise<BookingResult> => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`easy-reloan:${settledOrderId}`}, 0))`,
    );
    const [recorded] = await tx
      .select({ id: easyReloanBookings.settledOrderId })
      .from(easyReloanBookings)
      .where(eq(easyReloanBookings.settledOrderId, settledOrderId));
    if (recorded) return { outcome: 'skipped', reason: 'done_already' };
    // Locked as the payout path locks it: whichever commits second sees the other's work.
    const automaticOrder = async () =>
      (
        await tx
          .select({ principal: orders.principal, status: orders.status })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update')
      )[0];
    let missed = 'missed' in decided ? decided.missed : null;
    if ('place' in decided && !(await automaticOrder())) {
      try {
        // a savepoint: a refused order leaves this transaction usable to record the miss
        await tx.transaction((placing) => decided.place(placing));
      } catch (error) {
        if (!(error instanceof AppError)) throw error; // the database or the queue: the sweep tries again
        missed = `order:${error.code}`;
      }
    }
    const order = await automaticOrder();
    // (`placeOrder` either commits the order or throws: `not_placed` is for the record's sake)
    const result: BookingResult = order
      ? { outcome: 'booked', orderId }
      : { outcome: 'missed', reason: missed ?? 'not_placed' };
    await tx.insert(easyReloanBookings).values({
      settledOrderId,
      customerId,
      outcome: result.outcome,
      orderId: result.outcome === 'booked' ? orderId : null,
      reason: result.outcome === 'missed' ? result.reason : null,
      at: now,
    });
    // a miss the borrower can put right is told with what to do
    const missTold =
      result.outcome === 'missed' ? EASY_RELOAN_MISSES_TOLD.find((r) => r === result.reason) : undefined;
    await recordMessage(tx, {
      customerId,
      ...(order
        ? { event: 'easy_reloan_booked', params: { amount: order.principal.toString() }, orderId }
        : { event: 'easy_reloan_missed', params: missTold ? { missReason: missTold } : {} }),
      dedupeKey: `easy-reloan:${settledOrderId}`,
      at: now,
    });
    if (!order) {
      await applyEasyReloan(tx, { customerId, event: { type: 'auto_reloan_missed' }, now });
      return result;
    }
    await tx.insert(easyReloanEvents).values({
      id: randomUUID(),
      customerId,
      event: 'auto_reloan_booked',
      orderId,
      detail: { settledOrderId },
      at: now,
    });
    // An order placed by a sweep that stopped before its record may have been paid out since, when
    // no booking said it was automatic, so its reward was not earned then.
    if (isServicing(order.status) || order.status === 'settled')
      await recordAutomaticReloanPayout(tx, { orderId, customerId, now, paidOut: true });
    return result;
  });
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
