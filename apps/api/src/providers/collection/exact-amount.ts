import type { Centavos } from '@pisonow/domain';

/**
 * Amounts from providers, parsed without ever becoming a float. Webhooks carry pesos as JSON numbers
 * (`977.3`) or strings (`"977.30"`); `JSON.parse` alone would turn `977.3` into a double. So bodies
 * are parsed with `parseJsonExact`, which keeps every number's source text (the reviver's `source`,
 * Node ≥ 21), and amounts are converted from that text with integer arithmetic.
 */

/** A JSON number as its source text, e.g. `977.30`. */
export class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
}

type ExactReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

/** JSON.parse, but numbers become JsonNumber (their exact text). Throws on invalid JSON. */
export function parseJsonExact(text: string): unknown {
  const reviver: ExactReviver = function (_key, value, context) {
    if (typeof value === 'number') {
      if (typeof context?.source !== 'string')
        throw new Error('this runtime does not give JSON number source text');
      return new JsonNumber(context.source);
    }
    return value;
  };
  return JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]);
}

/**
 * `"977.30"`, `977.3`, `97730`, `"1,021.10"` is refused (no separators), `977.305` is refused
 * (a fraction of a centavo), `977.300` is 97730n, negatives and exponents are refused.
 * Null when the value is not an exact, non-negative peso amount.
 */
export function centavosFromPesos(value: unknown): Centavos | null {
  const text = value instanceof JsonNumber ? value.source : typeof value === 'string' ? value.trim() : null;
  if (text === null) return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null; // fractional centavos
  return BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
}

/** An exact count of centavos given as an integer (`97730` or `"97730"`); null otherwise. */
export function centavosFromInteger(value: unknown): Centavos | null {
  const text = value instanceof JsonNumber ? value.source : typeof value === 'string' ? value.trim() : null;
  return text !== null && /^\d+$/.test(text) ? BigInt(text) : null;
}

/** An ISO 8601 instant with an explicit zone, or null. */
export function instant(value: unknown): Date | null {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)
  )
    return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
