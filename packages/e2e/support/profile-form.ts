import { expect, type Locator, type Page } from '@playwright/test';
import { button } from './login-screen.ts';

export interface ProfileInput {
  name: string;
  email: string;
  /** Province → city → district, as shown in the cascader. */
  area: [string, string, string];
  school: string;
}

/** The /info (and /account/edit) form, found by its labels and placeholders. */
export class ProfileForm {
  constructor(readonly page: Page) {}

  field(label: string): Locator {
    return this.page.locator('.ant-form-item').filter({ has: this.page.locator('label', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) });
  }

  async fill(input: ProfileInput): Promise<void> {
    const { page } = this;
    await page.getByPlaceholder('请输入真实姓名').fill(input.name);
    await page.getByPlaceholder('请输入邮箱').fill(input.email);
    // China is the default country; the cascader below lists its provinces.
    await expect(this.field('学校所在国家')).toContainText('中国');
    await this.chooseArea(input.area);
    await this.chooseSchool(input.school);
  }

  async chooseArea(path: [string, string, string]): Promise<void> {
    const { page } = this;
    await this.field('学校所在地区').getByRole('combobox').click();
    for (const [depth, label] of path.entries()) {
      // Each level loads lazily from /api/region/*, so wait for its column before clicking.
      const option = page.locator('.ant-cascader-menu').nth(depth).getByText(label, { exact: true });
      await option.click();
    }
    await expect(this.field('学校所在地区')).toContainText(path[path.length - 1] as string);
  }

  /** Types the school's full name; picks the matching option (a listed school or the typed name). */
  async chooseSchool(name: string): Promise<void> {
    const { page } = this;
    const combo = this.field('学校').getByRole('combobox');
    await combo.click();
    await combo.pressSequentially(name, { delay: 20 });
    await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).first().click();
    await expect(this.field('学校')).toContainText(name);
  }

  async submit(text = '保存并继续'): Promise<void> {
    await button(this.page, text).click();
  }
}
