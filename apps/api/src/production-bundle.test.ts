import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { buildServer } from '../build.ts';
import { startTestServer, type ServerProcess, type TestServer } from './test/server-process.ts';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const photo = (name: string) => readFile(path.join(apiRoot, 'src/test/fixtures/photos', name));

/**
 * The production build (apps/api/build.ts) as `npm start` runs it: the server and the image worker
 * bundled by esbuild. What a bundle can break, each exercised through the real process: files found
 * beside a source module (the migrations, the address directory, the fonts, the face model), the
 * chunks loaded on first use (the PDF writer) and the worker thread's own bundle.
 */
describe('production bundle (dist/server.mjs)', () => {
  let outDir = '';
  let server: ServerProcess;
  let running: TestServer | undefined;

  beforeAll(async () => {
    // inside apps/api, like dist/, so the bundle finds node_modules the same way
    outDir = await mkdtemp(path.join(apiRoot, 'dist-test-'));
    running = await startTestServer(await buildServer({ outDir }), 'bundle', { LOG_LEVEL: 'warn' });
    server = running.server;
  }, 180_000);
  afterAll(async () => {
    await running?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('is two entries and their chunks; the PDF writer, the S3 client and the sample sanctions list are chunks of their own', async () => {
    const files = (await readdir(outDir)).filter((f) => f.endsWith('.mjs'));
    expect(files).toEqual(expect.arrayContaining(['server.mjs', 'image-worker.mjs']));
    for (const lazy of ['render-pdf-', 's3-storage-', 'seed-sandbox-list-'])
      expect(files.some((f) => f.startsWith(lazy))).toBe(true);
    // what the server loads at start: its entry and every chunk that imports statically, followed
    // through (a static `import … from` or `import "…"`, minified or not; import() is left for later)
    const loaded = new Set<string>();
    const packages = new Set<string>();
    const follow = async (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const text = await readFile(path.join(outDir, file), 'utf8');
      for (const [, specifier] of text.matchAll(
        /(?:^|[;\n])\s*import\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+)["']/g,
      )) {
        if (specifier!.startsWith('./')) await follow(specifier!.slice(2));
        else packages.add(specifier!);
      }
    };
    await follow('server.mjs');
    expect(packages).toContain('piscina'); // the check sees externals at all
    for (const pkg of ['pdf-lib', 'fontkit', '@aws-sdk/client-s3', 'fast-xml-parser', 'sharp'])
      expect([...packages], pkg).not.toContain(pkg);
  });

  it('is ASCII only: V8 keeps every module source in the heap, at two bytes a character if one is not', async () => {
    for (const file of (await readdir(outDir)).filter((f) => f.endsWith('.mjs'))) {
      const text = await readFile(path.join(outDir, file), 'utf8');
      const wide = /[^\p{ASCII}]/u.exec(text);
      expect(wide && text.slice(Math.max(0, wide.index - 60), wide.index + 20), file).toBeNull();
    }
  });

  it('migrates and is ready; a borrower signs in, gets their data as a PDF, and the face check runs in the worker', async () => {
    const base = server.base;
    const ready = await fetch(`${base}/api/health/ready`);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { migrations: 'ok' } });

    const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await post('/api/auth/login-code', { phone })).status).toBe(200);
    const outbox = (await (await fetch(`${base}/api/sandbox/outbox?phone=${phone}`)).json()) as {
      messages: { body: string }[];
    };
    const code = /(\d{4})/.exec(outbox.messages[0]!.body.replace(/\[.*?\]/, ''))![1]!;
    const login = await post('/api/auth/login', {
      phone,
      code,
      privacyAccepted: true,
      privacyPolicyVersion: '2026-11-01',
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    // the address directory is read from the package beside the source module
    const provinces = await fetch(`${base}/api/addresses/provinces`, { headers: auth });
    expect(provinces.status).toBe(200);
    expect(((await provinces.json()) as { provinces: unknown[] }).provinces.length).toBeGreaterThan(80);

    const pdf = await fetch(`${base}/api/me/data?format=pdf`, { headers: auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))).getPageCount()).toBeGreaterThan(
      0,
    );

    const upload = async (kind: 'selfie' | 'idCard', file: string) => {
      const grant = await post('/api/photos/upload-grants', { kind }, auth);
      expect(grant.status).toBe(201);
      const { uploadUrl } = (await grant.json()) as { uploadUrl: string };
      const res = await fetch(base + uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(await photo(file)),
      });
      return { status: res.status, body: (await res.json()) as { code?: string } };
    };
    expect((await upload('selfie', 'selfie-one-face.jpg')).status).toBe(201);
    // refused for the right reason: the model ran and found no face
    expect(await upload('selfie', 'selfie-no-face.jpg')).toMatchObject({
      status: 422,
      body: { code: 'FACE_FAILED' },
    });
  }, 120_000);
});
