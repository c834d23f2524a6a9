/**
 * Issue 9, a cold start on a slow phone: the API reads a page shows first, by route name. They are
 * asked for as early as the browser can: by the first-data script (first-data-script.ts), a few
 * hundred bytes that run as soon as the HTML has named them, while the app's code is still on its
 * way, and otherwise by the app as it starts (first-data.ts). The route table reads its
 * `firstData` from here: one list for both.
 */
export const FIRST_DATA_BY_ROUTE: Readonly<Partial<Record<string, readonly string[]>>> = {
  homeIndex: ['/api/home'],
  allWithdraw: ['/api/loans/offer'],
  my: ['/api/home'],
};

/** Read on every start, signed in or not: the public configuration (limits, aliases, support). */
export const PUBLIC_FIRST_DATA: readonly string[] = ['/api/config/public'];
