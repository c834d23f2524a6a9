import { eq } from 'drizzle-orm';
import type { LoanEvent } from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { payouts } from '../../db/schema/index.ts';
import type { PayoutState } from '../../providers/payout/payout-provider.ts';
import { decide, loadLoan, persistLoanOutcome } from '../servicing/loan-record.ts';
import { recordAutomaticReloanPayout } from '../easy-reloan/easy-reloan-record.ts';
import type { OrdersContext } from './orders-context.ts';

export interface PayoutOutcome {
  state: PayoutState;
  providerPayoutId?: string | undefined;
  failureCode?: string | undefined;
  claimCode?: string | undefined;
  reference?: string | undefined;
}

const TERMINAL = new Set(['succeeded', 'failed', 'reversed']);

/**
 * Applies what the provider said about one payout attempt, from the send itself or from a webhook,
 * inside the caller's transaction: the attempt's state, and the loan event (applyOrderEvent) with
 * its status change and ledger posting. Idempotent: a state the attempt already has changes
 * nothing, and a stale answer about an old attempt is ignored.
 */
export async function applyPayoutResultInTx(
  tx: Tx,
  payoutId: string,
  outcome: PayoutOutcome,
  now: Date,
): Promise<'applied' | 'ignored'> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout) return 'ignored';
  const found = await loadLoan(tx, payout.orderId, { lock: true });
  if (!found) return 'ignored';
  if (payout.state === outcome.state) return 'ignored';
  // Only a success can later be reversed; other terminal states are final.
  if (TERMINAL.has(payout.state) && !(payout.state === 'succeeded' && outcome.state === 'reversed'))
    return 'ignored';

  await tx
    .update(payouts)
    .set({
      state: outcome.state,
      updatedAt: now,
      providerPayoutId: outcome.providerPayoutId ?? payout.providerPayoutId,
      failureCode: outcome.failureCode ?? payout.failureCode,
      claimCode: outcome.claimCode ?? payout.claimCode,
      reference: outcome.reference ?? payout.reference ?? outcome.providerPayoutId ?? payout.providerPayoutId,
    })
    .where(eq(payouts.id, payout.id));
  if (outcome.state === 'accepted') return 'applied';

  const status = found.loan.status;
  const event: LoanEvent | null =
    outcome.state === 'succeeded' && status === 'disbursing'
      ? { type: 'payout_succeeded', payoutId: payout.id, at: now }
      : outcome.state === 'failed' && status === 'disbursing'
        ? { type: 'payout_failed', payoutId: payout.id, at: now }
        : // the money came back: the loan is undone, or the money held in suspense (applyOrderEvent)
          outcome.state === 'reversed'
          ? { type: 'payout_reversed', payoutId: payout.id, at: now }
          : null;
  // An answer about an attempt the order has moved past (e.g. cancelled meanwhile) is recorded only.
  const decided = event ? decide(found.loan, event) : null;
  if (decided)
    await persistLoanOutcome(tx, found.order, decided, now, {
      payoutId: payout.id,
      providerState: outcome.state,
    });
  const order = { orderId: found.order.id, customerId: found.order.customerId, now };
  // ST-09: an Easy Re-loan paid out earns its reward in the same transaction; one whose payout
  // failed or came back (money held in suspense leaves the loan as it is: finance decides) breaks
  // the ladder in it
  if (event?.type === 'payout_succeeded') await recordAutomaticReloanPayout(tx, { ...order, paidOut: true });
  else if (decided?.transition && decided.status === 'payout_failed')
    await recordAutomaticReloanPayout(tx, { ...order, paidOut: false });
  return 'applied';
}

/** applyPayoutResultInTx in a transaction of its own (the disbursement job's answer from the provider). */
export async function applyPayoutResult(
  ctx: Pick<OrdersContext, 'db' | 'clock'>,
  input: { payoutId: string; outcome: PayoutOutcome },
): Promise<'applied' | 'ignored'> {
  const now = ctx.clock.now();
  return ctx.db.transaction((tx) => applyPayoutResultInTx(tx, input.payoutId, input.outcome, now));
}
