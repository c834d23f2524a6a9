/**
 * What the first-data script (app/router/first-data-script.ts) leaves for the app: the answers it
 * asked for before the app's code had arrived, by path, on `window[FIRST_DATA_GLOBAL]`. The API
 * client takes each one over once (`prefetch`), when it was asked with the same session and in the
 * same language the app would use; otherwise the app asks again.
 */
export const FIRST_DATA_GLOBAL = '__pisonowFirstData';

export interface PageEarlyAnswer {
  /** Date.now() when the script asked */
  at: number;
  /** the session it asked with ('' for a public read) */
  token: string;
  /** the Accept-Language it sent */
  language: string;
  answer: Promise<{ status: number; text: string; retryAfter: string | null; build: string | null }>;
}

/**
 * Called as the app starts asking for its first data: from then on the script, if it has not run
 * yet (an async script may come after the app's modules, e.g. both from the service worker's
 * cache), asks for nothing.
 */
export function claimFirstData(): void {
  const page = globalThis as Record<string, unknown>;
  if (page[FIRST_DATA_GLOBAL] === undefined) page[FIRST_DATA_GLOBAL] = {};
}

/** The script's answer for `path`, taken (a second call finds nothing). */
export function takePageEarlyAnswer(path: string): PageEarlyAnswer | undefined {
  const answers = (globalThis as Record<string, unknown>)[FIRST_DATA_GLOBAL] as
    Record<string, PageEarlyAnswer | undefined> | undefined;
  const found = answers?.[path];
  if (found) delete answers[path];
  return found;
}
