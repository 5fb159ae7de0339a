// Lint enforces the architecture rules of DESIGN §2 and little else (import cycles: `npm run lint:cycles`,
// dpdm, which unlike eslint's no-cycle rules also sees type-only edges; `npm run lint` runs both): tsc already checks types, and lint
// must stay fast on a 2-core machine shared by the whole team (no type-aware rules).
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PACKAGES_DIR = path.join(ROOT, 'packages');
const WEB_SRC = path.join(PACKAGES_DIR, 'web', 'src');
const WEB_FEATURES = path.join(WEB_SRC, 'features');

/** Where a file lives: its package and, for web feature code, its feature folder. */
function locate(absPath) {
  const rel = path.relative(PACKAGES_DIR, absPath);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { pkg: null, feature: null };
  const pkg = rel.split(path.sep)[0] ?? null;
  const featureRel = path.relative(WEB_FEATURES, absPath);
  const feature =
    pkg === 'web' && !featureRel.startsWith('..') && !path.isAbsolute(featureRel)
      ? (featureRel.split(path.sep)[0] ?? null)
      : null;
  return { pkg, feature };
}

/**
 * Resolves a relative or `@/` (web alias) import to a path in the repo, or null for package names.
 * no-restricted-imports never resolves paths, so `../../../api/src/x.ts` or `../../profile/x.tsx` need
 * this; package names (`@summit/api`, `node:fs`) are left to no-restricted-imports below.
 */
function resolveTarget(spec, fromFile) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  if (spec === '@' || spec.startsWith('@/')) return path.join(WEB_SRC, spec.slice(2));
  return null;
}

function boundaryViolation(from, to) {
  if (from.pkg === 'domain' && to.pkg !== 'domain') {
    return 'domain imports nothing of ours (DESIGN §2 rule 1).';
  }
  if (from.pkg === 'web' && to.pkg === 'api') {
    return 'web never imports the api, not even types: share through @summit/domain (DESIGN §2 rule 1).';
  }
  if (from.pkg === 'api' && to.pkg === 'web') {
    return 'api never imports web code; it serves the built dist only.';
  }
  if (from.feature && to.feature && from.feature !== to.feature) {
    return `feature "${from.feature}" may not import feature "${to.feature}": move shared code to src/components or src/lib, compose in src/app (DESIGN §2 rule 3).`;
  }
  return null;
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Package and web-feature import boundaries of DESIGN §2' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const from = locate(filename);
    if (!from.pkg) return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = resolveTarget(node.value, filename);
      if (!target) return;
      const message = boundaryViolation(from, locate(target));
      if (message) context.report({ node, message: `'${node.value}': ${message}` });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      TSImportType: (n) => check(n.argument?.type === 'TSLiteralType' ? n.argument.literal : n.argument),
      TSExternalModuleReference: (n) => check(n.expression),
    };
  },
};

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
    message: 'domain imports nothing of ours (DESIGN §2 rule 1).',
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
    plugins: { summit: { rules: { 'import-boundaries': importBoundaries } } },
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
