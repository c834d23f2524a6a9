import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../time.ts';
import { outstandingOf, totalOf, type LoanTransaction } from '../lending/loan-account.ts';
import { amountDueOn, applyOrderEvent, extensionQuote, type Loan } from '../lending/loan-lifecycle.ts';
import { DEFAULT_PRODUCT } from '../lending/product.ts';
import { priceLoan } from '../lending/pricing.ts';
import {
  COUPON_TYPES,
  couponDeduction,
  couponRefusal,
  couponStateAt,
  couponValidUntil,
  type Coupon,
  type CouponUse,
} from './coupons.ts';

const NOW = new Date('2026-12-10T02:00:00Z');
const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  type: 'repayment',
  state: 'usable',
  amount: 20_000n,
  minimumAmount: 0n,
  validFrom: new Date('2026-12-01T00:00:00Z'),
  validUntil: couponValidUntil(new Date('2026-12-01T00:00:00Z'), 30),
  fullRepaymentOnly: false,
  usedAt: null,
  ...over,
});
const full = (appliesTo: bigint): CouponUse => ({ kind: 'repayment', purpose: 'full', appliesTo });

describe('coupon rules (EN-07, SH-15)', () => {
  it('EN-07: type rules: a withdrawal coupon never pays a repayment, a repayment coupon never a withdrawal, platform both', () => {
    expect(couponRefusal(coupon({ type: 'withdrawal' }), full(100_000n), NOW)).toBe('wrong_type');
    expect(couponRefusal(coupon({ type: 'repayment' }), { kind: 'withdrawal', appliesTo: 5_000n }, NOW)).toBe(
      'wrong_type',
    );
    expect(
      couponRefusal(coupon({ type: 'platform' }), { kind: 'withdrawal', appliesTo: 5_000n }, NOW),
    ).toBeNull();
    expect(couponRefusal(coupon({ type: 'platform' }), full(100_000n), NOW)).toBeNull();
  });

  it('EN-07: the validity window, the minimum and the state decide', () => {
    expect(couponRefusal(coupon({ validFrom: addMinutes(NOW, 1) }), full(1n), NOW)).toBe('not_yet_valid');
    expect(couponRefusal(coupon({ validUntil: NOW }), full(1n), NOW)).toBe('expired');
    expect(couponRefusal(coupon({ minimumAmount: 100_000n }), full(99_999n), NOW)).toBe('below_minimum');
    expect(couponRefusal(coupon({ minimumAmount: 100_000n }), full(100_000n), NOW)).toBeNull();
    for (const state of ['used', 'expired', 'invalid'] as const)
      expect(couponRefusal(coupon({ state }), full(100_000n), NOW)).toBe('not_usable');
    expect(couponStateAt(coupon({ validUntil: NOW }), NOW)).toBe('expired');
    expect(couponStateAt(coupon({ state: 'used', validUntil: NOW }), NOW)).toBe('used');
  });

  it('SH-15: the installation coupon pays only a FULL repayment', () => {
    const c = coupon({ fullRepaymentOnly: true });
    expect(couponRefusal(c, full(100_000n), NOW)).toBeNull();
    expect(couponRefusal(c, { kind: 'repayment', purpose: 'extension', appliesTo: 100_000n }, NOW)).toBe(
      'full_only',
    );
    expect(
      couponRefusal(
        coupon({ fullRepaymentOnly: true, type: 'platform' }),
        { kind: 'withdrawal', appliesTo: 1n },
        NOW,
      ),
    ).toBe('full_only');
  });

  it('EN-07 (property): a deduction is never negative and never more than the coupon or what it applies to', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -10n, max: 10_000_000n }),
        fc.bigInt({ min: -10n, max: 10_000_000n }),
        (amount, appliesTo) => {
          const d = couponDeduction({ amount }, appliesTo);
          expect(d >= 0n).toBe(true);
          expect(d <= (amount > 0n ? amount : 0n)).toBe(true);
          expect(d <= (appliesTo > 0n ? appliesTo : 0n)).toBe(true);
          if (amount > 0n && appliesTo > 0n) expect(d).toBe(amount < appliesTo ? amount : appliesTo);
        },
      ),
    );
  });

  it('EN-07 (property): a refusal-free coupon is usable, the right type and inside its window', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUPON_TYPES),
        fc.constantFrom('withdrawal', 'full', 'extension'),
        fc.integer({ min: -40, max: 40 }),
        fc.boolean(),
        (type, useKind, shiftDays, fullOnly) => {
          const c = coupon({ type, fullRepaymentOnly: fullOnly });
          const use: CouponUse =
            useKind === 'withdrawal'
              ? { kind: 'withdrawal', appliesTo: 5_000n }
              : { kind: 'repayment', purpose: useKind, appliesTo: 100_000n };
          const now = new Date(NOW.getTime() + shiftDays * 86_400_000);
          if (couponRefusal(c, use, now) === null) {
            expect(type === 'platform' || type === use.kind).toBe(true);
            expect(now >= c.validFrom && now < c.validUntil).toBe(true);
            if (fullOnly) expect(useKind).toBe('full');
          }
        },
      ),
    );
  });
});

function addMinutes(d: Date, m: number) {
  return new Date(d.getTime() + m * 60_000);
}

describe('a repayment coupon in the loan history (EN-07)', () => {
  const DAY0 = '2026-12-01';
  const at = (day: string) => new Date(`${day}T02:00:00Z`);
  const strip = (t: LoanTransaction): LoanTransaction => ({
    type: t.type,
    portions: t.portions,
    cash: t.cash,
    businessDate: t.businessDate,
    dueDate: t.dueDate,
    ...(t.days !== undefined ? { days: t.days } : {}),
  });
  function loan(): Loan {
    const quote = priceLoan(DEFAULT_PRODUCT, { principal: 200_000n, termDays: 14 });
    const pending: Loan = {
      id: 'l',
      status: 'disbursing',
      quote,
      terms: { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 100, extensionDays: 8 },
      disbursedOn: null,
      dueDate: null,
      transactions: [],
    };
    const out = applyOrderEvent(pending, { type: 'payout_succeeded', payoutId: 'p', at: at(DAY0) });
    return {
      ...pending,
      status: out.status,
      dueDate: out.changes.dueDate ?? null,
      disbursedOn: DAY0,
      transactions: out.transactions.map(strip),
    };
  }

  it('EN-07 (property): coupon + payment settle the loan, every posting balances, the balance stays the sum of history', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 400_000n }), fc.integer({ min: 0, max: 30 }), (amount, day) => {
        const l = loan();
        const paidDay = addDays(DAY0, day);
        const due = amountDueOn(l, paidDay);
        const deduction = couponDeduction({ amount }, due - 1n);
        const out = applyOrderEvent(l, {
          type: 'payment_received',
          purpose: 'full',
          amount: due - deduction,
          paidAt: at(paidDay),
          reference: 'r1',
          coupon: { amount: deduction, reference: 'c1' },
        });
        expect(out.held).toBeNull();
        expect(out.status).toBe('settled');
        const coupons = out.transactions.filter((t) => t.type === 'coupon');
        expect(coupons).toHaveLength(1);
        expect(-totalOf(coupons[0]!.portions)).toBe(deduction);
        expect(coupons[0]!.entries.find((e) => e.account === 'coupon_expense')?.amount).toBe(deduction);
        for (const t of out.transactions) expect(t.entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
        expect(totalOf(outstandingOf([...l.transactions, ...out.transactions]))).toBe(0n);
      }),
    );
  });

  it('EN-07: a payment of the wrong amount is held and applies no coupon', () => {
    const l = loan();
    const due = amountDueOn(l, DAY0);
    const out = applyOrderEvent(l, {
      type: 'payment_received',
      purpose: 'full',
      amount: due,
      paidAt: at(DAY0),
      reference: 'r1',
      coupon: { amount: 5_000n, reference: 'c1' },
    });
    expect(out.held?.reason).toBe('amount_mismatch');
    expect(out.transactions).toHaveLength(0);
  });

  it('EN-07: a coupon on an extension pays part of the fee', () => {
    const l = loan();
    const q = extensionQuote(l, DAY0);
    expect(q.available).toBe(true);
    const out = applyOrderEvent(l, {
      type: 'payment_received',
      purpose: 'extension',
      amount: q.amount - 1_000n,
      paidAt: at(DAY0),
      reference: 'r1',
      coupon: { amount: 1_000n, reference: 'c1' },
    });
    expect(out.held).toBeNull();
    expect(out.status).toBe('extended');
    expect(out.transactions.map((t) => t.type)).toEqual(['extension_fee', 'coupon', 'repayment']);
  });
});
