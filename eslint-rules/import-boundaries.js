// Package and web-feature import boundaries of docs/design.md §2: domain imports nothing of ours, web and api never
// import each other, a web feature never imports another feature.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importVisitors } from './import-visitors.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES_DIR = path.join(ROOT, 'packages');
const WEB_SRC = path.join(PACKAGES_DIR, 'web', 'src');
const WEB_FEATURES = path.join(WEB_SRC, 'features');
const WEB_LAYERS = ['app', 'features', 'components', 'lib'];

/** Where a file lives: its package and, for web feature code, its feature folder. */
export function locate(absPath) {
  const rel = path.relative(PACKAGES_DIR, absPath);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { pkg: null, feature: null };
  const pkg = rel.split(path.sep)[0] ?? null;
  const featureRel = path.relative(WEB_FEATURES, absPath);
  const feature =
    pkg === 'web' && !featureRel.startsWith('..') && !path.isAbsolute(featureRel)
      ? (featureRel.split(path.sep)[0] ?? null)
      : null;
  // The web app's layer (decision 079): app → features → components → lib, each importing only those below it.
  const webRel = path.relative(WEB_SRC, absPath);
  const top = pkg === 'web' && !webRel.startsWith('..') && !path.isAbsolute(webRel) ? webRel.split(path.sep)[0] : null;
  const layer = WEB_LAYERS.includes(top) ? top : null;
  return { pkg, feature, layer };
}

/**
 * Resolves a relative or `@/` (web alias) import to a path in the repo, or null for package names.
 * no-restricted-imports never resolves paths, so `../../../api/src/x.ts` or `../../profile/x.tsx` need
 * this; package names (`@summit/api`, `node:fs`) are left to no-restricted-imports below.
 */
export function resolveTarget(spec, fromFile) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  if (spec === '@' || spec.startsWith('@/')) return path.join(WEB_SRC, spec.slice(2));
  return null;
}

export function boundaryViolation(from, to) {
  if (from.pkg === 'domain' && to.pkg !== 'domain') {
    return 'domain imports nothing of ours (docs/design.md §2 rule 1).';
  }
  if (from.pkg === 'web' && to.pkg === 'api') {
    return 'web never imports the api, not even types: share through @summit/domain (docs/design.md §2 rule 1).';
  }
  if (from.pkg === 'api' && to.pkg === 'web') {
    return 'api never imports web code; it serves the built dist only.';
  }
  if (from.feature && to.feature && from.feature !== to.feature) {
    return `feature "${from.feature}" may not import feature "${to.feature}": move shared code to src/components or src/lib, compose in src/app (docs/design.md §2 rule 3).`;
  }
  if (from.layer && from.layer !== 'app' && to.layer === 'app') {
    return `src/${from.layer} may not import src/app: app composes the layers below it; move shared code to src/components or src/lib (docs/design.md §2 rule 3, decision 079).`;
  }
  if ((from.layer === 'lib' && (to.layer === 'features' || to.layer === 'components')) || (from.layer === 'components' && to.layer === 'features')) {
    return `src/${from.layer} may not import src/${to.layer}: web layers go app → features → components → lib, each importing only those below it (docs/design.md §2 rule 3, decision 079).`;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Package and web-feature import boundaries of docs/design.md §2' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const from = locate(filename);
    if (!from.pkg) return {};
    return importVisitors((node) => {
      const target = resolveTarget(node.value, filename);
      if (!target) return;
      const message = boundaryViolation(from, locate(target));
      if (message) context.report({ node, message: `'${node.value}': ${message}` });
    });
  },
};
