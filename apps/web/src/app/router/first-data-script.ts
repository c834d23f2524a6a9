import { DEFAULT_LOCALE, LOCALES } from '@pisonow/domain/locale';
import { CO_CORE_KEY } from '../../lib/store/keys.ts';
import { LANGUAGE_KEY } from '../../lib/i18n/languages.ts';
import { FIRST_DATA_GLOBAL, type PageEarlyAnswer } from '../../lib/api/page-early.ts';
import { FIRST_DATA_BY_ROUTE, PUBLIC_FIRST_DATA } from './first-data-paths.ts';

/**
 * Issue 9, a cold start on a slow phone. The app asks for a page's first data as it starts
 * (first-data.ts), but "as it starts" is after every module of the app has arrived and run: on
 * mobile data and a slow CPU, a second and more after the HTML. This script is a few hundred bytes
 * the HTML names before those modules (`<script async src="/first-data.js">`, written by
 * build/first-data-plugin.ts), so it asks while they are still on their way, and leaves the
 * answers for the app (lib/api/page-early.ts), which takes each one over when it was asked with
 * the same session and language, and otherwise asks again. It never writes anything, reads only
 * what the app itself would read, and fails silently: the worst case is the app asking itself.
 */
export interface FirstDataConfig {
  /** '/homeIndex' → ['/api/home']: the signed-in reads of each page */
  byPath: Record<string, readonly string[]>;
  /** read on every start */
  publicPaths: readonly string[];
  storeKey: string;
  languageKey: string;
  locales: readonly string[];
  defaultLocale: string;
  global: string;
}

/** What the script touches of `window` (a test passes its own). */
export interface FirstDataWindow {
  location: { pathname: string };
  navigator: { onLine?: boolean };
  localStorage: Pick<Storage, 'getItem'>;
  fetch: typeof globalThis.fetch;
  Date: { now(): number };
  [global: string]: unknown;
}

export function firstDataConfig(): FirstDataConfig {
  const byPath: Record<string, readonly string[]> = {};
  for (const [name, paths] of Object.entries(FIRST_DATA_BY_ROUTE)) if (paths) byPath[`/${name}`] = paths;
  return {
    byPath,
    publicPaths: PUBLIC_FIRST_DATA,
    storeKey: CO_CORE_KEY,
    languageKey: LANGUAGE_KEY,
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    global: FIRST_DATA_GLOBAL,
  };
}

/**
 * The script's body. It runs in the page as its own source text (`firstDataScript`), so it uses
 * nothing from outside but its two arguments, and no syntax newer than the app's own build targets.
 */
export function askFirstData(w: FirstDataWindow, config: FirstDataConfig): void {
  // The app got here first (its code came from the service worker's cache before this script did):
  // it is asking itself, and a second request would be waste (lib/api/page-early.ts claimFirstData).
  if (w[config.global] !== undefined || w.navigator.onLine === false) return;
  let language = config.defaultLocale;
  let token = '';
  try {
    // the app's own rules: storedLocale (lib/i18n/languages.ts) and the persisted session
    const stored = w.localStorage.getItem(config.languageKey);
    if (stored && config.locales.indexOf(stored) >= 0) language = stored;
    const state = JSON.parse(w.localStorage.getItem(config.storeKey) || 'null');
    const publicData = state && state.state && state.state.publicData;
    if (publicData && typeof publicData.token === 'string') token = publicData.token;
  } catch {
    // storage blocked or unreadable: the public reads only
  }
  const answers: Record<string, PageEarlyAnswer> = {};
  const ask = (path: string, session: string) => {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
    if (session) headers.Authorization = 'Bearer ' + session;
    const answer = w.fetch(path, { method: 'GET', headers }).then((response) =>
      response.text().then((text) => ({
        status: response.status,
        text,
        retryAfter: response.headers.get('Retry-After'),
        build: response.headers.get('X-App-Build'),
      })),
    );
    answer.catch(() => undefined); // not taken, or failed: the app asks itself
    answers[path] = { at: w.Date.now(), token: session, language, answer };
  };
  for (const path of config.publicPaths) ask(path, '');
  // matched as routeForPath matches (routes.ts): case-insensitive, a trailing slash ignored
  const path = w.location.pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  let own: readonly string[] | undefined;
  if (token) for (const route in config.byPath) if (route.toLowerCase() === path) own = config.byPath[route];
  if (own) for (const path of own) ask(path, token);
  w[config.global] = answers;
}

/** The script as the browser gets it: the function above, called with the page and its config. */
export function firstDataScript(config: FirstDataConfig = firstDataConfig()): string {
  return `(${askFirstData.toString()})(window, ${JSON.stringify(config)});\n`;
}
