// Fails when the API modules (folders under packages/api/src/modules/) import each other in a cycle.
// ESLint sees one file at a time, so this whole-graph check runs from `npm run lint` (decision 078).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModuleGraph, moduleCycles, readSources } from './module-graph.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES_DIR = path.join(ROOT, 'packages', 'api', 'src', 'modules');

const graph = buildModuleGraph(readSources(MODULES_DIR), MODULES_DIR);
const cycles = moduleCycles(graph);
if (cycles.length === 0) process.exit(0);

console.error(`${cycles.length} cycle(s) between API modules (decision 078: modules depend one way):`);
for (const component of cycles) {
  console.error(`\n  {${component.join(', ')}}`);
  const members = new Set(component);
  for (const from of component) {
    for (const [to, edges] of graph.get(from) ?? []) {
      if (!members.has(to)) continue;
      for (const e of edges) console.error(`    ${from} -> ${to}: ${path.relative(ROOT, e.from)} imports '${e.spec}'`);
    }
  }
}
process.exit(1);
