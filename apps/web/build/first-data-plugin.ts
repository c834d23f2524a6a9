import type { Plugin } from 'vite';
import { firstDataScript } from '../src/app/router/first-data-script.ts';

/** where the built app serves the first-data script */
export const FIRST_DATA_SCRIPT = 'first-data.js';

/**
 * Issue 9: writes the first-data script (src/app/router/first-data-script.ts) next to index.html
 * and names it in the HTML's head, `async`, before the app's modules: it asks for the page's first
 * data while they are still downloading. Its own file, not inline: the CSP allows scripts from our
 * origin only. Not hashed in its name, so the server has it revalidated (static-web.ts) and the
 * service worker precaches it with the shell. The build only: the dev server's app asks itself.
 */
export function firstDataScriptPlugin(): Plugin {
  return {
    name: 'pisonow-first-data-script',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FIRST_DATA_SCRIPT, source: firstDataScript() });
    },
    transformIndexHtml: {
      order: 'pre',
      handler() {
        return [
          {
            tag: 'script',
            // async: it never holds the page up; high: Chromium fetches async scripts last otherwise
            attrs: { src: `/${FIRST_DATA_SCRIPT}`, async: true, fetchpriority: 'high' },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
