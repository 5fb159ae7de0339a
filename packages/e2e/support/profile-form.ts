import { expect, type Locator, type Page } from '@playwright/test';
import { button } from './login-screen.ts';

export interface ProfileInput {
  name: string;
  email: string;
  /** Province → city → district, as shown in the cascader. */
  area: [string, string, string];
  school: SchoolChoice;
}

export type SchoolChoice = { search: string; pick: string } | { typed: string };

/** The name the account page shows for a school choice. */
export function schoolName(choice: SchoolChoice): string {
  return 'pick' in choice ? choice.pick : choice.typed;
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
    // Phones get a bottom sheet that shows one level at a time; wider screens antd's cascader columns.
    const sheet = (page.viewportSize()?.width ?? 1280) < 768 ? page.getByRole('dialog', { name: '选择所在地区' }) : null;
    for (const [depth, label] of path.entries()) {
      // Each level loads lazily from /api/region/*, so wait for its column before clicking.
      const option = sheet
        ? sheet.getByRole('option', { name: label, exact: true })
        : page.locator('.ant-cascader-menu').nth(depth).getByText(label, { exact: true });
      await option.click();
    }
    if (sheet) await expect(sheet).toBeHidden();
    await expect(this.field('学校所在地区')).toContainText(path[path.length - 1] as string);
  }

  /**
   * 学校 accepts either: `{ pick, search }` types `search` and picks the listed school `pick` (its id is
   * saved); `{ typed }` types a full name the list does not have, which the form keeps as the name.
   */
  async chooseSchool(school: SchoolChoice): Promise<void> {
    const { page } = this;
    const input = page.getByPlaceholder('请选择或输入学校全名');
    await input.click();
    await input.fill('');
    if ('pick' in school) {
      await input.pressSequentially(school.search, { delay: 30 });
      await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: school.pick }).first().click();
      await expect(input).toHaveValue(school.pick);
    } else {
      await input.pressSequentially(school.typed, { delay: 10 });
      await expect(page.getByText('列表中没有该学校，将使用您输入的全名')).toBeVisible();
      // Close the suggestions as a person would before moving on; the typed name stays.
      await input.press('Escape');
      await expect(page.getByText('列表中没有该学校，将使用您输入的全名')).toBeHidden();
      await expect(input).toHaveValue(school.typed);
    }
  }

  async submit(text = '保存并继续'): Promise<void> {
    await button(this.page, text).click();
  }
}
