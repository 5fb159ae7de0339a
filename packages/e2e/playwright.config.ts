import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI);

// Android Chrome's UA: the web app decides "phone" partly by user agent (docs/product/constants.md), so the phone project
// must look like a phone to the page, not just have a narrow viewport. Not WeChat: no MicroMessenger.
const PHONE_USER_AGENT = devices['Pixel 7']?.userAgent;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // Two cores shared with the server under test: one browser at a time keeps timings stable.
  workers: 1,
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
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: {
      // Debian's Chromium (apt-get install chromium), never a downloaded browser.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
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
      testIgnore: /phone-.*\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      // The specs of phone behaviour (phone-*.spec.ts, among them the pass over every page) and the tests
      // tagged PHONE (support/fixtures.ts): the rest of each flow is the same code at any width and runs
      // once, on the desktop. Playwright matches `grep` against "project file describe title tags".
      name: 'phone',
      grep: [/phone-[a-z-]+\.spec\.ts/, /@phone/],
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
