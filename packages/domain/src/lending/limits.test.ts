import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditLimitFor, DEFAULT_LIMIT_LADDER } from './limits.ts';
import { DEFAULT_PRODUCT, HOME_SCREEN_LIMIT_MAX, type ProductConfig } from './product.ts';

/** A product that offers up to ₱80,000 (the default offers ₱10,000). */
const BIG: ProductConfig = {
  ...DEFAULT_PRODUCT,
  amount: { min: 100_000n, max: 8_000_000n, step: 50_000n },
  limits: { firstLoan: 500_000n, repeatLoan: 2_000_000n, homeScreen: 8_000_000n },
};

describe('limit growth (SH-15, BE-04)', () => {
  it('SH-15 on-time repayments climb the ladder; the home screen lifts the ceiling to ₱80,000', () => {
    expect(creditLimitFor(BIG, { decisionLimit: 300_000n, onTimeLoans: 0, homeScreen: false }).limit).toBe(
      300_000n,
    );
    expect(creditLimitFor(BIG, { decisionLimit: 300_000n, onTimeLoans: 1, homeScreen: false }).limit).toBe(
      700_000n,
    );
    expect(creditLimitFor(BIG, { decisionLimit: 300_000n, onTimeLoans: 7, homeScreen: false }).limit).toBe(
      2_000_000n,
    );
    expect(creditLimitFor(BIG, { decisionLimit: 300_000n, onTimeLoans: 7, homeScreen: true }).limit).toBe(
      8_000_000n,
    );
    // the default product offers at most ₱10,000: the limit never goes past what is offered
    expect(
      creditLimitFor(DEFAULT_PRODUCT, { decisionLimit: 500_000n, onTimeLoans: 7, homeScreen: true }).limit,
    ).toBe(DEFAULT_PRODUCT.amount.max);
  });

  it('SH-15 BE-04 (property): within every ceiling, never below the decision, monotone in on-time loans, nothing without a decision', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        fc.bigInt({ min: 100_000n, max: 20_000_000n }),
        (decisionLimit, onTimeLoans, homeScreen, productMax) => {
          const product = { ...BIG, amount: { ...BIG.amount, max: productMax } };
          const now = creditLimitFor(product, { decisionLimit, onTimeLoans, homeScreen });
          const later = creditLimitFor(product, { decisionLimit, onTimeLoans: onTimeLoans + 1, homeScreen });
          const installed = creditLimitFor(product, { decisionLimit, onTimeLoans, homeScreen: true });
          expect(now.limit <= productMax).toBe(true);
          expect(
            now.limit <= HOME_SCREEN_LIMIT_MAX ||
              now.limit <= (decisionLimit < productMax ? decisionLimit : productMax),
          ).toBe(true);
          expect(now.limit >= (decisionLimit < productMax ? decisionLimit : productMax)).toBe(true);
          expect(later.limit >= now.limit).toBe(true);
          expect(installed.limit >= now.limit).toBe(true);
          if (decisionLimit === 0n) expect(now.limit).toBe(0n);
          if (!homeScreen && onTimeLoans > 0 && decisionLimit <= BIG.limits.repeatLoan)
            expect(now.limit <= BIG.limits.repeatLoan).toBe(true);
        },
      ),
    );
  });

  it('BE-04 a late repayment does not raise the limit: only on-time loans count', () => {
    // the caller counts on-time loans only; one late loan leaves the count, and so the limit, unchanged
    const before = creditLimitFor(BIG, { decisionLimit: 500_000n, onTimeLoans: 2, homeScreen: false });
    const afterLate = creditLimitFor(BIG, { decisionLimit: 500_000n, onTimeLoans: 2, homeScreen: false });
    expect(afterLate.limit).toBe(before.limit);
    expect(before.next).toBe(DEFAULT_LIMIT_LADDER[3]);
  });
});
