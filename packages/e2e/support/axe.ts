// Accessibility on every page the browser suite visits (decision 093): axe-core's WCAG 2.0/2.1/2.2 A and AA rules
// run in the page once per distinct route per project and run, and any violation fails the test that saw it.
//
// How it stays cheap: a route (the path with ids and tokens folded to `:id`) is analysed by the first page of the
// run that shows it, whichever worker that is; a claim file per route and project (in the run's work directory,
// removed with it) tells the other workers and the later tests that it is taken, and keeps what was found, so a
// retried test or another test on the same route meets the same violations instead of a silent pass. A route whose
// analysis was cut short (the page moved on, closed, or the run took too long) is released for the next visit.
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's tags for WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 added AA rules only, and one A rule axe tags wcag22a when it has one). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Rules left out, each with its reason in decision 093. Empty: every A/AA rule applies.
 */
export const AXE_DISABLED_RULES: string[] = [];

/**
 * Parts of the page left out of the analysis, each with its reason in decision 093: antd's table measuring row
 * (zero height, aria-hidden, a copy of the column titles that antd keeps for measuring widths), which axe's
 * aria-hidden-focus reports on scrolling tables although the real header row is the one users reach; and the date
 * panel's year and month buttons (`.ant-picker-header-view`), which antd names by what they do (选择年份, 选择月份) while
 * they show the value (2026年, 10月), so label-content-name-mismatch reports them (the locale override in
 * antd-root.tsx that drops those names did not take effect on /hxweek/passport; to be found); and an open select's
 * option list (`.ant-select-dropdown`): focus stays in the combobox, which points at the active option
 * (aria-activedescendant), so the list's scrolling box has nothing focusable by design, and the list is analysed
 * while it opens or closes (its colours mid-transition).
 */
export const AXE_EXCLUDED = [
  '.ant-table-measure-row',
  '.ant-picker-header-view',
  '.ant-select-dropdown',
  // A select or auto-complete with no active option points aria-activedescendant at option -1 (`…_list_-1`), an id
  // antd never renders; the field is analysed in every other state.
  '[aria-activedescendant$="_list_-1"]',
];

/** How long a page may take to settle (no skeleton, no spinner) before it is analysed as it is. */
const SETTLE_MS = 3_000;
/** An analysis that takes longer than this is given up (released for a later visit), never awaited forever. */
const ANALYSIS_CAP_MS = 15_000;
/** Quiet time after a navigation before the route is analysed, so a page that redirects is analysed where it lands. */
const DEBOUNCE_MS = 400;

export interface AxeViolation {
  route: string;
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const SEGMENT_ID = /^(\d+|[0-9a-f]{8}-[0-9a-f-]{27,}|[A-Za-z0-9_-]{20,}|[0-9a-f]{12,})$/i;

/** The route of a URL: its path with numeric ids, UUIDs and long tokens folded to `:id`; null for other origins and about:blank. */
export function routeOf(url: string, baseURL: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(baseURL).origin) return null;
  // The API's own pages (docs) and the stand-ins of outside services (the sandbox checkout, WeChat's sign-in page) are
  // not the product's pages.
  if (/^\/(api|pay\/sandbox|connect\/oauth2|__[a-z]+)\//.test(parsed.pathname)) return null;
  const segments = parsed.pathname.split('/').map((s) => (SEGMENT_ID.test(s) ? ':id' : s));
  return segments.join('/') || '/';
}

function claimDir(project: string): string {
  // Global setup names a directory inside the run's work directory (removed at the end of the run).
  const root = process.env.E2E_AXE_DIR ?? path.join(os.tmpdir(), `summit-axe-${new URL(process.env.E2E_BASE_URL ?? 'http://x').port || 'default'}`);
  return path.join(root, project.replace(/\W+/g, '_'));
}

const claimFile = (dir: string, route: string) => path.join(dir, `${encodeURIComponent(route)}.json`);

type Claim = { mine: true } | { mine: false; found: AxeViolation[] | null };

/** Takes the route for this caller (an exclusive create), or reads what the route's analysis found (null: still running). */
function claim(dir: string, route: string): Claim {
  const file = claimFile(dir, route);
  mkdirSync(dir, { recursive: true });
  try {
    closeSync(openSync(file, 'wx'));
    return { mine: true };
  } catch {
    const text = readFileSync(file, 'utf8');
    return { mine: false, found: text ? (JSON.parse(text) as AxeViolation[]) : null };
  }
}

/** Runs in the page: waits (bounded) for loading states to go, then axe with the WCAG A/AA rules. */
async function analyseInPage(args: { tags: string[]; disabled: string[]; excluded: string[]; settleMs: number }) {
  type AxeResult = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> };
  const axe = (window as unknown as { axe: { run(ctx: object, o: object): Promise<AxeResult> } }).axe;
  const loading = () => document.querySelector('[data-testid="page-skeleton"], .ant-skeleton-active, .ant-spin-spinning') !== null;
  const started = performance.now();
  while (loading() && performance.now() - started < args.settleMs) await new Promise((r) => setTimeout(r, 100));
  const context = args.excluded.length > 0 ? { include: [['html']], exclude: args.excluded.map((s) => [s]) } : { include: [['html']] };
  const runOnce = () =>
    axe.run(context, {
      runOnly: { type: 'tag', values: args.tags },
      rules: Object.fromEntries(args.disabled.map((id) => [id, { enabled: false }])),
      resultTypes: ['violations'],
      iframes: false,
    });
  let result = await runOnce();
  if (result.violations.length > 0) {
    // A page that began loading again while axe ran (a refetch greys a table under its spinner, a tag is drawn
    // mid-update) is seen in a state nobody reads: look again once it has settled, and keep only what both
    // analyses found at the same place, so a defect that stays is reported and a passing moment is not.
    await new Promise((r) => setTimeout(r, 300));
    const again = performance.now();
    while (loading() && performance.now() - again < args.settleMs) await new Promise((r) => setTimeout(r, 100));
    const second = await runOnce();
    const seen = new Set(second.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.map(String).join(' ')}`)));
    result = {
      violations: result.violations
        .map((v) => ({ ...v, nodes: v.nodes.filter((n) => seen.has(`${v.id} ${n.target.map(String).join(' ')}`)) }))
        .filter((v) => v.nodes.length > 0),
    };
  }
  return {
    href: location.href,
    violations: result.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => `${n.target.map(String).join(' ')} [${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim().slice(0, 160)}]`) })),
  };
}

/**
 * Watches pages for one test: every main-frame navigation (loads and history changes) schedules an analysis of
 * the page's route unless the route was analysed before in this project and run; `finish()` analyses the routes
 * the test's open pages show now, waits for the analyses in flight, and returns every violation seen.
 */
export function createAxeWatch(project: string, baseURL: string) {
  const dir = claimDir(project);
  const found: AxeViolation[] = [];
  const reported = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const pages = new Set<Page>();
  const timers = new Map<Page, ReturnType<typeof setTimeout>>();
  const running = new Map<Page, Promise<void>>();

  const report = (route: string, violations: AxeViolation[]) => {
    if (reported.has(route)) return;
    reported.add(route);
    found.push(...violations);
  };

  /** Never rejects: a check that cannot run (the page went away) leaves the route for a later visit. */
  async function analyse(page: Page): Promise<void> {
    try {
      await analyseOnce(page);
    } catch {
      // nothing to report
    }
  }

  async function analyseOnce(page: Page): Promise<void> {
    if (page.isClosed()) return;
    const route = routeOf(page.url(), baseURL);
    if (route === null || reported.has(route)) return;
    const taken = claim(dir, route);
    if (!taken.mine) {
      if (taken.found) report(route, taken.found);
      return;
    }
    let done = false;
    const t0 = Date.now();
    try {
      const hasAxe = await page.evaluate(() => 'axe' in window);
      if (!hasAxe) await page.evaluate(AXE_SOURCE);
      const result = await Promise.race([
        page.evaluate(analyseInPage, { tags: AXE_TAGS, disabled: AXE_DISABLED_RULES, excluded: AXE_EXCLUDED, settleMs: SETTLE_MS }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), ANALYSIS_CAP_MS)),
      ]);
      // Analysed where it was asked: a page that moved on meanwhile is analysed again at its next visit.
      if (result && routeOf(result.href, baseURL) === route && routeOf(page.url(), baseURL) === route) {
        const violations = result.violations.map((v) => ({ route, ...v }));
        writeFileSync(claimFile(dir, route), JSON.stringify(violations));
        report(route, violations);
        done = true;
      }
    } catch {
      // The page navigated (its context was destroyed) or closed during the analysis.
    } finally {
      if (!done) rmSync(claimFile(dir, route), { force: true });
      // E2E_AXE_TIMINGS=<file>: one line per analysis (project, route, completed, ms), to price the check (decision 093).
      if (process.env.E2E_AXE_TIMINGS) appendFileSync(process.env.E2E_AXE_TIMINGS, `${project} ${route} ${done} ${Date.now() - t0}\n`);
    }
  }

  /** One analysis at a time per page; a later request waits for the one running. */
  function queue(page: Page): Promise<void> {
    const previous = running.get(page) ?? Promise.resolve();
    const next = previous.then(() => analyse(page));
    running.set(page, next);
    inFlight.add(next);
    void next.finally(() => inFlight.delete(next));
    return next;
  }

  function watch(page: Page) {
    if (pages.has(page)) return;
    pages.add(page);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      clearTimeout(timers.get(page));
      timers.set(page, setTimeout(() => void queue(page), DEBOUNCE_MS));
    });
    page.on('close', () => clearTimeout(timers.get(page)));
  }

  async function finish(): Promise<AxeViolation[]> {
    for (const timer of timers.values()) clearTimeout(timer);
    await Promise.all([...pages].filter((p) => !p.isClosed()).map((p) => queue(p)));
    await Promise.allSettled([...inFlight]);
    return found;
  }

  return { watch, finish, analyseNow: queue };
}

export type AxeWatch = ReturnType<typeof createAxeWatch>;

/** One line per violation, for the failure message. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.route}: ${v.rule} (${v.impact ?? 'n/a'}) ${v.help} — ${v.targets.join(' | ')}`);
}
