import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI);
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Specs that change state the other tests share, so they run alone after everything else (project `alone`):
 * the demo administrator's second factor and the enforcement switch (staff-mfa), the demo school's sessions
 * (admin-end-sessions), the fee plan (deposits), the programme's online/offline mode (online-notice) and the
 * programme-wide house publication (house-reveal). Each puts things back as it found them.
 */
const ALONE = /\/(staff-mfa|admin-end-sessions|deposits|online-notice|house-reveal)\.spec\.ts$/;

// Android Chrome's UA: the web app decides "phone" partly by user agent (docs/product/constants.md), so the phone project
// must look like a phone to the page, not just have a narrow viewport. Not WeChat: no MicroMessenger.
const PHONE_USER_AGENT = devices['Pixel 7']?.userAgent;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // Two browsers at a time: one alone leaves a third of the 2-core machine idle while it waits on the server
  // and on the page (decision 080). Every test makes its own accounts, courses and venues, so files run side
  // by side safely. E2E_WORKERS=1 for a quiet run of one spec.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // The SMS resend interval is 60 s per phone (docs/api-contract.md), and a few flows have to wait it out.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Recording a trace of every test costs the 2-core machine a third or more of the suite's time: CI records
    // the retry of a failed test (a failure on the first try is retried once there), a developer's run keeps
    // the trace of whatever fails.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    // The pages honour the system's reduce-motion setting (antd's animations off, our CSS still): nothing
    // slides or fades under the tests, so Playwright's "is it stable" checks pass at once and the browser
    // paints far fewer frames. What reduce-motion itself changes is tested in the web's unit tests.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser: its headless shell (apt-get install
      // chromium-headless-shell) when there, which spends about a third less CPU on the same pages
      // than the full browser in headless mode; E2E_CHROMIUM picks another build.
      executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [/phone-.*\.spec\.ts$/, ALONE],
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      // The specs that change what every other test relies on, one at a time once the rest have finished.
      name: 'alone',
      testMatch: ALONE,
      workers: 1,
      dependencies: ['desktop', 'phone'],
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      // The specs of phone behaviour (phone-*.spec.ts, among them the pass over every page) and the tests
      // tagged PHONE (support/fixtures.ts): the rest of each flow is the same code at any width and runs
      // once, on the desktop. Playwright matches `grep` against "project file describe title tags".
      name: 'phone',
      grep: [/phone-[a-z-]+\.spec\.ts/, /@phone/],
      testIgnore: ALONE,
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        ...(PHONE_USER_AGENT ? { userAgent: PHONE_USER_AGENT } : {}),
      },
    },
  ],
});
