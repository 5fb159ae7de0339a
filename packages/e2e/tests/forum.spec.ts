// Decision 102: a student posts on the forum something the word filter catches; they see it marked 待审核 and other
// students do not see it; a moderator restores it from the queue (with the reason the audit log keeps); then
// it appears for the others. Desktop and phone (375 px) each post their own text, so the two projects never meet.
import type { Browser } from '@playwright/test';
import type { ForumBoard, ForumPostPage } from '@summit/domain';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginTeacherInBrowser, loginViaApi, studentAt } from '../support/journey.ts';

const viewportOf = (phone: boolean) => (phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });

async function titlesSeenBy(baseURL: string, token: string): Promise<string[]> {
  const boards = await ok('boards', callApi<ForumBoard[]>(baseURL, 'GET', '/api/student/forum/boards', { token }));
  const hall = boards.find((b) => b.title === '项目大厅')!;
  const page = await ok('posts', callApi<ForumPostPage>(baseURL, 'GET', `/api/student/forum/boards/${hall.id}/posts`, { token }));
  return page.items.map((p) => p.title);
}

async function pageFor(browser: Browser, phone: boolean) {
  const context = await browser.newContext(viewportOf(phone));
  return { context, page: await context.newPage() };
}

test('a post the filter holds is 待审核 for its author only, until a moderator restores it', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `一起复习 ${tag}`;

  // The author: a new student who has paid tuition (the forum is for enrolled students).
  const author = await studentAt(baseURL!, 'paid', '论坛同学');
  await loginInBrowser(page, author.token);
  await page.goto('/student/card/forum');
  await expect(page.getByRole('heading', { name: '论坛', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: /项目大厅/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '发帖' }).click();
  const form = page.getByRole('form', { name: '发帖' });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('内容').fill('想找同学一起复习，有兴趣的加微信聊');
  await form.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('内容包含需审核的词语，审核通过后其他同学才能看到')).toBeVisible();
  const mine = page.getByTestId('forum-post').filter({ hasText: title });
  await expect(mine.getByTestId('forum-status')).toHaveText('待审核');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await mine.getByRole('button', { name: new RegExp(title) }).click();
  await expect(page.getByText('待审核：审核通过后其他同学才能看到这篇帖子。')).toBeVisible();

  // Another student does not see it.
  const other = await loginViaApi(baseURL!, '13900000006', DEMO_PASSWORD);
  expect(await titlesSeenBy(baseURL!, other)).not.toContain(title);

  // A moderator (the programme's administrator, on the teacher area's queue) restores it with a reason.
  const admin = await loginViaApi(baseURL!, DEMO.admin, DEMO_PASSWORD);
  const mod = await pageFor(browser, phone);
  await loginTeacherInBrowser(mod.page, admin);
  await mod.page.goto('/teacher/forum?tab=queue');
  const item = mod.page.getByTestId('forum-queue-item').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 60_000 });
  await expect(item).toContainText('命中：加微信');
  await item.getByLabel('处理说明').fill('复习邀请，已提醒不要留联系方式');
  await item.getByRole('button', { name: '恢复' }).click();
  await expect(mod.page.getByText('已恢复', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  await mod.context.close();

  // Now the other student sees it, in the browser, without the 待审核 mark.
  expect(await titlesSeenBy(baseURL!, other)).toContain(title);
  const reader = await pageFor(browser, phone);
  await loginInBrowser(reader.page, other);
  await reader.page.goto('/student/card/forum');
  const seen = reader.page.getByTestId('forum-post').filter({ hasText: title });
  await expect(seen).toBeVisible({ timeout: 60_000 });
  await expect(seen.getByTestId('forum-status')).toHaveCount(0);
  await seen.getByRole('button', { name: new RegExp(title) }).click();
  await expect(reader.page.getByTestId('forum-post-detail')).toContainText('想找同学一起复习');
  await reader.page.getByRole('button', { name: /点赞/ }).click();
  await expect(reader.page.getByRole('button', { name: /已赞 1/ })).toBeVisible();
  await reader.context.close();
});

test('the programme office adds a word in the console, the next post with it waits in the queue, and is hidden from there', PHONE, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  // A word nobody else would write, so other tests' posts are never held by it.
  const word = `测词${testInfo.project.name}${Date.now().toString(36)}`;
  const title = `含新词 ${word}`;

  const admin = await loginViaApi(baseURL!, DEMO.admin, DEMO_PASSWORD);
  await loginTeacherInBrowser(page, admin);
  await page.goto('/admin/forum');
  const words = page.getByRole('region', { name: '敏感词' });
  await expect(words).toBeVisible({ timeout: 60_000 });
  await words.getByLabel('新敏感词').fill(word);
  await words.getByRole('button', { name: '添加' }).click();
  await expect(page.getByText('敏感词已更新')).toBeVisible();
  await expect(words.getByRole('list', { name: '敏感词列表' })).toContainText(word.toLowerCase());

  // A student writes it with a space in the middle: held all the same.
  const student = await loginViaApi(baseURL!, '13900000006', DEMO_PASSWORD);
  const boards = await ok('boards', callApi<ForumBoard[]>(baseURL!, 'GET', '/api/student/forum/boards', { token: student }));
  const hall = boards.find((b) => b.title === '项目大厅')!;
  const written = await ok('post', callApi<{ status: string }>(baseURL!, 'POST', '/api/student/forum/posts', { token: student, body: { board_id: hall.id, title, body: `${word.slice(0, 2)} ${word.slice(2)}` } }));
  expect(written.status).toBe('held');

  await page.reload();
  const item = page.getByTestId('forum-admin-queue-item').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 60_000 });
  await item.getByLabel('处理说明').fill('确认违规');
  await item.getByRole('button', { name: '隐藏' }).click();
  await expect(page.getByText('已隐藏', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The word comes off the list again.
  await words.getByRole('button', { name: `删除敏感词 ${word.toLowerCase()}` }).click();
  await expect(words.getByRole('list', { name: '敏感词列表' })).not.toContainText(word.toLowerCase());
});
