import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { divRound, formatPeso, parsePeso, pesos } from './money.ts';

describe('CO-01 money in integer centavos', () => {
  it.each([
    [0n, '₱0.00'],
    [5n, '₱0.05'],
    [123450n, '₱1,234.50'],
    [8_000_000n, '₱80,000.00'],
    [123456789n, '₱1,234,567.89'],
    [-123450n, '-₱1,234.50'],
  ])('CO-01 %s centavos → %s', (c, text) => expect(formatPeso(c)).toBe(text));

  it('CO-01 parse and format round-trip for every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (c) => {
        expect(parsePeso(formatPeso(c))).toBe(c);
      }),
    );
    expect(parsePeso('1,234.5')).toBe(123450n);
    expect(() => parsePeso('1.234')).toThrow();
    expect(() => parsePeso('abc')).toThrow();
    expect(pesos(200)).toBe(20000n);
    expect(() => pesos(1.5)).toThrow();
  });

  it('CO-01 explicit rounding', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(5n, 2n, 'down')).toBe(2n);
    expect(divRound(4n, 3n, 'up')).toBe(2n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(() => divRound(1n, 0n)).toThrow();
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        const down = divRound(n, d, 'down');
        const up = divRound(n, d, 'up');
        const half = divRound(n, d, 'half-up');
        expect(down * d <= n && n <= up * d).toBe(true);
        expect(up - down <= 1n).toBe(true);
        expect(half === down || half === up).toBe(true);
      }),
    );
  });
});
