import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LANGUAGE_KEY, LOCALES, storedLocale, toLocale, type Locale } from './languages.ts';

export * from './languages.ts';

type Catalogue = Record<string, unknown>;

/**
 * English (the default and the fallback) is bundled; Filipino and Chinese load on demand, before
 * the first render for a borrower who chose them, so nobody downloads three languages (issue 9).
 */
const english = import.meta.glob<{ default: Catalogue }>('../../locales/en-US/*.json', { eager: true });
const others = import.meta.glob<{ default: Catalogue }>(['../../locales/*/*.json', '!../../locales/en-US/*.json']);

function namespaceOf(path: string): [lang: string, ns: string] {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return [match?.[1] ?? '', match?.[2] ?? ''];
}

const resources: Record<string, Record<string, Catalogue>> = { [DEFAULT_LOCALE]: {} };
for (const [path, module] of Object.entries(english)) resources[DEFAULT_LOCALE]![namespaceOf(path)[1]] = module.default;
export const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE] ?? {});

/** Adds a language's catalogues to i18next (once). */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE || i18n.hasResourceBundle(locale, 'common')) return;
  const entries = Object.entries(others).filter(([path]) => namespaceOf(path)[0] === locale);
  const loaded = await Promise.all(entries.map(async ([path, load]) => [namespaceOf(path)[1], (await load()).default] as const));
  for (const [ns, catalogue] of loaded) i18n.addResourceBundle(locale, ns, catalogue, true, true);
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // private mode / blocked storage: still usable, just not remembered
  }
}

/** Starts i18next in the stored language; resolves once that language's catalogues are in. */
export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLocale(safeStorage());
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly', // 'zh-CN' must not also try a bare 'zh'
    ns: NAMESPACES,
    defaultNS: 'common',
    // Keys are always written `ns:key.path` so a test can check them (locales.test.ts).
    nsSeparator: ':',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  document.documentElement.lang = lng;
  if (lng !== DEFAULT_LOCALE) {
    await loadLanguage(lng).catch(() => undefined); // offline without the chunk: English fallback
    await i18n.changeLanguage(lng);
  }
  return i18n;
}

export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

export async function setLanguage(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
  safeStorage()?.setItem(LANGUAGE_KEY, locale);
  document.documentElement.lang = locale;
}

/** The current locale as a typed value, re-rendering on change. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return toLocale(instance.resolvedLanguage ?? instance.language);
}

export { i18n };
