import { describe, expect, it } from 'vitest';
import { LOAN_TABS, ladderRows, nextStep, tabOf } from './loan-offers.ts';

describe('loan offers page model (/subIndex)', () => {
  it('SH-11 loanTabType 2 (the default) opens the products, 1 the limit; anything else the default', () => {
    expect(tabOf(2)).toBe('products');
    expect(tabOf(LOAN_TABS.limit)).toBe('limit');
    expect(tabOf(7)).toBe('products');
    expect(tabOf(Number.NaN)).toBe('products');
  });

  it('SH-15 the ladder starts at the limit the borrower has now and shows each higher limit once', () => {
    const ladder = { rung: 1, steps: ['500000', '700000', '1000000', '1000000'], next: '1000000' };
    expect(ladderRows(ladder, '700000')).toEqual([
      { onTime: 1, amount: '700000', reached: true, current: true },
      { onTime: 2, amount: '1000000', reached: false, current: false },
    ]);
  });

  it('SH-15 a decision above the first steps: today is the decision, steps below it are left out', () => {
    // rung 0: the limit is the decision's (4,000 here, under the 5,000 of the ladder's first step)
    const ladder = { rung: 0, steps: ['500000', '700000', '1000000'], next: '700000' };
    expect(ladderRows(ladder, '400000').map((r) => [r.onTime, r.amount, r.current])).toEqual([
      [0, '400000', true],
      [1, '700000', false],
      [2, '1000000', false],
    ]);
    expect(ladderRows(ladder, '800000').map((r) => r.amount)).toEqual(['800000', '1000000']);
  });

  it('SH-15 before an approval (limit 0) there is no ladder', () => {
    expect(ladderRows({ rung: 0, steps: ['500000', '700000'], next: null }, '0')).toEqual([]);
  });

  it('ST-06 the next step: withdraw when allowed, repay when a loan is open, else apply', () => {
    expect(nextStep({ canWithdraw: true, blockedBy: null })).toBe('withdraw');
    expect(nextStep({ canWithdraw: false, blockedBy: 'outstanding_repayment' })).toBe('repay');
    expect(nextStep({ canWithdraw: false, blockedBy: 'not_approved' })).toBe('apply');
  });
});
