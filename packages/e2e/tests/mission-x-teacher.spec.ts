// Decision 101, the teachers' side: 王老师 posts a mission through the form, a student hands in, two teachers open the
// same hand-in and the slower one is told who accepted it and when (nothing else changes), 撤销通过 takes the points back,
// and 撤回 hides the mission from students. Desktop: the teachers' pages are desktop-first.
import { test, expect } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginTeacherInBrowser, loginViaApi, studentAt } from '../support/journey.ts';

/** A Beijing wall-clock time `days` from now, as the picker takes it. */
function beijingIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

test('a teacher posts a mission, a second reviewer learns who judged first, 撤销通过 and 撤回 work', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const title = `教师端任务 ${Date.now().toString(36)}`;
  const student = await studentAt(base, 'paid', '任务教师端同学');
  const teacher = await loginViaApi(base, DEMO.teacher, DEMO_PASSWORD);
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);

  // 发布任务 through the form.
  await loginTeacherInBrowser(page, teacher);
  await page.goto('/teacher/mission-x');
  await page.getByRole('button', { name: '发布任务' }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: '发布任务' });
  await dialog.getByLabel('任务标题').fill(title);
  await dialog.getByLabel('任务说明').fill('用三句话写下今天课上最让你意外的一件事。');
  await dialog.getByRole('checkbox', { name: '图片' }).uncheck();
  await dialog.getByLabel(/学院杯分数/).fill('6');
  const due = dialog.getByLabel('截止时间');
  await due.click();
  await due.fill(beijingIn(5));
  await due.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 5_000 }).catch(() => dialog.getByRole('button', { name: '发布' }).click());
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const mission = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(mission).toContainText('学院杯 +6', { timeout: 30_000 });
  await expect(mission).toContainText('提交：文字');

  // The student hands in (the student's page is covered by mission-x.spec.ts).
  const board = await ok('student board', callApi<{ missions: Array<{ id: number; title: string }> }>(base, 'GET', '/api/student/activity/mission-x', { token: student.token }));
  const missionId = board.missions.find((m) => m.title === title)!.id;
  await ok('hand in', callApi(base, 'POST', `/api/student/activity/mission-x/${missionId}/hand-in`, { token: student.token, body: { text: '老师说蜜蜂会跳舞来报告花的方向。' } }));

  // Two reviewers open the same hand-in: 王老师 here, the admin in a second window.
  await page.reload();
  await mission.getByRole('button', { name: '查看提交' }).click({ timeout: 60_000 });
  const mine = mission.getByRole('listitem').filter({ hasText: '任务教师端同学' });
  await expect(mine).toContainText('待批阅');
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await loginTeacherInBrowser(adminPage, admin);
  await adminPage.goto('/teacher/mission-x');
  const adminMission = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: title }) });
  await adminMission.getByRole('button', { name: '查看提交' }).click({ timeout: 60_000 });
  const adminRow = adminMission.getByRole('listitem').filter({ hasText: '任务教师端同学' });
  await expect(adminRow).toContainText('待批阅');

  await mine.getByRole('button', { name: '通过' }).click();
  await expect(mine).toContainText('已通过');
  // The admin, still looking at the old state, tries to return it: refused, told who accepted it, and shown the state now.
  await adminRow.getByLabel(/评语/).fill('请再具体一些');
  await adminRow.getByRole('button', { name: '退回' }).click();
  await expect(adminPage.getByText(/该提交已有变化：.*已于 .* 通过。请刷新后再操作/)).toBeVisible();
  await expect(adminRow).toContainText('已通过');
  await adminContext.close();

  // 撤销通过 needs a comment and sends the hand-in back to 待批阅.
  await mine.getByRole('button', { name: '撤销通过' }).click();
  await expect(mine.getByText('退回或撤销通过时请填写评语')).toBeVisible();
  await mine.getByLabel(/评语/).fill('误操作，撤销');
  await mine.getByRole('button', { name: '撤销通过' }).click();
  await expect(page.getByText('已撤销通过，学院杯积分已冲正')).toBeVisible();
  await expect(mine).toContainText('待批阅');

  // 撤回: confirmed, gone from the teacher's list and from the student's card.
  await mission.getByRole('button', { name: '撤回' }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: '撤回' }).click();
  await expect(page.getByText('任务已撤回')).toBeVisible();
  // It moves under 已撤回的任务, where its hand-in can still be read.
  await page.getByText(/已撤回的任务（\d+）/).click();
  const kept = page.getByRole('list', { name: '已撤回的任务' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(kept).toContainText('待批阅 1');
  await expect(kept.getByRole('button', { name: '撤回' })).toHaveCount(0);

  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const studentPage = await studentContext.newPage();
  await loginInBrowser(studentPage, student.token);
  await studentPage.goto('/student/card/mission-x');
  await expect(studentPage.getByRole('heading', { name: 'Mission X', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(studentPage.getByRole('heading', { name: '进行中的任务' })).toBeVisible();
  await expect(studentPage.getByRole('heading', { name: title })).toHaveCount(0);
  await studentContext.close();
});
