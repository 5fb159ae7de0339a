// Decision 103: the talent show. A student submits an entry with the guardian's consent; staff approve it; another
// student likes it and the count moves; a judge scores it by the published rules. Desktop and phone (375 px) each
// make their own student and entry, so the two projects never share state. The card and the rules page show for
// their roles (teachers read the rules; admins also get the editor).
import type { Browser, Page } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { TINY_PNG, chooseOption, formItem } from '../support/admission.ts';
import { loginInBrowser, loginTeacherInBrowser, loginViaApi, studentAt } from '../support/journey.ts';

async function pageAs(browser: Browser, phone: boolean, role: 'student' | 'teacher', token: string): Promise<Page> {
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (role === 'student') await loginInBrowser(page, token);
  else await loginTeacherInBrowser(page, token);
  return page;
}

async function noWiderThanScreen(page: Page, phone: boolean) {
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('a student enters with consent, staff approve, another student likes it, a judge scores it', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const phone = testInfo.project.name === 'phone';
  const title = `才艺端到端 ${testInfo.project.name} ${Date.now().toString(36)}`;
  const student = await studentAt(baseURL!, 'paid', phone ? '林小雨' : '周子墨');

  // The student: the card leads to the page; the form needs the guardian's consent.
  await loginInBrowser(page, student.token);
  await page.goto('/student/card/talent-show');
  await expect(page.getByRole('heading', { name: 'Summit 2027 才艺秀' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: '评分标准与权重' })).toContainText('技巧');
  await page.getByRole('button', { name: '提交我的作品' }).click();
  await expect(page).toHaveURL(/\/student\/talent-show$/);
  await expect(page.getByRole('heading', { name: '我的作品' })).toBeVisible({ timeout: 30_000 });
  await formItem(page, '作品名称').getByRole('textbox').fill(title);
  await chooseOption(page, '才艺类别', '音乐');
  await formItem(page, '作品介绍').getByRole('textbox').fill('练习了三年的曲子。');
  await formItem(page, '作品图片').getByTestId('file-input').setInputFiles({ name: 'piano.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('list', { name: '已上传的图片' })).toContainText('piano.png', { timeout: 15_000 });
  await formItem(page, '监护人姓名').getByRole('textbox').fill('周丽华');
  await chooseOption(page, '与学生关系', '母亲');
  // Without the tick nothing is sent.
  await page.getByRole('button', { name: '提交作品' }).click();
  await expect(page.getByText('须经监护人同意展示作品中的学生肖像后方可提交')).toBeVisible();
  await page.getByTestId('talent-consent').check();
  await page.getByRole('button', { name: '提交作品' }).click();
  const mine = page.getByTestId('talent-my-entry');
  await expect(mine).toContainText(title, { timeout: 15_000 });
  await expect(page.getByTestId('talent-my-status')).toHaveText('待审核');
  await expect(mine).toContainText('周丽华（母亲）于');
  await expect(page.getByTestId('talent-gallery-entry').filter({ hasText: title })).toHaveCount(0);
  await noWiderThanScreen(page, phone);

  // Staff (工作人员) approve it on the judging page.
  const staff = await pageAs(browser, phone, 'teacher', await loginViaApi(baseURL!, DEMO.staff, DEMO_PASSWORD));
  await staff.goto('/teacher/talent-show');
  const panel = staff.getByTestId('talent-teacher-entry').filter({ hasText: title });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(panel).toContainText('待审核');
  await panel.getByRole('button', { name: '通过并展示' }).click();
  await expect(panel).toContainText('已展示', { timeout: 15_000 });
  await noWiderThanScreen(staff, phone);

  // Another student likes it in the gallery: the count moves, and back.
  const other = await pageAs(browser, phone, 'student', await loginViaApi(baseURL!, '13900000007', DEMO_PASSWORD));
  await other.goto('/student/talent-show');
  const card = other.getByTestId('talent-gallery-entry').filter({ hasText: title });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card.getByTestId('talent-like-count')).toHaveText('0');
  await card.getByTestId('talent-like').click();
  await expect(card.getByTestId('talent-like-count')).toHaveText('1');
  await expect(card.getByTestId('talent-like')).toHaveAttribute('aria-pressed', 'true');
  await other.reload();
  await expect(other.getByTestId('talent-gallery-entry').filter({ hasText: title }).getByTestId('talent-like-count')).toHaveText('1', { timeout: 30_000 });
  await noWiderThanScreen(other, phone);

  // The entrant sees the like, and no like button on their own entry.
  await page.reload();
  await expect(page.getByTestId('talent-gallery-entry').filter({ hasText: title })).toContainText('1');
  await expect(page.getByTestId('talent-my-status')).toHaveText('已展示');

  // 王老师, a judge of the demo show, scores it: the weighted total shows as the scores go in.
  const judge = await pageAs(browser, phone, 'teacher', await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD));
  await judge.goto('/teacher/talent-show');
  const sheet = judge.getByRole('form', { name: `评分表：${title}` });
  await expect(sheet).toBeVisible({ timeout: 60_000 });
  await sheet.getByRole('spinbutton', { name: '技巧得分（0–10）' }).fill('9');
  await sheet.getByRole('spinbutton', { name: '创意得分（0–10）' }).fill('8');
  await sheet.getByRole('spinbutton', { name: '表现力得分（0–10）' }).fill('7');
  // (9×40 + 8×30 + 7×30) / 100 × 10 = 81
  await expect(sheet.getByTestId('talent-sheet-total')).toHaveText('加权得分：81.00');
  await sheet.getByRole('button', { name: '保存评分' }).click();
  await expect(sheet).toContainText('已保存：81.00 分', { timeout: 15_000 });
  await noWiderThanScreen(judge, phone);

  // The student changes the entry: the picture stays, the guardian agrees again, and it goes back to review.
  await page.getByRole('button', { name: '修改作品' }).click();
  await expect(page.getByRole('list', { name: '已上传的图片' })).toContainText('piano.png');
  await formItem(page, '作品名称').getByRole('textbox').fill(`${title}（改）`);
  await page.getByTestId('talent-consent').check();
  await page.getByRole('button', { name: '重新提交' }).click();
  await expect(page.getByTestId('talent-my-entry')).toContainText(`${title}（改）`, { timeout: 15_000 });
  await expect(page.getByTestId('talent-my-status')).toHaveText('待审核');
});

test('the rules: every teacher reads them, an admin edits them', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const teacher = await pageAs(browser, false, 'teacher', await loginViaApi(baseURL!, DEMO.teacher2, DEMO_PASSWORD));
  await teacher.goto('/teacher/talent-show/rules');
  await expect(teacher.getByRole('heading', { name: /才艺秀评选规则/ })).toBeVisible({ timeout: 60_000 });
  await expect(teacher.getByTestId('talent-criteria')).toContainText('表现力');
  await expect(teacher.getByRole('heading', { name: '修改评选规则（管理员）' })).toHaveCount(0);

  const admin = await pageAs(browser, false, 'teacher', await loginViaApi(baseURL!, DEMO.admin, DEMO_PASSWORD));
  await admin.goto('/teacher/talent-show/rules');
  await expect(admin.getByRole('heading', { name: '修改评选规则（管理员）' })).toBeVisible({ timeout: 60_000 });
  // The demo show has sheets already: its criteria are locked, the text is not.
  await expect(admin.getByText('已有评委评分，不能再修改评分标准')).toBeVisible();
  await expect(admin.getByRole('status')).toContainText('当前权重合计 100');
  const text = `作品须为本人原创或本人表演。（${Date.now().toString(36)}）`;
  await formItem(admin, '规则说明').getByRole('textbox').fill(text);
  await admin.getByRole('button', { name: '保存规则' }).click();
  await expect(admin.getByText('评选规则已保存')).toBeVisible({ timeout: 15_000 });
  await teacher.reload();
  await expect(teacher.getByText(text)).toBeVisible({ timeout: 30_000 });
});
