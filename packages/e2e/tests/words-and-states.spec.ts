// Words and states people see (decision 084): a 404 leads home (the person's own home), not to a retry;
// /student/checkin without a code explains how to check in; the house reveal before publication is a real page.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi, type LoginResult } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { studentAt } from '../support/journey.ts';

/** First paint of an antd page or an argon2 login on a busy 2-core machine. */
const SLOW = { timeout: 30_000 };

async function apiLogin(baseURL: string, phone: string): Promise<string> {
  const res = await callApi<LoginResult>(baseURL, 'POST', '/api/login', { body: { phone_code: '86', phone, password: DEMO_PASSWORD } });
  if (!res.data?.token) throw new Error(`login ${phone}: ${res.msg}`);
  return res.data.token;
}

async function keepLogin(page: Page, role: 'student' | 'teacher', token: string) {
  await page.addInitScript(([r, t]) => {
    localStorage.setItem(`${r}_token`, t);
    localStorage.setItem('last_login_role', r);
    localStorage.setItem('online_notice_read', '1');
  }, [role, token] as const);
}

async function expectWayHome(page: Page, home: string) {
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible(SLOW);
  const back = page.getByRole('link', { name: '返回首页' });
  await expect(back).toHaveAttribute('href', home, SLOW);
  await expect(page.getByRole('button', { name: /重试|重新加载/ })).toHaveCount(0);
}

test.describe('a 404 offers the way home', () => {
  test('a visitor goes to the site home', async ({ page }) => {
    await page.goto('/no-such-page-at-all');
    await expectWayHome(page, '/');
  });

  test('a student goes to /account', async ({ page, baseURL }) => {
    await keepLogin(page, 'student', await apiLogin(baseURL!, DEMO.student));
    await page.goto('/no-such-page-at-all');
    await expectWayHome(page, '/account');
  });

  test('a teacher goes to /teacher', async ({ page, baseURL }) => {
    await keepLogin(page, 'teacher', await apiLogin(baseURL!, DEMO.teacher));
    await page.goto('/no-such-page-at-all');
    await expectWayHome(page, '/teacher');
  });

  test('an admin goes to /admin', async ({ page, baseURL }) => {
    await keepLogin(page, 'teacher', await apiLogin(baseURL!, DEMO.admin));
    await page.goto('/no-such-page-at-all');
    await expectWayHome(page, '/admin');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/admin/, SLOW);
  });
});

test('/student/checkin without a code explains how to check in', async ({ page, baseURL }) => {
  await keepLogin(page, 'student', await apiLogin(baseURL!, DEMO.student));
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/student/sign') && r.request().method() === 'POST') failed.push(r.url());
  });
  await page.goto('/student/checkin');
  const how = page.getByRole('region', { name: '如何签到' });
  await expect(how.getByRole('heading', { name: '扫码签到' })).toBeVisible(SLOW);
  await expect(how).toContainText('签到二维码');
  await expect(how).toContainText('扫一扫');
  // The steps are a list read line by line: left-aligned, not centred under the title (a phone is 375 px wide).
  await expect(how.getByRole('listitem').first()).toHaveCSS('text-align', 'left');
  await expect(page.getByText('签到失败')).toHaveCount(0);
  expect(failed).toEqual([]);
});

test('/student/house-reveal-begin before the house result is a real page, with no failing request', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const student = await studentAt(baseURL!, 'paid', '韩知秋');
  await keepLogin(page, 'student', student.token);
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(m.text());
  });
  await page.goto('/student/house-reveal-begin');
  await expect(page.getByRole('heading', { name: '分院时刻' })).toBeVisible(SLOW);
  await expect(page.getByTestId('reveal-message')).toHaveText('尚未公布house信息！');
  await expect(page.getByTestId('reveal-when')).toContainText(/揭晓/);
  await expect(page.getByRole('link', { name: '返回我的会场与选课' })).toBeVisible();
  expect(failures).toEqual([]);
});
