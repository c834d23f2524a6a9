import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pisonow/domain';
import { ROUTES } from '../app/router/routes.ts';

/**
 * SH-01: every key exists in every language, and every key the code uses exists. Error messages
 * are not here on purpose: they come from the domain's one table (ER-02).
 */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (typeof value !== 'object' || value === null) return [`${prefix}<non-string>`];
  return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

/** `ns:key.path` for every string in every file of a language. */
function keysOf(lang: string): Set<string> {
  const keys = new Set<string>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] !== lang) continue;
    for (const key of flatten(content)) keys.add(`${match[2]}:${key}`);
  }
  return keys;
}

const byLang = Object.fromEntries(LOCALES.map((lang) => [lang, keysOf(lang)]));
const namespaces = new Set([...(byLang['en-US'] ?? [])].map((k) => k.split(':')[0]));

function valueOf(lang: string, key: string): string | undefined {
  const [ns = '', path = ''] = key.split(':');
  let node: unknown = files[`./${lang}/${ns}.json`];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

describe('locales', () => {
  it('SH-01 the three languages have locale files', () => {
    for (const lang of LOCALES) expect(byLang[lang]?.size, lang).toBeGreaterThan(50);
  });

  it('SH-01 every key present in one language is present in the others', () => {
    const all = new Set(LOCALES.flatMap((lang) => [...(byLang[lang] ?? [])]));
    for (const lang of LOCALES) {
      const missing = [...all].filter((key) => !byLang[lang]?.has(key));
      expect(missing, `missing in ${lang}`).toEqual([]);
    }
  });

  it('SH-01 no translation is empty and placeholders match across languages', () => {
    for (const key of byLang['en-US'] ?? []) {
      const vars = (text: string | undefined) =>
        [...(text ?? '').matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
      const english = vars(valueOf('en-US', key));
      for (const lang of LOCALES) {
        const text = valueOf(lang, key);
        expect(text?.trim(), `${lang} ${key}`).toBeTruthy();
        expect(vars(text), `${lang} ${key}`).toEqual(english);
      }
    }
  });

  it('SH-01 every key used in the source exists in every language', () => {
    // Keys are always written with their namespace ('auth:start.login'), in t(), i18nKey or constants.
    const pattern = new RegExp(`['"\`]((?:${[...namespaces].join('|')}):[A-Za-z0-9_.]+)['"\`]`, 'g');
    const used = new Set<string>();
    for (const text of Object.values(sources))
      for (const m of text.matchAll(pattern)) if (m[1]) used.add(m[1]);
    expect(used.size).toBeGreaterThan(50);
    for (const lang of LOCALES) {
      // a counted string (`t('ns:key', { count })`) lives as `key_one` / `key_other` (i18next plurals)
      const missing = [...used].filter(
        (key) => !byLang[lang]?.has(key) && !byLang[lang]?.has(`${key}_other`),
      );
      expect(missing, `used but missing in ${lang}`).toEqual([]);
    }
  });

  it('SH-01 every counted string has its singular and plural form in every language ("1 day" / "2 days")', () => {
    for (const lang of LOCALES) {
      for (const key of byLang[lang] ?? []) {
        if (key.endsWith('_one'))
          expect(byLang[lang]?.has(`${key.slice(0, -4)}_other`), `${lang} ${key}`).toBe(true);
        if (key.endsWith('_other'))
          expect(byLang[lang]?.has(`${key.slice(0, -6)}_one`), `${lang} ${key}`).toBe(true);
      }
    }
  });

  it('SH-05 SH-01 every route has a translated title', () => {
    for (const lang of LOCALES) {
      for (const route of ROUTES)
        expect(byLang[lang]?.has(`routes:${route.name}`), `${lang} ${route.name}`).toBe(true);
      expect(byLang[lang]?.has('routes:notFound')).toBe(true);
    }
  });
});
