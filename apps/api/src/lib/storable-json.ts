/**
 * PostgreSQL's text and jsonb cannot hold U+0000 nor a lone UTF-16 surrogate (half of an emoji, cut
 * by a truncating sender): a string with one, written anywhere, fails the whole statement. A
 * borrower's request with one is refused at the edge (plugins/app/text-guard.ts), but a payment
 * provider's webhook is not ours to refuse: a 4xx or 5xx makes it deliver again and again, and the
 * money it reports is never applied. Its NULs and lone surrogates become U+FFFD (the replacement
 * character) in every string and key, before any of it is stored; everything else is kept as is
 * (numbers, bigints, dates).
 */
export function storableJson<T>(value: T, depth = 0): T {
  if (typeof value === 'string')
    return (value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value).toWellFormed() as T;
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v: unknown) => storableJson(v, depth + 1)) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value; // a Date, a Buffer: no text inside
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    out[storableJson(k)] = storableJson(v, depth + 1);
  return out as T;
}
