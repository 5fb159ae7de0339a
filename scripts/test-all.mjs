#!/usr/bin/env node
// `npm test`: every suite in order (domain, api, web units, then the browser suite), each with a
// machine-readable reporter so the total is counted rather than scraped from human output. It keeps going
// after a failing suite so one run shows everything, and ends with exactly one `N passed, N failed` line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const CHROMIUM = '/usr/bin/chromium';
// A stuck suite (an open database handle, a server that never answers) must not hang CI forever.
// The browser suite is the long one: 130 specs in two viewports took 20–30 min on a 2-core machine.
const SUITE_TIMEOUT_MS = Number(process.env.TEST_SUITE_TIMEOUT_MS ?? 45 * 60 * 1000);

const reportDir = mkdtempSync(path.join(tmpdir(), 'summit-test-'));
let interrupted = false;

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, notes: string[], seconds: number }} SuiteResult */

function hasTestFiles(dir, pattern) {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() ? hasTestFiles(full, pattern) : pattern.test(entry.name)) return true;
  }
  return false;
}

function run(command, args, { cwd, env }) {
  return new Promise((resolve) => {
    // Own process group, so a timeout can stop the runner together with the servers it started.
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit', detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, SUITE_TIMEOUT_MS);
    const forward = () => {
      interrupted = true;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 127, timedOut, error });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? (signal ? 128 : 1), timedOut });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** @returns {Promise<SuiteResult>} */
async function runVitest(name, pkgDir) {
  const started = Date.now();
  const result = { name, passed: 0, failed: 0, skipped: 0, notes: [], seconds: 0 };
  const cwd = path.join(ROOT, pkgDir);
  if (!hasTestFiles(path.join(cwd, 'src'), /\.(test|spec)\.[cm]?[jt]sx?$/)) {
    result.notes.push('no test files');
    return result;
  }
  const outputFile = path.join(reportDir, `${name}.json`);
  const { code, timedOut } = await run(
    path.join(BIN, 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    // Colour codes only on a terminal: CI logs stay readable (some libraries colour whenever FORCE_COLOR is set).
    { cwd, env: process.stdout.isTTY || process.env.FORCE_COLOR ? {} : { NO_COLOR: '1' } },
  );
  result.seconds = (Date.now() - started) / 1000;
  const report = readJson(outputFile);
  if (report) {
    result.passed = report.numPassedTests ?? 0;
    result.failed = report.numFailedTests ?? 0;
    result.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that fails to load has no test results of its own; it still is a failure.
    for (const file of report.testResults ?? []) {
      const anyFailedTest = (file.assertionResults ?? []).some((t) => t.status === 'failed');
      if (file.status === 'failed' && !anyFailedTest) {
        result.failed += 1;
        result.notes.push(`${path.relative(ROOT, file.name)} failed to run`);
      }
    }
  }
  if (timedOut) {
    result.failed += 1;
    result.notes.push(`timed out after ${SUITE_TIMEOUT_MS / 1000} s`);
  } else if (!report) {
    result.failed += 1;
    result.notes.push(`no report (vitest exited with ${code})`);
  } else if (code !== 0 && result.failed === 0) {
    // e.g. unhandled errors between tests: vitest fails the run without failing a test.
    result.failed += 1;
    result.notes.push(`vitest exited with ${code} (errors outside tests)`);
  }
  return result;
}

function hasCjkFont() {
  const fc = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return fc.status === 0 && fc.stdout.trim().length > 0;
}

/** Returns null when the browser is ready, else why it is not. */
function ensureBrowser() {
  if (existsSync(CHROMIUM) && hasCjkFont()) return null;
  const missing = [!existsSync(CHROMIUM) && CHROMIUM, !hasCjkFont() && 'a CJK font'].filter(Boolean).join(' and ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    return `${missing} missing: run \`sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk\` (browser tests use Debian's Chromium; Chinese renders as boxes without CJK fonts)`;
  }
  console.log(`\n[test-all] ${missing} missing: installing chromium fonts-noto-cjk with apt-get (quietly)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']],
  ];
  for (const [cmd, args] of steps) {
    const res = spawnSync(cmd, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (res.status !== 0) {
      return `\`${cmd} ${args.join(' ')}\` failed (${res.status}):\n${(res.stdout + res.stderr).split('\n').slice(-15).join('\n')}`;
    }
  }
  if (!existsSync(CHROMIUM) || !hasCjkFont()) return `still missing ${CHROMIUM} or a CJK font after apt-get install`;
  return null;
}

/** @returns {Promise<SuiteResult>} */
async function runPlaywright() {
  const name = 'browser';
  const started = Date.now();
  const result = { name, passed: 0, failed: 0, skipped: 0, notes: [], seconds: 0 };
  const problem = ensureBrowser();
  if (problem) {
    result.failed = 1;
    result.notes.push(problem);
    return result;
  }
  const outputFile = path.join(reportDir, `${name}.json`);
  const { code, timedOut } = await run(path.join(BIN, 'playwright'), ['test', '--reporter=list,json'], {
    cwd: path.join(ROOT, 'packages', 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile },
  });
  result.seconds = (Date.now() - started) / 1000;
  const report = readJson(outputFile);
  let flaky = 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected') result.passed += 1;
        else if (test.status === 'flaky') {
          result.passed += 1;
          flaky += 1;
        } else if (test.status === 'skipped') result.skipped += 1;
        else result.failed += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  if (flaky) result.notes.push(`${flaky} flaky (passed on retry)`);
  // Global setup errors (build or server start failing) come as top-level errors with no tests run.
  const errors = report?.errors ?? [];
  if (errors.length && result.failed === 0) {
    result.failed += errors.length;
    result.notes.push(`${errors.length} error(s) outside tests: ${String(errors[0]?.message ?? '').split('\n')[0]}`);
  }
  if (timedOut) {
    result.failed += 1;
    result.notes.push(`timed out after ${SUITE_TIMEOUT_MS / 1000} s`);
  } else if (!report) {
    result.failed += 1;
    result.notes.push(`no report (playwright exited with ${code})`);
  } else if (code !== 0 && result.failed === 0) {
    result.failed += 1;
    result.notes.push(`playwright exited with ${code}`);
  }
  return result;
}

/**
 * Static checks as a suite of their own, one test each: the architecture rules (lint, including import
 * cycles) and types must hold in CI, not only on a developer's machine that remembered to run them.
 */
async function runStaticChecks() {
  const started = Date.now();
  const result = { name: 'static', passed: 0, failed: 0, skipped: 0, notes: [], seconds: 0 };
  const checks = [
    ['lint (boundaries, import cycles)', 'npm', ['run', '--silent', 'lint']],
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    // Shipped dependencies: no unreviewed install script or licence (decision 035), and the licence rules' own tests.
    ['supply chain (install scripts, licences)', 'node', ['scripts/check-supply-chain.mjs']],
    ['supply chain licence rules (node --test)', 'node', ['--test', 'scripts/supply-chain-licences.test.mjs']],
  ];
  for (const [label, command, args] of checks) {
    const { code, timedOut } = await run(command, args, { cwd: ROOT, env: {} });
    if (code === 0) result.passed += 1;
    else {
      result.failed += 1;
      result.notes.push(`${label} ${timedOut ? 'timed out' : `failed (exit ${code})`}`);
    }
    if (interrupted) break;
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

const suites = [
  ['static (lint, typecheck, supply chain)', runStaticChecks],
  ['domain (vitest)', () => runVitest('domain', 'packages/domain')],
  [`api (vitest, ${process.env.DATABASE_URL ? 'PostgreSQL via DATABASE_URL' : 'PGlite'})`, () => runVitest('api', 'packages/api')],
  ['web (vitest)', () => runVitest('web', 'packages/web')],
  ['browser (playwright: desktop + phone)', runPlaywright],
];
const results = [];
for (const [title, runSuite] of suites) {
  console.log(`\n━━━ ${title} ━━━`);
  results.push(await runSuite());
  if (interrupted) break;
}

rmSync(reportDir, { recursive: true, force: true });

console.log('\n━━━ summary ━━━');
for (const r of results) {
  // Not the `N passed, N failed` shape: that line appears once, last, for whatever parses the log.
  const counts = `passed ${r.passed} · failed ${r.failed}${r.skipped ? ` · skipped ${r.skipped}` : ''}`;
  const notes = r.notes.length ? `  (${r.notes.join('; ')})` : '';
  console.log(`${r.failed ? '✗' : '✓'} ${r.name.padEnd(8)} ${counts}${r.seconds ? ` in ${r.seconds.toFixed(1)} s` : ''}${notes}`);
}
const total = results.reduce(
  (acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(interrupted ? 130 : total.failed > 0 ? 1 : 0);
