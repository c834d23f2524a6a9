import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_DELINQUENCY_BUCKETS, bucketOf, type LoanPosition } from './portfolio.ts';
import { PROVISION_RATES_BP, provisionRequired, provisioningEntries } from './provisioning.ts';

const position = (id: string, daysPastDue: number, total: bigint): LoanPosition => ({
  id,
  daysPastDue,
  bucket: bucketOf(daysPastDue).id,
  principalOutstanding: total,
  totalOutstanding: total,
});

describe('BE-15 provisioning by days past due', () => {
  it('BE-15 every bucket has a rate, rising with the days past due, 100% at the worst', () => {
    const rates = DEFAULT_DELINQUENCY_BUCKETS.map((b) => PROVISION_RATES_BP[b.id]!);
    expect(rates.every((r) => r !== undefined)).toBe(true);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    expect(rates.at(-1)).toBe(10_000);
  });

  it('BE-15 the allowance required is each loan at its bucket rate; never above the book; the entry moves the allowance to it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            days: fc.integer({ min: 0, max: 400 }),
            total: fc.bigInt({ min: 1n, max: 5_000_000n }),
          }),
          {
            maxLength: 30,
          },
        ),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (loans, current) => {
          const positions = loans.map((l, i) => position(`l${i}`, l.days, l.total));
          const { rows, total } = provisionRequired(positions);
          const book = positions.reduce((s, p) => s + p.totalOutstanding, 0n);
          expect(total).toBeLessThanOrEqual(book);
          expect(rows.reduce((s, r) => s + r.loans, 0)).toBe(positions.length);
          const expected = positions.reduce(
            (s, p) => s + (p.totalOutstanding * BigInt(PROVISION_RATES_BP[p.bucket]!)) / 10_000n,
            0n,
          );
          expect(total).toBe(expected);
          const entries = provisioningEntries(total, current);
          const allowanceMove =
            entries.find((e) => e.account === 'allowance_for_credit_losses')?.amount ?? 0n;
          expect(current - allowanceMove).toBe(total); // the allowance (a credit) ends at `total`
          expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
        },
      ),
    );
  });
});
