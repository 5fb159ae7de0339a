// Lint enforces the architecture rules of docs/design.md §2 and decision 078 and little else: tsc already checks types, and
// lint must stay fast on a 2-core machine shared by the whole team (no type-aware rules). The custom rules live in
// eslint-rules/, one per file, each with RuleTester tests (`npm run lint:rules`). `npm run lint` also runs dpdm for
// file import cycles (`lint:cycles`; unlike eslint's no-cycle rules it sees type-only edges) and
// scripts/check-module-graph.mjs for cycles between API modules (`lint:modules`).
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import importBoundaries from './eslint-rules/import-boundaries.js';
import apiLayers from './eslint-rules/api-layers.js';
import moduleEntryPoints from './eslint-rules/module-entry-points.js';
import databaseAccess from './eslint-rules/database-access.js';

const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/[/]/g, '\\/'));

const DOMAIN_FORBIDDEN_MODULES = [
  {
    regex: '^node:',
    message: 'domain is pure: no Node APIs (it also runs in the browser).',
  },
  {
    regex: `^(${nodeBuiltins.join('|')})(\\/.*)?$`,
    message: 'domain is pure: no Node APIs (it also runs in the browser).',
  },
  {
    regex: '^(pg|pg-.*|fastify|fastify-.*|@fastify\\/.*|drizzle-orm|drizzle-orm\\/.*|@electric-sql\\/.*|pino|@alicloud\\/.*|@node-rs\\/.*)$',
    message: 'domain does no I/O: databases, HTTP servers and providers belong to the api.',
  },
  {
    regex: '^(react|react-dom|react-router|antd|@ant-design\\/.*|@tanstack\\/.*|dayjs)(\\/.*)?$',
    message: 'domain has no UI code: it is shared by the api and the web app.',
  },
  {
    regex: '^@summit\\/',
    message: 'domain imports nothing of ours (docs/design.md §2 rule 1).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.d.ts',
      'packages/api/src/db/migrations/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { summit: { rules: { 'import-boundaries': importBoundaries, 'api-layers': apiLayers, 'module-entry-points': moduleEntryPoints, 'database-access': databaseAccess } } },
    rules: {
      'summit/import-boundaries': 'error',
      'no-debugger': 'error',
      'no-dupe-keys': 'error',
      'no-duplicate-case': 'error',
      'no-self-assign': 'error',
      'no-unsafe-finally': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: DOMAIN_FORBIDDEN_MODULES }],
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', 'fetch', 'XMLHttpRequest', 'WebSocket', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map(
          (name) => ({ name, message: 'domain is pure: no I/O, no Node or DOM APIs.' }),
        ),
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx,js,jsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@summit\\/api(\\/|$)',
              message: 'web never imports the api, not even types: share through @summit/domain.',
            },
          ],
          paths: [
            {
              name: '@summit/domain',
              message: "Import from the domain file that declares the name (@summit/domain/<file>): the index would carry every area's schemas into each page (decision 110).",
            },
          ],
        },
      ],
    },
  },
  {
    // Decision 033: the browser suite fails on a CSP violation through an automatic fixture of support/fixtures.ts;
    // a spec that took `test` from Playwright itself would silently run without it.
    files: ['packages/e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from '../support/fixtures.ts' (it carries the CSP guard, decision 033).",
            },
          ],
        },
      ],
    },
  },
  {
    // Decision 078: the API's layers (kit, modules, composition root), modules' entry points, and who touches the
    // database. Rules in eslint-rules/ (tests: `npm run lint:rules`); cycles between modules: scripts/check-module-graph.mjs.
    files: ['packages/api/src/**/*.ts'],
    rules: {
      'summit/api-layers': 'error',
      'summit/module-entry-points': 'error',
      'summit/database-access': 'error',
    },
  },
  {
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/env.ts', 'packages/api/src/**/*.test.ts', 'packages/api/src/**/test/**', 'packages/api/src/**/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through src/env.ts (the one zod-checked reader of process.env).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['process', 'node:process'].map((name) => ({
            name,
            importNames: ['env'],
            message: 'Read configuration through src/env.ts.',
          })),
          patterns: [{ regex: '^@summit\\/web(\\/|$)', message: 'api never imports web code.' }],
        },
      ],
    },
  },
);
