/** The tokens that make a user agent "mobile" (SH-02). */
export const MOBILE_UA_TOKENS = ['Android', 'iPhone', 'SymbianOS', 'Windows Phone', 'iPad', 'iPod'] as const;

export type Layout = 'mobile' | 'desktop';

/**
 * SH-02, kept to the letter of the original rule: a token counts only when it occurs at an index
 * greater than 0 (`ua.indexOf(token) > 0`). Real user agents always start with `Mozilla/5.0`, so
 * this only matters for odd strings, and the test table pins the behaviour down.
 */
export function layoutFor(userAgent: string): Layout {
  return MOBILE_UA_TOKENS.some((token) => userAgent.indexOf(token) > 0) ? 'mobile' : 'desktop';
}

/** SH-04: any Android user agent is sent to /noAndroid (case-insensitive, anywhere in the string). */
export function isAndroid(userAgent: string): boolean {
  return /android/i.test(userAgent);
}

export function isIPhoneLike(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent);
}
