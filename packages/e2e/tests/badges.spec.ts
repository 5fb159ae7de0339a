// Decision 104: an admin gives a paid student a badge; the student sees it on /badges, opens its public verification
// page (✓ 凭证有效, the name masked), and downloads the credential; the admin revokes it in the console's 徽章与荣誉
// section with a reason, and the same page then says ✗ 凭证已撤销. The honour roll card shows published honours.
// Desktop and 375 px (tagged PHONE). The badge and award are made through the APIs, so it runs on the embedded database.
import { randomBytes } from 'node:crypto';
import { maskName } from '@summit/domain';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { loginInBrowser, studentAt } from '../support/journey.ts';
import { adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 45_000 });
const slow = { timeout: 45_000 };

test('a student sees a badge, its public page says valid, staff revoke it and the page says revoked', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tag = randomBytes(3).toString('hex');
  const studentName = `钱徽章${tag}`;
  const badgeName = `测试之星${tag}`;
  const student = await studentAt(baseURL!, 'paid', studentName);
  const admin = await adminToken(baseURL!);
  const badge = await ok(
    'badge',
    callApi<{ id: number }>(baseURL!, 'POST', '/api/admin/badges', {
      token: admin,
      body: { name: badgeName, description: '端到端测试徽章', criteria_text: '由老师颁发', criterion: 'manual', emblem: '测', colour: '#6d28d9', published: true },
    }),
  );
  await ok('award', callApi(baseURL!, 'POST', `/api/admin/badges/${badge.id}/awards`, { token: admin, body: { account_id: student.userId, note: '端到端测试' } }));

  // The student's badges.
  await loginInBrowser(page, student.token);
  await page.goto('/badges');
  const mine = page.getByRole('list', { name: '我的徽章' });
  await expect(mine).toContainText(badgeName, slow);
  await expect(mine).toContainText('有效');
  await expect(page.getByRole('list', { name: '徽章目录' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-badges.png'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: '下载凭证' }).click()]);
  expect(download.suggestedFilename()).toBe(`${badgeName}-徽章凭证.json`);
  const { readFile } = await import('node:fs/promises');
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { type: string; id: string };
  expect(file.type).toBe('EnvelopedVerifiableCredential');
  expect(file.id).toMatch(/^data:application\/vc\+jwt,[\w-]+\.[\w-]+\.[\w-]+$/);

  // Its public verification page, opened by someone with no login.
  const href = await mine.getByRole('link', { name: '查看验证页' }).getAttribute('href');
  expect(href).toMatch(/^\/badges\/verify\/[0-9a-f-]{36}$/);
  const visitor = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize() });
  const verifyPage = await visitor.newPage();
  await verifyPage.goto(href!);
  const result = verifyPage.getByRole('region', { name: '验证结果' }).first();
  await expect(result.getByRole('heading', { name: '✓ 凭证有效' })).toBeVisible(slow);
  await expect(result).toContainText(badgeName);
  await expect(result).toContainText(maskName(studentName));
  await expect(result).not.toContainText(studentName);
  await verifyPage.screenshot({ path: testInfo.outputPath('verify-valid.png'), fullPage: true });

  // The admin revokes it in the console with a reason.
  const adminContext = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize() });
  const adminPage = await adminContext.newPage();
  await adminPage.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, admin);
  await adminPage.goto('/admin/badges');
  const awards = adminPage.getByRole('region', { name: '颁发记录' });
  const row = awards.locator('tr, li').filter({ hasText: studentName }).filter({ hasText: badgeName });
  await expect(row).toHaveCount(1, slow);
  await row.getByRole('button', { name: '撤销' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('撤销原因').fill('端到端测试：撤销');
  await dialog.getByRole('button', { name: '撤销' }).click();
  await expect(row).toContainText('已撤销', slow);
  await adminPage.screenshot({ path: testInfo.outputPath('admin-badges.png'), fullPage: true });
  await adminContext.close();

  await verifyPage.reload();
  await expect(verifyPage.getByRole('region', { name: '验证结果' }).first().getByRole('heading', { name: '✗ 凭证已撤销' })).toBeVisible(slow);
  await verifyPage.screenshot({ path: testInfo.outputPath('verify-revoked.png'), fullPage: true });
  await visitor.close();

  await page.reload();
  await expect(mine).toContainText('已撤销', slow);
  await expect(mine).toContainText('端到端测试：撤销');

  // The honour roll card.
  await ok('honour', callApi(baseURL!, 'POST', '/api/admin/honours', { token: admin, body: { title: `进步之星${tag}`, citation: '端到端测试表彰', honouree_name: studentName, account_id: student.userId, published: true } }));
  await page.goto('/student/card/honor');
  const roll = page.getByRole('list', { name: '荣誉榜' });
  await expect(roll).toContainText(`进步之星${tag}（我的荣誉）`, slow);
  await page.screenshot({ path: testInfo.outputPath('honour-roll.png'), fullPage: true });
});
