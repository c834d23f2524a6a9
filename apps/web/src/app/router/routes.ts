import type { ComponentType } from 'react';
import { FIRST_DATA_BY_ROUTE } from './first-data-paths.ts';

/**
 * THE route table (SH-05): every route of section 2 with its login check and KeepAlive flag.
 * Pure data plus lazy imports, so tests read it in node without rendering anything. Names equal
 * the path without its slash (the spec's route names); translated titles are `routes:<name>`.
 * Alias paths are not here: they come from the public configuration at run time.
 */
export interface AppRoute {
  name: string;
  path: string;
  /** false only for the no-check set: start, privacy, conditionalTerms, noAndroid, KSResult, test */
  requiresLogin: boolean;
  /** SH-03: kept mounted (hidden) while the user is elsewhere */
  keepAlive: boolean;
  /** SH-09: shows the bottom navigation (default: every login route) */
  tabBar: boolean;
  /** the shell's header with back button and title; the landing page draws its own */
  header: boolean;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * the API reads the page shows first, asked for on a cold start before the page's code has
   * arrived (issue 9): listed in first-data-paths.ts, which the first-data script reads too
   */
  firstData: readonly string[];
}

type Flags = Partial<Pick<AppRoute, 'requiresLogin' | 'keepAlive' | 'tabBar' | 'header'>>;

function route(name: string, load: AppRoute['load'], flags: Flags = {}): AppRoute {
  const requiresLogin = flags.requiresLogin ?? true;
  return {
    name,
    path: `/${name}`,
    requiresLogin,
    keepAlive: flags.keepAlive ?? false,
    // every borrower page keeps the bottom navigation in reach; visitor pages have none
    tabBar: flags.tabBar ?? requiresLogin,
    header: flags.header ?? true,
    firstData: FIRST_DATA_BY_ROUTE[name] ?? [],
    load,
  };
}

const open = { requiresLogin: false } as const;
/** application steps: kept alive so a half-filled form survives a detour (SH-03) */
const step = { keepAlive: true, tabBar: true } as const;
/** later issues: title + bottom navigation for now */
const later = { tabBar: true } as const;

export const ROUTES: readonly AppRoute[] = [
  route('start', () => import('../../features/auth/pages/start.tsx'), { ...open, header: false }),
  // application steps
  route('identityInfo', () => import('../../features/application/pages/identity-info.tsx'), step),
  route('baseInfo', () => import('../../features/application/pages/base-info.tsx'), step),
  route('baseInfo2', () => import('../../features/application/pages/base-info2.tsx'), step),
  route('addressInfo', () => import('../../features/application/pages/address-info.tsx'), step),
  route('contact', () => import('../../features/application/pages/contact.tsx'), step),
  route('workInfo', () => import('../../features/application/pages/work-info.tsx'), step),
  route('bankInfo', () => import('../../features/application/pages/bank-info.tsx'), step),
  route('bankName', () => import('../../features/application/pages/bank-name.tsx'), step),
  route('changeBank', () => import('../../features/lending/pages/change-bank.tsx'), later),
  // home and sub-home
  route('homeIndex', () => import('../../features/home/pages/home-index.tsx'), {
    keepAlive: true,
    tabBar: true,
  }),
  route('subIndex', () => import('../../features/lending/pages/sub-index.tsx'), later),
  // withdrawal
  route('allWithdraw', () => import('../../features/lending/pages/all-withdraw.tsx'), later),
  route('withdrawPage', () => import('../../features/lending/pages/withdraw-page.tsx'), later),
  // bills
  route('billIndex', () => import('../../features/servicing/pages/bill-index.tsx'), {
    keepAlive: true,
    tabBar: true,
  }),
  route('bill', () => import('../../features/servicing/pages/bill.tsx'), later),
  route('repaidDetail', () => import('../../features/servicing/pages/repaid-detail.tsx'), later),
  // BE-10: "I paid but it is not showing" (not in the spec's table)
  route('paymentDispute', () => import('../../features/servicing/pages/payment-dispute.tsx'), later),
  // messages
  route('triLink', () => import('../../features/messages/pages/tri-link.tsx'), later),
  route('msgCenter', () => import('../../features/messages/pages/msg-center.tsx'), later),
  route('msgDetail', () => import('../../features/messages/pages/msg-detail.tsx'), later),
  // profile
  route('my', () => import('../../features/profile/pages/my.tsx'), {
    keepAlive: true,
    tabBar: true,
  }),
  route('coupon', () => import('../../features/coupons/pages/coupon.tsx'), later),
  route('couponInvalid', () => import('../../features/coupons/pages/coupon-invalid.tsx'), later),
  route('setup', () => import('../../features/profile/pages/setup.tsx')),
  // BE-12: download my data, ask for its deletion (not in the spec's table: the NPC's rights)
  route('myData', () => import('../../features/privacy/pages/my-data.tsx')),
  // BE-11: complaints with a ticket, a promised date and the escalation path (RA 11765)
  route('complaints', () => import('../../features/complaints/pages/complaints.tsx')),
  route('aboutUs', () => import('../../features/info/pages/about-us.tsx')),
  route('privacy', () => import('../../features/info/pages/privacy.tsx'), open),
  route('conditionalTerms', () => import('../../features/info/pages/conditional-terms.tsx'), open),
  route('loan', () => import('../../features/lending/pages/loan.tsx'), later),
  // add-to-home-screen tutorials
  route('addDeskTopBrowser', () => import('../../features/install/pages/add-desktop-browser.tsx'), later),
  route('guildDetail', () => import('../../features/install/pages/guild-detail.tsx'), later),
  route('noAndroid', () => import('../../features/info/pages/no-android.tsx'), open),
  route('KSResult', () => import('../../features/info/pages/ks-result.tsx'), open),
  route('videoIndex', () => import('../../features/tutorial/pages/video-index.tsx'), later),
  // Easy Re-loan
  route('appointLoan', () => import('../../features/easy-reloan/pages/appoint-loan.tsx'), later),
  route('appointLoanList', () => import('../../features/easy-reloan/pages/appoint-loan-list.tsx'), later),
  route('bookingAgreement', () => import('../../features/easy-reloan/pages/booking-agreement.tsx'), later),
  route('test', () => import('../../features/info/pages/test.tsx'), { ...open, keepAlive: true }),
];

export const ROUTE_BY_NAME: ReadonlyMap<string, AppRoute> = new Map(ROUTES.map((r) => [r.name, r]));
export const ROUTE_BY_PATH: ReadonlyMap<string, AppRoute> = new Map(
  ROUTES.map((r) => [r.path.toLowerCase(), r]),
);

/** The route a path shows, matched as React Router matches: case-insensitive, trailing slash ignored. */
export function routeForPath(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_BY_PATH.get(path.toLowerCase());
}

/** The route-level data the shell reads through useMatches(). */
export type RouteHandle = Omit<AppRoute, 'load' | 'path' | 'firstData'>;

export const NOT_FOUND_HANDLE: RouteHandle = {
  name: 'notFound',
  requiresLogin: false,
  keepAlive: false,
  tabBar: false,
  header: true,
};

export function handleOf(route: AppRoute): RouteHandle {
  return {
    name: route.name,
    requiresLogin: route.requiresLogin,
    keepAlive: route.keepAlive,
    tabBar: route.tabBar,
    header: route.header,
  };
}

export const TAB_ROUTES = ['homeIndex', 'billIndex', 'my'] as const;
