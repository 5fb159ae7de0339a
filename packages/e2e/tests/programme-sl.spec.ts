// Decisions 075, 076: the student leader lands on /sl/application, fills the SL application step by step
// (/sl/application/{step}) with a draft saved and resumed, then the CCL application (/ccl/application/{step}),
// and sees 审核中 for both. Each browser project has its own demo SL account (13800000020 desktop, 13800000021
// phone), so both fill the forms; a retry meets them submitted (or part-way) and checks the read-only state at its viewport.
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginViaApi } from '../support/journey.ts';
import { button } from '../support/login-screen.ts';
import { applicationViaApi, fillProgrammeStep } from '../support/programme-form.ts';

test('an SL completes the SL and CCL applications, resuming a draft, and sees 审核中', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const base = baseURL!;
  const phone = testInfo.project.name === 'phone' ? DEMO.studentLeader2 : DEMO.studentLeader;
  const token = await loginViaApi(base, phone, DEMO_PASSWORD);
  await page.addInitScript((t) => {
    localStorage.setItem('sl_token', t);
    localStorage.setItem('last_login_role', 'sl');
    localStorage.setItem('online_notice_read', '1');
  }, token);

  for (const code of ['sl', 'ccl'] as const) {
    const app = await applicationViaApi(base, 'sl', code, token);
    const landing = code === 'sl' ? '/sl/application' : '/ccl/application';
    await page.goto(landing);
    await expect(page.getByRole('heading', { name: '学生领袖申请' })).toBeVisible({ timeout: 15_000 });
    if (app.submitted_at === null) {
      // A retry after a failure part-way resumes at the first step not yet submitted.
      const from = app.programme.steps.findIndex((st) => !app.submitted_steps.includes(st.key));
      if (from > 0) await page.goto(`${landing}/${from + 1}`);
      for (const [i, step] of app.programme.steps.entries()) {
        if (i < from) continue;
        if (i > 0) await expect(page).toHaveURL(new RegExp(`${landing}/${i + 1}$`));
        await fillProgrammeStep(page, step);
        if (i === 0) {
          await button(page, '保存草稿').click();
          await expect(page.getByText('草稿已保存')).toBeVisible();
          // Leave and come back: the draft is there, answers and all.
          await page.goto('/account');
          await page.goto(landing);
          await expect(page.getByText('草稿', { exact: true })).toBeVisible({ timeout: 15_000 });
          const first = step.questions.find((q) => q.type === 'text' || q.type === 'textarea');
          if (first) await expect(page.locator('.programme-card').getByRole('textbox').first()).not.toHaveValue('');
        }
        await button(page, '提交本步').click();
      }
      await expect(page).toHaveURL(new RegExp(`${landing}$`));
    }
    await expect(page.getByTestId('programme-state')).toContainText('审核中', { timeout: 15_000 });
  }
  await page.goto('/sl/application');
  await expect(page.getByTestId('sl-overview-sl')).toContainText('审核中', { timeout: 15_000 });
  await expect(page.getByTestId('sl-overview-ccl')).toContainText('审核中');
});
