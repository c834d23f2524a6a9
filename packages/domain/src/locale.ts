/** The three languages of SH-01. `en-US` is the default and the fallback. */
export const LOCALES = ['en-US', 'fil', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/**
 * Picks the best supported locale from an Accept-Language header (or a stored choice).
 * Matching is by exact tag first, then by primary language (`zh-TW` → `zh-CN`, `tl` → `fil`,
 * since Tagalog is the base of Filipino), weighted by q-values.
 */
export function pickLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    if (primary === 'en') return 'en-US';
    if (primary === 'fil' || primary === 'tl') return 'fil';
    if (primary === 'zh') return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}
