// npm run bench:web — is the public site fast on a phone? (issue 4 item 7, decision 016)
// Builds the site, starts the real server from dist/ on a temporary DATA_DIR as in production, runs
// Lighthouse 12.8 (its default mobile preset: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown)
// in Debian's Chromium on the key pages, and prints each performance score, the gzipped JavaScript the
// home page loads, and a ratio line against the targets. Not a test: it prints, and exits 1 when a target
// is missed so a CI job can use it.
//   BENCH_BUILD=0     reuse the existing build instead of running `npm run build`
//   BENCH_RUNS=3      Lighthouse runs per page; the median score is reported (default 3)
//   BENCH_PATHS=/,/faq  pages to audit (default: /, /instructions/tuition, /faq, /login)
//   CHROME_PATH       Chromium binary (default /usr/bin/chromium)
//   BENCH_REPORT_DIR  also write each page's median Lighthouse report there as JSON (for diagnosis)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PATHS = (process.env.BENCH_PATHS ?? '/,/instructions/tuition,/faq,/login').split(',').map((p) => p.trim()).filter(Boolean);
const SCORE_TARGET = 90;
const HOME_JS_TARGET_KB = 170;

interface Opportunity {
  id: string;
  title: string;
  savingsMs: number;
}

interface PageResult {
  path: string;
  scores: number[];
  median: number;
  metrics: Record<string, string>;
  opportunities: Opportunity[];
  scripts: Array<{ url: string; transferBytes: number }>;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function opportunitiesOf(lhr: Lhr): Opportunity[] {
  return Object.values(lhr.audits)
    .map((audit) => {
      const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined;
      const savings = details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? audit.metricSavings?.FCP ?? 0;
      return { id: audit.id, title: audit.title, savingsMs: Math.round(savings), failing: audit.score !== null && audit.score < 0.9 };
    })
    .filter((o) => o.failing && o.savingsMs >= 50)
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 6)
    .map(({ id, title, savingsMs }) => ({ id, title, savingsMs }));
}

function scriptsOf(lhr: Lhr): PageResult['scripts'] {
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  return items.filter((i) => i.resourceType === 'Script').map((i) => ({ url: i.url, transferBytes: i.transferSize ?? 0 }));
}

function metricsOf(lhr: Lhr): Record<string, string> {
  const pick = (id: string) => lhr.audits[id]?.displayValue ?? '—';
  return { FCP: pick('first-contentful-paint'), LCP: pick('largest-contentful-paint'), TBT: pick('total-blocking-time'), CLS: pick('cumulative-layout-shift'), SI: pick('speed-index') };
}

/** Gzipped size of each script the home page loaded, measured the way the build budget measures it. */
async function gzippedKb(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    bytes += gzipSync(Buffer.from(await res.arrayBuffer())).length;
  }
  return bytes / 1024;
}

if (!existsSync(CHROME_PATH)) {
  console.error(`Chromium not found at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  process.exit(2);
}
if (process.env.BENCH_BUILD !== '0' || !existsSync(SERVER_ENTRY)) {
  console.log('building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { DATABASE_URL: _ignored, REDIS_URL: _ignoredToo, ...inherited } = process.env;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-web-bench-'));
const server = await startServer(
  process.execPath,
  [SERVER_ENTRY],
  { ...inherited, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'true', DEMO_MODE: 'true', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000' },
  '/api/clock',
);
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  // --no-sandbox: containers and CI run as root; headless=new renders like the real browser.
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const results: PageResult[] = [];
try {
  console.log(`Lighthouse ${RUNS}× per page, mobile preset, ${server.url}\n`);
  for (const pagePath of PATHS) {
    const scores: number[] = [];
    const reports: Lhr[] = [];
    for (let run = 0; run < RUNS; run++) {
      const answer = await lighthouse(server.url + pagePath, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!answer) throw new Error(`lighthouse gave no result for ${pagePath}`);
      const { lhr } = answer;
      if (lhr.runtimeError) throw new Error(`${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      scores.push(score);
      reports.push(lhr);
    }
    // Details (metrics, opportunities, scripts) come from the run whose score is the median.
    const lhr = reports[scores.indexOf(median(scores))]!;
    if (process.env.BENCH_REPORT_DIR) {
      mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_REPORT_DIR, `${pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
    }
    const result: PageResult = { path: pagePath, scores, median: median(scores), metrics: metricsOf(lhr), opportunities: opportunitiesOf(lhr), scripts: scriptsOf(lhr) };
    results.push(result);
    const m = result.metrics;
    console.log(`${pagePath.padEnd(24)} performance ${String(result.median).padStart(3)}  (runs ${scores.join(', ')})  FCP ${m.FCP}  LCP ${m.LCP}  TBT ${m.TBT}  CLS ${m.CLS}  SI ${m.SI}`);
    if (result.median < SCORE_TARGET) {
      for (const o of result.opportunities) console.log(`${''.padEnd(26)}↳ ${o.title} (${o.id}): ~${o.savingsMs} ms`);
    }
  }

  const home = results.find((r) => r.path === '/');
  let homeKb: number | null = null;
  if (home) {
    const urls = home.scripts.map((s) => s.url).filter((u) => u.startsWith(server.url));
    homeKb = await gzippedKb(urls);
    const wireKb = home.scripts.reduce((sum, s) => sum + s.transferBytes, 0) / 1024;
    console.log(`\nhome page JavaScript: ${urls.length} files, ${homeKb.toFixed(1)} KB gzipped (${wireKb.toFixed(1)} KB on the wire, as served)`);
  }

  const worst = Math.min(...results.map((r) => r.median));
  const scoreRatio = worst / SCORE_TARGET;
  const jsRatio = homeKb === null ? null : homeKb / HOME_JS_TARGET_KB;
  console.log(
    `\nratio: lowest score ${worst}/${SCORE_TARGET} = ${scoreRatio.toFixed(2)} (target ≥ 1.00)` +
      (jsRatio === null ? '' : `; home JS ${homeKb!.toFixed(1)}/${HOME_JS_TARGET_KB} KB = ${jsRatio.toFixed(2)} (target ≤ 1.00)`),
  );
  const met = scoreRatio >= 1 && (jsRatio === null || jsRatio <= 1);
  console.log(met ? 'targets met' : 'TARGETS MISSED');
  process.exitCode = met ? 0 : 1;
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
