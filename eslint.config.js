import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { housePlugin } from './tools/import-boundaries.js';

// House rules as lint (bulletproof-react's import boundaries): features never import each other,
// lib and features never import the app layer, and the domain package stays pure (no I/O). The
// boundaries are tools/import-boundaries.js; the domain's banned packages are below.
const NO_MATH_RANDOM = {
  selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
  message: 'Use crypto for randomness.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/dist.*/**',
      '**/.data/**',
      'apps/api/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Time comes from the injected clock (architecture rule); Date.now() is banned in rules and use cases.
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the injected clock.' },
      ],
      'no-restricted-syntax': ['error', NO_MATH_RANDOM],
    },
  },
  {
    // The production bundle (apps/api/build.ts) rewrites import.meta.url to each source file's URL;
    // import.meta.dirname/filename would name the bundle instead. Only the image pool wants that.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/workers/image-pool.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_MATH_RANDOM,
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name=/^(dirname|filename)$/]",
          message:
            'Use import.meta.url: the production bundle rewrites it to this source file (apps/api/build.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // UI timers (toast, debounce, double-tap guard) legitimately read wall time in the browser.
      'no-restricted-properties': 'off',
    },
  },
  // Import boundaries (tools/import-boundaries.js, self-tested in tools/import-boundaries.test.ts):
  // every import is resolved against the importing file, so no spelling of a path (../servicing,
  // ../../features/servicing, an alias, a dynamic import()) reaches another feature, and lib and
  // features never import the app layer; the domain imports no app and no Node built-in.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    plugins: { house: housePlugin },
    rules: { 'house/import-boundaries': 'error' },
  },
  ...[false, true].map((catalogue) => ({
    // i18next's core (no UI, no I/O) formats the one translation catalogue (docs/i18n.md), so the
    // catalogue's own module may import it; every other domain file renders through `translate`.
    files: catalogue ? ['packages/domain/src/catalogue/*.ts'] : ['packages/domain/src/**/*.ts'],
    ignores: [
      'packages/domain/src/**/*.test.ts',
      ...(catalogue ? [] : ['packages/domain/src/catalogue/*.ts']),
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(pg|pg-boss|drizzle-orm|@electric-sql|fastify|@fastify|sharp|@aws-sdk|react|react-dom|@tanstack|zustand|${catalogue ? '' : 'i18next|'}react-i18next|antd-mobile)(/|$)`,
              message: catalogue
                ? 'The domain is pure rules: no database, server, storage or UI code.'
                : 'The domain is pure rules: no database, server, storage or UI code (text renders through catalogue/translate).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
