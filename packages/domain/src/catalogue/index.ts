import i18next, { type i18n, type InitOptions, type Resource } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../locale.ts';
import englishErrorMessages from './en-US/errors.json' with { type: 'json' };

/**
 * The one translation catalogue (issue 10, docs/i18n.md): every user-facing string of the web app,
 * the API's error messages, the order labels, SMS, message-centre texts and documents, as i18next
 * resources `catalogue/<locale>/<namespace>.json`, with i18next plurals (`key_one` / `key_other`, the
 * forms Intl.PluralRules gives each language) and `{{name}}` interpolation. catalogue.test.ts checks
 * that the three languages have the same keys, forms and placeholders.
 *
 * The domain renders through whichever i18next instance the app hands it (`setCatalogue`): the
 * server's holds every language (`./all.ts`); the web app's is its react-i18next instance, which
 * loads a language's namespaces lazily. Until one is set and initialised, only English error
 * messages are known.
 */
export const SERVER_NAMESPACES = ['sms', 'notifications', 'documents'] as const;

/** The options every instance shares, so a key renders the same on the server and in the browser. */
export const CATALOGUE_OPTIONS = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly', // 'zh-CN' must not also try a bare 'zh'
  nsSeparator: ':', // keys are always written `ns:key.path` so a test can check them
  keySeparator: '.',
  interpolation: { escapeValue: false }, // React escapes; SMS and PDF text is not HTML
  returnNull: false,
} satisfies InitOptions;

/** A synchronously initialised instance holding `resources` (the server's, a test's). */
export function createCatalogue(resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.init({ ...CATALOGUE_OPTIONS, resources, lng: DEFAULT_LOCALE, initAsync: false });
  return instance;
}

let current: i18n | undefined;
let englishErrors: i18n | undefined;

export function setCatalogue(instance: i18n): void {
  current = instance;
}

/** `ns:key` in a locale, `{{name}}` filled from vars; `count` picks the plural form. */
export function translate(locale: Locale, key: string, vars: Record<string, unknown> = {}): string {
  const instance = current?.isInitialized
    ? current
    : (englishErrors ??= createCatalogue({ [DEFAULT_LOCALE]: { errors: englishErrorMessages } }));
  return instance.t(key, { ...vars, lng: locale });
}
