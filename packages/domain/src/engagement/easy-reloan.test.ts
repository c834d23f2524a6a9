import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages.ts';
import {
  EASY_RELOAN_ACTIVATION_VOUCHER,
  EASY_RELOAN_AGREEMENT_VERSION,
  EASY_RELOAN_INITIAL,
  applyEasyReloanEvent,
  canSwitchOff,
  easyReloanNeedsAgreement,
  easyReloanReward,
  type EasyReloanEvent,
  type EasyReloanOutcome,
  type EasyReloanState,
} from './easy-reloan.ts';

const AGREEMENT = '2026-11-01';
const on: EasyReloanEvent = {
  type: 'switch_on',
  agreedVersion: AGREEMENT,
  currentAgreementVersion: AGREEMENT,
};
const off: EasyReloanEvent = { type: 'switch_off' };

function run(events: EasyReloanEvent[], from: EasyReloanState = EASY_RELOAN_INITIAL) {
  let state = from;
  const outcomes: EasyReloanOutcome[] = [];
  for (const e of events) {
    const outcome = applyEasyReloanEvent(state, e);
    outcomes.push(outcome);
    if (outcome.ok) state = outcome.state;
  }
  return { state, outcomes, last: outcomes.at(-1)! };
}

describe('Easy Re-loan rules (ST-08, ST-09, VAL-12)', () => {
  it('VAL-12 switching on needs the current agreement agreed', () => {
    expect(
      applyEasyReloanEvent(EASY_RELOAN_INITIAL, {
        type: 'switch_on',
        agreedVersion: null,
        currentAgreementVersion: AGREEMENT,
      }),
    ).toEqual({ ok: false, code: 'EASY_RELOAN_AGREEMENT_REQUIRED' });
    expect(
      applyEasyReloanEvent(EASY_RELOAN_INITIAL, {
        type: 'switch_on',
        agreedVersion: '2025-01-01',
        currentAgreementVersion: AGREEMENT,
      }),
    ).toEqual({ ok: false, code: 'EASY_RELOAN_AGREEMENT_REQUIRED' });
  });

  it('VAL-12 switched on under an older agreement, the borrower must agree again; told why the re-loan was missed', () => {
    const state = (enabled: boolean, agreementVersion: string | null) => ({ enabled, agreementVersion });
    expect(easyReloanNeedsAgreement(state(true, EASY_RELOAN_AGREEMENT_VERSION))).toBe(false);
    expect(easyReloanNeedsAgreement(state(true, '2020-01-01'))).toBe(true);
    expect(easyReloanNeedsAgreement(state(true, null))).toBe(true);
    // switched off, there is nothing to agree to until they switch on (which needs the agreement)
    expect(easyReloanNeedsAgreement(state(false, '2020-01-01'))).toBe(false);
    for (const locale of ['en-US', 'fil', 'zh-CN'] as const) {
      const told = renderMessage('easy_reloan_missed', { missReason: 'agreement_outdated' }, locale);
      const plain = renderMessage('easy_reloan_missed', {}, locale);
      expect(told.title).toBe(plain.title);
      expect(told.body, locale).not.toBe(plain.body);
    }
    expect(renderMessage('easy_reloan_missed', { missReason: 'agreement_outdated' }, 'en-US').body).toContain(
      'agree to the new version',
    );
  });

  it('ST-08 the first switch-on grants the ₱200 repayment voucher, and only the first', () => {
    const first = run([on]);
    expect(first.last).toEqual({
      ok: true,
      state: expect.objectContaining({ enabled: true, activationVoucher: 'usable' }),
      effects: [
        { type: 'grant_coupon', rule: 'easy_reloan_activation', amount: EASY_RELOAN_ACTIVATION_VOUCHER },
      ],
    });
    expect(EASY_RELOAN_ACTIVATION_VOUCHER).toBe(20_000n);
    // on again (a double tap), off after an auto re-loan and on again: never a second voucher
    const again = run([on, on, { type: 'auto_disbursed' }, off, on]);
    const grants = again.outcomes.flatMap((o) => (o.ok ? o.effects : []));
    expect(
      grants.filter((e) => e.type === 'grant_coupon' && e.rule === 'easy_reloan_activation'),
    ).toHaveLength(1);
  });

  it('ST-08 closing is blocked while a used voucher has not been earned by an automatic re-loan', () => {
    const used = run([on, { type: 'activation_voucher_used' }]);
    expect(canSwitchOff(used.state)).toBe(false);
    expect(applyEasyReloanEvent(used.state, off)).toEqual({ ok: false, code: 'EASY_RELOAN_CLOSE_BLOCKED' });
  });

  it('ST-08 CO-02 a voucher given back (its extension reversed) no longer blocks closing; closing then forfeits it', () => {
    const returned = run([on, { type: 'activation_voucher_used' }, { type: 'activation_voucher_returned' }]);
    expect(returned.state).toMatchObject({ enabled: true, activationVoucher: 'usable' });
    expect(canSwitchOff(returned.state)).toBe(true);
    expect(applyEasyReloanEvent(returned.state, off)).toEqual({
      ok: true,
      state: expect.objectContaining({ enabled: false, activationVoucher: 'forfeited' }),
      effects: [{ type: 'forfeit_activation_voucher' }],
    });
    // earned by an automatic re-loan before it came back: kept on closing, as an unused one is
    const earned = run([
      on,
      { type: 'activation_voucher_used' },
      { type: 'auto_disbursed' },
      { type: 'activation_voucher_returned' },
      off,
    ]);
    expect(earned.last).toMatchObject({ ok: true, state: { activationVoucher: 'usable' }, effects: [] });
    // a voucher never used, forfeited or never granted does not change by a return
    for (const events of [[on], [on, off], []] as EasyReloanEvent[][]) {
      const before = run(events).state;
      expect(applyEasyReloanEvent(before, { type: 'activation_voucher_returned' })).toEqual({
        ok: true,
        state: before,
        effects: [],
      });
    }
  });

  it('ST-08 switching off before the first automatic disbursement forfeits the unused voucher', () => {
    const { last, state } = run([on, off]);
    expect(last).toEqual({
      ok: true,
      state: expect.objectContaining({ enabled: false, activationVoucher: 'forfeited' }),
      effects: [{ type: 'forfeit_activation_voucher' }],
    });
    // switching on again does not bring it back
    expect(applyEasyReloanEvent(state, on)).toMatchObject({ ok: true, effects: [] });
  });

  it('ST-08 the reward stays once one further automatic disbursement succeeded', () => {
    const unused = run([on, { type: 'auto_disbursed' }, off]);
    expect(unused.last).toMatchObject({ ok: true, state: { activationVoucher: 'usable' } });
    expect(unused.last.ok && unused.last.effects).toEqual([]);
    const used = run([on, { type: 'activation_voucher_used' }, { type: 'auto_disbursed' }, off]);
    expect(used.last).toMatchObject({ ok: true, state: { enabled: false, activationVoucher: 'used' } });
  });

  it('ST-09 successive automatic disbursements earn 50, 70, 90, then 110 each', () => {
    const { outcomes } = run([on, ...Array.from({ length: 6 }, () => ({ type: 'auto_disbursed' }) as const)]);
    const rewards = outcomes
      .flatMap((o) => (o.ok ? o.effects : []))
      .flatMap((e) => (e.type === 'grant_coupon' && e.rule === 'easy_reloan_reward' ? [e.amount] : []));
    expect(rewards).toEqual([5_000n, 7_000n, 9_000n, 11_000n, 11_000n, 11_000n]);
  });

  it('ST-09 a break resets the ladder to 50 (a missed re-loan, or the switch turned off)', () => {
    const auto = { type: 'auto_disbursed' } as const;
    const missed = run([on, auto, auto, { type: 'auto_reloan_missed' }, auto]);
    expect(missed.last).toMatchObject({
      ok: true,
      effects: [{ rule: 'easy_reloan_reward', amount: 5_000n, rung: 1 }],
    });
    const offOn = run([on, auto, auto, off, on, auto]);
    expect(offOn.last).toMatchObject({
      ok: true,
      effects: [{ rule: 'easy_reloan_reward', amount: 5_000n, rung: 1 }],
    });
  });

  it('ST-09 the reward ladder, property: each reward is the rung of an unbroken run, grants add up', () => {
    const event = fc.oneof(
      fc.constant<EasyReloanEvent>(on),
      fc.constant<EasyReloanEvent>(off),
      fc.constant<EasyReloanEvent>({ type: 'activation_voucher_used' }),
      fc.constant<EasyReloanEvent>({ type: 'activation_voucher_returned' }),
      fc.constant<EasyReloanEvent>({ type: 'auto_disbursed' }),
      fc.constant<EasyReloanEvent>({ type: 'auto_reloan_missed' }),
      fc.constant<EasyReloanEvent>({
        type: 'switch_on',
        agreedVersion: null,
        currentAgreementVersion: AGREEMENT,
      }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let state = EASY_RELOAN_INITIAL;
        // an independent model of the ladder: the run length of rewarded disbursements since a break
        let run = 0;
        let activationGrants = 0;
        let rewarded = 0n;
        let expected = 0n;
        for (const e of events) {
          const before = state;
          const outcome = applyEasyReloanEvent(state, e);
          if (!outcome.ok) {
            // refusals only where a rule says so, and they change nothing
            if (outcome.code === 'EASY_RELOAN_CLOSE_BLOCKED') {
              expect(before.activationVoucher).toBe('used');
              expect(before.autoDisbursements).toBe(0);
            } else expect(e).toMatchObject({ agreedVersion: null });
            continue;
          }
          state = outcome.state;
          if (e.type === 'switch_off' && before.enabled) run = 0;
          if (e.type === 'switch_on' && !before.enabled) run = 0;
          if (e.type === 'auto_reloan_missed') run = 0;
          if (e.type === 'auto_disbursed' && before.enabled) {
            run += 1;
            expected += [5_000n, 7_000n, 9_000n][run - 1] ?? 11_000n;
          }
          for (const effect of outcome.effects) {
            if (effect.type === 'grant_coupon' && effect.rule === 'easy_reloan_activation')
              activationGrants += 1;
            if (effect.type === 'grant_coupon' && effect.rule === 'easy_reloan_reward') {
              expect(effect.amount).toBe(easyReloanReward(effect.rung));
              rewarded += effect.amount;
            }
            if (effect.type === 'forfeit_activation_voucher') expect(before.autoDisbursements).toBe(0);
          }
          expect(state.streak).toBe(run);
          // once an automatic re-loan went out, the borrower can always switch off
          if (state.autoDisbursements > 0) expect(canSwitchOff(state)).toBe(true);
        }
        expect(activationGrants).toBeLessThanOrEqual(1);
        expect(rewarded).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('ST-09 the reward for a rung is 50 + 20 per rung up to 110, and refuses a rung below 1', () => {
    for (let rung = 1; rung <= 10; rung++) {
      expect(easyReloanReward(rung)).toBe(BigInt(Math.min(5_000 + 2_000 * (rung - 1), 11_000)));
    }
    expect(() => easyReloanReward(0)).toThrow(RangeError);
  });
});
