import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { balanced } from '@pisonow/domain';
import { providerWebhooks, repayments } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { isUuid } from '../../lib/uuid.ts';
import { storableJson } from '../../lib/storable-json.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import { decide, loadLoan, persistLoanOutcome } from './loan-record.ts';
import type { ServicingContext } from './servicing-context.ts';
import { consumeRepaymentCoupon, reservedCouponFor, takeCouponBack } from '../coupons/use-coupon.ts';
import { systemActor } from '../console/audit.ts';
import { extensionsPaidOn, recordReversedExtensions } from './reversed-extensions.ts';

export type WebhookResult =
  'forged' | 'replayed' | 'unknown' | 'applied' | 'held' | 'closed' | 'ignored' | 'unread';

/**
 * A collection provider's webhook (BE-05, BE-10). Verified (signature), de-duplicated (the
 * provider's event id), recorded and applied in ONE database transaction, or not at all: a crash
 * midway leaves nothing, and the provider's retry applies it then; a replay finds its record and
 * changes nothing. A payment counts as of the payer's paid-at time. Money that cannot be applied
 * (another amount, a second payment, a settled loan, another collection naming our attempt) is held
 * in suspense with the reason.
 *
 * An authentic delivery that the provider's adapter cannot read (a kind or status we do not act on,
 * a field in an unexpected shape) is recorded once per body as `unread` and answered 2xx: answered
 * 401 like a forgery, the provider would deliver it for a day and then drop it, leaving no trace.
 * The payload is stored with its NUL characters replaced (lib/storable-json.ts): PostgreSQL cannot
 * hold them, and a failed insert would refuse the payment on every delivery.
 */
export async function receiveCollectionWebhook(
  ctx: ServicingContext,
  input: { headers: Record<string, string | string[] | undefined>; rawBody: string },
): Promise<WebhookResult> {
  const now = ctx.clock.now();
  const read = ctx.collections.verifyWebhook(input.headers, input.rawBody, now);
  if (!read && !ctx.collections.isAuthentic(input.headers, input.rawBody, now)) return 'forged';
  let body: unknown = null;
  try {
    body = storableJson(JSON.parse(input.rawBody));
  } catch {
    body = { raw: storableJson(input.rawBody.slice(0, 2_000)) };
  }
  if (!read) {
    await ctx.db
      .insert(providerWebhooks)
      .values({
        id: randomUUID(),
        kind: 'collection',
        provider: ctx.collections.name,
        providerEventId: `unread:${sha256Hex(input.rawBody)}`,
        result: 'unread',
        body,
        receivedAt: now,
      })
      .onConflictDoNothing();
    return 'unread';
  }
  const event = storableJson(read);
  return ctx.db.transaction(async (tx): Promise<WebhookResult> => {
    const recordId = randomUUID();
    const recorded = await tx
      .insert(providerWebhooks)
      .values({
        id: recordId,
        kind: 'collection',
        provider: ctx.collections.name,
        providerEventId: event.providerEventId,
        result: 'received',
        body,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: providerWebhooks.id });
    if (recorded.length === 0) return 'replayed';
    const finish = async (result: WebhookResult) => {
      await tx.update(providerWebhooks).set({ result }).where(eq(providerWebhooks.id, recordId));
      return result;
    };

    // A reference that is not one of our ids (a payment link made in the provider's dashboard)
    // names no attempt: its money goes to suspense below, like any other stranger's.
    const [attempt] = isUuid(event.referenceId)
      ? await tx
          .select()
          .from(repayments)
          .where(and(eq(repayments.id, event.referenceId), eq(repayments.provider, ctx.collections.name)))
          .for('update')
      : [];
    if (!attempt) {
      if (event.state === 'paid' && event.amountPaid > 0n) {
        // Money for nothing we know: kept in suspense for operations, never lost.
        await postLedgerTransaction(tx, {
          kind: 'suspense',
          idempotencyKey: `suspense:webhook:${ctx.collections.name}:${event.providerEventId}`,
          reference: event.providerCollectionId,
          entries: balanced([
            { account: 'cash_at_provider', amount: event.amountPaid },
            { account: 'suspense', amount: -event.amountPaid },
          ]),
          at: now,
        });
      }
      return finish('unknown');
    }
    // Another collection carrying our attempt's reference (one re-sent from the provider's
    // dashboard): only a payment on it matters; its expiry or failure says nothing of our own.
    const otherCollection =
      !!attempt.providerCollectionId && attempt.providerCollectionId !== event.providerCollectionId;
    if (otherCollection && event.state !== 'paid') return finish('unknown');

    if (event.state !== 'paid') {
      if (attempt.state !== 'pending') return finish('ignored');
      await tx
        .update(repayments)
        .set({ state: event.state, updatedAt: now })
        .where(eq(repayments.id, attempt.id));
      return finish('closed');
    }

    const amount = event.amountPaid;
    if (amount <= 0n) return finish('ignored');
    // BE-10: the payer's paid-at time counts (never in the future of our own clock)
    const paidAt = event.paidAt <= now ? event.paidAt : now;
    const alreadyPaid = attempt.state === 'paid' || attempt.state === 'held' || attempt.state === 'refunded';
    if (alreadyPaid || otherCollection) {
      // The same collection paid twice: the second payment is real money, held, never applied twice.
      // An attempt already refunded (held money handed back, or a loan undone) is paid twice too:
      // its first payment's suspense key is taken, so only a record of its own books this money
      // (found in review: it was overwritten onto the refunded attempt and never booked).
      // Money on another collection naming the attempt is its borrower's too: held on its loan
      // rather than as a stranger's, so the suspense queue lists it and the borrower sees it (it
      // was booked with no borrower and no loan, and listed nowhere). Not applied by itself: the
      // collection is not the one we opened for this amount.
      await postLedgerTransaction(tx, {
        kind: 'suspense',
        idempotencyKey: `suspense:${attempt.id}:${event.providerEventId}`,
        customerId: attempt.customerId,
        orderId: attempt.orderId,
        reference: otherCollection ? event.providerCollectionId : attempt.id,
        entries: balanced([
          { account: 'cash_at_provider', amount },
          { account: 'suspense', amount: -amount },
        ]),
        at: now,
      });
      // The borrower sees this money too: a record of its own on the repayment list (ST-02),
      // held until operations refund or apply it; a duplicate when the attempt was paid already,
      // else "could not take a payment": telling them it was applied before would be untrue.
      await tx.insert(repayments).values({
        id: randomUUID(),
        orderId: attempt.orderId,
        customerId: attempt.customerId,
        purpose: attempt.purpose,
        channel: attempt.channel,
        provider: attempt.provider,
        providerCode: attempt.providerCode,
        amount,
        state: 'held',
        heldReason: alreadyPaid ? 'duplicate' : 'not_repayable',
        amountReceived: amount,
        expiresAt: attempt.expiresAt,
        paidAt,
        channelReference: event.channelReference ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return finish('held');
    }
    const found = (await loadLoan(tx, attempt.orderId, { lock: true }))!;
    // EN-07: the coupon this attempt reserved pays its part in this same transaction, or not at all
    const coupon = await reservedCouponFor(tx, attempt, paidAt, now);
    // CO-02, BE-10: the extensions paid on this loan, with their payers' paid-at: a full payment made
    // before some of them reverses them when it settled the loan as of its paid-at (the suspense
    // queue's Apply lists them the same way: extensionsPaidOn)
    const extensionsPaid = attempt.purpose === 'full' ? await extensionsPaidOn(tx, attempt.orderId) : [];
    const outcome = decide(found.loan, {
      type: 'payment_received',
      purpose: attempt.purpose as 'full' | 'extension',
      amount,
      paidAt,
      reference: attempt.id,
      // keyed by coupon and attempt: a coupon given back (CO-02) may pay another attempt later
      ...(coupon ? { coupon: { amount: coupon.amount, reference: `${coupon.couponId}:${attempt.id}` } } : {}),
      ...(attempt.extendsDueDate ? { extendsDueDate: attempt.extendsDueDate } : {}),
      ...(extensionsPaid.length > 0 ? { extensionsPaid } : {}),
    });
    await persistLoanOutcome(tx, found.order, outcome, now, {
      repaymentId: attempt.id,
      providerEventId: event.providerEventId,
      paidAt: paidAt.toISOString(),
    });
    await tx
      .update(repayments)
      .set({
        state: outcome.held ? 'held' : 'paid',
        heldReason: outcome.held?.reason ?? null,
        amountReceived: amount,
        paidAt,
        channelReference: event.channelReference ?? null,
        providerCollectionId: attempt.providerCollectionId ?? event.providerCollectionId,
        updatedAt: now,
      })
      .where(eq(repayments.id, attempt.id));
    // CO-02: what the extensions this payment reversed leave: their money held for a refund, their
    // coupons given back (one found missing is recorded for finance, never a failed delivery)
    await recordReversedExtensions(tx, {
      outcome,
      customerId: attempt.customerId,
      orderId: attempt.orderId,
      settledBy: attempt.id,
      now,
      log: ctx.log,
      actor: systemActor(`collections.webhook:${ctx.collections.name}`),
    });
    // EN-07: this attempt's coupon is spent after the reversals: one a reversed extension had spent
    // is given back by them and taken by this payment (reservedCouponFor's `fromExtension`). Its
    // own transaction, not a reversed extension's coupon taken back, says how much it paid.
    const couponTx = coupon
      ? outcome.transactions.find(
          (t) => t.type === 'coupon' && t.key === `coupon:${coupon.couponId}:${attempt.id}`,
        )
      : undefined;
    if (coupon && couponTx) {
      if (coupon.fromExtension)
        await takeCouponBack(tx, { couponId: coupon.couponId, repaymentId: attempt.id, now });
      await consumeRepaymentCoupon(tx, {
        couponId: coupon.couponId,
        repaymentId: attempt.id,
        orderId: attempt.orderId,
        customerId: attempt.customerId,
        deducted: -(
          couponTx.portions.principal +
          couponTx.portions.interest +
          couponTx.portions.fees +
          couponTx.portions.lateCharge +
          couponTx.portions.penalty
        ),
        now,
      });
    }
    // A settled loan takes no payment: an attempt still open on it (an extension opened after this
    // payment was made) is closed here, not offered as payable. The provider's collection cannot be
    // withdrawn from here; money paid on it anyway is held as already_settled.
    if (outcome.status === 'settled' && outcome.transition === 'repaid_in_full')
      await tx
        .update(repayments)
        .set({ state: 'expired', updatedAt: now })
        .where(and(eq(repayments.orderId, attempt.orderId), eq(repayments.state, 'pending')));
    return finish(outcome.held ? 'held' : 'applied');
  });
}
