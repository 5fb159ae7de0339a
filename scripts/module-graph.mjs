// The module graph of the API: one node per folder under packages/api/src/modules/, one edge per import
// (type-only imports included) from a non-test file of one module to a file of another. Used by
// scripts/check-module-graph.mjs (run from `npm run lint`), tested by scripts/module-graph.test.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The module specifiers a source text imports or re-exports (static, dynamic and type-only). */
export function importSpecifiers(sourceText) {
  const info = ts.preProcessFile(sourceText, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Test files and test kits are not part of the production graph. */
export function isTestFile(relPath) {
  const p = relPath.split(path.sep).join('/');
  return /\.test\.tsx?$/.test(p) || /test-kit\.ts$/.test(p) || /(^|\/)(test|testing)\//.test(p);
}

/** The module (folder name under modulesDir) a path belongs to, or null. */
export function moduleOf(absPath, modulesDir) {
  const rel = path.relative(modulesDir, absPath);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/**
 * Builds the graph from a list of { file, source } entries (absolute paths).
 * Returns Map<module, Map<targetModule, Array<{ from, spec }>>>.
 */
export function buildModuleGraph(files, modulesDir) {
  const graph = new Map();
  for (const { file, source } of files) {
    const from = moduleOf(file, modulesDir);
    if (!from || isTestFile(path.relative(modulesDir, file))) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of importSpecifiers(source)) {
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), spec), modulesDir);
      if (!to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push({ from: file, spec });
    }
  }
  return graph;
}

/** Tarjan's strongly connected components of a Map<node, Map<node, unknown>> or Map<node, Iterable<node>>. */
export function stronglyConnectedComponents(graph) {
  const nodes = new Set(graph.keys());
  for (const targets of graph.values()) for (const t of targets instanceof Map ? targets.keys() : targets) nodes.add(t);
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  const successors = (n) => {
    const t = graph.get(n);
    if (!t) return [];
    return [...(t instanceof Map ? t.keys() : t)];
  };
  const visit = (v) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of successors(v)) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), indexOf.get(w)));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      result.push(component.sort());
    }
  };
  for (const n of [...nodes].sort()) if (!indexOf.has(n)) visit(n);
  return result;
}

/** The components with more than one module: each is a cycle between modules. */
export function moduleCycles(graph) {
  return stronglyConnectedComponents(graph).filter((c) => c.length > 1);
}

/** Reads every .ts file under dir (recursively). */
export function readSources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    out.push({ file, source: readFileSync(file, 'utf8') });
  }
  return out;
}
