import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../locale.ts';
import { RESOURCES } from './resources.ts';

/**
 * SH-01, issue 10: the one completeness check of the one catalogue (`npm run i18n:check`). For every
 * namespace, every language has exactly the keys English has (no missing, no extra key), a counted
 * string has exactly the plural forms its language needs (Intl.PluralRules: en-US and fil
 * `_one`/`_other`, zh-CN `_other` only), no text is empty, and the placeholders (`{{name}}`, and
 * `<tag>` of react-i18next's Trans) are the same in every language.
 */
const dir = new URL('.', import.meta.url);
const files = (lang: string) =>
  readdirSync(new URL(`${lang}/`, dir))
    .filter((f) => f.endsWith('.json'))
    .sort();
const namespaces = files(DEFAULT_LOCALE).map((f) => f.slice(0, -'.json'.length));
const read = (lang: string, ns: string): unknown =>
  JSON.parse(readFileSync(new URL(`${lang}/${ns}.json`, dir), 'utf8'));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `key.path` → text for every string of a file; a non-string leaf is reported as a key of its own. */
function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [[`${prefix} <not a string>`, '']];
  return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

interface Entry {
  /** the plural forms present (`one`, `other`…), empty for a key without plurals */
  forms: Set<string>;
  texts: string[];
}

/** Keys with their plural forms folded together: `overdue_one` + `overdue_other` → `overdue`. */
function entries(lang: string, ns: string): Map<string, Entry> {
  const map = new Map<string, Entry>();
  for (const [key, text] of flatten(read(lang, ns))) {
    const form = PLURAL.exec(key)?.[1];
    const base = form ? key.slice(0, -form.length - 1) : key;
    const entry = map.get(base) ?? { forms: new Set(), texts: [] };
    if (form) entry.forms.add(form);
    entry.texts.push(text);
    map.set(base, entry);
  }
  return map;
}

const placeholders = (texts: string[]) =>
  [
    ...new Set(
      texts.flatMap((t) => [...t.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\w+)\s*\/?>/g)].map((m) => m[1] ?? m[2])),
    ),
  ]
    .filter((name) => name !== undefined)
    .sort();

describe('SH-01 the one catalogue', () => {
  it('SH-01 every language has the same namespaces, and the server loads every file', () => {
    expect(namespaces.length).toBeGreaterThan(15);
    for (const lang of LOCALES) {
      expect(files(lang), lang).toEqual(files(DEFAULT_LOCALE));
      expect(Object.keys(RESOURCES[lang] ?? {}).sort(), `${lang} in resources.ts`).toEqual(namespaces);
      for (const ns of namespaces) expect(RESOURCES[lang]?.[ns], `${lang}/${ns}`).toEqual(read(lang, ns));
    }
  });

  describe.each(namespaces)('%s', (ns) => {
    const english = entries(DEFAULT_LOCALE, ns);

    it.each(LOCALES)('SH-01 %s has every key and no extra one', (lang) => {
      const keys = [...entries(lang, ns).keys()];
      expect(
        [...english.keys()].filter((k) => !keys.includes(k)),
        `missing in ${lang}/${ns}`,
      ).toEqual([]);
      expect(
        keys.filter((k) => !english.has(k)),
        `extra in ${lang}/${ns}`,
      ).toEqual([]);
    });

    it.each(LOCALES)('SH-01 %s has exactly the plural forms it needs ("1 day" / "2 days")', (lang) => {
      const needed = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
      for (const [key, entry] of entries(lang, ns)) {
        const counted = english.get(key)?.forms.size || entry.forms.size;
        expect([...entry.forms].sort(), `${lang} ${ns}:${key}`).toEqual(counted ? needed : []);
      }
    });

    it.each(LOCALES)('SH-01 %s: no empty text, the same placeholders as English', (lang) => {
      for (const [key, entry] of entries(lang, ns)) {
        for (const text of entry.texts) expect(text.trim(), `${lang} ${ns}:${key}`).toBeTruthy();
        expect(placeholders(entry.texts), `${lang} ${ns}:${key}`).toEqual(
          placeholders(english.get(key)?.texts ?? []),
        );
      }
    });
  });
});
