// Decision 065: an admin opens 成绩 and 出勤, finds a course by its code and drills down
// into that course's grades and signs tabs (and on to the sign-in's page); on 工时 they add an entry for the demo
// volunteer, approve it, and see the approved total go up. The course, its two students, their grades and one
// closed sign-in are made through the admin's and the teacher's APIs, so figures are known: A 1 and C 1, 50 %.
// Each project makes its own course; the volunteer is shared, so the total is read before adding (workers: 1).
import { randomBytes } from 'node:crypto';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginViaApi, studentAt } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 30_000 });
const slow = { timeout: 30_000 };


test('成绩 and 出勤 drill down into a course; 工时: add and approve an entry, the total goes up', PHONE, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const isPhone = testInfo.project.name === 'phone';
  const tag = randomBytes(3).toString('hex');
  const code = `E2E-OPS-${tag}`;
  const title = `运营课${tag}`;

  // Two paid students on a course whose meeting began 5 minutes ago.
  const [good, fair] = [await studentAt(baseURL!, 'paid', `优秀生${tag}`), await studentAt(baseURL!, 'paid', `中等生${tag}`)];
  const admin = await adminToken(baseURL!);
  const now = Date.now();
  const course = await adminCourse(baseURL!, admin, { code, title, capacity: 4, meetings: [{ starts_at: new Date(now - 5 * 60_000).toISOString(), ends_at: new Date(now + 85 * 60_000).toISOString() }] });
  await adminEnrol(baseURL!, admin, course, good.userId);
  await adminEnrol(baseURL!, admin, course, fair.userId);

  // The teacher grades them (95 → A, 72 → C) and takes the roll: one present, then closes, so the other is absent.
  const teacher = await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD);
  const book = await ok('components', callApi<{ components: Array<{ id: number }> }>(baseURL!, 'PUT', `/api/teacher/grade/${course.id}/components`, { token: teacher, body: { components: [{ name: '期末', weight: 100 }] } }));
  const componentId = String(book.components[0]!.id);
  await ok('grade', callApi(baseURL!, 'PUT', `/api/teacher/grade/${course.id}/student/${good.userId}`, { token: teacher, body: { scores: { [componentId]: 95 } } }));
  await ok('grade', callApi(baseURL!, 'PUT', `/api/teacher/grade/${course.id}/student/${fair.userId}`, { token: teacher, body: { scores: { [componentId]: 72 } } }));
  const detail = await ok('course', callApi<{ meetings: Array<{ id: number }> }>(baseURL!, 'GET', `/api/teacher/course/${course.id}/${course.period}`, { token: teacher }));
  const sign = await ok('sign', callApi<{ id: number }>(baseURL!, 'POST', '/api/teacher/sign', { token: teacher, body: { meeting_id: detail.meetings[0]!.id } }));
  await ok('roll', callApi(baseURL!, 'PUT', `/api/teacher/sign/${sign.id}/students/${good.userId}`, { token: teacher, body: { status: 'present', note: '点名' } }));
  await ok('close', callApi(baseURL!, 'POST', `/api/teacher/sign/${sign.id}/close`, { token: teacher }));

  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, admin);
  const noSideScroll = async () => {
    if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  };

  // 课程 → 课程概览: the course's seats, attendance and average; sorted by fill rate; its 成绩 link opens the grades tab.
  await page.goto('/admin/courses');
  await page.getByText('课程概览', { exact: true }).first().click();
  await expect(page).toHaveURL(/view=overview/);
  const overview = page.getByRole('region', { name: '课程概览' });
  await overview.getByRole('searchbox', { name: '课程', exact: true }).fill(code);
  await overview.getByRole('searchbox', { name: '课程', exact: true }).press('Enter');
  const row = isPhone ? overview.locator('.admin-card-row').filter({ hasText: code }) : overview.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('2/4', slow);
  await expect(row).toContainText('50%');
  await expect(row).toContainText('50%（1 次）');
  await expect(row).toContainText('83.5（2 人）');
  await overview.getByLabel('排序').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '满额率从高到低' }).click();
  await expect(row).toContainText('2/4');
  await noSideScroll();
  await overview.getByRole('link', { name: `${title}的成绩` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/course-detail/${course.id}/${course.period}/grades$`));

  // 成绩: filter by the course code; its row shows the bands; the link opens the course's grades tab.
  await page.goto('/admin/grades');
  const grades = page.getByRole('region', { name: '成绩分布' });
  await grades.getByRole('searchbox', { name: '课程', exact: true }).fill(code);
  await grades.getByRole('searchbox', { name: '课程', exact: true }).press('Enter');
  const gradeLink = grades.getByRole('link', { name: `${code} ${title}` });
  await expect(gradeLink).toBeVisible(slow);
  await expect(grades.getByRole('region', { name: '成绩汇总' })).toContainText('A 优秀 1');
  await expect(grades.getByRole('region', { name: '成绩汇总' })).toContainText('C 中等 1');
  await expect(grades.getByRole('region', { name: '成绩汇总' })).toContainText('83.5');
  await noSideScroll();
  await gradeLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/course-detail/${course.id}/${course.period}/grades$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible(slow);
  const bands = page.getByLabel('等级分布');
  await expect(bands.locator('[data-band="A"]')).toContainText('1');
  await expect(bands.locator('[data-band="C"]')).toContainText('1');
  await expect(bands.locator('[data-band="F"]')).toContainText('0');
  const book2 = page.getByRole('region', { name: '学生成绩' });
  await expect(book2.getByRole('row', { name: new RegExp(`优秀生${tag}`) })).toContainText('95');
  await expect(book2.getByRole('row', { name: new RegExp(`中等生${tag}`) })).toContainText('72');
  await noSideScroll();

  // 出勤: the course's meeting row reads 50 %; the course link opens its signs tab, 签到详情 the sign-in.
  await page.goto('/admin/signs');
  const signs = page.getByRole('region', { name: '出勤统计' });
  await signs.getByRole('searchbox', { name: '课程', exact: true }).fill(code);
  await signs.getByRole('searchbox', { name: '课程', exact: true }).press('Enter');
  const courseLink = signs.getByRole('link', { name: `${code} ${title}` });
  await expect(courseLink).toBeVisible(slow);
  await expect(signs.getByRole('region', { name: '出勤汇总' })).toContainText('50%');
  await noSideScroll();
  await courseLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/course-detail/${course.id}/${course.period}/signs$`));
  await expect(page.getByTestId('course-attendance-rate')).toHaveText('50%', slow);
  await expect(page.getByRole('region', { name: '学生出勤' }).getByRole('listitem', { name: `中等生${tag}` })).toContainText('缺勤 1');
  await noSideScroll();
  // The tabs of the course page lead between students, grades and signs.
  await page.getByRole('navigation', { name: '课程详情' }).getByRole('link', { name: '成绩' }).click();
  await expect(page).toHaveURL(/\/grades$/);
  await page.getByRole('navigation', { name: '课程详情' }).getByRole('link', { name: '出勤' }).click();
  await page.getByRole('link', { name: '签到详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/checkin/${sign.id}$`));

  // 工时: the demo volunteer; add 1.5 hours, correct it to 2, approve: the approved total goes up by 2.
  await page.goto('/admin/time-sheets');
  const sheets = page.getByRole('region', { name: '工时' });
  await sheets.getByLabel('搜索姓名或手机号').fill(DEMO.volunteer);
  await sheets.getByLabel('搜索姓名或手机号').press('Enter');
  await sheets.getByRole('button', { name: '工时记录：周志远的工时' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '周志远的工时' });
  const approved = drawer.getByTestId('sheet-approved');
  await expect(approved).toContainText('小时', slow);
  const before = Number(/([\d.]+) 小时/.exec((await approved.textContent()) ?? '')?.[1]);
  const activity = `端到端工时${tag}`;
  await drawer.getByRole('spinbutton', { name: '工时' }).fill('1.5');
  await drawer.getByRole('textbox', { name: '工作内容' }).fill(activity);
  await drawer.getByRole('button', { name: '添加' }).click();
  await expect(page.getByText('已添加工时')).toBeVisible();
  const entry = drawer.getByRole('listitem').filter({ hasText: activity });
  await expect(entry).toContainText('待审核');
  // 修改: 1.5 → 2 hours; the entry stays pending.
  await entry.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改工时' });
  await edit.getByRole('spinbutton', { name: '修改工时' }).fill('2');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已修改工时，需重新审核')).toBeVisible();
  await expect(entry).toContainText('2 小时');
  await entry.getByRole('button', { name: '通过' }).click();
  await expect(entry).toContainText('已通过', slow);
  await expect(approved).toHaveText(`${before + 2} 小时`);
  await noSideScroll();
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();
  await expect(sheets.getByText(`${before + 2} 小时`)).toBeVisible();
});
