import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.ts';
import { askFirstData, firstDataConfig, firstDataScript, type FirstDataWindow } from './first-data-script.ts';
import { FIRST_DATA_GLOBAL, takePageEarlyAnswer, type PageEarlyAnswer } from '../../lib/api/page-early.ts';

/** A page as the script sees it: the path, storage, and a fetch that records what was asked. */
function page(pathname: string, storage: Record<string, string> = {}, onLine = true) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const w: FirstDataWindow = {
    location: { pathname },
    navigator: { onLine },
    localStorage: {
      getItem: (key: string) => {
        if (key === 'broken') throw new Error('blocked');
        return storage[key] ?? null;
      },
    },
    fetch: (async (url: string, init: RequestInit) => {
      asked.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ url }), { status: 200, headers: { 'X-App-Build': 'b1' } });
    }) as typeof fetch,
    Date,
  };
  return { w, asked, answers: () => w[FIRST_DATA_GLOBAL] as Record<string, PageEarlyAnswer> | undefined };
}
const session = (token: string) => JSON.stringify({ state: { publicData: { token } }, version: 1 });

describe('the first-data script (issue 9: a cold start asks before the app has arrived)', () => {
  it("asks a signed-in borrower's page data and the public configuration, with the session and stored language", async () => {
    const { w, asked, answers } = page('/homeIndex', { coCore: session('tok-1'), language: 'fil' });
    askFirstData(w, firstDataConfig());
    expect(asked).toEqual([
      { url: '/api/config/public', headers: { Accept: 'application/json', 'Accept-Language': 'fil' } },
      {
        url: '/api/home',
        headers: { Accept: 'application/json', 'Accept-Language': 'fil', Authorization: 'Bearer tok-1' },
      },
    ]);
    const home = answers()!['/api/home']!;
    expect(home).toMatchObject({ token: 'tok-1', language: 'fil' });
    expect(await home.answer).toEqual({
      status: 200,
      text: JSON.stringify({ url: '/api/home' }),
      retryAfter: null,
      build: 'b1',
    });
    expect(answers()!['/api/config/public']).toMatchObject({ token: '', language: 'fil' });
  });

  it('signed out, on a page without first data, or with an unknown stored language: the public read only, in the default language', () => {
    for (const [path, storage] of [
      ['/homeIndex', {}],
      ['/start', { coCore: session('tok-1') }],
      ['/homeIndex', { coCore: 'not json', language: 'xx' }],
      ['/homeIndex', { coCore: JSON.stringify({ state: { publicData: { token: 42 } } }) }],
    ] as const) {
      const { w, asked } = page(path, storage);
      askFirstData(w, firstDataConfig());
      expect(asked.map((a) => [a.url, a.headers['Accept-Language'], a.headers.Authorization])).toEqual([
        ['/api/config/public', 'en-US', undefined],
      ]);
    }
  });

  it('asks nothing when the app has started asking itself (its code came first, from the cache)', () => {
    const { w, asked } = page('/homeIndex', { coCore: session('tok-1') });
    w[FIRST_DATA_GLOBAL] = {};
    askFirstData(w, firstDataConfig());
    expect(asked).toEqual([]);
  });

  it('asks nothing offline, and blocked storage never throws', () => {
    const offline = page('/homeIndex', { coCore: session('tok-1') }, false);
    askFirstData(offline.w, firstDataConfig());
    expect(offline.asked).toEqual([]);
    const blocked = page('/homeIndex');
    expect(() => askFirstData(blocked.w, { ...firstDataConfig(), storeKey: 'broken' })).not.toThrow();
    expect(blocked.asked.map((a) => a.url)).toEqual(['/api/config/public']);
  });

  it('runs as its own source text in a page of its own (what the browser gets from /first-data.js)', async () => {
    const { w, asked, answers } = page('/allWithdraw', { coCore: session('tok-9') });
    runInNewContext(firstDataScript(), { window: w });
    expect(asked.map((a) => a.url)).toEqual(['/api/config/public', '/api/loans/offer']);
    expect(answers()!['/api/loans/offer']!.token).toBe('tok-9');
    // and the app takes it over from the page, once
    (globalThis as Record<string, unknown>)[FIRST_DATA_GLOBAL] = answers();
    try {
      expect(takePageEarlyAnswer('/api/loans/offer')?.token).toBe('tok-9');
      expect(takePageEarlyAnswer('/api/loans/offer')).toBeUndefined();
    } finally {
      delete (globalThis as Record<string, unknown>)[FIRST_DATA_GLOBAL];
    }
  });

  it("asks exactly the route table's first data for each page", () => {
    const { byPath } = firstDataConfig();
    const fromTable = Object.fromEntries(
      ROUTES.filter((r) => r.firstData.length).map((r) => [r.path, r.firstData]),
    );
    expect(byPath).toEqual(fromTable);
    // the path is matched as the router matches it (SH-05: case-insensitive, a trailing slash ignored)
    for (const path of ['/homeindex', '/homeIndex/', '/HOMEINDEX//']) {
      const { w, asked } = page(path, { coCore: session('tok-1') });
      askFirstData(w, firstDataConfig());
      expect(asked.map((a) => a.url)).toEqual(['/api/config/public', '/api/home']);
    }
    expect(Object.keys(byPath)).toEqual(expect.arrayContaining(['/homeIndex', '/my', '/allWithdraw']));
  });
});
