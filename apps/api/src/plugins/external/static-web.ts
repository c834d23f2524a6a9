import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sendNotFound } from '../app/error-handler.ts';
import { pageFileName, routePages, type PreparedPage } from './route-preloads.ts';

/**
 * Serves the built borrower app from the same port as the API. Hashed assets (`/assets/*`) are
 * immutable for a year; index.html and other unhashed files are revalidated on every load, so a
 * deploy reaches phones on the next visit. Unknown non-API paths get index.html (client routes);
 * `/start` gets start.html, the login page prerendered at build time (issue 9).
 *
 * The build writes brotli and gzip copies of every text file (vite-plugin-compression2);
 * `preCompressed` sends the best one the browser accepts with `Content-Encoding` and
 * `Vary: Accept-Encoding`, so no CPU is spent compressing per request.
 */
export default fp(
  async (app) => {
    const root = app.config.WEB_DIST;
    const indexFile = path.join(root, 'index.html');
    const hasWeb = existsSync(indexFile);
    if (!hasWeb) app.log.warn({ root }, 'web app not built (npm run build); serving the API only');
    else {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // The build's name (apps/web/build/app-build-id.ts) on every API answer: an app started from an
    // older service-worker precache sees it differ and moves to this build at its next page change.
    const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
    const appBuild = /<meta\s+name="app-build"\s+content="([0-9a-f]+)"/.exec(indexHtml)?.[1];
    if (appBuild)
      // a callback hook, not an async one: it runs on every API request (issue 8: no promise each)
      app.addHook('onRequest', (request, reply, done) => {
        if (request.url.startsWith('/api/')) reply.header('x-app-build', appBuild);
        done();
      });

    const startPage = hasWeb && existsSync(path.join(root, 'start.html')) ? 'start.html' : 'index.html';
    // each page route's index.html with its own modules preloaded (issue 9; route-preloads.ts)
    const manifestFile = path.join(root, '.vite/manifest.json');
    const pages: Map<string, PreparedPage> =
      hasWeb && existsSync(manifestFile)
        ? routePages(indexHtml, JSON.parse(readFileSync(manifestFile, 'utf8')))
        : new Map();

    // The operator console (issue 11): a separate bundle under /console (apps/console/dist), never
    // part of the borrower app's files or its service worker. Same CSP; its own client routes.
    const consoleRoot = app.config.CONSOLE_DIST;
    const consoleIndexFile = path.join(consoleRoot, 'index.html');
    const consoleIndex = existsSync(consoleIndexFile) ? readFileSync(consoleIndexFile) : null;
    if (!consoleIndex)
      app.log.warn({ root: consoleRoot }, 'console not built (npm run build); /console is not served');
    else {
      await app.register(fastifyStatic, {
        root: consoleRoot,
        prefix: '/console/',
        decorateReply: false,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // `/console` and `/console/` (trailing slashes are ignored): the console's page
      app.get('/console', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(consoleIndex),
      );
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (
        url.startsWith('/api/') ||
        url === '/api' ||
        (!hasWeb && !url.startsWith('/console/')) ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return sendNotFound(request, reply);
      }
      // A file-like path that does not exist (a stale hashed asset) is a real 404, not the app.
      if (/\.[a-z0-9]{2,5}$/i.test(url)) return sendNotFound(request, reply);
      if (url.startsWith('/console/')) {
        if (!consoleIndex) return sendNotFound(request, reply);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(consoleIndex);
      }
      const page = url.toLowerCase() === '/start' ? startPage : 'index.html';
      const prepared = page === 'index.html' ? pages.get(pageFileName(url)) : undefined;
      if (prepared) {
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
        reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Encoding')
          .type('text/html; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding ? prepared[encoding] : prepared.identity);
      }
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  },
  { name: 'static-web', dependencies: ['error-handler'] },
);
