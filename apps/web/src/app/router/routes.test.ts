import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_BY_NAME, TAB_ROUTES, routeForPath } from './routes.ts';

/** Section 2 of the specification, transcribed: route → login check. */
const SPEC: Record<string, boolean> = {
  '/start': false,
  '/identityInfo': true,
  '/baseInfo': true,
  '/baseInfo2': true,
  '/addressInfo': true,
  '/contact': true,
  '/workInfo': true,
  '/bankInfo': true,
  '/bankName': true,
  '/changeBank': true,
  '/homeIndex': true,
  '/subIndex': true,
  '/allWithdraw': true,
  '/withdrawPage': true,
  '/billIndex': true,
  '/bill': true,
  '/repaidDetail': true,
  '/triLink': true,
  '/msgCenter': true,
  '/msgDetail': true,
  '/my': true,
  '/coupon': true,
  '/couponInvalid': true,
  '/setup': true,
  '/aboutUs': true,
  '/privacy': false,
  '/conditionalTerms': false,
  '/loan': true,
  '/addDeskTopBrowser': true,
  '/guildDetail': true,
  '/noAndroid': false,
  '/KSResult': false,
  '/videoIndex': true,
  '/appointLoan': true,
  '/appointLoanList': true,
  '/bookingAgreement': true,
  '/test': false,
  // beyond section 2: BE-12, the borrower's data rights (Data Privacy Act)
  '/myData': true,
  '/paymentDispute': true,
  // BE-11: complaints (RA 11765, SEC MC 5 s.2023)
  '/complaints': true,
};

const KEEP_ALIVE = [
  '/homeIndex',
  '/billIndex',
  '/my',
  '/identityInfo',
  '/baseInfo',
  '/baseInfo2',
  '/addressInfo',
  '/contact',
  '/workInfo',
  '/bankInfo',
  '/bankName',
  '/test',
];

describe('route table', () => {
  it('SH-05 has exactly the routes of section 2, each once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('SH-05 RO-01 each route carries the login check of section 2 (visitor set: start, privacy, terms, noAndroid, KSResult, test)', () => {
    for (const route of ROUTES)
      expect([route.path, route.requiresLogin]).toEqual([route.path, SPEC[route.path]]);
    expect(
      ROUTES.filter((r) => !r.requiresLogin)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['KSResult', 'conditionalTerms', 'noAndroid', 'privacy', 'start', 'test'].sort());
  });

  it('SH-03 KeepAlive is set on home, bills, profile, the application steps and /test only', () => {
    expect(
      ROUTES.filter((r) => r.keepAlive)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...KEEP_ALIVE].sort());
  });

  it('SH-05 route names are the paths without the slash, and every page is lazy', () => {
    for (const route of ROUTES) {
      expect(route.path).toBe(`/${route.name}`);
      expect(typeof route.load).toBe('function');
    }
  });

  it('SH-05 a path finds its route as React Router matched it: any case, trailing slash ignored', () => {
    expect(routeForPath('/start')?.name).toBe('start');
    expect(routeForPath('/ksresult/')?.name).toBe('KSResult');
    expect(routeForPath('/HOMEINDEX')?.name).toBe('homeIndex');
    expect(routeForPath('/')).toBeUndefined();
    expect(routeForPath('/start/extra')).toBeUndefined();
    expect(routeForPath('/p/abc')).toBeUndefined(); // an alias: resolved from configuration
  });

  it('SH-09 the three tab routes exist; borrower pages show the bottom navigation, visitor pages do not', () => {
    for (const name of TAB_ROUTES) expect(ROUTE_BY_NAME.get(name)?.tabBar).toBe(true);
    for (const route of ROUTES) expect([route.name, route.tabBar]).toEqual([route.name, route.requiresLogin]);
  });
});
