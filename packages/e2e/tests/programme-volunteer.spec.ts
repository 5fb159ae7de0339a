// Decisions 075, 076: a volunteer (active_type 4, info complete) lands on /volunteer/application (docs/product/states.md),
// applies through /volunteer/apply (both steps, with an upload), an admin decides and releases through the
// API, and the volunteer sees 已录取. A fresh volunteer per run and project.
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { button } from '../support/login-screen.ts';
import { applicationViaApi, fillProgrammeStep } from '../support/programme-form.ts';

async function ok<T>(what: string, answer: Promise<{ status: unknown; msg: string; data?: T }>): Promise<T> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${String(res.status)} ${res.msg}`);
  return res.data as T;
}

test('a volunteer applies in two steps with an upload, is admitted and sees 已录取', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const volunteer = await studentAt(base, 'info', '林志远');
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  await ok('active type', callApi(base, 'PUT', `/api/admin/students/${volunteer.userId}`, { token: admin, body: { active_type: 4 } }));
  const app = await applicationViaApi(base, 'student', 'volunteer', volunteer.token);
  expect(app.eligibility_msg).toBeNull();

  await loginInBrowser(page, volunteer.token);
  await page.goto('/volunteer/application');
  await expect(page.getByTestId('programme-state')).toContainText('未开始', { timeout: 15_000 });
  await page.getByRole('link', { name: '开始申请' }).click();
  await expect(page).toHaveURL(/\/volunteer\/apply$/);

  const steps = app.programme.steps;
  expect(steps.some((s) => s.questions.some((q) => q.type === 'upload'))).toBe(true);
  for (const [i, step] of steps.entries()) {
    await fillProgrammeStep(page, step);
    if (i === 0) {
      // A draft survives a reload before the step is submitted.
      await button(page, '保存草稿').click();
      await expect(page.getByText('草稿已保存')).toBeVisible();
      await page.reload();
      await expect(page.getByText('草稿', { exact: true })).toBeVisible({ timeout: 15_000 });
    }
    await button(page, '提交本步').click();
  }
  await expect(page.getByTestId('programme-state')).toContainText('审核中', { timeout: 15_000 });

  const submitted = await applicationViaApi(base, 'student', 'volunteer', volunteer.token);
  expect(submitted.submitted_steps).toEqual(steps.map((s) => s.key));
  const list = await ok('applications', callApi<{ items: { id: number; account_id: number }[] }>(base, 'GET', '/api/admin/programmes/volunteer/applications?filter=submitted&size=200', { token: admin }));
  const row = list.items.find((r) => r.account_id === volunteer.userId);
  expect(row, 'the admin lists the application').toBeTruthy();
  await ok('decision', callApi(base, 'PUT', `/api/admin/programmes/volunteer/applications/${row!.id}/decision`, { token: admin, body: { decision: 'admit' } }));

  // A draft decision is not shown to the applicant.
  await page.goto('/volunteer/application');
  await expect(page.getByTestId('programme-state')).toContainText('审核中', { timeout: 15_000 });

  await ok('release', callApi(base, 'POST', '/api/admin/programmes/volunteer/release', { token: admin, body: { ids: [row!.id] } }));
  await page.reload();
  await expect(page.getByTestId('programme-state')).toContainText('已录取', { timeout: 15_000 });
  await page.getByRole('link', { name: '查看申请表' }).click();
  await expect(page.getByRole('button', { name: /提交本步/ })).toHaveCount(0);
});
