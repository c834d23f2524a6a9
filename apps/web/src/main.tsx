import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { layoutFor } from '@pisonow/domain/user-agent';
import 'antd-mobile/es/global';
import './styles/global.css';
import { installScaling } from './lib/scaling.ts';
import { currentLocale, DEFAULT_LOCALE, initI18n } from './lib/i18n/index.ts';
import { coCoreStore, isLoggedIn } from './lib/store/index.ts';
import { App } from './app/app.tsx';
import { startFirstData } from './app/router/first-data.ts';
import { captureFrom, loadFirstPage, redirectFor } from './app/router/router.tsx';

// Scaling first: the root font size must be right before anything is laid out (SH-10).
installScaling();
startFirstData(location.pathname);
// SH-07: the landing parameters are kept at once, not at the first render (which now waits for the
// first page): a borrower who moves on before it still has them (the shell captures every
// navigation's too)
captureFrom(location.search);
await initI18n();

/** The app's first render, once the page it starts on is loaded. */
function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // `/start` arrives prerendered (dist/start.html, issue 9). Where this visit sees what the build
  // rendered (a phone, English, signed out), React adopts that markup instead of drawing the page
  // again; anywhere else it renders afresh over it, as it does over index.html's splash.
  if (
    root.dataset.prerendered === 'start' &&
    location.pathname === '/start' &&
    layoutFor(navigator.userAgent) === 'mobile' &&
    // the shell sends some phones elsewhere first (Android to /noAndroid): no page to adopt then
    redirectFor(location.pathname, location.search) === null &&
    currentLocale() === DEFAULT_LOCALE &&
    !isLoggedIn(coCoreStore.getState())
  ) {
    // As a transition, React hydrates in slices of a few milliseconds between which the browser
    // answers taps and paints; otherwise the whole page is one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(root, app, {
        // a difference React had to repair by rendering afresh: harmless for the borrower, but the
        // prerender and the first render have drifted apart (the browser suite fails on it)
        onRecoverableError: (error) =>
          console.error('hydration of /start fell back to a fresh render', error),
      });
    });
  } else {
    // the first render in slices too (the splash stays on screen until the page is complete)
    startTransition(() => createRoot(root).render(app));
  }
  // antd-mobile's React 19 adapter serves only its imperative calls (Toast.show, Dialog.alert),
  // none of which can happen before the first tap: it loads after the first render, not with it
  // (issue 9).
  void import('./lib/antd-react19.ts');
}

// The first page drawn at once, not revealed after a suspension (router.tsx loadFirstPage). Not a
// top-level await: the page's modules share chunks with this entry, and a dynamic import of a
// module whose chunk is still evaluating (this one, waiting) would never settle.
void loadFirstPage(location.pathname, location.search).then(render);
