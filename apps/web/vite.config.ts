import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pxtorem from 'postcss-pxtorem';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { constants as zlib } from 'node:zlib';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prerenderStart } from './build/prerender-plugin.ts';
import { appBuildId } from './build/app-build-id.ts';
import { firstDataScriptPlugin } from './build/first-data-plugin.ts';
import { splashFirst } from './build/splash-first-plugin.ts';

/**
 * A chunk group's test for exactly these source files (paths from the repository's root). A file
 * that was moved or renamed fails the build instead of silently leaving its group.
 */
function sourceFiles(files: string[]): RegExp {
  const missing = files.filter(
    (file) => !existsSync(fileURLToPath(new URL(`../../${file}`, import.meta.url))),
  );
  if (missing.length > 0)
    throw new Error(`vite.config.ts: chunk group names missing files: ${missing.join(', ')}`);
  const escaped = files.map((file) => file.replace(/[.]/g, '\\.').replace(/\//g, '[\\\\/]'));
  return new RegExp(`[\\\\/](${escaped.join('|')})$`);
}

const appQueryFiles = sourceFiles(['apps/web/src/lib/query-scope.tsx', 'apps/web/src/lib/query-client.ts']);

// The API runs on :8080; in dev and preview the browser talks to the same origin and Vite forwards
// /api, so cookies, CSP and CORS behave as in production (where the API serves dist/ itself).
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

export default defineConfig({
  plugins: [
    react(),
    appBuildId(),
    firstDataScriptPlugin(),
    splashFirst(),
    prerenderStart(),
    // Installable app shell (issue 9): manifest, icons, a Workbox service worker that precaches the
    // built shell (HTML, JS, CSS, icons) and never touches /api: no runtime caching at all, and
    // navigations to /api/* are not answered from the shell.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/start',
        name: 'PisoNow',
        short_name: 'PisoNow',
        description: 'Small peso cash loans, paid out to your bank or e-wallet.',
        start_url: '/homeIndex?standalone=1',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f4f6f8',
        theme_color: '#0f766e',
        lang: 'en-US',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // the face detector (1.3 MB) loads only on the selfie step; it stays a network request
        globIgnores: ['**/face-detector-*.js', '**/start.html'],
        navigateFallback: '/index.html',
        // the operator console (issue 11) is another app: never answered from the borrower shell
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/console(\/|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
    // Pre-compressed copies next to every text asset; @fastify/static serves them (preCompressed).
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i,
      threshold: 512,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  css: {
    postcss: {
      plugins: [
        // SH-10: CSS is written in px for a 375-px-wide design. lib/scaling.ts sets the root font
        // size to (effective width / 10), so 37.5 design px = 1rem keeps every page proportional on
        // any phone and inside the desktop column. propList '*' also converts antd-mobile's own CSS
        // (including its --adm-* custom properties). Write `PX` (upper case) to opt a value out.
        pxtorem({ rootValue: 37.5, propList: ['*'], unitPrecision: 5, minPixelValue: 1 }),
      ],
    },
  },
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // tools/bundle-budget.mjs reads the manifest to check each route's JS against its budget
    manifest: true,
    chunkSizeWarningLimit: 320,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (React, the router, i18next, the shell) in one
            // chunk: left to itself the bundler cut it into ~25 files of 1–3 KB, each a request
            // and a module record on a slow phone (issue 9: /start 31 → 10 files, /homeIndex 47 → 26).
            // React itself apart, so the two halves download side by side
            {
              name: 'react',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // TanStack Query in one file: every signed-in page reads through it, and left alone it
            // came as seven files of 1–4 KB, each a request before the page's largest paint; the
            // app's query client and scope, which every signed-in page loads with it, join it
            {
              name: 'query',
              test: (id) => /node_modules[\\/]@tanstack[\\/]/.test(id) || appQueryFiles.test(id),
              priority: 0,
            },
            // The small modules most pages share (dates and money written for the borrower, the
            // page frame, the buttons, the fraud notice): one file instead of five of 1–2 KB. On a
            // phone's HTTP/1.1 connection (six at a time) every file is a round trip queued behind
            // the others before the page's largest paint; /start loads ~0.5 KB more for it.
            {
              name: 'app-common',
              test: sourceFiles([
                'packages/domain/src/date-format.ts',
                'apps/web/src/lib/ui/page.tsx',
                'apps/web/src/lib/ui/button.tsx',
                'apps/web/src/lib/ui/guarded-button.tsx',
                'apps/web/src/lib/ui/fraud-warning.tsx',
                'apps/web/src/lib/ui/notice.tsx',
                'packages/domain/src/money.ts',
              ]),
              priority: 0,
            },
            // What the lending pages (/allWithdraw, /loan, /subIndex, /withdrawPage) and the bill
            // share: the offer and its cost lines, the outstanding-order notice, the coupon picker
            // and rules. Seven files of 1–2 KB on /allWithdraw became this one (18 → 9 in all).
            {
              name: 'lending',
              test: sourceFiles([
                'apps/web/src/features/lending/components/outstanding-notice.tsx',
                'apps/web/src/features/lending/components/cost-table.tsx',
                'apps/web/src/features/lending/model/offer.ts',
                'apps/web/src/features/lending/model/cost-lines.ts',
                'apps/web/src/features/coupons/model/coupons.ts',
                'apps/web/src/lib/coupons.ts',
                'apps/web/src/lib/coupon-keys.ts',
                'apps/web/src/lib/ui/coupon-picker.tsx',
                'apps/web/src/lib/ui/coupon-options.ts',
              ]),
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
