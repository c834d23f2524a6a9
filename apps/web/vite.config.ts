import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pxtorem from 'postcss-pxtorem';

// The API runs on :8080; in dev and preview the browser talks to the same origin and Vite forwards
// /api, so cookies, CSP and CORS behave as in production (where the API serves dist/ itself).
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
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
    // Pages are lazy routes (SH-08); the entry holds React, React DOM, the router and the shell
    // (~95 kB gzip). Warn if it grows past that.
    chunkSizeWarningLimit: 320,
  },
});
