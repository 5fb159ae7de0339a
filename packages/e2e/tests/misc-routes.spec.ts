// The routes still missing from finished areas (decisions 027, 028), on desktop and phone.
import type { Page } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, registerStudentViaApi, saveStudentInfoViaApi, type LoginResult } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';

/** Tuition paid, offer released: has an offer letter PDF (README demo table). Only read here. */
const PAID_STUDENT = '13900000006';
const OFFER_PDF = '/api/student/offer-letter/pdf';
/** First paint of an antd page or an argon2 login on a busy 2-core machine. */
const SLOW = 30_000;

async function apiLogin(baseURL: string, phone: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await callApi<LoginResult>(baseURL, 'POST', '/api/login', { body: { phone_code: '86', phone, password } });
  if (!res.data?.token) throw new Error(`login ${phone}: ${res.msg}`);
  return res.data.token;
}

/** Puts role logins into this browser's storage the way the login screen leaves them; the last one is active. */
async function keepLogins(page: Page, logins: Array<[role: 'student' | 'sl' | 'teacher' | 'school', token: string]>) {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e-logins-set')) return;
    sessionStorage.setItem('e2e-logins-set', '1');
    for (const [role, token] of entries) {
      localStorage.setItem(`${role}_token`, token);
      localStorage.setItem('last_login_role', role);
    }
    localStorage.setItem('online_notice_read', '1');
  }, logins);
}

test.describe('/sl: the student-leader entry', () => {
  test('shows the SL login, lands an SL on their page, and sends a logged-in SL straight there', async ({ page }) => {
    await page.goto('/sl');
    await expect(page.getByRole('heading', { name: '学生领袖登录' })).toBeVisible({ timeout: SLOW });
    await expect(page).toHaveTitle(/学生领袖登录/);
    const screen = new LoginScreen(page);
    await screen.loginWithPassword(DEMO.studentLeader, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/sl\/application$/, { timeout: SLOW });
    await expect(page.getByRole('heading', { name: '学生领袖申请', exact: true })).toBeVisible();

    await page.goto('/sl');
    await expect(page).toHaveURL(/\/sl\/application$/);
  });

  test('the 验证码登录 tab stays on the SL entry', async ({ page }) => {
    await page.goto('/sl');
    await page.getByText('验证码登录', { exact: true }).click();
    await expect(page).toHaveURL(/\/sl\?mode=sms$/);
    await expect(page.getByRole('heading', { name: '学生领袖登录' })).toBeVisible();
  });
});

test.describe('/changeId: switching between the logins kept in this browser', () => {
  test('lists the roles, switches to another (its landing), logs one out, offers another login', async ({ page, baseURL }) => {
    const sl = await apiLogin(baseURL!, DEMO.studentLeader);
    const student = await apiLogin(baseURL!, PAID_STUDENT);
    await keepLogins(page, [
      ['sl', sl],
      ['student', student],
    ]);
    // 我的账户 leads here.
    await page.goto('/account');
    await button(page, '切换身份').click({ timeout: SLOW });
    await expect(page).toHaveURL(/\/changeId$/);
    await expect(page.getByRole('heading', { name: '切换身份' })).toBeVisible({ timeout: SLOW });
    const studentRow = page.locator('li[data-role="student"]');
    const slRow = page.locator('li[data-role="sl"]');
    await expect(studentRow).toContainText('当前身份');
    await expect(studentRow).toContainText('139****0006');
    await expect(slRow).toContainText('赵一凡');
    await expect(slRow).not.toContainText('当前身份');

    await button(slRow, '切换到此身份').click();
    await expect(page).toHaveURL(/\/sl\/application$/);
    expect(await page.evaluate(() => localStorage.getItem('last_login_role'))).toBe('sl');

    await page.goto('/changeId');
    await expect(page.locator('li[data-role="sl"]')).toContainText('当前身份');
    await button(page.locator('li[data-role="student"]'), '退出').click();
    await expect(page.locator('li[data-role="student"]')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('student_token'))).toBeNull();
    // The student's token was revoked on the server too.
    const revoked = await callApi(baseURL!, 'GET', '/api/auth/info', { token: student });
    expect(revoked.status).toBe(401);

    await button(page, '登录其他身份').click();
    await expect(page).toHaveURL(/\/login\?r=%2FchangeId$/);
  });

  test('an expired login is shown as such; logging out of the last one goes to the login page', async ({ page, baseURL }) => {
    // An expired teacher login kept beside the active student one (the shell only checks the active one).
    await keepLogins(page, [
      ['teacher', 'A'.repeat(43)],
      ['student', await apiLogin(baseURL!, PAID_STUDENT)],
    ]);
    await page.goto('/changeId');
    const row = page.locator('li[data-role="teacher"]');
    await expect(row).toContainText('登录已过期', { timeout: SLOW });
    await expect(button(row, '重新登录')).toBeVisible();
    await button(row, '移除').click();
    await expect(row).toHaveCount(0);
    await button(page.locator('li[data-role="student"]'), '退出').click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('without any login it asks for one', async ({ page }) => {
    await page.goto('/changeId');
    await expect(page).toHaveURL(/\/register\?r=(%2F|\/)changeId/);
  });
});

test.describe('e-mail verification: /account → e-mail link → /email/validate-success | -fail', () => {
  test('a student verifies their e-mail from /account with the link in the e-mail', async ({ page, baseURL }) => {
    const phone = uniquePhone();
    const email = `verify.${phone}@example.com`;
    const login = await registerStudentViaApi(baseURL!, phone, 'Verify2026!');
    await saveStudentInfoViaApi(baseURL!, login.token, { name: '验证同学', email, school_country_id: 1, area_id: [440000, 440100, 440106], school_name: '广州市天河区测试中学' });
    await keepLogins(page, [['student', login.token]]);

    await page.goto('/account');
    await expect(page.getByText(email)).toBeVisible({ timeout: SLOW });
    await expect(page.getByText('未验证', { exact: true })).toBeVisible();
    await button(page, '发送验证邮件').click();
    await expect(page.getByText('验证邮件已发送，请查收邮箱')).toBeVisible();
    // The resend button counts down (60 s per account).
    await expect(page.getByRole('button', { name: /秒后可重发/ })).toBeDisabled();

    const outbox = await callApi<Array<{ text: string }>>(baseURL!, 'GET', `/api/dev/mail-outbox?to=${encodeURIComponent(email)}`);
    const link = /https?:\/\/\S+\/api\/email\/validate\?token=[\w-]+/.exec(outbox.data?.[0]?.text ?? '')?.[0];
    expect(link, 'the e-mail carries a verification link').toBeTruthy();

    await page.goto(link!);
    await expect(page).toHaveURL(/\/email\/validate-success$/, { timeout: SLOW });
    await expect(page.getByRole('heading', { name: '邮箱验证成功' })).toBeVisible();
    await page.getByRole('link', { name: '查看我的账户' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('email-verified')).toHaveText('已验证', { timeout: SLOW });

    // The link works once.
    await page.goto(link!);
    await expect(page).toHaveURL(/\/email\/validate-fail\?reason=used$/);
    await expect(page.getByRole('heading', { name: '验证链接已使用' })).toBeVisible();
  });

  test('a broken or expired link lands on the fail page with the reason and a way on', async ({ page }) => {
    await page.goto('/api/email/validate?token=not-a-real-token');
    await expect(page).toHaveURL(/\/email\/validate-fail\?reason=invalid$/);
    await expect(page.getByRole('heading', { name: '验证链接无效' })).toBeVisible();
    await expect(page.getByRole('link', { name: '登录后重新发送' })).toBeVisible();

    await page.goto('/email/validate-fail?reason=expired');
    await expect(page.getByRole('heading', { name: '验证链接已过期' })).toBeVisible();
    await expect(page.getByText('有效期为 24 小时')).toBeVisible();
  });
});

test.describe('/inner/h/{symbol}: session-track pages', () => {
  test('the H- session has its page; an unknown symbol is the 404 page', async ({ page }) => {
    await page.goto('/inner/h/H-');
    await expect(page.getByRole('heading', { name: 'H- 荣誉会场', level: 1 })).toBeVisible();
    await expect(page.getByText('当前会场H-用户方可进入')).toBeVisible();
    await page.goto('/inner/h/X-');
    await expect(page.getByText('您访问的页面不存在')).toBeVisible();
  });
});

test.describe('/pdf/{src}: the in-app PDF viewer', () => {
  test('shows the offer letter PDF, with 下载 (and on phones 打开 instead of an inline frame)', PHONE, async ({ page, baseURL, isMobile }) => {
    await keepLogins(page, [['student', await apiLogin(baseURL!, PAID_STUDENT)]]);
    await page.goto(`/pdf/${encodeURIComponent(OFFER_PDF)}`);
    const download = page.getByRole('link', { name: '下载 PDF' });
    // The letter is rendered on request (fonts subset into the PDF): slow on a busy machine.
    await expect(download).toBeVisible({ timeout: 60_000 });
    await expect(download).toHaveAttribute('download', /^录取通知书-.+\.pdf$/);
    await expect(download).toHaveAttribute('href', /^blob:/);
    const box = await download.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    if (isMobile) {
      await expect(page.locator('iframe')).toHaveCount(0);
      await expect(page.getByRole('link', { name: '打开 PDF' })).toHaveAttribute('href', /^blob:/);
      await expect(page.getByText('手机浏览器通常无法在页面内显示 PDF')).toBeVisible();
    } else {
      await expect(page.locator('iframe[title^="PDF 预览"]')).toHaveAttribute('src', /^blob:/);
    }
  });

  test('refuses another site\'s address without fetching it, and asks for a login when the file needs one', async ({ page }) => {
    const external: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).hostname === 'evil.example') external.push(req.url());
    });
    await page.goto(`/pdf/${encodeURIComponent('https://evil.example/a.pdf')}`);
    await expect(page.getByRole('heading', { name: '无法打开该文件' })).toBeVisible();
    await page.goto('/pdf/ENCODED');
    await expect(page.getByRole('heading', { name: '无法打开该文件' })).toBeVisible();
    expect(external).toEqual([]);

    await page.goto(`/pdf/${encodeURIComponent(OFFER_PDF)}`);
    await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
    await expect(page.getByRole('link', { name: '登录' })).toHaveAttribute('href', /\/login\?r=%2Fpdf%2F/);
  });
});

test.describe('/loading: the interim page of a redirect', () => {
  test('goes on to a same-origin target, and home instead of another site', async ({ page }) => {
    await page.goto('/loading?r=/faq');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto(`/loading?r=${encodeURIComponent('https://evil.example/')}`);
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  });

  test('shows a spinner while the target loads, then a link if it takes too long', async ({ page, baseURL }) => {
    await keepLogins(page, [['student', await apiLogin(baseURL!, PAID_STUDENT)]]);
    // The target's loader waits for the student status: hold that answer back.
    await page.route('**/api/student/status', () => undefined);
    await page.goto('/loading?r=/student/apply');
    await expect(page.getByRole('heading', { name: '正在跳转…' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '跳转时间较长' })).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('link', { name: '直接打开' })).toHaveAttribute('href', '/student/apply');
    await expect(page).toHaveURL(/\/loading\?r=/);
  });
});
