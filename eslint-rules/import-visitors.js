// Shared by the custom rules: every way a file names another (static, re-export, dynamic, `import type`,
// `import x = require()`), and where a file of the API sits.
import path from 'node:path';

/** An ESLint visitor calling check(literalNode) for each module specifier the file names. */
export function importVisitors(check) {
  const literal = (node) => {
    if (node && node.type === 'Literal' && typeof node.value === 'string') check(node);
  };
  return {
    ImportDeclaration: (n) => literal(n.source),
    ExportNamedDeclaration: (n) => literal(n.source),
    ExportAllDeclaration: (n) => literal(n.source),
    ImportExpression: (n) => literal(n.source),
    TSImportType: (n) => literal(n.argument?.type === 'TSLiteralType' ? n.argument.literal : n.argument),
    TSExternalModuleReference: (n) => literal(n.expression),
  };
}

const API_SRC = '/packages/api/src/';

/**
 * Where a file of packages/api/src sits, or null outside it: `area` is the top folder (modules, app, http, db,
 * providers, lib, jobs, seed, cli, test, stand-ins…; '' for files at the top such as main.ts), `module` the
 * folder under modules/, `base` the file name, `isTest` whether it is test code (tests, test kits, src/test/).
 */
export function apiLocation(absPath) {
  const norm = absPath.split(path.sep).join('/');
  const at = norm.lastIndexOf(API_SRC);
  if (at < 0) return null;
  const rel = norm.slice(at + API_SRC.length);
  const parts = rel.split('/');
  const base = parts[parts.length - 1];
  const area = parts.length > 1 ? parts[0] : '';
  const module = area === 'modules' && parts.length > 2 ? parts[1] : null;
  const isTest = /\.test\.[cm]?[jt]sx?$/.test(base) || /test-kit\.ts$/.test(base) || parts.slice(0, -1).some((p) => p === 'test' || p === 'testing');
  return { rel, area, module, base, isTest };
}

/** A relative specifier resolved against the importing file; null for package names. */
export function resolveRelative(spec, fromFile) {
  return spec.startsWith('.') ? path.resolve(path.dirname(fromFile), spec) : null;
}
