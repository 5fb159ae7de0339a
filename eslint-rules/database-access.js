// Decision 078 (and docs/design.md §2: repos are the only code that touches the database): drizzle-orm and the schema
// files (db/schema*.ts) are imported only by *.repo.ts files, src/db/, src/seed/, src/cli/, the stand-ins and
// test code (tests, test kits, src/test/).
import { apiLocation, importVisitors, resolveRelative } from './import-visitors.js';

const ALLOWED_AREAS = new Set(['db', 'seed', 'cli', 'test', 'stand-ins']);

/** True when a file (apiLocation) may use drizzle and the schema. */
export function mayTouchDatabase(from) {
  return from.isTest || ALLOWED_AREAS.has(from.area) || /\.repo\.ts$/.test(from.base);
}

/** True when the specifier names drizzle or a schema file. */
export function isDatabaseImport(spec, fromFile) {
  if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/')) return true;
  const target = resolveRelative(spec, fromFile);
  if (!target) return false;
  const to = apiLocation(target);
  return !!to && to.area === 'db' && /^schema[^/]*\.ts$/.test(to.base) && to.rel.split('/').length === 2;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'drizzle-orm and db/schema*.ts only in repos, db/, seed/, cli/, stand-ins and tests (decision 078)' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const from = apiLocation(filename);
    if (!from || mayTouchDatabase(from)) return {};
    return importVisitors((node) => {
      if (isDatabaseImport(node.value, filename)) {
        context.report({ node, message: `'${node.value}': only *.repo.ts files (and db/, seed/, cli/, tests) touch the database: move the query into this module's repo (decision 078).` });
      }
    });
  },
};
