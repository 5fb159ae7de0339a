// Phone project only (see playwright.config.ts): a pass over every page of the product at 375 px, each opened
// as its role with a demo account. Every page opens (not the 404 page, not the load-failure screen, not
// blank), nothing on it scrolls sideways, its controls are at least 44 px tall (decision 031), and the
// console stays free of errors. The flows themselves run on the desktop; the phone project adds the tests
// tagged PHONE, where a phone does something the desktop does not.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AxeWatch } from '../support/axe.ts';
import { test, expect } from '../support/fixtures.ts';
import { callApi, type LoginResult } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { measureLayout } from '../support/phone-check.ts';
import { ALL_ROUTES, NOT_YET_BUILT, PRODUCT_PAGES, type PageRole } from '../support/pages.ts';

/** The demo account that opens each role's pages: a paid student with a venue, the teacher 王老师, … */
const ACCOUNT: Record<Exclude<PageRole, 'public'>, string> = {
  student: '13900000006',
  any: '13900000006',
  teacher: DEMO.teacher,
  admin: DEMO.admin,
  school: DEMO.school,
  sl: DEMO.studentLeader,
};

/**
 * Console lines that are not a broken page: the browser's own report of an API answer the page expected and
 * handles (a 4xx for a sample id that the demo does not have, shown as the page's own message).
 */
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 4\d\d/;

type PhoneUse = Pick<Parameters<Browser['newContext']>[0] & object, 'viewport' | 'isMobile' | 'hasTouch' | 'deviceScaleFactor' | 'userAgent' | 'locale' | 'timezoneId'>;

async function roleContext(browser: Browser, baseURL: string, role: PageRole, use: PhoneUse): Promise<BrowserContext> {
  const context = await browser.newContext({ ...use, baseURL });
  let login: [key: string, token: string, role: string] | null = null;
  if (role !== 'public') {
    const res = await callApi<LoginResult>(baseURL, 'POST', '/api/login', { body: { phone_code: '86', phone: ACCOUNT[role], password: DEMO_PASSWORD } });
    if (!res.data?.token) throw new Error(`login ${role}: ${res.msg}`);
    const stored = String(res.data.type ?? 'student').toLowerCase();
    login = [`${stored}_token`, res.data.token, stored];
  }
  await context.addInitScript((entry) => {
    // The one-time online notice would sit over every page.
    localStorage.setItem('online_notice_read', '1');
    if (entry) {
      localStorage.setItem(entry[0], entry[1]);
      localStorage.setItem('last_login_role', entry[2]);
    }
  }, login);
  return context;
}

/** What is wrong with the page as drawn now: not a page, or not fit for a phone. */
async function layoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const text = await page.evaluate(() => document.body.innerText || '');
  const landed = new URL(page.url()).pathname;
  if (/您访问的页面不存在/.test(text) && !/^\/(register|login)/.test(landed)) problems.push('the 404 page');
  if (/页面加载失败/.test(text)) problems.push('页面加载失败');
  if (!text.trim()) problems.push('blank');
  const layout = await measureLayout(page);
  if (layout.scrollWidth > layout.viewportWidth) problems.push(`scrolls sideways: ${layout.scrollWidth} px wide at ${layout.viewportWidth} px`);
  for (const small of layout.smallTargets) problems.push(`tap target under 44 px: ${small}`);
  return problems;
}

/** Requests the page has in flight, so the pass can wait for a page to finish fetching its data. */
function trackRequests(page: Page): { idleFor: (quietMs: number, capMs: number) => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const down = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  return {
    // Quiet for `quietMs` with nothing in flight, or `capMs` passed (a page that polls is never quiet).
    idleFor: async (quietMs, capMs) => {
      const started = Date.now();
      while (Date.now() - started < capMs) {
        if (inFlight === 0 && Date.now() - lastChange >= quietMs) return;
        await page.waitForTimeout(50);
      }
    },
  };
}

/**
 * Opens one page and lists what is wrong with it on a phone (an empty list: it fits). The first page of a
 * role is loaded; the rest are reached inside the app, as a user moving between pages does (the router
 * follows history changes), which spares the browser re-reading the whole app for each of ~190 pages.
 * Loading a page from its address is what the desktop flows and the route checks do.
 */
async function problemsOf(page: Page, path: string, requests: ReturnType<typeof trackRequests>, load: boolean, axe: AxeWatch): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' && !EXPECTED_CONSOLE.test(message.text())) problems.push(`console: ${message.text().slice(0, 160)}`);
  };
  const onError = (error: Error) => problems.push(`uncaught: ${error.message.slice(0, 160)}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    if (load) {
      await page.goto(path, { waitUntil: 'load' });
    } else {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, path);
    }
    // Lazy pages fetch their code and data once shown: wait until the requests settle.
    await requests.idleFor(400, 4_000);
    await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning').first()).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
    // A page may still be drawing (a query answered after the network went quiet): look again a few times
    // before calling what is seen a problem.
    let seen: string[] = [];
    for (let look = 0; look < 4; look += 1) {
      if (look > 0) await page.waitForTimeout(750);
      seen = await layoutProblems(page);
      if (seen.length === 0) break;
    }
    problems.push(...seen);
    // The accessibility check (support/axe.ts) of this page, before the pass moves on; its violations fail the test.
    await axe.analyseNow(page);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
  return problems;
}

const ROLES: PageRole[] = ['public', 'student', 'any', 'teacher', 'admin', 'school', 'sl'];

// The roles' passes are independent (each its own browser context): they spread over the workers.
test.describe.configure({ mode: 'parallel' });

test('the page list is the route list less the routes not built yet, each of those a route of the list', () => {
  const listed = new Set(ALL_ROUTES.map((r) => r.path));
  expect([...NOT_YET_BUILT].filter((p) => !listed.has(p)), 'NOT_YET_BUILT entries that are not routes').toEqual([]);
  expect(PRODUCT_PAGES.length + NOT_YET_BUILT.size).toBe(ALL_ROUTES.length);
  expect(new Set(PRODUCT_PAGES.map((p) => p.role))).toEqual(new Set(ROLES));
});

for (const role of ROLES) {
  const pages = PRODUCT_PAGES.filter((p) => p.role === role);
  test(`every ${role} page fits 375 px: opens, no sideways scroll, 44 px targets, no console error (${pages.length} pages)`, async ({ browser, baseURL, axeWatch }, testInfo) => {
    test.setTimeout(60_000 + pages.length * 15_000);
    expect(pages.length, `${role} pages listed`).toBeGreaterThan(0);
    const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, locale, timezoneId } = testInfo.project.use;
    const context = await roleContext(browser, baseURL!, role, { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, locale, timezoneId });
    const page = await context.newPage();
    const requests = trackRequests(page);
    const found: string[] = [];
    try {
      for (const [index, { path }] of pages.entries()) {
        for (const problem of await problemsOf(page, path, requests, index === 0, axeWatch)) found.push(`${path}: ${problem}`);
      }
    } finally {
      await context.close();
    }
    expect(found, `${role} pages with a phone problem`).toEqual([]);
  });
}
