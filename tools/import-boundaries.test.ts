import { fileURLToPath } from 'node:url';
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
  ])('%s may import: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
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
    [DOMAIN, "import { drizzle } from 'drizzle-orm';", /no database, server, storage or UI code/],
  ])('%s may not import: %s', async (file, code, message) => {
    expect(await boundaryErrors(file, code)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    [DOMAIN, "import { x } from '../money.ts';"],
    [DOMAIN, "import { z } from 'zod';"],
    // the domain's own tests may read fixtures from disk
    ['packages/domain/src/lending/pricing.test.ts', "import { readFileSync } from 'node:fs';"],
  ])('%s may import: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
