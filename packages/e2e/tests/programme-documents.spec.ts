// Decisions 075, 076: staff review an H-week student's documents in 其他项目. The student (made through the API:
// applied, admitted, deposit paid, passport and visa material submitted) has a passport number the drawer shows
// masked; 查看完整号码 reveals it (an administrator holds students.reveal_id, and the reveal is audited); 退回
// without a note is refused under the field, with one it reaches the student as 需补充材料; after the student
// resubmits, 通过 makes the visa 已通过. Desktop only: the console is desktop-first (its phone fit is checked in
// programme-admin.spec.ts).
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { studentAt } from '../support/journey.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { admitViaApi, applyViaApi, payProgrammeViaApi, uploadPngViaApi } from '../support/programme-portal.ts';

test('staff reveal a passport number and review the visa material of an H-week student', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the console is desktop-first');
  test.setTimeout(180_000);
  const base = baseURL as string;
  const student = await studentAt(base, 'info', `签证${Date.now().toString(36).slice(-4)}`);
  await applyViaApi(base, student.token, 'hxweek');
  await admitViaApi(base, 'hxweek', student.userId, 'hweek');
  await payProgrammeViaApi(base, student.token, 'hxweek', 'deposit');
  const number = `E${String(Date.now()).slice(-8)}`;
  const passport = await callApi(base, 'PUT', '/api/student/hx-week/passport-own', {
    token: student.token,
    body: { number, name: 'ZHANG XIAOMING', expires_on: '2035-01-01', scan: await uploadPngViaApi(base, student.token, 'passport.png') },
  });
  expect(passport.status, passport.msg).toBe(200);
  const visaBody = async () => ({ files: [await uploadPngViaApi(base, student.token, 'visa.png')], note: '已预约签证面谈' });
  expect((await callApi(base, 'PUT', '/api/student/programmes/hxweek/visa', { token: student.token, body: await visaBody() })).status).toBe(200);

  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 60_000 });
  await page.goto('/admin/programmes?code=hxweek');
  await page.getByLabel('搜索申请人').fill(student.name);
  await page.getByLabel('搜索申请人').press('Enter');
  const row = page.getByRole('row').filter({ hasText: student.name });
  await expect(row).toContainText('已录取', { timeout: 30_000 });
  await row.getByText(student.name).click();
  const drawer = page.getByRole('dialog', { name: '申请详情' });

  // The passport: masked, then the full number on request.
  const passportPanel = drawer.getByRole('region', { name: '护照' });
  await expect(passportPanel).toContainText(`${number.slice(0, 2)}${'*'.repeat(number.length - 4)}${number.slice(-2)}`, { timeout: 30_000 });
  await expect(passportPanel).not.toContainText(number);
  await button(passportPanel, '查看完整号码').click();
  await expect(passportPanel).toContainText(number);
  await expect(passportPanel).toContainText('已记入操作日志');

  // The visa: 退回 needs a note; with one, the student reads 需补充材料 and the note.
  const visaPanel = drawer.getByRole('region', { name: '签证' });
  await button(visaPanel, '退回').click();
  await expect(visaPanel).toContainText('退回时请填写需补充的材料');
  await visaPanel.getByLabel('签证审核意见').fill('请补充近三个月的银行流水');
  await button(visaPanel, '退回').click();
  await expect(page.getByText('已退回，申请人将看到需补充的材料')).toBeVisible({ timeout: 30_000 });
  const rejected = await callApi<{ visa: { status: string; review_note: string } }>(base, 'GET', '/api/student/programmes/hxweek/visa', { token: student.token });
  expect(rejected.data?.visa).toMatchObject({ status: 'rejected', review_note: '请补充近三个月的银行流水' });

  // The student sends more; 通过 approves it.
  expect((await callApi(base, 'PUT', '/api/student/programmes/hxweek/visa', { token: student.token, body: await visaBody() })).status).toBe(200);
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await page.reload();
  await page.getByLabel('搜索申请人').fill(student.name);
  await page.getByLabel('搜索申请人').press('Enter');
  await row.getByText(student.name).click();
  await button(drawer.getByRole('region', { name: '签证' }), '通过').click();
  await expect(page.getByText('签证材料已通过')).toBeVisible({ timeout: 30_000 });
  const approved = await callApi<{ visa: { status: string } }>(base, 'GET', '/api/student/programmes/hxweek/visa', { token: student.token });
  expect(approved.data?.visa.status).toBe('approved');
});
