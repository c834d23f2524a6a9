import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The parts of Vite's build manifest (`dist/.vite/manifest.json`) read here. */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

/** `/homeIndex` → `home-index`, `/KSResult` → `ks-result`: the page file's name for a route. */
export function pageFileName(pathname: string): string {
  return pathname
    .replace(/^\//, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** The English namespaces not in the entry, one chunk (apps/web/src/lib/i18n/bundles). */
export const ENGLISH_CATALOGUE = 'src/lib/i18n/bundles/en-US.ts';
/**
 * What the web's router loads beside every page but /start before it draws (router.tsx): the rest
 * of English (the fallback) and the TanStack Query scope. Preloaded with the page, they are fetched
 * beside the entry instead of after it has run.
 */
export const SIGNED_IN_MODULES = [ENGLISH_CATALOGUE, 'src/lib/query-scope.tsx'];

/**
 * Issue 9, a cold start on a slow phone: index.html names only the entry's modules, so a page's own
 * code is asked for after the entry has downloaded and run (one more round trip before the page
 * can draw). For each page (`src/features/<feature>/pages/<name>.tsx`, named after its route) this
 * gives the extra `<link>`s that let the browser fetch the page's modules and styles beside the
 * entry. Keys are lower-case route paths; a page whose file name two features share is left out.
 */
export function routePreloadTags(manifest: ViteManifest): Map<string, string> {
  const entry = manifest['index.html'];
  const inEntry = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  if (entry) closure('index.html', inEntry);

  const pages = new Map<string, string | null>();
  for (const key of Object.keys(manifest)) {
    const name = /\/pages\/([^/]+)\.tsx$/.exec(key)?.[1];
    if (name) pages.set(name, pages.has(name) ? null : key);
  }

  const tags = new Map<string, string>();
  for (const [name, key] of pages) {
    if (!key) continue;
    const chunks = new Set<string>();
    closure(key, chunks);
    if (name !== 'start') for (const module of SIGNED_IN_MODULES) closure(module, chunks);
    const links: string[] = [];
    for (const chunkKey of chunks) {
      if (inEntry.has(chunkKey)) continue;
      const chunk = manifest[chunkKey]!;
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? [])
        links.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
    if (links.length) tags.set(name, links.join(''));
  }
  return tags;
}

export interface PreparedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * index.html for each page route, with its preloads before `</head>`, compressed once at start-up
 * (the file on disk has pre-compressed copies; these are made here because they differ per route).
 */
export function routePages(indexHtml: string, manifest: ViteManifest): Map<string, PreparedPage> {
  const pages = new Map<string, PreparedPage>();
  for (const [name, links] of routePreloadTags(manifest)) {
    const html = Buffer.from(indexHtml.replace('</head>', `${links}</head>`));
    pages.set(name, { identity: html, br: brotliCompressSync(html), gzip: gzipSync(html) });
  }
  return pages;
}
