import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LANGUAGE_KEY, LOCALES, storedLocale, toLocale, type Locale } from './languages.ts';

export * from './languages.ts';

/** Every src/locales/<lang>/<namespace>.json, bundled: the three languages are a few KB. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true });

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang = '', ns = ''] = match;
  (resources[lang] ??= {})[ns] = module.default;
}
export const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE] ?? {});

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // private mode / blocked storage: still usable, just not remembered
  }
}

export function initI18n(): typeof i18n {
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
  return i18n;
}

export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

export async function setLanguage(locale: Locale): Promise<void> {
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
