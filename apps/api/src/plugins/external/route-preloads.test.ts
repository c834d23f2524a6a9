import { describe, expect, it } from 'vitest';
import { ENGLISH_CATALOGUE, pageFileName, routePreloadTags } from './route-preloads.ts';

describe('route preloads (issue 9)', () => {
  it("a route's page file is its path in kebab case", () => {
    expect(pageFileName('/homeIndex')).toBe('home-index');
    expect(pageFileName('/allWithdraw')).toBe('all-withdraw');
    expect(pageFileName('/KSResult')).toBe('ks-result');
    expect(pageFileName('/baseInfo2')).toBe('base-info2');
    expect(pageFileName('/my')).toBe('my');
  });

  it('a page name two features share gets no preloads (it could be either)', () => {
    const tags = routePreloadTags({
      'index.html': { file: 'assets/index.js' },
      'src/features/a/pages/list.tsx': { file: 'assets/list-a.js' },
      'src/features/b/pages/list.tsx': { file: 'assets/list-b.js' },
      'src/features/c/pages/bill.tsx': { file: 'assets/bill.js' },
    });
    expect(tags.has('list')).toBe(false);
    expect(tags.get('bill')).toBe('<link rel="modulepreload" crossorigin href="/assets/bill.js">');
  });

  it('every page but the login page also preloads the English catalogue and query scope it waits for', () => {
    const tags = routePreloadTags({
      'index.html': { file: 'assets/index.js' },
      [ENGLISH_CATALOGUE]: { file: 'assets/en-US.js' },
      'src/lib/query-scope.tsx': { file: 'assets/query-scope.js', imports: ['_query.js'] },
      '_query.js': { file: 'assets/query.js' },
      'src/features/auth/pages/start.tsx': { file: 'assets/start.js' },
      'src/features/c/pages/bill.tsx': { file: 'assets/bill.js' },
    });
    expect(tags.get('bill')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/bill.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/en-US.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/query-scope.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/query.js">',
    );
    expect(tags.get('start')).toBe('<link rel="modulepreload" crossorigin href="/assets/start.js">');
  });
});
