import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { memoryStorage } from '../../lib/test-storage.ts';
import type * as RouterModuleType from './router.tsx';

type RouterModule = typeof RouterModuleType;

// router.tsx makes the app's browser history when it loads: a window that has one, before import
const testWindow = {
  localStorage: memoryStorage(),
  location: {
    href: 'http://app.test/start',
    origin: 'http://app.test',
    pathname: '/start',
    search: '',
    hash: '',
  },
  history: { state: null, length: 1, pushState: vi.fn(), replaceState: vi.fn(), go: vi.fn() },
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
};
vi.stubGlobal('window', testWindow);
vi.stubGlobal('document', { defaultView: testWindow, querySelector: () => null });

const StartPage: ComponentType = () => null;
let startLoad: ReturnType<typeof vi.fn<() => Promise<{ default: ComponentType }>>>;
let router: RouterModule;

/** The route table with one route (the landing page: no query scope, no catalogues to load). */
function mockRoutes() {
  vi.doMock('./routes.ts', () => {
    const start = {
      name: 'start',
      path: '/start',
      requiresLogin: false,
      keepAlive: false,
      tabBar: false,
      header: false,
      firstData: [],
      load: () => startLoad(),
    };
    const byPath = new Map([['/start', start]]);
    return {
      ROUTES: [start],
      ROUTE_BY_NAME: new Map([['start', start]]),
      ROUTE_BY_PATH: byPath,
      routeForPath: (p: string) => byPath.get(p.toLowerCase()),
    };
  });
}

const typeOf = (route: Parameters<typeof router.pageElement>[0]) => router.pageElement(route)?.type;

describe('the first page is drawn at once, its component type kept (issue 9)', () => {
  beforeEach(async () => {
    vi.resetModules();
    startLoad = vi.fn(async () => ({ default: StartPage }));
    mockRoutes();
    router = await import('./router.tsx');
  });

  it('loaded before the first render: the page itself, and the same type at every later render', async () => {
    const { ROUTE_BY_NAME } = await import('./routes.ts');
    const start = ROUTE_BY_NAME.get('start')!;
    await router.loadFirstPage('/start', '');
    expect(startLoad).toHaveBeenCalledTimes(1);
    expect(typeOf(start)).toBe(StartPage);
    expect(typeOf(start)).toBe(StartPage);
  });

  it('SH-03 rendered before it loaded: the lazy wrapper, kept after the load (a new type would remount a kept-alive page)', async () => {
    const { ROUTE_BY_NAME } = await import('./routes.ts');
    const start = ROUTE_BY_NAME.get('start')!;
    const first = typeOf(start);
    expect(first).not.toBe(StartPage);
    await router.loadFirstPage('/start', '');
    expect(typeOf(start)).toBe(first);
  });

  it('SH-05 a redirect is followed: `/` loads the landing page it leads to', async () => {
    await router.loadFirstPage('/', '?utm=x');
    expect(startLoad).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again, by a fresh lazy wrapper (React.lazy keeps a rejection for good)', async () => {
    const { ROUTE_BY_NAME } = await import('./routes.ts');
    const start = ROUTE_BY_NAME.get('start')!;
    startLoad.mockRejectedValueOnce(new Error('offline'));
    const failed = typeOf(start);
    await router.loadFirstPage('/start', ''); // fails; swallowed (RouteError shows at the render)
    await Promise.resolve();
    const again = typeOf(start);
    expect(again).not.toBe(failed);
    await router.loadFirstPage('/start', '');
    expect(startLoad).toHaveBeenCalledTimes(2);
  });
});
