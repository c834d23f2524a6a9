export type StandaloneVia = 'display-mode' | 'navigator' | 'query';

/**
 * SH-15: how the app was opened from the home screen, if it was: the display mode of an installed
 * web app, iOS Safari's `navigator.standalone`, or the `standalone` query flag SH-07 stored.
 *
 * A module of its own, with no imports: the shell asks it before it loads the report (and the
 * toast and query code the report needs), so a borrower in a browser tab never downloads them
 * (issue 9: five fewer requests and their script work before a signed-in page's first paint).
 */
export function standaloneLaunch(storedFlag: string | undefined | null): StandaloneVia | null {
  if (typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches)
    return 'display-mode';
  if (
    typeof navigator !== 'undefined' &&
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
    return 'navigator';
  if (storedFlag && storedFlag !== '0' && storedFlag !== 'false') return 'query';
  return null;
}
