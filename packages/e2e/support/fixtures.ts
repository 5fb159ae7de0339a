import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pollSmsCode, waitUntilSmsAllowed } from './api.ts';
import { createAxeWatch, describeViolations, type AxeWatch } from './axe.ts';
import { spareStudentFor, type SparePurpose, type SpareStudent } from './spares.ts';

export interface SummitFixtures {
  /** The newest SMS code sent to `phone` during this test (and newer than any code read before). */
  readSmsCode: (phone: string) => Promise<string>;
  /** Sleeps until the server's 60 s per-phone resend interval has passed for `phone`. */
  waitUntilSmsAllowed: (phone: string) => Promise<void>;
  /** A registered student with complete info, set aside by global setup for this project. */
  spareStudent: (purpose: SparePurpose) => SpareStudent;
  /** Fails the test when a page breaks the Content-Security-Policy (decision 033); automatic. */
  cspGuard: void;
  /**
   * Runs axe-core's WCAG A/AA rules on every route the test's pages show (once per route per project and run,
   * support/axe.ts) and fails the test on any violation; automatic. `analyseNow(page)` analyses the page's
   * route at once (a pass over many pages calls it before moving on).
   */
  axeWatch: AxeWatch;
}

/** Chromium's console line for a refused script, style, frame, connection… ("… violates the following Content Security Policy directive …"). */
const CSP_VIOLATION = /Content[- ]Security[- ]Policy/i;

/**
 * Calls `onPage` for every page of `context` and of every context the test makes with browser.newContext() (and so
 * browser.newPage()), now and later; returns what puts browser.newContext back.
 */
function watchEveryPage(browser: Browser, context: BrowserContext, onPage: (page: Page) => void): () => void {
  const watchContext = (ctx: BrowserContext) => {
    ctx.pages().forEach(onPage);
    ctx.on('page', onPage);
  };
  watchContext(context);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
    const ctx = await newContext(...args);
    watchContext(ctx);
    return ctx;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<SummitFixtures>({
  // Global setup starts the server on a free port it only knows at run time.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global setup did not start the server');
    await use(url);
  },
  readSmsCode: async ({ baseURL }, use) => {
    const startedAt = Date.now() - 2_000;
    const lastRead = new Map<string, number>();
    await use(async (phone) => {
      const after = Math.max(startedAt, (lastRead.get(phone) ?? 0) + 1);
      const item = await pollSmsCode(baseURL as string, phone, after);
      lastRead.set(phone, Date.parse(item.created_at));
      return item.code;
    });
  },
  waitUntilSmsAllowed: async ({ baseURL }, use) => {
    await use((phone) => waitUntilSmsAllowed(baseURL as string, phone));
  },
  spareStudent: async ({}, use, testInfo) => {
    await use((purpose) => spareStudentFor(testInfo.project.name, purpose));
  },
  // Every page of every context the test opens — the default one and those made with browser.newContext()
  // or browser.newPage() — is watched: a CSP violation is a broken page even when the test's clicks still pass.
  cspGuard: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const watchPage = (page: Page) => {
        page.on('console', (message) => {
          if (CSP_VIOLATION.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      };
      const unwatch = watchEveryPage(browser, context, watchPage);
      try {
        await use();
      } finally {
        unwatch();
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  axeWatch: [
    async ({ browser, context, baseURL }, use, testInfo) => {
      const watch = createAxeWatch(testInfo.project.name, baseURL as string);
      const unwatch = watchEveryPage(browser, context, (page) => watch.watch(page));
      try {
        await use(watch);
      } finally {
        unwatch();
      }
      const violations = await watch.finish();
      expect(describeViolations(violations), 'accessibility violations (axe-core, WCAG 2.2 A/AA; decision 093)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Marks a test whose phone run checks something the desktop run does not (a layout that changes at 375 px,
 * the H5 or WeChat pay path, touch-only controls). The phone project runs these, the phone-*.spec.ts files
 * and the pass over every page (phone-pages.spec.ts); every other flow runs once, on the desktop.
 */
export const PHONE = { tag: '@phone' } as const;
