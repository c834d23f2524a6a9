/**
 * Whether the app runs from the home screen (SH-15): the standard display-mode query, iOS Safari's
 * `navigator.standalone`, or the `standalone` query flag the app's start URL carries (SH-07).
 */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = window.navigator as Navigator & { standalone?: boolean };
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    nav.standalone === true ||
    new URLSearchParams(window.location.search).has('standalone')
  );
}
