// Decision 088: the lasting navigation of every logged-in role. A paid student holding a course moves from the
// calendar to the course centre and the learning centre through the places in the top bar (desktop) or the tab
// bar (375 px), and the bar never covers the page; a teacher reaches the teacher tabs from a page that had none;
// an administrator reaches a section in each of the console's eight groups; a student admitted to H-week lands
// on H-week's next step after login, and 我的账户 leads with it. Each test makes its own students and courses or
// only reads the demo's, so the projects run side by side.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';
import { LoginScreen } from '../support/login-screen.ts';

const slow = { timeout: 30_000 };

async function loginStaffInBrowser(page: Page, baseURL: string, phone: string): Promise<void> {
  const token = await loginViaApi(baseURL, phone, DEMO_PASSWORD);
  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, token);
}

/** The student's places: the top bar's on a computer, the tab bar's on a phone (both name the full place). */
function places(page: Page, phone: boolean) {
  return page.getByRole('navigation', { name: phone ? '底部导航' : '学生导航' });
}

test('a student moves from the calendar to the course centre and the learning centre in one tap each; the bar covers nothing', PHONE, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';
  const tag = randomBytes(3).toString('hex');
  const student = await studentAt(baseURL!, 'paid', `导航生${tag}`);
  const admin = await adminToken(baseURL!);
  const course = await adminCourse(baseURL!, admin, { code: `E2E-NAV-${tag}`, title: `导航课${tag}` });
  await adminEnrol(baseURL!, admin, course, student.userId);
  await loginInBrowser(page, student.token);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: '我的课程日历' })).toBeVisible(slow);
  const nav = places(page, phone);
  await expect(nav.getByRole('link', { name: '课程日历' })).toHaveAttribute('aria-current', 'page', slow);
  await page.screenshot({ path: testInfo.outputPath('calendar.png'), fullPage: !phone });

  await nav.getByRole('link', { name: '选课中心' }).click();
  await expect(page).toHaveURL(/\/student\/card\/course$/);
  await expect(page.getByRole('heading', { name: '我的会场与选课' })).toBeVisible(slow);
  await expect(nav.getByRole('link', { name: '选课中心' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: '学习中心' }).click();
  await expect(page).toHaveURL(/\/student\/manage$/);
  await expect(nav.getByRole('link', { name: '学习中心' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: '学习中心', level: 1 })).toBeVisible(slow);

  if (phone) {
    // Five places at most, 消息 last; each a 44 px target; the page keeps room for the bar at its end.
    const tabs = nav.getByRole('link');
    await expect(tabs).toHaveCount(5);
    await expect(tabs.last()).toHaveAccessibleName(/^消息/);
    const bar = (await nav.boundingBox())!;
    expect(bar.y + bar.height).toBeCloseTo(812, 0);
    for (const box of await tabs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) expect(box).toBeGreaterThanOrEqual(44);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastContentBottom = await page.evaluate(() => {
      const footer = document.querySelector('.footer') ?? document.querySelector('.app__main');
      return footer!.getBoundingClientRect().bottom;
    });
    expect(lastContentBottom).toBeLessThanOrEqual(bar.y + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('learning-centre-bottom.png') });
  }

  // From the messages and the checklist the same places are one tap away.
  await page.goto('/student/messages');
  await expect(places(page, phone).getByRole('link', { name: '学习中心' })).toBeVisible(slow);
  await page.goto('/checklist');
  await places(page, phone).getByRole('link', { name: '选课中心' }).click();
  await expect(page).toHaveURL(/\/student\/card\/course$/);

  // The logo leads home: 我的账户, not the public site.
  await page.getByRole('link', { name: 'Summit 高中生夏季学术项目 我的首页' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.screenshot({ path: testInfo.outputPath('account.png'), fullPage: !phone });
});

test('a teacher reaches the teacher tabs from a sub-page, and the logo leads to 教师中心', PHONE, async ({ page, baseURL }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await loginStaffInBrowser(page, baseURL!, DEMO.teacher);
  // 答疑与课程评价 had no tabs of its own.
  await page.goto('/teacher/office-hour');
  const tabs = page.getByRole('navigation', { name: '教师中心导航' });
  await expect(tabs.getByRole('link', { name: '答疑时间' })).toHaveAttribute('aria-current', 'page', slow);
  await page.screenshot({ path: testInfo.outputPath('teacher-office-hour.png') });
  await tabs.getByRole('link', { name: '签到' }).click();
  await expect(page).toHaveURL(/\/teacher\/checkin$/);
  await expect(tabs.getByRole('link', { name: '签到' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: '推荐信' }).click();
  await expect(page).toHaveURL(/\/teacher\/recommend-letter$/);
  await page.getByRole('link', { name: 'Summit 高中生夏季学术项目 我的首页' }).click();
  await expect(page).toHaveURL(/\/teacher$/);
  await expect(tabs.getByRole('link', { name: '我的课程' })).toHaveAttribute('aria-current', 'page');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The teacher's own 我的账户 (default top bar) keeps the tabs, none of them lit.
  await page.goto('/account');
  await expect(tabs.getByRole('link', { name: '我的课程' })).toBeVisible(slow);
  await expect(tabs.locator('[aria-current="page"]')).toHaveCount(0);
});

// One section of each group; the console's URLs are those of before.
const ONE_PER_GROUP = [
  ['招生', '助学金', 'financial-aid'],
  ['人员', '学生管理', 'students'],
  ['课程与教学', '选课轮次', 'selection-rounds'],
  ['财务', '退款', 'refunds'],
  ['项目', '其他项目', 'programmes'],
  ['网站', '访问统计', 'tracking'],
  ['运营', '学院杯', 'house-cup'],
  ['社区', '活动', 'activities'],
] as const;

test('an administrator sees all 30 sections in eight groups at 1280 px and opens one in each', PHONE, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';
  await loginStaffInBrowser(page, baseURL!, DEMO.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '管理后台' })).toBeVisible(slow);

  if (phone) {
    // A phone: one select, its options under the same eight headings.
    await page.getByRole('combobox', { name: '管理模块' }).click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await expect(dropdown.locator('.ant-select-item-group')).toHaveText(ONE_PER_GROUP.map(([g]) => g));
    await dropdown.locator('.ant-select-item-option').filter({ hasText: /^退款$/ }).click();
    await expect(page).toHaveURL(/\/admin\/refunds$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    return;
  }

  const nav = page.getByRole('navigation', { name: '管理模块' });
  await expect(nav.getByRole('tab')).toHaveCount(30, slow);
  // Every section is on screen at once: no tab strip to scroll, nothing past the right edge.
  for (const right of await nav.getByRole('tab').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right))) expect(right).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(nav.getByRole('tab', { name: '申请管理' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: testInfo.outputPath('admin-console.png') });

  for (const [group, label, key] of ONE_PER_GROUP) {
    const tab = nav.getByRole('tablist', { name: group }).getByRole('tab', { name: label, exact: true });
    await tab.click();
    await expect(page).toHaveURL(new RegExp(`/admin/${key}$`));
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: label })).toBeVisible();
  }
  // A deep link still opens its section, and the arrow keys move along the tabs.
  await page.goto('/admin/reconciliation');
  const reconciliation = nav.getByRole('tab', { name: '对账' });
  await expect(reconciliation).toHaveAttribute('aria-selected', 'true', slow);
  await reconciliation.focus();
  await page.keyboard.press('ArrowRight');
  await expect(nav.getByRole('tab', { name: '其他项目' })).toBeFocused();
});

test("a student admitted to H-week lands on H-week's next step, and 我的账户 leads with it", PHONE, async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.hxweekStudent, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/hx-week\/pay$/, slow);
  await expect(page.getByRole('heading', { name: /恭喜你被.*录取/ })).toBeVisible(slow);
  await expect(places(page, phone).getByRole('link', { name: '我的项目' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: testInfo.outputPath('hxweek-landing.png'), fullPage: !phone });

  await page.getByRole('link', { name: 'Summit 高中生夏季学术项目 我的首页' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const mine = page.getByRole('region', { name: '我的项目' });
  await expect(mine.getByRole('listitem').filter({ hasText: 'H-week' })).toContainText('已录取', slow);
  // Her programme comes before the summer programme's card.
  const [mineTop, summerTop] = await Promise.all([mine.evaluate((e) => e.getBoundingClientRect().top), page.getByRole('region', { name: '我的申请' }).evaluate((e) => e.getBoundingClientRect().top)]);
  expect(mineTop).toBeLessThan(summerTop);
  await page.screenshot({ path: testInfo.outputPath('hxweek-account.png'), fullPage: !phone });
});
