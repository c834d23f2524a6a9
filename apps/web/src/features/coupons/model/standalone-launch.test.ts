import { afterEach, describe, expect, it, vi } from 'vitest';
import { standaloneLaunch } from './standalone-launch.ts';

/** A page whose display mode is (or is not) an installed web app's. */
const displayMode = (standalone: boolean) =>
  vi.stubGlobal('window', {
    matchMedia: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }),
  });

describe('standaloneLaunch (SH-15)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('SH-15 a browser tab without the stored flag is no standalone launch (the shell loads no report)', () => {
    displayMode(false);
    vi.stubGlobal('navigator', {});
    expect(standaloneLaunch('')).toBeNull();
    expect(standaloneLaunch(undefined)).toBeNull();
    expect(standaloneLaunch('0')).toBeNull();
    expect(standaloneLaunch('false')).toBeNull();
  });

  it('SH-15 the installed display mode, iOS navigator.standalone and the stored query flag each count', () => {
    displayMode(true);
    expect(standaloneLaunch('')).toBe('display-mode');
    displayMode(false);
    vi.stubGlobal('navigator', { standalone: true });
    expect(standaloneLaunch('')).toBe('navigator');
    vi.stubGlobal('navigator', {});
    expect(standaloneLaunch('1')).toBe('query');
  });
});
