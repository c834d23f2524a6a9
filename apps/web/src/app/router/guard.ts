import { isAndroid } from '@pisonow/domain/user-agent';

export interface GuardInput {
  routeName: string;
  requiresLogin: boolean;
  userAgent: string;
  /** token AND customer id present (isLoggedIn) */
  loggedIn: boolean;
}

/**
 * The navigation guard (SH-04, SH-06, RO-01) as a pure decision: the path to send the user to
 * instead, or null to let the navigation through. Order matters: Android first (no page works
 * there), then the logged-in landing shortcut, then the login requirement.
 */
export function guardRedirect({ routeName, requiresLogin, userAgent, loggedIn }: GuardInput): string | null {
  if (isAndroid(userAgent)) return routeName === 'noAndroid' ? null : '/noAndroid';
  if (routeName === 'start' && loggedIn) return '/homeIndex';
  if (requiresLogin && !loggedIn) return '/start';
  return null;
}

function normalize(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/**
 * SH-05 aliases: `routeAliases` maps route name → obfuscated path. Returns the real path of the
 * route whose alias is `pathname`, or null. Aliases naming no known route are ignored.
 */
export function resolveAlias(
  pathname: string,
  aliases: Record<string, string>,
  pathOfRoute: (name: string) => string | undefined,
): string | null {
  const wanted = normalize(pathname);
  for (const [name, alias] of Object.entries(aliases)) {
    if (!alias || normalize(alias) !== wanted) continue;
    const target = pathOfRoute(name);
    if (target && target !== wanted) return target;
  }
  return null;
}
