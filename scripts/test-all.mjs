#!/usr/bin/env node
// `npm test`: every suite (static checks, domain, api, web units, the browser suite), each with a
// machine-readable reporter so the total is counted rather than scraped from human output. It keeps going
// after a failing suite so one run shows everything, and ends with exactly one `N passed, N failed` line.
//
// The suites run side by side, two at a time on a 2-core machine (TEST_JOBS to change it): the build the
// browser suite needs comes first, then the browser suite (the longest) runs while the static checks and the
// unit suites take the other slot. Each suite's output is kept in a file and printed whole when it ends, so
// the log reads suite by suite; the summary gives each suite's time and the run's.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
// Debian's headless shell build of Chromium: the browser suite's browser (packages/e2e/playwright.config.ts).
const CHROMIUM = '/usr/bin/chromium-headless-shell';
// Debian's nginx: the load balancer of the cluster check (deploy/nginx, decision 096), installed in the same apt step.
const NGINX = '/usr/sbin/nginx';
// A stuck suite (an open database handle, a server that never answers) must not hang CI forever.
const SUITE_TIMEOUT_MS = Number(process.env.TEST_SUITE_TIMEOUT_MS ?? 30 * 60 * 1000);
const JOBS = Math.max(1, Number(process.env.TEST_JOBS ?? 2));
const RUN_STARTED = Date.now();
const API_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');

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

const children = new Set();
const stopAll = () => {
  interrupted = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

/**
 * The browser suite is the run's critical path and the machine has two cores: the checks and unit suites that
 * share the machine with it give way to it, and take the CPU it leaves while it waits on pages, countdowns and
 * its one-at-a-time specs (decision 083). A job runs in a session of its own (`detached`), which Linux's
 * scheduler treats as one group with its fair share, whatever the number of threads in it; a background job's
 * group gets a lower weight through /proc/PID/autogroup, and its processes a higher nice value where there are no
 * autogroups. The API suite alone takes about 2 minutes; beside the browser suite at
 * an equal share about 12 minutes.
 */
const BACKGROUND_NICE = 10;
function giveWay(child) {
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, String(BACKGROUND_NICE));
  } catch {
    // no autogroups (not Linux, or the kernel has them off): the nice value below is what there is
  }
  try {
    os.setPriority(child.pid, BACKGROUND_NICE);
  } catch {
    // gone already, or not permitted: it runs at the normal priority
  }
}

/**
 * Runs a command in its own process group (a timeout stops it with the servers it started), output to `log`;
 * `background` ones give way to the browser suite (giveWay).
 */
function run(command, args, { cwd, env, log, background = false }) {
  return new Promise((resolve) => {
    const out = createWriteStream(log, { flags: 'a' });
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(child);
    if (background && child.pid) giveWay(child);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, SUITE_TIMEOUT_MS);
    const done = (result) => {
      clearTimeout(timer);
      children.delete(child);
      out.end(() => resolve(result));
    };
    child.on('error', (error) => {
      out.write(`${command}: ${error.message}\n`);
      done({ code: 127, timedOut, error });
    });
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 1), timedOut }));
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
async function runVitest(name, pkgDir, log, { env = {}, args = [] } = {}) {
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
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`, ...args],
    // Colour codes only on a terminal: CI logs stay readable (some libraries colour whenever FORCE_COLOR is set).
    { cwd, env: { ...(process.stdout.isTTY || process.env.FORCE_COLOR ? {} : { NO_COLOR: '1' }), ...env }, log, background: true },
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
  const browserReady = existsSync(CHROMIUM) && hasCjkFont();
  if (browserReady && existsSync(NGINX)) return null;
  const missing = [!existsSync(CHROMIUM) && CHROMIUM, !hasCjkFont() && 'a CJK font', !existsSync(NGINX) && NGINX].filter(Boolean).join(' and ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    // Without nginx only the cluster check fails, and it says so itself.
    if (browserReady) return null;
    return `${missing} missing: run \`sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk nginx-light\` (browser tests use Debian's Chromium; Chinese renders as boxes without CJK fonts)`;
  }
  const packages = ['chromium-headless-shell', 'fonts-noto-cjk', ...(existsSync(NGINX) ? [] : ['nginx-light'])];
  console.log(`\n[test-all] ${missing} missing: installing ${packages.join(' ')} with apt-get (quietly)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', ...packages]],
  ];
  // Debian's nginx package starts a system nginx on port 80 when installed; the cluster check runs its own. A
  // policy-rc.d that answers 101 ("action forbidden") keeps any service from starting during the install.
  const POLICY = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(POLICY);
  if (ownPolicy) writeFileSync(POLICY, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    for (const [cmd, args] of steps) {
      const res = spawnSync(cmd, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      if (res.status !== 0) {
        return `\`${cmd} ${args.join(' ')}\` failed (${res.status}):\n${(res.stdout + res.stderr).split('\n').slice(-15).join('\n')}`;
      }
    }
  } finally {
    if (ownPolicy) rmSync(POLICY, { force: true });
  }
  if (!existsSync(CHROMIUM) || !hasCjkFont()) return `still missing ${CHROMIUM} or a CJK font after apt-get install`;
  return null;
}

/** @returns {Promise<SuiteResult>} */
async function runPlaywright(log) {
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
  // The build step of this run made packages/*/dist already (global setup would build again otherwise).
  const { code, timedOut } = await run(path.join(BIN, 'playwright'), ['test', '--reporter=list,json'], {
    cwd: path.join(ROOT, 'packages', 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile, E2E_SKIP_BUILD: '1', E2E_CHROMIUM: CHROMIUM },
    log,
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
 * The cluster check (`npm run cluster:check`, deploy/, decision 096): two API nodes behind nginx on PostgreSQL and
 * Redis under a mixed load, one killed and restarted. It writes its checks to a JSON report; each counts as a test.
 * @returns {Promise<SuiteResult>}
 */
async function runClusterCheck(log) {
  const name = 'cluster';
  const started = Date.now();
  const result = { name, passed: 0, failed: 0, skipped: 0, notes: [], seconds: 0 };
  const reportFile = path.join(reportDir, `${name}.json`);
  const { code, timedOut } = await run(path.join(BIN, 'tsx'), ['packages/bench/src/cluster-check.ts'], { cwd: ROOT, env: { CLUSTER_CHECK_REPORT: reportFile }, log });
  result.seconds = (Date.now() - started) / 1000;
  const report = readJson(reportFile);
  for (const c of report?.checks ?? []) {
    if (c.ok) result.passed += 1;
    else {
      result.failed += 1;
      result.notes.push(c.name);
    }
  }
  if (timedOut) {
    result.failed += 1;
    result.notes.push(`timed out after ${SUITE_TIMEOUT_MS / 1000} s`);
  } else if (!report) {
    result.failed += 1;
    result.notes.push(`no report (cluster check exited with ${code})`);
  } else if (code !== 0 && result.failed === 0) {
    result.failed += 1;
    result.notes.push(`cluster check exited with ${code}`);
  }
  return result;
}

/**
 * Static checks count as one suite, one test each: the architecture rules (lint, including import cycles and
 * the API module graph) and types must hold in CI, not only on a developer's machine that remembered to run
 * them. The build is one of them: the browser suite and the start-up tests run what it makes.
 */
const STATIC_CHECKS = {
  build: ['build (web + api + mini-program)', 'npm', ['run', '--silent', 'build']],
  typecheck: ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  lint: ['lint (boundaries, layers, import cycles, module graph)', 'npm', ['run', '--silent', 'lint']],
  lintRules: ['lint rules and module graph (node --test)', 'npm', ['run', '--silent', 'lint:rules']],
  // Shipped dependencies: no unreviewed install script or licence (decision 035), and the licence rules' own tests.
  supplyChain: ['supply chain (install scripts, licences)', 'node', ['scripts/check-supply-chain.mjs']],
  supplyChainRules: ['supply chain licence rules (node --test)', 'node', ['--test', 'scripts/supply-chain-licences.test.mjs']],
  // The JavaScript each key page downloads, against its budget (decision 093); reads the build, so it runs after it.
  pageBudgets: ['page JavaScript budgets (node --test)', 'node', ['--test', 'packages/web/scripts/bundle-budgets.test.mjs']],
};

/** @returns {Promise<SuiteResult>} */
async function runCheck(key, log) {
  const started = Date.now();
  const [label, command, args] = STATIC_CHECKS[key];
  // The build goes first at full speed: the browser suite waits for it.
  const { code, timedOut } = await run(command, args, { cwd: ROOT, env: {}, log, background: key !== 'build' });
  const ok = code === 0;
  return {
    name: 'static',
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    notes: ok ? [] : [`${label} ${timedOut ? 'timed out' : `failed (exit ${code})`}`],
    seconds: (Date.now() - started) / 1000,
  };
}

const apiDatabase = process.env.DATABASE_URL ? 'PostgreSQL via DATABASE_URL' : 'PGlite';
/**
 * In start order; a job starts once what it needs has finished and a slot is free. The browser suite starts
 * as soon as the build is there and takes one slot for most of the run; the rest share the other.
 * @type {Array<{ key: string, title: string, suite: string, needs?: string[], run: (log: string) => Promise<SuiteResult> }>}
 */
const jobs = [
  { key: 'build', title: STATIC_CHECKS.build[0], suite: 'static', run: (log) => runCheck('build', log) },
  { key: 'browser', title: 'browser (playwright: desktop, and the phone specs)', suite: 'browser', needs: ['build'], run: runPlaywright },
  { key: 'typecheck', title: STATIC_CHECKS.typecheck[0], suite: 'static', run: (log) => runCheck('typecheck', log) },
  { key: 'lint', title: STATIC_CHECKS.lint[0], suite: 'static', run: (log) => runCheck('lint', log) },
  { key: 'lintRules', title: STATIC_CHECKS.lintRules[0], suite: 'static', run: (log) => runCheck('lintRules', log) },
  { key: 'supplyChain', title: STATIC_CHECKS.supplyChain[0], suite: 'static', run: (log) => runCheck('supplyChain', log) },
  { key: 'supplyChainRules', title: STATIC_CHECKS.supplyChainRules[0], suite: 'static', run: (log) => runCheck('supplyChainRules', log) },
  { key: 'pageBudgets', title: STATIC_CHECKS.pageBudgets[0], suite: 'static', needs: ['build'], run: (log) => runCheck('pageBudgets', log) },
  { key: 'domain', title: 'domain (vitest)', suite: 'domain', run: (log) => runVitest('domain', 'packages/domain', log) },
  { key: 'web', title: 'web (vitest)', suite: 'web', run: (log) => runVitest('web', 'packages/web', log) },
  { key: 'miniprogram', title: 'miniprogram (vitest)', suite: 'miniprogram', run: (log) => runVitest('miniprogram', 'packages/miniprogram', log) },
  {
    key: 'api',
    title: `api (vitest, ${apiDatabase})`,
    suite: 'api',
    needs: ['build'],
    // The tests that start the real server (start-up recovery, scale-out) start the bundle just built.
    run: (log) => runVitest('api', 'packages/api', log, { env: { SUMMIT_API_ENTRY: API_ENTRY } }),
  },
  // Runs the build's dist: two nodes behind nginx, one killed (about 90 s, 20–25 s of CPU).
  { key: 'cluster', title: 'cluster check (two nodes behind nginx, one killed and restarted)', suite: 'cluster', needs: ['build'], run: runClusterCheck },
];

if (!existsSync(CHROMIUM) || !hasCjkFont() || !existsSync(NGINX)) {
  // Before anything runs side by side: apt-get wants the machine to itself.
  const problem = ensureBrowser();
  if (problem) console.log(`[test-all] ${problem}`);
}

const finished = new Map();
const pending = [...jobs];
const runningJobs = new Set();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
await new Promise((resolveAll) => {
  const startReady = () => {
    if (interrupted) pending.length = 0;
    while (runningJobs.size < JOBS) {
      const next = pending.find((job) => (job.needs ?? []).every((need) => finished.has(need)));
      if (!next) break;
      pending.splice(pending.indexOf(next), 1);
      runningJobs.add(next);
      const log = path.join(reportDir, `${next.key}.log`);
      const started = Date.now();
      console.log(`[test-all] ${seconds(started - RUN_STARTED)}: started ${next.title}`);
      next
        .run(log)
        .catch((error) => ({ name: next.suite, passed: 0, failed: 1, skipped: 0, notes: [String(error?.message ?? error)], seconds: (Date.now() - started) / 1000 }))
        .then((result) => {
          runningJobs.delete(next);
          finished.set(next.key, result);
          console.log(`\n━━━ ${next.title} (${seconds(Date.now() - started)}) ━━━`);
          if (existsSync(log)) process.stdout.write(readFileSync(log, 'utf8'));
          startReady();
        });
    }
    if (runningJobs.size === 0) resolveAll();
  };
  startReady();
});

rmSync(reportDir, { recursive: true, force: true });

// One line per suite: the static checks add up into one.
const results = [];
for (const job of jobs) {
  const r = finished.get(job.key);
  if (!r) continue;
  const into = results.find((x) => x.name === r.name);
  if (!into) results.push({ ...r, notes: [...r.notes], parts: [`${job.key} ${r.seconds.toFixed(0)} s`] });
  else {
    into.passed += r.passed;
    into.failed += r.failed;
    into.skipped += r.skipped;
    into.notes.push(...r.notes);
    into.seconds += r.seconds;
    into.parts.push(`${job.key} ${r.seconds.toFixed(0)} s`);
  }
}

console.log('\n━━━ summary ━━━');
for (const r of results) {
  // Not the `N passed, N failed` shape: that line appears once, last, for whatever parses the log.
  const counts = `passed ${r.passed} · failed ${r.failed}${r.skipped ? ` · skipped ${r.skipped}` : ''}`;
  const time = r.parts.length > 1 ? `${r.seconds.toFixed(1)} s (${r.parts.join(', ')})` : `${r.seconds.toFixed(1)} s`;
  const notes = r.notes.length ? `  (${r.notes.join('; ')})` : '';
  console.log(`${r.failed ? '✗' : '✓'} ${r.name.padEnd(8)} ${counts} in ${time}${notes}`);
}
console.log(`  whole run: ${seconds(Date.now() - RUN_STARTED)} with ${JOBS} suites at a time`);
const total = results.reduce(
  (acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(interrupted ? 130 : total.failed > 0 ? 1 : 0);
