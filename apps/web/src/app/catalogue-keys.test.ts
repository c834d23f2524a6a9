import { describe, expect, it } from 'vitest';
import { ROUTES } from './router/routes.ts';
import { bundles, namespaceOf, SHELL_NAMESPACES } from '../lib/i18n/index.ts';
import { LOCALES } from '@pisonow/domain/locale';

/**
 * SH-01: every key the web's code uses exists in the catalogue, and every route has a title. That
 * the three languages have the same keys, plural forms and placeholders is the catalogue's own test
 * (packages/domain/src/catalogue/catalogue.test.ts); both run in `npm run i18n:check`.
 */
const english = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/domain/src/catalogue/en-US/*.json',
  { eager: true, import: 'default' },
);
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

/** `ns:key.path` for every string of English. */
const keys = new Set(
  Object.entries(english).flatMap(([path, content]) =>
    flatten(content).map((key) => `${/([^/]+)\.json$/.exec(path)?.[1]}:${key}`),
  ),
);

describe('the web app and the catalogue', () => {
  it('SH-01 every key used in the source exists', () => {
    // Keys are always written with their namespace ('auth:start.login'), in t(), i18nKey or constants.
    const namespaces = Object.keys(english).map((path) => namespaceOf(path)[1]);
    const pattern = new RegExp(`['"\`]((?:${namespaces.join('|')}):[A-Za-z0-9_.]+)['"\`]`, 'g');
    const used = new Set<string>();
    for (const text of Object.values(sources))
      for (const m of text.matchAll(pattern)) if (m[1]) used.add(m[1]);
    expect(used.size).toBeGreaterThan(50);
    // a counted string (`t('ns:key', { count })`) lives as `key_one` / `key_other` (i18next plurals)
    const missing = [...used].filter((key) => !keys.has(key) && !keys.has(`${key}_other`));
    expect(missing, 'used but missing').toEqual([]);
  });

  it('SH-05 SH-01 every route has a translated title', () => {
    for (const route of ROUTES) expect(keys.has(`routes:${route.name}`), route.name).toBe(true);
    expect(keys.has('routes:notFound')).toBe(true);
  });

  it('issue 9: each language arrives whole in one chunk, without the server-only namespaces', async () => {
    const web = Object.keys(english)
      .map((path) => namespaceOf(path)[1])
      .filter((ns) => !['sms', 'notifications', 'documents'].includes(ns))
      .sort();
    expect(SHELL_NAMESPACES).toContain('errors');
    for (const locale of LOCALES) {
      const bundled = Object.keys((await bundles[locale]()).default).map((path) => namespaceOf(path)[1]);
      const shown = locale === 'en-US' ? [...SHELL_NAMESPACES, ...bundled] : bundled;
      expect(shown.sort(), locale).toEqual(web);
    }
  });
});
