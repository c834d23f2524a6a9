/**
 * Money is an integer number of centavos held in a bigint (CO-01): never a float.
 * Parsing and formatting are the only places a decimal point appears.
 */
export type Centavos = bigint;

export const CURRENCY_SYMBOL = '₱';

export function pesos(whole: number | bigint): Centavos {
  if (typeof whole === 'number' && !Number.isSafeInteger(whole))
    throw new RangeError(`not a whole peso amount: ${whole}`);
  return BigInt(whole) * 100n;
}

/** `₱1,234.50`; negative amounts as `-₱1,234.50`. */
export function formatPeso(amount: Centavos): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${CURRENCY_SYMBOL}${whole}.${cents}`;
}

/** Parses `1234`, `1,234.5`, `₱1,234.50` into centavos; rejects more than 2 decimals. */
export function parsePeso(text: string): Centavos {
  // Accepts what formatPeso writes, including `-₱1,234.50`.
  const cleaned = text
    .trim()
    .replace(/^(-?)₱/, '$1')
    .replace(/,/g, '');
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) throw new RangeError(`not a peso amount: ${text}`);
  const [, sign, whole = '0', frac = ''] = match;
  const value = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
  return sign ? -value : value;
}

export type Rounding = 'half-up' | 'down' | 'up';

/**
 * numerator / denominator rounded to a whole centavo with an explicit rule. Both are bigints, so a
 * rate like 0.5% a day is passed as basis points (50n / 10_000n) and never touches a float.
 */
export function divRound(numerator: bigint, denominator: bigint, rounding: Rounding = 'half-up'): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const sign = numerator < 0n !== denominator < 0n ? -1n : 1n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = n / d;
  const r = n % d;
  let result = q;
  if (r !== 0n) {
    if (rounding === 'up') result = q + 1n;
    else if (rounding === 'half-up' && r * 2n >= d) result = q + 1n;
  }
  return sign * result;
}
