// Decisions 048–049: a paid student confirms the major, signs up for an info session,
// downloads its .ics and sees the join link (the session starts within 15 minutes), then opens the unlocked
// reading; a late payer (the demo student 13900000006: tuition paid 15 days after the offer) sees the lock
// message. Each project makes its own student and its own offerings (unique titles), so nothing is shared.
import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

async function createOffering(base: string, admin: string, body: Record<string, unknown>): Promise<number> {
  const res = await callApi<{ id: number }>(base, 'POST', '/api/admin/onboarding/offerings', { token: admin, body });
  expect(res.status, res.msg).toBe(200);
  return res.data!.id;
}

test('a paid student confirms the major, signs up for an info session with its .ics, and reads the unlocked page; a late payer sees the lock', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL as string;
  const project = testInfo.project.name;
  const tag = `${project}-${Date.now().toString(36)}`;
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const major = `比较文学 ${tag}`;
  const session = `院校说明会 ${tag}`;
  await createOffering(base, admin, { kind: 'major', title: major, capacity: 3, closes_at: inMinutes(24 * 60) });
  // Starts in 10 minutes: the join link is already shown (from 15 minutes before the start).
  await createOffering(base, admin, { kind: 'info_session', title: session, capacity: 20, closes_at: inMinutes(10), starts_at: inMinutes(10), duration_minutes: 45, join_url: 'https://meet.example.com/summit-e2e', description: '介绍文理学院的课程与申请。' });

  const student = await studentAt(base, 'paid', project === 'phone' ? '顾言' : '许知微');
  await loginInBrowser(page, student.token);

  // Major.
  await page.goto('/student/admission/major');
  await expect(page.getByRole('heading', { name: '确认专业', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('录取专业：人文社科')).toBeVisible();
  const majorCard = page.getByRole('article', { name: major });
  await majorCard.getByRole('button', { name: '确认此专业' }).click();
  await expect(majorCard.getByText('已确认')).toBeVisible();
  await expect(page.getByText(`已确认：${major}`)).toBeVisible();
  await expect(majorCard).toContainText('剩余 2 / 共 3');
  await page.screenshot({ path: testInfo.outputPath('major.png'), fullPage: true });

  // Info session: sign up, the join link, the .ics.
  await page.getByRole('link', { name: '院校说明会' }).click();
  await expect(page).toHaveURL(/\/student\/college-info-session$/);
  const sessionCard = page.getByRole('article', { name: session });
  await sessionCard.getByRole('button', { name: '报名' }).click();
  await expect(sessionCard.getByText('已报名')).toBeVisible();
  await expect(sessionCard.getByRole('link', { name: '进入说明会' })).toHaveAttribute('href', 'https://meet.example.com/summit-e2e');
  const downloading = page.waitForEvent('download');
  await sessionCard.getByRole('button', { name: /下载日历文件/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${session}`);
  await page.screenshot({ path: testInfo.outputPath('info-session.png'), fullPage: true });

  // Orientation and the unlocked reading (paid right after the offer).
  await page.goto('/student/manage/orientation');
  await expect(page.getByTestId('reading')).toContainText('开营前准备', { timeout: 30_000 });
  await page.goto('/student/admission-positive');
  await expect(page.getByTestId('reading')).toContainText('录取后的积极准备', { timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('reading.png'), fullPage: true });

  // The late payer.
  const late = await loginViaApi(base, '13900000006', DEMO_PASSWORD);
  const latePage = await browser.newPage({ viewport: page.viewportSize()! });
  await loginInBrowser(latePage, late);
  await latePage.goto('/student/elite-schools-know');
  await expect(latePage.getByText('录取后3天内支付才可解锁此内容')).toBeVisible({ timeout: 30_000 });
  await expect(latePage.getByTestId('reading')).toHaveCount(0);
  await latePage.screenshot({ path: testInfo.outputPath('locked.png'), fullPage: true });
  await latePage.close();

  // The admin's tab lists the sign-up (desktop: the console is desktop-first).
  if (project !== 'phone') {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await context.newPage();
    await adminPage.goto('/login');
    await new LoginScreen(adminPage).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
    await expect(adminPage).toHaveURL(/\/admin/, { timeout: 30_000 });
    await adminPage.goto('/admin/onboarding');
    await expect(adminPage.getByRole('region', { name: '全部项目' }).getByRole('row').filter({ hasText: major })).toContainText('1 / 3', { timeout: 60_000 });
    await expect(adminPage.getByRole('region', { name: '报名名单' }).getByRole('row').filter({ hasText: session })).toContainText(student.name);
    await adminPage.screenshot({ path: testInfo.outputPath('admin.png'), fullPage: true });
    await context.close();
  }
});
