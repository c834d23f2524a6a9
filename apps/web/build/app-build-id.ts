import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Names the build in its HTML: `<meta name="app-build" content="…">`, a hash of every emitted
 * script and style file name (each carries its content hash, so any change to the app changes it).
 * The server reads it from the index.html it serves and sends it with every API answer
 * (`X-App-Build`); an app the service worker started from an older precache sees the difference and
 * moves to the new build at its next page change (lib/stale-app.ts). The app no longer re-validates
 * answers with zod (lib/api/client.ts), so old code must not keep reading a newer server's answers.
 * start.html is prerendered from the built index.html and carries the same tag.
 */
export function appBuildId(): Plugin {
  return {
    name: 'pisonow-app-build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {})
          .filter((file) => /\.(js|css)$/.test(file))
          .sort();
        const id = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
        return [{ tag: 'meta', attrs: { name: 'app-build', content: id }, injectTo: 'head' }];
      },
    },
  };
}
