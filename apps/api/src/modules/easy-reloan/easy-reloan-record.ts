import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  COUPON_DEFAULT_VALID_DAYS,
  EASY_RELOAN_INITIAL,
  applyEasyReloanEvent,
  type ActivationVoucher,
  type EasyReloanEvent,
  type EasyReloanOutcome,
  type EasyReloanState,
  type Locale,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { invalidateCoupon, issueCoupon } from '../coupons/issue-coupon.ts';
import {
  coupons,
  easyReloanBookings,
  easyReloanEvents,
  easyReloanRewards,
  easyReloanSettings,
} from '../../db/schema/index.ts';

type SettingsRow = typeof easyReloanSettings.$inferSelect;

const toState = (row: SettingsRow | undefined): EasyReloanState =>
  row
    ? {
        enabled: row.enabled,
        agreementVersion: row.agreedVersion,
        activationVoucher: row.activationVoucher as ActivationVoucher,
        autoDisbursements: row.autoDisbursements,
        streak: row.streak,
      }
    : EASY_RELOAN_INITIAL;

/** The state without locking or creating the row (reads). */
export async function loadEasyReloanReadOnly(db: Db | Tx, customerId: string): Promise<EasyReloanState> {
  const [row] = await db
    .select()
    .from(easyReloanSettings)
    .where(eq(easyReloanSettings.customerId, customerId));
  return toState(row);
}

/** The borrower's Easy Re-loan state, the row locked for the rest of the transaction. */
export async function loadEasyReloan(tx: Tx, customerId: string): Promise<EasyReloanState> {
  // the row exists before it is locked, so two first switch-ons serialise on it
  await tx
    .insert(easyReloanSettings)
    .values({
      customerId,
      enabled: false,
      activationVoucher: 'none',
      autoDisbursements: 0,
      streak: 0,
      updatedAt: new Date(0),
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(easyReloanSettings)
    .where(eq(easyReloanSettings.customerId, customerId))
    .for('update');
  return toState(row);
}

/**
 * Applies one event (the domain decides) and persists the new state, the history row and the
 * rewards it grants, in the caller's transaction. A refusal changes nothing and is returned.
 */
export async function applyEasyReloan(
  tx: Tx,
  input: {
    customerId: string;
    event: EasyReloanEvent;
    now: Date;
    orderId?: string;
    /** switch on: the language the borrower agreed in */
    locale?: Locale;
  },
): Promise<EasyReloanOutcome> {
  const before = await loadEasyReloan(tx, input.customerId);
  // An automatic re-loan counts once, however often its payout result is reported, and breaks the
  // ladder once, however often it fails, comes back or is cancelled (row locked above, so two
  // reports at once see each other's event).
  if ((input.event.type === 'auto_disbursed' || input.event.type === 'auto_reloan_missed') && input.orderId) {
    const [seen] = await tx
      .select({ id: easyReloanEvents.id })
      .from(easyReloanEvents)
      .where(and(eq(easyReloanEvents.orderId, input.orderId), eq(easyReloanEvents.event, input.event.type)));
    if (seen) return { ok: true, state: before, effects: [] };
  }
  const outcome = applyEasyReloanEvent(before, input.event);
  if (!outcome.ok) return outcome;
  const { state, effects } = outcome;
  await tx
    .update(easyReloanSettings)
    .set({
      enabled: state.enabled,
      agreedVersion: state.agreementVersion,
      ...(input.event.type === 'switch_on' ? { agreedAt: input.now, locale: input.locale ?? null } : {}),
      activationVoucher: state.activationVoucher,
      autoDisbursements: state.autoDisbursements,
      streak: state.streak,
      updatedAt: input.now,
    })
    .where(eq(easyReloanSettings.customerId, input.customerId));
  await tx.insert(easyReloanEvents).values({
    id: randomUUID(),
    customerId: input.customerId,
    event: input.event.type,
    orderId: input.orderId ?? null,
    detail: { before: { ...before }, after: { ...state }, effects: effects.map((e) => e.type) },
    at: input.now,
  });
  for (const effect of effects) {
    if (effect.type === 'grant_coupon') {
      // ST-08, ST-09: the voucher and every reward are repayment coupons, granted once per source
      const orderId = effect.rule === 'easy_reloan_reward' ? (input.orderId ?? null) : null;
      const { coupon } = await issueCoupon(tx, {
        customerId: input.customerId,
        rule: effect.rule,
        type: 'repayment',
        amount: effect.amount,
        validDays: COUPON_DEFAULT_VALID_DAYS,
        sourceKey:
          effect.rule === 'easy_reloan_activation' ? 'activation' : (orderId ?? `rung:${effect.rung}`),
        now: input.now,
      });
      await tx.insert(easyReloanRewards).values({
        id: randomUUID(),
        customerId: input.customerId,
        kind: effect.rule === 'easy_reloan_activation' ? 'activation' : 'reward',
        rung: effect.rule === 'easy_reloan_reward' ? effect.rung : 0,
        amount: effect.amount,
        orderId,
        couponId: coupon.id,
        grantedAt: input.now,
      });
    } else if (effect.type === 'forfeit_activation_voucher') {
      const [voucher] = await tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(
          and(
            eq(coupons.customerId, input.customerId),
            eq(coupons.rule, 'easy_reloan_activation'),
            eq(coupons.sourceKey, 'activation'),
          ),
        );
      if (voucher)
        await invalidateCoupon(tx, { couponId: voucher.id, reason: 'easy_reloan_forfeited', now: input.now });
    }
  }
  return outcome;
}

/**
 * ST-09: what became of an automatic re-loan's payout, for the reward ladder. Paid out: the borrower
 * earns the next rung. Not reaching the borrower after all (its payout failed, the network sent the
 * money back, an operator cancelled it): a break, as one that could not be booked is, and the ladder
 * starts again at ₱50. Once per order, however often a result is reported. Called in the
 * transaction that changes the order's status; any other order is not an automatic re-loan and is
 * left alone.
 */
export async function recordAutomaticReloanPayout(
  tx: Tx,
  input: { orderId: string; customerId: string; now: Date; paidOut: boolean },
): Promise<void> {
  if (!(await isAutomaticReloan(tx, input.orderId))) return;
  await applyEasyReloan(tx, {
    customerId: input.customerId,
    event: { type: input.paidOut ? 'auto_disbursed' : 'auto_reloan_missed' },
    now: input.now,
    orderId: input.orderId,
  });
}

/** An order is an automatic re-loan when a booking record names it. */
async function isAutomaticReloan(tx: Tx, orderId: string): Promise<boolean> {
  const [booking] = await tx
    .select({ orderId: easyReloanBookings.orderId })
    .from(easyReloanBookings)
    .where(eq(easyReloanBookings.orderId, orderId));
  return booking !== undefined;
}
