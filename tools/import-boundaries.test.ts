import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The house rules as lint, tested through the repository's own ESLint configuration: each snippet
// is linted as if it were a file at the given path, and the import boundary either refuses it or
// lets it pass. A boundary that lets a forbidden spelling through is how features end up coupled
// (bulletproof-react); this is the check that the lint really says no.

const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });
});

const BOUNDARY_RULES = new Set(['house/import-boundaries', 'no-restricted-imports']);

/** The import-boundary errors for `code` as the file at `filePath` (other rules are not asked). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === null || BOUNDARY_RULES.has(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const HOME = 'apps/web/src/features/home/Home.tsx';
const HOME_PAGE = 'apps/web/src/features/home/pages/HomePage.tsx';
const LIB = 'apps/web/src/lib/api-client.ts';
const APP = 'apps/web/src/app/router.tsx';
const DOMAIN = 'packages/domain/src/lending/pricing.ts';
/** The absolute path of a repository file, and its file: URL: both are import specifiers too. */
const absolute = (path: string) => resolve(root, path);
const fileUrl = (path: string) => pathToFileURL(absolute(path)).href;

describe('import boundaries: features never import each other (bulletproof-react)', () => {
  it.each([
    [HOME, "import { x } from '../servicing/x';"],
    [HOME, "import { x } from '../../features/servicing/x';"],
    [HOME, "import { x } from '../../features/servicing';"],
    [HOME, "import { x } from '@/features/servicing/x';"],
    [HOME, "import { x } from '~/features/servicing/x';"],
    [HOME, "import { x } from 'src/features/servicing/x';"],
    [HOME, "import type { X } from '../servicing/x';"],
    [HOME, "export { x } from '../servicing/x';"],
    [HOME, "export * from '../servicing/x';"],
    [HOME, "export const page = () => import('../servicing/pages/Bill');"],
    [HOME_PAGE, "import { x } from '../../servicing/api/get-bill';"],
    [HOME_PAGE, "import { x } from '../../../features/servicing/x';"],
    [HOME_PAGE, "import { x } from './../../servicing/x';"],
    [HOME_PAGE, "import { x } from '../../home/../servicing/x';"],
    [HOME_PAGE, "import { x } from '@/features/lending/x';"],
    // a template literal without expressions is a literal too
    [HOME, 'export const page = () => import(`../servicing/pages/Bill`);'],
    [HOME_PAGE, 'export const page = () => import(`../../servicing/pages/Bill`);'],
    // an absolute path, a file: URL and the web package's own name all land in a folder
    [HOME, `import { x } from '${absolute('apps/web/src/features/servicing/x')}';`],
    [HOME, `export const page = () => import('${fileUrl('apps/web/src/features/servicing/x.ts')}');`],
    [HOME, "import { x } from '@pisonow/web/src/features/servicing/x';"],
  ])('%s may not import: %s', async (file, code) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toEqual([
      expect.stringMatching(/^house\/import-boundaries: Features never import each other/),
    ]);
  });

  it.each([
    [HOME, "import { x } from '../../app/router';"],
    [HOME, "import { x } from '@/app/router';"],
    [HOME_PAGE, "import { x } from '../../../app/shell';"],
    [LIB, "import { x } from '../features/home/x';"],
    [LIB, "import { x } from '@/features/home/x';"],
    [LIB, "import { x } from '../app/router';"],
    [LIB, 'export const router = () => import(`../app/router`);'],
    [LIB, `import { x } from '${absolute('apps/web/src/features/home/x')}';`],
    [HOME, `import { x } from '${absolute('apps/web/src/app/router')}';`],
  ])('%s may not import upwards: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([
      expect.stringMatching(/^house\/import-boundaries: Imports flow lib → features → app/),
    ]);
  });

  it.each([
    [HOME, "import { x } from './pages/HomePage';"],
    [HOME_PAGE, "import { x } from '../components/Card';"],
    [HOME_PAGE, "import { x } from './Other';"],
    [HOME_PAGE, "import { x } from '../../home/components/Card';"],
    [HOME_PAGE, "import { x } from '../../../lib/api-client';"],
    [HOME_PAGE, "import { x } from '@/lib/api-client';"],
    [HOME_PAGE, "import { x } from '@pisonow/domain';"],
    [HOME_PAGE, "import { useQuery } from '@tanstack/react-query';"],
    [APP, "import { x } from '../features/servicing/pages/Bill';"],
    [APP, "export const bill = () => import('../features/home/pages/HomePage');"],
    [LIB, "import { x } from './i18n';"],
    [HOME, 'export const page = () => import(`./pages/HomePage`);'],
    [HOME, `import { x } from '${absolute('apps/web/src/features/home/components/Card')}';`],
    [HOME_PAGE, `import { x } from '${absolute('apps/web/src/lib/api-client')}';`],
    // the app layer wires the features together: it may even choose one at run time
    [APP, 'export const page = (name: string) => import(`../features/${name}/pages/Page`);'],
  ])('%s may import: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('import boundaries: what the rule cannot resolve is refused where a boundary applies', () => {
  it.each([
    [HOME, 'export const page = (name: string) => import(`../${name}/pages/Page`);'],
    [HOME_PAGE, 'export const page = (name: string) => import(name);'],
    [HOME_PAGE, "export const page = () => import('../../' + 'servicing/x');"],
    [LIB, 'export const page = (name: string) => import(`../features/${name}/x`);'],
    [DOMAIN, 'export const load = (name: string) => import(name);'],
    [DOMAIN, 'export const load = (name: string) => import(`node:${name}`);'],
  ])('%s may not compute an import: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([
      expect.stringMatching(/^house\/import-boundaries: A computed import\(\) cannot be checked/),
    ]);
  });

  // No package of the repository defines subpath imports (package.json "imports"): a `#` specifier
  // names nothing the rule can follow, so it is refused rather than waved through
  it.each([
    [HOME, "import { x } from '#servicing/x';"],
    [HOME, "import { x } from '#/features/servicing/x';"],
    [HOME_PAGE, 'export const page = () => import(`#features/servicing/x`);'],
    [LIB, "import { x } from '#app/router';"],
    [DOMAIN, "import { x } from '#api/app';"],
  ])('%s may not use an undefined subpath import: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([
      expect.stringMatching(/^house\/import-boundaries: No package here defines the subpath import/),
    ]);
  });
});

describe('import boundaries: the domain is pure rules', () => {
  it.each([
    [DOMAIN, "import { readFileSync } from 'node:fs';", /no Node built-ins/],
    [DOMAIN, "import { readFileSync } from 'fs';", /no Node built-ins/],
    [DOMAIN, "export const hash = () => import('node:crypto');", /no Node built-ins/],
    [DOMAIN, "import { x } from '../../../../apps/api/src/app.ts';", /never imports an app/],
    [
      'packages/domain/src/money.ts',
      "import { x } from '../../../apps/web/src/lib/x';",
      /never imports an app/,
    ],
    [DOMAIN, "import { x } from '@pisonow/api';", /never imports an app/],
    [DOMAIN, 'export const read = () => import(`node:fs`);', /no Node built-ins/],
    [DOMAIN, 'export const app = () => import(`../../../../apps/api/src/app.ts`);', /never imports an app/],
    [DOMAIN, `import { x } from '${absolute('apps/api/src/app.ts')}';`, /never imports an app/],
    [DOMAIN, `import { x } from '${fileUrl('apps/web/src/lib/x.ts')}';`, /never imports an app/],
    [DOMAIN, "import { drizzle } from 'drizzle-orm';", /no database, server, storage or UI code/],
  ])('%s may not import: %s', async (file, code, message) => {
    expect(await boundaryErrors(file, code)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    [DOMAIN, "import { x } from '../money.ts';"],
    [DOMAIN, "import { z } from 'zod';"],
    [DOMAIN, 'export const money = () => import(`../money.ts`);'],
    [DOMAIN, `import { x } from '${absolute('packages/domain/src/money.ts')}';`],
    // the domain's own tests may read fixtures from disk
    ['packages/domain/src/lending/pricing.test.ts', "import { readFileSync } from 'node:fs';"],
  ])('%s may import: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
