import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';

// The operator console (issue 11): its own bundle under /console, served by the API like the
// borrower app (plugins/external/static-web.ts). Borrowers never download any of it.
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

export default defineConfig({
  base: '/console/',
  plugins: [
    react(),
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/i,
      threshold: 512,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  server: { host: '127.0.0.1', port: 5174, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4174, proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
