import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ENTRY_STYLESHEETS } from './splash-first-plugin.ts';

const START_PAGE = 'src/features/auth/pages/start.tsx';
/** the phone the prerendered /start is laid out for */
const PRERENDER_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** A window just big enough for the app's modules to load in node (store, i18n, scaling reads). */
function installStubWindow(): () => void {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
    clear: () => memory.clear(),
    key: () => null,
    length: 0,
  };
  const g = globalThis as Record<string, unknown>;
  const added = (['window', 'localStorage', 'document'] as const).filter((name) => !(name in g));
  const location = {
    href: 'http://localhost/start',
    pathname: '/start',
    search: '',
    hash: '',
    origin: 'http://localhost',
  };
  g.window ??= {
    localStorage: storage,
    addEventListener() {},
    removeEventListener() {},
    location,
    // the app's browser history is made when its module loads
    history: { state: null, length: 1, replaceState() {}, pushState() {}, go() {} },
  };
  g.localStorage ??= storage;
  g.document ??= {
    documentElement: { lang: 'en-US', style: {}, dataset: {} },
    defaultView: g.window,
    addEventListener() {},
    querySelector: () => null,
  };
  // Rendered as a phone sees it (the shell's layout is chosen from the user agent when its module
  // loads); main.tsx hydrates only where that holds. Node's own navigator is a getter.
  const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    value: { userAgent: PRERENDER_USER_AGENT, language: 'en-US', languages: ['en-US'], onLine: true },
  });
  // later build steps (the service worker generator) must not see a fake browser
  return () => {
    added.forEach((name) => delete g[name]);
    if (navigator) Object.defineProperty(globalThis, 'navigator', navigator);
    else delete g.navigator;
  };
}

/** The CSS and JS a route chunk needs, from the client manifest, for links in the prerendered page. */
function chunkFiles(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): { css: string[]; js: string[] } {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return { css: [], js: [] };
  seen.add(key);
  const css = [...(entry.css ?? [])];
  const js = [entry.file];
  for (const imported of entry.imports ?? []) {
    const sub = chunkFiles(manifest, imported, seen);
    css.push(...sub.css);
    js.push(...sub.js);
  }
  return { css, js };
}

/**
 * Issue 9: `/start` is prerendered at build time. After the client build, the app's prerender
 * entry is built for node (everything bundled, CSS ignored), rendered once, and written into
 * dist/start.html (plus .br/.gz copies) with the start page's CSS linked and its JS preloaded.
 * The server answers `/start` with that file; every other route keeps index.html.
 */
export function prerenderStart(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pisonow:prerender-start',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const work = mkdtempSync(path.join(tmpdir(), 'pisonow-prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'error',
          mode: 'production',
          resolve: { conditions: ['module', 'browser', 'production'] },
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: path.join(config.root, 'src/app/prerender.tsx'),
            outDir: work,
            emptyOutDir: true,
            minify: false,
            sourcemap: false,
          },
        });
        const removeStub = installStubWindow();
        const mod = (await import(pathToFileURL(path.join(work, 'prerender.js')).href)) as {
          renderStart: () => Promise<{ html: string; lang: string; title: string }>;
        };
        const { html, lang, title } = await mod.renderStart().finally(removeStub);
        const manifest = JSON.parse(
          readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
        ) as Manifest;
        const { css } = chunkFiles(manifest, START_PAGE);
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        // Everything the first paint needs is in the HTML: the page's CSS inline (the CSP allows
        // inline styles), no render-blocking stylesheet and no preloads competing with it; the
        // module script still starts at once and brings the live page.
        // the entry's stylesheets, found by the one pattern the splash plugin moves them with
        const entryCss = [...index.matchAll(ENTRY_STYLESHEETS)].map(
          (m) => /href="\/([^"]+)"/.exec(m[0])![1]!,
        );
        const inlined = [...new Set([...entryCss, ...css])];
        const styles = inlined.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
        // The app's module loader (Vite's preload helper) adds a page's stylesheets before the page
        // runs, unless a `<link rel="stylesheet">` with the same address is already in the
        // document. These say "already applied" for every file inlined above: disabled, so the
        // browser neither downloads nor applies them. Without them /start asked for its own styles
        // again as it went live, and parsed and applied them a second time (issue 9).
        const appliedMarks = inlined
          .map((file) => `<link rel="stylesheet" href="/${file}" disabled>`)
          .join('');
        const page = index
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
          .replace(ENTRY_STYLESHEETS, '')
          .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
          .replace('</head>', `  <style>${styles}</style>${appliedMarks}\n  </head>`)
          .replace(
            /<div id="root">[\s\S]*?<!-- \/boot -->\s*<\/div>/,
            `<div id="root" data-prerendered="start">${html}</div>`,
          );
        if (page === index) throw new Error('prerender: index.html has no #root to fill');
        const target = path.join(outDir, 'start.html');
        writeFileSync(target, page);
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${target}.gz`, gzipSync(page, { level: 9 }));
        config.logger.info(
          `prerendered /start → ${path.relative(config.root, target)} (${(page.length / 1024).toFixed(1)} kB)`,
        );
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
