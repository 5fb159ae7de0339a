import { test, expect } from '../support/fixtures.ts';
import { registerStudentViaApi, saveStudentInfoViaApi } from '../support/api.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';
import { ProfileForm } from '../support/profile-form.ts';

test('/account/edit is prefilled and saves a new name and a typed school name', async ({ page, baseURL }) => {
  const phone = uniquePhone();
  const password = 'Bianji2026!';
  const login = await registerStudentViaApi(baseURL as string, phone, password);
  await saveStudentInfoViaApi(baseURL as string, login.token, {
    name: '王小雨',
    email: `wxy${phone.slice(-6)}@example.com`,
    school_country_id: 1,
    area_id: [440000, 440100, 440106],
    school_name: '华南师范大学附属中学',
  });
  const typedSchool = `广州市天河区未收录学校${phone.slice(-4)}`;

  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(phone, password);
  await expect(page).toHaveURL(/\/student\/apply/);

  await page.goto('/account');
  await button(page, '编辑资料').click();
  await expect(page).toHaveURL(/\/account\/edit$/);
  const name = page.getByPlaceholder('请输入真实姓名');
  await expect(name).toHaveValue('王小雨');
  await expect(page.getByPlaceholder('请选择或输入学校全名')).toHaveValue('华南师范大学附属中学');
  await expect(new ProfileForm(page).field('学校所在地区')).toContainText('天河区');

  await name.fill('王小雨改');
  await new ProfileForm(page).chooseSchool({ typed: typedSchool });
  await button(page, '保存').click();

  await expect(page).toHaveURL(/\/account$/);
  const account = page.getByRole('main');
  await expect(account.getByText('王小雨改', { exact: true })).toBeVisible();
  await expect(account.getByText(typedSchool)).toBeVisible();
  await expect(account.getByText('华南师范大学附属中学')).toHaveCount(0);
});
