// node --test scripts/module-graph.test.mjs (part of `npm run lint:rules`)
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildModuleGraph, importSpecifiers, isTestFile, moduleCycles, moduleOf, stronglyConnectedComponents } from './module-graph.mjs';

const MODULES = '/repo/packages/api/src/modules';
const file = (rel, source) => ({ file: path.join(MODULES, rel), source });

describe('importSpecifiers', () => {
  it('sees static, re-export, type-only and dynamic imports', () => {
    const src = "import a from './a.ts';\nimport type { B } from '../b/b.ts';\nexport { c } from '../c/c.ts';\nconst d = await import('../d/d.ts');\n// import x from '../commented/x.ts'\n";
    assert.deepEqual(importSpecifiers(src).sort(), ['../b/b.ts', '../c/c.ts', '../d/d.ts', './a.ts']);
  });
});

describe('moduleOf and isTestFile', () => {
  it('names the folder under modules/', () => {
    assert.equal(moduleOf(path.join(MODULES, 'auth/auth.repo.ts'), MODULES), 'auth');
    assert.equal(moduleOf(path.join(MODULES, '../http/envelope.ts'), MODULES), null);
  });
  it('knows test code', () => {
    assert.equal(isTestFile('auth/auth.test.ts'), true);
    assert.equal(isTestFile('storage/storage-test-kit.ts'), true);
    assert.equal(isTestFile('auth/auth.service.ts'), false);
  });
});

describe('buildModuleGraph', () => {
  it('keeps edges between modules from non-test files only', () => {
    const graph = buildModuleGraph(
      [
        file('a/a.service.ts', "import { b } from '../b/b.service.ts';\nimport { own } from './a.repo.ts';\nimport { ok } from '../../../http/envelope.ts';"),
        file('b/b.test.ts', "import { a } from '../a/a.service.ts';"),
        file('b/b.service.ts', "import { z } from 'zod';"),
      ],
      MODULES,
    );
    assert.deepEqual([...graph.get('a').keys()], ['b']);
    assert.deepEqual([...graph.get('b').keys()], []);
    assert.deepEqual(moduleCycles(graph), []);
  });
  it('finds a cycle through three modules, type-only edges included', () => {
    const graph = buildModuleGraph(
      [
        file('a/a.service.ts', "import { b } from '../b/b.service.ts';"),
        file('b/b.service.ts', "import type { C } from '../c/c.queries.ts';"),
        file('c/c.queries.ts', "export { a } from '../a/a.service.ts';"),
        file('d/d.service.ts', "import { a } from '../a/a.service.ts';"),
      ],
      MODULES,
    );
    assert.deepEqual(moduleCycles(graph), [['a', 'b', 'c']]);
  });
});

describe('stronglyConnectedComponents', () => {
  it('splits a graph into its components', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['c']],
      ['e', []],
    ]);
    const sccs = stronglyConnectedComponents(graph).map((c) => c.join(',')).sort();
    assert.deepEqual(sccs, ['a,b', 'c,d', 'e']);
  });
});
