/**
 * Easy Re-loan (ST-08, ST-09, VAL-12): the borrower switches on automatic re-loans; when a loan is
 * settled the next one is booked at the default amount and paid out without asking again. One pure
 * state machine decides every switch and reward, so the API, the day job and the console cannot
 * disagree. It returns the new state and the effects (coupons to grant or forfeit); the caller
 * persists both in one transaction.
 *
 * Readings of the spec (docs/engagement.md):
 * - "Closing is blocked if a voucher from it was used" and "the reward stays once one further
 *   auto-disbursement succeeded" read together: the ₱200 activation voucher is earned by one
 *   automatic re-loan. Before that, closing forfeits an unused voucher, and a used one blocks
 *   closing (the borrower already took the reward). From the first automatic disbursement on, the
 *   reward is kept and the borrower may close at any time: an opt-out that can never be used would
 *   tie a borrower to borrowing forever, which no regulator would accept.
 * - A "break" in the successive automatic disbursements is the switch turned off or a settled loan
 *   whose automatic re-loan could not be made (decision not passed, payout failed). The ladder then
 *   starts again at ₱50.
 */

/** The Easy Re-loan agreement in force; switching on needs this version agreed (VAL-12). */
export const EASY_RELOAN_AGREEMENT_VERSION = '2026-11-23';
/** ₱200 repayment voucher for the first switch-on (ST-08). */
export const EASY_RELOAN_ACTIVATION_VOUCHER = 20_000n;
/** Rewards for the 1st, 2nd, 3rd successive automatic disbursement; every later one gets the last (ST-09). */
export const EASY_RELOAN_REWARD_LADDER: readonly bigint[] = [5_000n, 7_000n, 9_000n, 11_000n];
/** The ₱50 discount every automatic re-loan gets on its own fees (ST-09). */
export const EASY_RELOAN_DISCOUNT = 5_000n;

/**
 * Misses of an automatic re-loan the borrower is told the reason of, because they can put it right:
 * `agreement_outdated`, switched on under an agreement version no longer in force (VAL-12: nothing
 * is booked on it until they agree to the one in force).
 */
export const EASY_RELOAN_MISSES_TOLD = ['agreement_outdated'] as const;

/** Whether automatic re-loans wait for the borrower to agree to the agreement in force again. */
export function easyReloanNeedsAgreement(
  state: Pick<EasyReloanState, 'enabled' | 'agreementVersion'>,
): boolean {
  return state.enabled && state.agreementVersion !== EASY_RELOAN_AGREEMENT_VERSION;
}

export type ActivationVoucher = 'none' | 'usable' | 'used' | 'forfeited';

export interface EasyReloanState {
  enabled: boolean;
  /** the version of the Easy Re-loan agreement the borrower agreed to when last switching it on */
  agreementVersion: string | null;
  /** the ₱200 voucher of the first switch-on: granted once, ever */
  activationVoucher: ActivationVoucher;
  /** successful automatic disbursements since Easy Re-loan was first switched on */
  autoDisbursements: number;
  /** successive automatic disbursements without a break: the rung of the reward ladder */
  streak: number;
}

export const EASY_RELOAN_INITIAL: EasyReloanState = {
  enabled: false,
  agreementVersion: null,
  activationVoucher: 'none',
  autoDisbursements: 0,
  streak: 0,
};

export type EasyReloanEvent =
  /** the borrower switches it on, having agreed to `agreedVersion` of the agreement */
  | { type: 'switch_on'; agreedVersion: string | null; currentAgreementVersion: string }
  | { type: 'switch_off' }
  /** the activation voucher was used on a repayment */
  | { type: 'activation_voucher_used' }
  /**
   * the activation voucher came back: the extension it paid was reversed because a full payment
   * made before it had settled the loan (CO-02), so it paid nothing and the borrower has it again
   */
  | { type: 'activation_voucher_returned' }
  /** an automatic re-loan was paid out */
  | { type: 'auto_disbursed' }
  /** a settled loan's automatic re-loan could not be made: the streak breaks */
  | { type: 'auto_reloan_missed' };

export type EasyReloanEffect =
  | { type: 'grant_coupon'; rule: 'easy_reloan_activation'; amount: bigint }
  | { type: 'grant_coupon'; rule: 'easy_reloan_reward'; amount: bigint; rung: number }
  | { type: 'forfeit_activation_voucher' };

export type EasyReloanRefusal = 'EASY_RELOAN_AGREEMENT_REQUIRED' | 'EASY_RELOAN_CLOSE_BLOCKED';

export type EasyReloanOutcome =
  { ok: true; state: EasyReloanState; effects: EasyReloanEffect[] } | { ok: false; code: EasyReloanRefusal };

/** The reward for the `rung`-th successive automatic disbursement (1-based): 50, 70, 90, then 110. */
export function easyReloanReward(rung: number): bigint {
  if (!Number.isInteger(rung) || rung < 1) throw new RangeError(`rung must be a positive integer: ${rung}`);
  return EASY_RELOAN_REWARD_LADDER[Math.min(rung, EASY_RELOAN_REWARD_LADDER.length) - 1]!;
}

/** Whether switching off is allowed now (ST-08), for the page to show the switch as locked. */
export function canSwitchOff(state: EasyReloanState): boolean {
  return !(state.activationVoucher === 'used' && state.autoDisbursements === 0);
}

const same = (state: EasyReloanState): EasyReloanOutcome => ({ ok: true, state, effects: [] });

export function applyEasyReloanEvent(state: EasyReloanState, event: EasyReloanEvent): EasyReloanOutcome {
  switch (event.type) {
    case 'switch_on': {
      // VAL-12: the current agreement, agreed; an older version does not count
      if (event.agreedVersion !== event.currentAgreementVersion) {
        return { ok: false, code: 'EASY_RELOAN_AGREEMENT_REQUIRED' };
      }
      if (state.enabled) return same({ ...state, agreementVersion: event.agreedVersion });
      const first = state.activationVoucher === 'none';
      return {
        ok: true,
        state: {
          ...state,
          enabled: true,
          agreementVersion: event.agreedVersion,
          activationVoucher: first ? 'usable' : state.activationVoucher,
          streak: 0,
        },
        effects: first
          ? [{ type: 'grant_coupon', rule: 'easy_reloan_activation', amount: EASY_RELOAN_ACTIVATION_VOUCHER }]
          : [],
      };
    }
    case 'switch_off': {
      if (!state.enabled) return same(state);
      if (!canSwitchOff(state)) return { ok: false, code: 'EASY_RELOAN_CLOSE_BLOCKED' };
      const forfeit = state.activationVoucher === 'usable' && state.autoDisbursements === 0;
      return {
        ok: true,
        state: {
          ...state,
          enabled: false,
          streak: 0,
          activationVoucher: forfeit ? 'forfeited' : state.activationVoucher,
        },
        effects: forfeit ? [{ type: 'forfeit_activation_voucher' }] : [],
      };
    }
    case 'activation_voucher_used':
      return state.activationVoucher === 'usable'
        ? same({ ...state, activationVoucher: 'used' })
        : same(state);
    case 'activation_voucher_returned':
      // Unused again, as before it was spent: closing is no longer blocked by it (it forfeits it,
      // as closing does an unused voucher, until an automatic re-loan has earned it). Left 'used',
      // the borrower could not switch off over a reward they no longer had taken.
      return state.activationVoucher === 'used'
        ? same({ ...state, activationVoucher: 'usable' })
        : same(state);
    case 'auto_disbursed': {
      // an automatic re-loan only starts while the switch is on; a late report after switching off
      // still counts as disbursed (the money went out) but earns no rung
      if (!state.enabled) return same({ ...state, autoDisbursements: state.autoDisbursements + 1 });
      const rung = state.streak + 1;
      return {
        ok: true,
        state: { ...state, autoDisbursements: state.autoDisbursements + 1, streak: rung },
        effects: [{ type: 'grant_coupon', rule: 'easy_reloan_reward', amount: easyReloanReward(rung), rung }],
      };
    }
    case 'auto_reloan_missed':
      return same({ ...state, streak: 0 });
  }
}
