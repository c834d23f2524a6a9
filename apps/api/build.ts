// The production build of the server: `dist/server.mjs` and `dist/image-worker.mjs`, each one
// ES module bundled by esbuild from the TypeScript sources (`npm run build -w @pisonow/api`).
//
// Why a bundle, when Node 24 runs the sources directly: loading the sources as ~1,200 separate ES
// modules (drizzle-orm alone is ~200 files joined by `export *`) makes V8 allocate ~150 MB while it
// links them. The garbage goes, but the heap it grew stays mapped: the server idled at ~235 MB of
// RSS from the sources and ~200 MB from the bundle, and serves more requests a second (measured
// with `npm run soak:memory`; see bench/soak-memory.md). It also loads no TypeScript stripper.
//
// Paths: modules that find files beside themselves (`new URL('./migrations', import.meta.url)`,
// `createRequire(import.meta.url)`) keep doing so, because every `import.meta.url` in a source file
// becomes the URL of that source file, relative to the bundle. The bundle therefore runs from
// `apps/api/dist/` inside the repository (or the image) it was built in, beside `src/`.
// `import.meta.dirname` and `import.meta.filename` are NOT rewritten: they name the running file,
// which is how the image pool tells the bundle from the sources. Lint allows them there only.
// Source maps are written (dist/*.map) for `node --enable-source-maps` when debugging; production
// leaves them off, since mapping every logged stack costs CPU on each 4xx.
//
// Whitespace and comments are left out (names are kept, so a logged stack still names its
// functions): V8 keeps every module's source text in the heap for as long as the process runs (it
// compiles functions lazily from it), and one non-ASCII character anywhere, a dash in a comment,
// makes it store the whole text at two bytes a character. The readable 6 MB bundle was a 12 MB
// string; the minified one is 4 MB of one-byte text (idle heap 53 → 44 MB, measured with a heap
// snapshot; production-bundle.test.ts keeps the output ASCII). Licence comments go to
// `server.mjs.LEGAL.txt`, linked from the bundle.
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const apiRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * Packages bundled into the server. They are pure JavaScript that reads no file of its own at run
 * time, and they are where the module-loading cost is. Every other dependency stays an `import`
 * from node_modules: native or WASM code (sharp, PGlite), packages that read their own
 * files (swagger-ui's assets, fonts) or start threads (piscina), and packages the server loads only
 * when a feature needs them (the S3 client, the PDF writer, the XML parser).
 */
const BUNDLED_PACKAGES = [
  '@pisonow/domain',
  'drizzle-orm',
  'fastify',
  'fast-json-stringify',
  'fastify-plugin',
  'fastify-type-provider-zod',
  'helmet',
  '@fastify/static',
  '@fastify/swagger',
  'pg',
  'pg-boss',
  'zod',
  'i18next',
];

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The server's own dependencies outside BUNDLED_PACKAGES stay imports from node_modules, also when a
 * bundled package imports them (drizzle-orm imports PGlite); what the bundled packages alone use
 * is bundled with them.
 */
async function externalPackages(): Promise<esbuild.Plugin> {
  const manifest = JSON.parse(await readFile(path.join(apiRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = new Set(
    Object.keys(manifest.dependencies).filter((name) => !BUNDLED_PACKAGES.includes(name)),
  );
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        external.has(packageName(args.path)) ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/** `import.meta.url` in a source file → that source file's URL, computed from the bundle's own */
function sourceRelativeImportMeta(outDir: string): esbuild.Plugin {
  return {
    name: 'source-relative-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
        return {
          contents: text.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

export interface BuildServerOptions {
  /** where server.mjs and image-worker.mjs go; default apps/api/dist */
  outDir?: string;
}

/** Builds the two bundles; returns the path of the server's. */
export async function buildServer(options: BuildServerOptions = {}): Promise<string> {
  const outDir = options.outDir ?? path.join(apiRoot, 'dist');
  // Built beside the target and swapped in: a server running from the target keeps finding its
  // chunks until the swap, and no chunk of an earlier build is left behind. The new files are
  // written for their final place (the import.meta.url rewrite is relative to it).
  const staging = `${outDir}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: {
      server: path.join(apiRoot, 'src/server.ts'),
      'image-worker': path.join(apiRoot, 'src/workers/image-worker.ts'),
    },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // modules imported with import() (the PDF writer, the sandbox's sample sanctions list) become
    // chunks loaded on first use; they sit beside the entries so their import.meta.url resolves
    // the same way
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    // a bundled CommonJS package (pg, fastify's dependencies) may call require() for Node built-ins
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [await externalPackages(), sourceRelativeImportMeta(outDir)],
    minifyWhitespace: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  const previous = `${outDir}.previous-${process.pid}`;
  await rename(outDir, previous).catch(() => undefined); // no earlier build: nothing to move
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
  return path.join(outDir, 'server.mjs');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const entry = await buildServer();
  console.log(
    `built ${path.relative(process.cwd(), entry)} in ${Math.round(performance.now() - started)} ms`,
  );
}
