import { describe, expect, it } from 'vitest';
import { guardRedirect, resolveAlias } from './guard.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const go = (routeName: string, requiresLogin: boolean, loggedIn: boolean, userAgent = IPHONE) =>
  guardRedirect({ routeName, requiresLogin, loggedIn, userAgent });

describe('navigation guard', () => {
  it('SH-04 any Android user agent goes to /noAndroid, whatever the route or session', () => {
    expect(go('start', false, false, ANDROID)).toBe('/noAndroid');
    expect(go('homeIndex', true, true, ANDROID)).toBe('/noAndroid');
    expect(go('privacy', false, false, ANDROID)).toBe('/noAndroid');
    expect(go('noAndroid', false, false, ANDROID)).toBeNull();
  });

  it('SH-06 a logged-in user opening /start goes to /homeIndex', () => {
    expect(go('start', false, true)).toBe('/homeIndex');
    expect(go('start', false, true, DESKTOP)).toBe('/homeIndex');
  });

  it('SH-06 RO-01 a login route without token and customer id goes to /start', () => {
    expect(go('homeIndex', true, false)).toBe('/start');
    expect(go('my', true, false, DESKTOP)).toBe('/start');
  });

  it('RO-01 visitors may open the no-check routes; borrowers every route', () => {
    for (const name of ['start', 'privacy', 'conditionalTerms', 'noAndroid', 'KSResult', 'test']) {
      expect(go(name, false, false)).toBeNull();
    }
    expect(go('homeIndex', true, true)).toBeNull();
    expect(go('privacy', false, true)).toBeNull();
  });
});

describe('route aliases', () => {
  const pathOf = (name: string) =>
    ['start', 'homeIndex', 'privacy'].includes(name) ? `/${name}` : undefined;

  it('SH-05 an alias path from configuration resolves to its route', () => {
    const aliases = { homeIndex: '/h9x2', privacy: 'pv-77/' };
    expect(resolveAlias('/h9x2', aliases, pathOf)).toBe('/homeIndex');
    expect(resolveAlias('/h9x2/', aliases, pathOf)).toBe('/homeIndex');
    expect(resolveAlias('/pv-77', aliases, pathOf)).toBe('/privacy');
  });

  it('SH-05 unknown paths and aliases of unknown routes resolve to nothing', () => {
    expect(resolveAlias('/nope', { homeIndex: '/h9x2' }, pathOf)).toBeNull();
    expect(resolveAlias('/zz', { ghost: '/zz' }, pathOf)).toBeNull();
    expect(resolveAlias('/h9x2', {}, pathOf)).toBeNull();
  });
});
