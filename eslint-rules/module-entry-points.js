// Decision 078: a module reads another module only through that module's published entry points: its
// *.service.ts, a *.queries.ts, or another helper file; never its *.repo.ts (its tables are its own) nor its
// *.routes.ts (routes are wired by app/). Test code is exempt.
import { apiLocation, importVisitors, resolveRelative } from './import-visitors.js';

/** Why `from` may not import `to` (apiLocation results), or null. */
export function entryPointViolation(from, to) {
  if (!from || !to || from.isTest || !from.module || !to.module || from.module === to.module) return null;
  if (/\.repo\.ts$/.test(to.base)) {
    return `module "${from.module}" may not read module "${to.module}"'s repo: use its *.service.ts or a ${to.module}.queries.ts (decision 078).`;
  }
  if (/\.routes\.ts$/.test(to.base)) {
    return `module "${from.module}" may not import module "${to.module}"'s routes: move the shared helper to a file of its own (decision 078).`;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "Modules import other modules only through services, queries or helpers, never repos or routes (decision 078)" },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const from = apiLocation(filename);
    if (!from || from.isTest || !from.module) return {};
    return importVisitors((node) => {
      const target = resolveRelative(node.value, filename);
      if (!target) return;
      const message = entryPointViolation(from, apiLocation(target));
      if (message) context.report({ node, message: `'${node.value}': ${message}` });
    });
  },
};
