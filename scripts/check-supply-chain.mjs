#!/usr/bin/env node
// Supply chain check (decision 035), run by the static suite of `npm test`, so `.ci/run`
// fails on it. Every package the shipped workspaces need at run time (their dependencies, optional and peer
// dependencies, transitively, resolved through package-lock.json the way node resolves them) must
//   - run no install script (preinstall / install / postinstall, or hasInstallScript in the lock), and
//   - carry a licence whose SPDX expression the allowlist accepts,
// unless scripts/supply-chain-allowlist.json lists it as an exception with a reason.
// devDependencies, and the e2e and bench workspaces (test and measuring tools, never deployed), are not shipped.
// Known advisories are not checked here: the advisory service cannot be reached from CI; `npm audit --omit=dev`
// is a release step (README, Release checklist).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installScriptsOf, licenceAllowed, licenceExpressionOf } from './supply-chain-licences.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const policy = readJson(path.join(ROOT, 'scripts/supply-chain-allowlist.json'));
const lock = readJson(path.join(ROOT, 'package-lock.json'));
const entries = lock.packages ?? {};

/** node's lookup from the package at `from` (a lock key): its own node_modules, then each parent's, then the root's. */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const key = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (entries[key]) return key;
    if (base === '') return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/** A package's name from its lock key: the part after the last node_modules/. */
const nameOf = (key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

const shipped = new Map(); // lock key → who needs it first (for the report)
const missing = [];
const queue = policy.shippedWorkspaces.map((workspace) => ({ key: workspace, via: workspace }));
const visited = new Set();
while (queue.length > 0) {
  const { key, via } = queue.shift();
  if (visited.has(key)) continue;
  visited.add(key);
  const entry = entries[key];
  if (!entry) {
    missing.push(`${key} (needed by ${via})`);
    continue;
  }
  if (entry.link) {
    queue.push({ key: entry.resolved, via });
    continue;
  }
  if (key.includes('node_modules/')) shipped.set(key, via);
  const optionalPeers = new Set(Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, meta]) => meta?.optional).map(([name]) => name));
  const needs = [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {}).map((name) => ({ name, optional: optionalPeers.has(name) })),
  ];
  for (const { name, optional } of needs) {
    const target = resolve(key, name);
    if (target) queue.push({ key: target, via: key.includes('node_modules/') ? nameOf(key) : key });
    // An optional dependency for another platform, or an optional peer nobody installed, is simply absent.
    else if (!optional) missing.push(`${name} (needed by ${key || 'the root'})`);
  }
}

const scriptExceptions = new Map(policy.exceptions.installScripts.map((e) => [e.package, e]));
const licenceExceptions = new Map(policy.exceptions.licences.map((e) => [e.package, e]));
const usedExceptions = new Set();
const problems = [];

for (const [key, via] of shipped) {
  const name = nameOf(key);
  const lockEntry = entries[key];
  const manifestFile = path.join(ROOT, key, 'package.json');
  const manifest = existsSync(manifestFile) ? readJson(manifestFile) : null;

  const scripts = installScriptsOf(manifest, lockEntry);
  if (scripts.length > 0) {
    if (scriptExceptions.has(name)) usedExceptions.add(`installScripts:${name}`);
    else problems.push(`${name}@${lockEntry.version} runs install scripts (${scripts.join(', ')}); needed by ${via}`);
  }

  const licence = (manifest && licenceExpressionOf(manifest)) ?? licenceExpressionOf(lockEntry);
  if (!licenceAllowed(licence, policy.licences)) {
    const exception = licenceExceptions.get(name);
    if (exception && exception.licence === licence) usedExceptions.add(`licences:${name}`);
    else problems.push(`${name}@${lockEntry.version} has licence ${JSON.stringify(licence)}, not in the allowlist${exception ? ` (the exception is for ${JSON.stringify(exception.licence)})` : ''}; needed by ${via}`);
  }
}

for (const m of missing) problems.push(`not installed per package-lock.json: ${m}`);

const unused = [
  ...[...scriptExceptions.keys()].filter((name) => !usedExceptions.has(`installScripts:${name}`)).map((name) => `installScripts: ${name}`),
  ...[...licenceExceptions.keys()].filter((name) => !usedExceptions.has(`licences:${name}`)).map((name) => `licences: ${name}`),
];
// A stale exception is not a failure (a dependency may go away in another change), but it is said, so it is removed.
for (const u of unused) console.warn(`[supply-chain] exception no longer needed: ${u}`);

if (problems.length > 0) {
  console.error(`[supply-chain] ${problems.length} problem(s) in ${shipped.size} shipped packages:`);
  for (const p of problems) console.error(`  - ${p}`);
  console.error('[supply-chain] Replace the package, or add a reviewed exception with a reason to scripts/supply-chain-allowlist.json.');
  process.exit(1);
}
console.log(`[supply-chain] ${shipped.size} shipped packages: no unreviewed install script, every licence allowed (${usedExceptions.size} reviewed exception(s)).`);
