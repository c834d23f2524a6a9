import type { Plugin } from 'vite';

/** The entry's stylesheet links as Vite writes them into index.html (the prerender removes them too). */
export const ENTRY_STYLESHEETS = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * Issue 9, the first paint of a signed-in page: index.html shows only the splash, which its inline
 * `<style>` draws completely, yet the entry's stylesheet in `<head>` held that paint until it had
 * downloaded. On a busy phone the paint then came after the big scripts had arrived too, and
 * Lighthouse's simulation counted all of them before the first paint (FCP ~1.1 s or ~2.2 s from one
 * run to the next). Here the entry's stylesheets move to the end of `<body>`: content before them
 * paints at once, and a stylesheet the parser met still blocks the (deferred) module scripts, so
 * React never draws the app before its styles are in. The prerendered start.html inlines the same
 * styles instead (prerender-plugin.ts finds and removes these links wherever they are).
 */
export function moveEntryStylesAfterSplash(html: string): string {
  const links = html.match(ENTRY_STYLESHEETS)?.map((link) => link.trim()) ?? [];
  if (links.length === 0) return html;
  const moved = html.replace(ENTRY_STYLESHEETS, '');
  if (!moved.includes('</body>')) throw new Error('splash-first: index.html has no </body>');
  return moved.replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
}

export function splashFirst(): Plugin {
  return {
    name: 'pisonow:splash-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: moveEntryStylesAfterSplash },
  };
}
