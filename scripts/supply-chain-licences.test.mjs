// Unit tests of the supply-chain licence rules (decision 035): `node --test scripts/`, run by the static suite.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { installScriptsOf, licenceAllowed, licenceExpressionOf } from './supply-chain-licences.mjs';

const policy = { allowed: ['MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause', 'CC0-1.0', 'Zlib'], aliases: { Apache2: 'Apache-2.0' } };

test('single identifiers: allowed, case-insensitive, aliases; anything else refused', () => {
  assert.equal(licenceAllowed('MIT', policy), true);
  assert.equal(licenceAllowed('mit', policy), true);
  assert.equal(licenceAllowed('Apache2', policy), true);
  assert.equal(licenceAllowed('GPL-3.0', policy), false);
  assert.equal(licenceAllowed('MPL-2.0', policy), false);
});

test('OR needs one side, AND needs both, parentheses group, WITH is judged by its licence', () => {
  assert.equal(licenceAllowed('(MIT OR CC0-1.0)', policy), true);
  assert.equal(licenceAllowed('(GPL-2.0 OR MIT)', policy), true);
  assert.equal(licenceAllowed('(MIT AND Zlib)', policy), true);
  assert.equal(licenceAllowed('(MIT AND GPL-3.0)', policy), false);
  assert.equal(licenceAllowed('MIT AND (ISC OR GPL-3.0)', policy), true);
  assert.equal(licenceAllowed('(MIT AND (GPL-2.0 OR LGPL-3.0))', policy), false);
  assert.equal(licenceAllowed('GPL-2.0 WITH Classpath-exception-2.0', policy), false);
  assert.equal(licenceAllowed('Apache-2.0 WITH LLVM-exception', policy), true);
  assert.equal(licenceAllowed('ISC+', policy), true);
});

test('no licence, UNLICENSED, SEE LICENSE IN and broken expressions are refused', () => {
  for (const bad of [null, undefined, '', 'UNLICENSED', 'SEE LICENSE IN LICENSE.md', '(MIT', 'MIT OR', 'MIT)', 'AND MIT', 'MIT ISC']) {
    assert.equal(licenceAllowed(bad, policy), false, String(bad));
  }
});

test('package.json forms: license string, { type }, and the old licenses array (any of them)', () => {
  assert.equal(licenceExpressionOf({ license: 'MIT' }), 'MIT');
  assert.equal(licenceExpressionOf({ license: { type: 'ISC' } }), 'ISC');
  assert.equal(licenceExpressionOf({ license: ['MIT', 'Apache2'] }), '(MIT OR Apache2)');
  assert.equal(licenceExpressionOf({ licenses: [{ type: 'BSD' }] }), 'BSD');
  assert.equal(licenceExpressionOf({}), null);
  assert.equal(licenceAllowed(licenceExpressionOf({ license: ['MIT', 'Apache2'] }), policy), true);
});

test('install scripts: preinstall/install/postinstall, or the lock says so', () => {
  assert.deepEqual(installScriptsOf({ scripts: { postinstall: 'node x', test: 'vitest' } }, {}), ['postinstall']);
  assert.deepEqual(installScriptsOf({ scripts: { prepare: 'tsc' } }, {}), []);
  assert.deepEqual(installScriptsOf(null, { hasInstallScript: true }), ['(hasInstallScript in package-lock.json)']);
});
