// Decision 067: a teacher's write that used to leave no trace is in the 操作日志. 王老师 opens a
// sign-in on his course page; the admin finds it in 操作日志 by the teacher's phone, the action and the sign-in's
// number, sees it named 开启签到, and reads the window in its diff. Desktop and phone (375 px).
// The course and its meeting are made through the admin's API, so it runs on the embedded database too.
import { randomBytes } from 'node:crypto';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginViaApi } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { adminCourse, adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 30_000 });
const slow = { timeout: 30_000 };

test('a teacher opens a sign-in and the admin finds it, named in Chinese, in 操作日志', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  const tag = randomBytes(3).toString('hex');
  const title = `审计签到课${tag}`;
  const now = Date.now();
  const course = await adminCourse(baseURL!, await adminToken(baseURL!), {
    code: `E2E-AU-${tag}`,
    title,
    meetings: [{ starts_at: new Date(now - 5 * 60_000).toISOString(), ends_at: new Date(now + 85 * 60_000).toISOString() }],
  });

  // The teacher opens the sign-in on his course page.
  const teacherToken = await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD);
  await page.addInitScript((t) => {
    if (localStorage.getItem('e2e_audit_admin') === '1') return;
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, teacherToken);
  await page.goto('/teacher');
  // The teacher area's tabs are all in Chinese (毕业项目, not Capstone).
  const teachNav = page.getByRole('navigation', { name: '教师中心导航' });
  await expect(teachNav.getByRole('link', { name: '毕业项目' })).toBeVisible(slow);
  await expect(teachNav).not.toContainText('Capstone');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible(slow);
  await page.getByLabel('课次与签到').getByRole('button', { name: '开启签到' }).click();
  await expect(page.getByRole('img', { name: '签到二维码' })).toBeVisible(slow);
  const signs = await callApi<Array<{ id: number; course_id: number }>>(baseURL!, 'GET', `/api/teacher/sign?course_id=${course.id}`, { token: teacherToken });
  const signId = signs.data?.find((s) => s.course_id === course.id)?.id;
  expect(signId).toBeTruthy();

  // The admin, in the same browser after the teacher leaves.
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('e2e_audit_admin', '1');
  });
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 60_000 });
  await page.goto('/admin/audit');
  const audit = page.getByRole('region', { name: '操作日志' });
  await audit.getByLabel('操作人').fill(DEMO.teacher);
  // The 操作 filter takes the action's Chinese name (sent as its code).
  await audit.getByLabel('操作', { exact: true }).fill('开启签到');
  await audit.getByLabel('对象编号').fill(String(signId));
  await audit.getByRole('button', { name: '查询' }).click();
  await expect(audit.getByText('开启签到').first()).toBeVisible(slow);
  await expect(audit.getByText(`签到 #${signId}`).first()).toBeVisible();
  await audit.getByRole('button', { name: '查看变更' }).first().click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '开启签到（sign.open）' });
  const diff = drawer.getByRole('table', { name: '变更内容' });
  await expect(diff).toContainText('course_id');
  await expect(diff).toContainText(String(course.id));
  await expect(diff).toContainText('closes_at');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
