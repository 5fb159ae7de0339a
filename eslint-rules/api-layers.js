// Decision 078: the API is layered. The kit (http/, db/, providers/, jobs/, lib/) imports no module and not the
// composition root (app/); modules never import app/. Test code is exempt (it builds whole apps).
import { apiLocation, importVisitors, resolveRelative } from './import-visitors.js';

export const KIT_AREAS = new Set(['http', 'db', 'providers', 'jobs', 'lib']);

/** Why `from` may not import `to` (both apiLocation results), or null. */
export function layerViolation(from, to) {
  if (!from || !to || from.isTest) return null;
  if (KIT_AREAS.has(from.area) && (to.area === 'modules' || to.area === 'app')) {
    return `${from.area}/ is the kit: it imports no module and not the composition root (app/); inject what it needs from app/ (decision 078).`;
  }
  if (from.area === 'modules' && to.area === 'app') {
    return 'modules never import the composition root (app/): app/ imports the modules (decision 078).';
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'API layers: the kit imports no module or app/, modules import no app/ (decision 078)' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const from = apiLocation(filename);
    if (!from || from.isTest) return {};
    return importVisitors((node) => {
      const target = resolveRelative(node.value, filename);
      if (!target) return;
      const message = layerViolation(from, apiLocation(target));
      if (message) context.report({ node, message: `'${node.value}': ${message}` });
    });
  },
};
