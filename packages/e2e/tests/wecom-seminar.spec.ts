// Decision 099: a prospective student signs up for an information seminar, is assigned a counsellor, sees the
// counsellor's WeCom contact-me code, the WeCom stand-in reports the add through the signed, encrypted callback, and
// the page and the admin's 说明会顾问 section show the sign-up connected. Runs at 375 px (phone) and 1280 px.
import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';

test('sign up → assigned a counsellor → contact-me code → the add arrives from WeCom → connected, also in the console', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const name = `说明会${testInfo.project.name === 'phone' ? '手机' : '电脑'}${Date.now().toString(36).slice(-4)}`;

  await page.goto('/wecom/seminar');
  await expect(page.getByRole('heading', { name: '招生说明会报名' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('2026 夏季学术项目招生说明会')).toBeVisible();
  await page.getByText('家长', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '家长', exact: true })).toBeChecked();
  await page.getByLabel('学生姓名').fill(name);
  await page.getByLabel('手机号').fill(uniquePhone());
  await page.getByLabel('学生年级').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '高一' }).click();
  await page.getByLabel('所在省份').fill('广东');
  await page.locator('.ant-select-item-option').filter({ hasText: '广东省' }).click();
  await page.getByLabel('学校', { exact: true }).fill('广州说明会测试中学');
  await page.getByRole('button', { name: '提交报名' }).click();

  // divide assigns the generalist (no counsellor covers Guangdong in the demo) and shows them.
  await expect(page).toHaveURL(/\/wecom\/seminar\/middle\/\d+\/U\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('counsellor-name')).toHaveText('张老师');
  await expect(page.getByTestId('signup-status')).toHaveText('尚未添加顾问企业微信');
  const code = /\/(U\d+)$/.exec(page.url())![1]!;

  await page.getByRole('link', { name: '添加顾问企业微信' }).click();
  await expect(page).toHaveURL(new RegExp(`/wecom/seminar/add/${code}/\\d+$`));
  const qr = page.getByRole('img', { name: '张老师的企业微信联系我二维码' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('添加成功后本页会自动更新。')).toBeVisible();

  // The person scans the code and adds the counsellor: WeCom (its stand-in) posts the signed, encrypted event.
  const src = (await qr.getAttribute('src')) ?? '';
  const configId = /\/contact\/qr\/([0-9a-f]+)\.png$/.exec(src)?.[1];
  expect(configId, `a stand-in contact-me code: ${src}`).toBeTruthy();
  const added = await page.request.post(`${baseURL}/__wecom/contact/simulate-add`, { data: { config_id: configId } });
  expect(await added.json()).toEqual({ callback_status: 200, callback_body: 'success' });

  await expect(page.getByTestId('connected')).toHaveText('已添加张老师为企业微信联系人，顾问会尽快与你联系。', { timeout: 15_000 });
  await page.getByRole('link', { name: '返回顾问信息' }).click();
  await expect(page.getByTestId('signup-status')).toHaveText('已添加顾问企业微信');

  // Another browser has no key for this sign-up: the same address shows the failure, not the counsellor.
  const stranger = await browser.newPage();
  await stranger.goto(page.url().replace(/\/wecom\/seminar\/middle\/.*/, `/wecom/seminar/add/${code}`));
  await expect(stranger.getByRole('heading', { name: '报名信息不存在或已失效，请重新报名' })).toBeVisible({ timeout: 30_000 });
  await stranger.close();

  // The admin sees who is connected to whom.
  const admin = await browser.newPage();
  await admin.goto('/login');
  await new LoginScreen(admin).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(admin).toHaveURL(/\/admin/, { timeout: 60_000 });
  await admin.goto('/admin/wecom-seminar');
  const section = admin.getByRole('region', { name: '报名与添加情况' });
  await section.getByRole('searchbox', { name: '搜索姓名、手机号或学校' }).fill(name);
  await section.getByRole('searchbox', { name: '搜索姓名、手机号或学校' }).press('Enter');
  const row = section.locator('tr, .admin-card-row').filter({ hasText: name }).first();
  await expect(row).toContainText('张老师', { timeout: 30_000 });
  await expect(row).toContainText('已添加顾问');
  await expect(admin.getByRole('region', { name: '顾问与分配规则' })).toContainText('李助理');
  await admin.close();
});

test('the sample addresses and the failure codes show real pages', PHONE, async ({ page }) => {
  await page.goto('/wecom/seminar/middle/1/U1');
  await expect(page.getByRole('heading', { name: '报名信息不存在或已失效，请重新报名' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: '重新报名' })).toHaveAttribute('href', '/wecom/seminar');
  await page.goto('/wecom/seminar/add/U1');
  await expect(page.getByRole('heading', { name: '报名信息不存在或已失效，请重新报名' })).toBeVisible();
  await page.goto('/wecom/seminar/divide');
  await expect(page.getByRole('heading', { name: '还没有报名信息' })).toBeVisible();
  await page.goto('/wecom/seminar/error/1');
  await expect(page.getByRole('heading', { name: '报名信息不存在或已失效，请重新报名' })).toBeVisible();
  await page.goto('/wecom/seminar/error/2');
  await expect(page.getByRole('heading', { name: '顾问名额已满，我们会尽快安排顾问联系你' })).toBeVisible();
  await page.goto('/wecom/seminar/error/user-1');
  await expect(page.getByRole('heading', { name: '认证异常！' })).toBeVisible();
  await page.goto('/wecom/seminar/error/employee');
  await expect(page.getByRole('heading', { name: '员工账户！' })).toBeVisible();
  await page.goto('/wecom/seminar/error/no-such-code');
  await expect(page.getByRole('heading', { name: '出错了！' })).toBeVisible();
});

test('an admin adds a counsellor with the provinces they cover, changes their capacity, and adds a seminar', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  const counsellor = `顾问${tag}`;
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 60_000 });
  await page.goto('/admin/wecom-seminar');
  const rules = page.getByRole('region', { name: '顾问与分配规则' });
  await expect(rules).toContainText('张老师', { timeout: 30_000 });

  await rules.getByRole('button', { name: '新增顾问' }).click();
  const dialog = page.getByRole('dialog', { name: '新增顾问' });
  await dialog.getByLabel('姓名').fill(counsellor);
  await dialog.getByLabel('企业微信账号（成员 UserID）').fill(`e2e-${tag}`);
  await dialog.getByLabel('接待上限').fill('3');
  await dialog.getByLabel('负责省份').click();
  await page.keyboard.type('西藏');
  await page.locator('.ant-select-item-option').filter({ hasText: '西藏自治区' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(`已保存顾问：${counsellor}`)).toBeVisible();
  const row = rules.locator('tr').filter({ hasText: counsellor });
  await expect(row).toContainText('西藏自治区');
  await expect(row).toContainText('0 / 3');

  await row.getByRole('button', { name: `编辑顾问 ${counsellor}` }).click();
  const edit = page.getByRole('dialog', { name: '编辑顾问' });
  await edit.getByLabel('接待上限').fill('8');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('0 / 8');

  const seminars = page.getByRole('region', { name: '说明会' });
  await seminars.getByRole('button', { name: '新增说明会' }).click();
  const add = page.getByRole('dialog', { name: '新增说明会' });
  await add.getByLabel('名称').fill(`端到端说明会${tag}`);
  await add.getByLabel('地点或形式').fill('线上');
  await add.getByRole('button', { name: '保存' }).click();
  await expect(seminars.locator('tr').filter({ hasText: `端到端说明会${tag}` })).toContainText('开放');
  // The public page lists it at once.
  await page.goto('/wecom/seminar');
  await expect(page.getByText(`端到端说明会${tag}`)).toBeVisible({ timeout: 30_000 });
});
