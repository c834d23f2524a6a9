import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from '../lib/i18n/index.ts';
import { AppRoutes } from './app.tsx';
import { AppProvider } from './provider.tsx';

/**
 * Build-time render of `/start` (issue 9): the markup goes into dist/start.html so the login page
 * paints before any JavaScript runs. It is the app's own tree (AppRoutes: shell, first-page
 * Suspense, the page), rendered as a first visitor on a phone sees it, so main.tsx can hydrate it:
 * React adopts the painted elements instead of drawing new ones (which Chrome counted as a later
 * Largest Contentful Paint). `prerender` waits for the lazy page, as the browser's first render
 * does. Runs in node from build/prerender-plugin.ts with a stub window; the language is English.
 */
export async function renderStart(): Promise<{ html: string; lang: string; title: string }> {
  await initI18n();
  const { prelude } = await prerender(
    <AppProvider>
      <MemoryRouter initialEntries={['/start']}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  const html = await new Response(prelude).text();
  return { html, lang: i18n.language, title: i18n.t('routes:start') };
}
