import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>x</title><meta name="app-build" content="0123456789abcdef"></head><body><div id="root"></div></body></html>';
let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  writeFileSync(
    path.join(dist, 'start.html'),
    '<!doctype html><div id="root" data-prerendered="start"></div>',
  );
  // what vite-plugin-compression2 writes next to every text asset
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  // the Vite manifest: the entry and one page (issue 9: each page's modules preloaded from its HTML)
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', src: 'index.html', imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_money-2.js': { file: 'assets/money-2.js', imports: ['_react-1.js'] },
      'src/features/home/pages/home-index.tsx': {
        file: 'assets/home-index-3.js',
        src: 'src/features/home/pages/home-index.tsx',
        imports: ['_react-1.js', '_money-2.js'],
        css: ['assets/home-index-3.css'],
      },
    }),
  );
  t = await createTestApp({
    WEB_DIST: dist,
    COMPANY_NAME: 'Test Lending Corp.',
    COMPANY_SEC_REG_NO: 'CS201912345',
    COMPANY_CA_NO: '3099',
    ROUTE_ALIASES: '{"start":"/s9x"}',
  });
});
afterAll(async () => t?.close());

describe('platform: health, public config, OpenAPI, security headers, web serving', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('BE-07 SH-05 public config carries the company line (SEC MC 19) and route aliases', async () => {
    const res = await t.app.inject('/api/config/public');
    expect(res.json()).toMatchObject({
      company: {
        name: 'Test Lending Corp.',
        secRegistrationNo: 'CS201912345',
        certificateOfAuthorityNo: '3099',
      },
      routeAliases: { start: '/s9x' },
      sandbox: true,
      otp: { length: 4 },
    });
  });

  it('OpenAPI document at /api/openapi.json lists the login routes; docs page at /api/docs', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login-code',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/me',
        '/api/health',
      ]),
    );
    expect(
      doc.paths['/api/auth/login-code'].post.requestBody.content['application/json'].schema.properties.phone,
    ).toBeTruthy();
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('a strict CSP and security headers on every answer; API answers are not cached', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('issue 9: every API answer names the web build being served (X-App-Build), so an app started from an older precache can move to it', async () => {
    for (const url of ['/api/health', '/api/config/public', '/api/no-such-route'])
      expect((await t.app.inject(url)).headers['x-app-build']).toBe('0123456789abcdef');
    // not on the app's own files: the build is in their HTML
    expect((await t.app.inject('/assets/index-Ab12Cd34.js')).headers['x-app-build']).toBeUndefined();
  });

  it('hashed assets are immutable; index.html and other files are revalidated', async () => {
    const asset = await t.app.inject('/assets/index-Ab12Cd34.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.inject('/manifest.webmanifest');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('issue 9: pre-compressed brotli / gzip copies are served with Content-Encoding and Vary', async () => {
    const br = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const page = await t.app.inject({ url: '/homeIndex', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toContain('text/html');
  });

  it("issue 9: a page's HTML preloads its own modules and styles (not the entry's), compressed", async () => {
    const br = await t.app.inject({ url: '/homeIndex?x=1', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-index-3.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/money-2.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-index-3.css">');
    expect(html).not.toContain('react-1.js'); // the entry's own: index.html already names it
    expect(html.indexOf('home-index-3.js')).toBeLessThan(html.indexOf('</head>'));
    const plain = await t.app.inject({ url: '/homeIndex', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    // a route without a page of that name in the manifest: the plain index.html
    const other = await t.app.inject({ url: '/allWithdraw', headers: { 'accept-encoding': 'identity' } });
    expect(other.body).toBe(INDEX_HTML);
  });

  it('issue 9: /start answers with the page prerendered at build time', async () => {
    const res = await t.app.inject('/start');
    expect(res.body).toContain('data-prerendered="start"');
    expect((await t.app.inject('/homeIndex')).body).not.toContain('data-prerendered');
  });

  it('client routes get index.html (no-cache); a missing asset and unknown API paths are 404', async () => {
    for (const url of ['/', '/start', '/homeIndex?campaign=x', '/s9x']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="root"');
    }
    expect((await t.app.inject('/assets/old-123.js')).statusCode).toBe(404);
    expect((await t.app.inject('/api/missing')).json().code).toBe('NOT_FOUND');
  });

  it('SANDBOX=0 removes every sandbox route', async () => {
    const off = await createTestApp({ SANDBOX: '0' });
    try {
      const res = await off.app.inject('/api/sandbox/outbox?phone=9171234567');
      expect(res.statusCode).toBe(404);
      expect((await off.app.inject('/api/config/public')).json().sandbox).toBe(false);
    } finally {
      await off.close();
    }
  });
});
