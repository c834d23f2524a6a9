import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from '../lib/i18n/index.ts';
import StartPage from '../features/auth/pages/start.tsx';
import { AppProvider } from './provider.tsx';

/**
 * Build-time render of `/start` (issue 9): the markup goes into dist/start.html so the login page
 * paints before any JavaScript runs; the app then renders over it (same markup, no shift). Runs in
 * node from build/prerender-plugin.ts with a stub window; the language is the default (English).
 */
export async function renderStart(): Promise<{ html: string; lang: string; title: string }> {
  await initI18n();
  const html = renderToString(
    <AppProvider>
      <MemoryRouter initialEntries={['/start']}>
        <StartPage />
      </MemoryRouter>
    </AppProvider>,
  );
  return { html, lang: i18n.language, title: i18n.t('routes:start') };
}
