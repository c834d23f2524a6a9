import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { CATALOGUE_OPTIONS, setCatalogue } from '@pisonow/domain/catalogue/index';
import { DEFAULT_LOCALE, LANGUAGE_KEY, storedLocale, toLocale, type Locale } from './languages.ts';

export * from './languages.ts';

type Catalogue = Record<string, unknown>;

/**
 * The catalogue is the domain's (packages/domain/src/catalogue, issue 10); the web loads every
 * namespace but the server's (SMS, message-centre texts, documents). English (the default and the
 * fallback) is bundled for the login page only (common, routes, auth, errors); its other namespaces
 * and every namespace of Filipino and Chinese load on demand: a language before the first render for
 * a borrower who chose it, the rest of English with the first page after /start (the router awaits
 * `loadCatalogues`), so /start downloads no catalogue it does not show (issue 9).
 */
const english = import.meta.glob<Catalogue>(
  '../../../../../packages/domain/src/catalogue/en-US/{common,routes,auth,errors}.json',
  { eager: true, import: 'default' }, // the default export alone: no per-key named exports in /start
);
/**
 * A language's other namespaces, one chunk each (one request instead of one per namespace). The
 * server preloads the English one with every page but /start (ENGLISH_CATALOGUE in the API's
 * route-preloads.ts names this file).
 */
export const bundles: Record<Locale, () => Promise<{ default: Record<string, Catalogue> }>> = {
  'en-US': () => import('./bundles/en-US.ts'),
  fil: () => import('./bundles/fil.ts'),
  'zh-CN': () => import('./bundles/zh-CN.ts'),
};

export function namespaceOf(path: string): [lang: string, ns: string] {
  const match = /catalogue\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return [match?.[1] ?? '', match?.[2] ?? ''];
}

const resources: Record<string, Record<string, Catalogue>> = { [DEFAULT_LOCALE]: {} };
for (const [path, catalogue] of Object.entries(english))
  resources[DEFAULT_LOCALE]![namespaceOf(path)[1]] = catalogue;
/** The namespaces in the app shell (English only); the rest come with `loadLanguage`. */
export const SHELL_NAMESPACES = Object.keys(english).map((path) => namespaceOf(path)[1]);

// the domain's errorMessage / orderLabelText render through this instance once it is initialised
setCatalogue(i18n);

const loading = new Map<Locale, Promise<void>>();

/** Adds a language's catalogues (all namespaces) to i18next, once. */
export function loadLanguage(locale: Locale): Promise<void> {
  let done = loading.get(locale);
  if (!done) {
    done = bundles[locale]().then(({ default: loaded }) => {
      // Each namespace arrives here once and into an empty slot, so nothing needs merging; and the
      // catalogues are module constants nobody edits, so i18next need not copy them first (by
      // default it JSON-round-trips every namespace and then deep-merges it key by key: a few
      // thousand keys of main-thread work on the first page after /start, issue 9).
      for (const [path, catalogue] of Object.entries(loaded))
        i18n.addResourceBundle(locale, namespaceOf(path)[1], catalogue, false, true, { skipCopy: true });
    });
    done.catch(() => loading.delete(locale)); // offline: try again on the next page
    loading.set(locale, done);
  }
  return done;
}

/** Every namespace of English (the fallback) and of the current language: before any page but /start. */
export async function loadCatalogues(): Promise<void> {
  await Promise.all([loadLanguage(DEFAULT_LOCALE), loadLanguage(currentLocale())]);
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
    ...CATALOGUE_OPTIONS, // the server's options too: a key renders the same on both sides
    ns: SHELL_NAMESPACES,
    defaultNS: 'common',
  });
  document.documentElement.lang = lng;
  if (lng !== DEFAULT_LOCALE) {
    await loadLanguage(lng).catch(() => undefined); // offline without the chunk: English fallback
    await i18n.changeLanguage(lng);
  }
  return i18n;
}

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  // Before initI18n (a cold start's first-data requests, app/router/first-data.ts): the language
  // the app is about to start in. It answered the default, so a Filipino borrower's home came back
  // with its order label in English.
  return language ? toLocale(language) : storedLocale(safeStorage());
}

export async function setLanguage(locale: Locale): Promise<void> {
  // stored first: a reload while the catalogues download still opens in the chosen language
  safeStorage()?.setItem(LANGUAGE_KEY, locale);
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** The current locale as a typed value, re-rendering on change. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return toLocale(instance.resolvedLanguage ?? instance.language);
}

export { i18n };
