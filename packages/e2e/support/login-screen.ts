import { expect, type Locator, type Page } from '@playwright/test';
import { solveCaptcha } from './api.ts';

/**
 * antd puts a space between the two characters of a two-character button ("登 录") unless told not to,
 * so match button names with optional whitespace between characters.
 */
export function buttonName(text: string): RegExp {
  const escaped = [...text].map((ch) => ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${escaped.join('\\s*')}\\s*$`);
}

/**
 * A button by the text a person sees. Not by accessible name: antd's loading icon can linger in its leave
 * animation with aria-label "loading", so a button that shows 确定 may be named "loading 确定".
 */
export function button(scope: Page | Locator, text: string): Locator {
  return scope.locator('button, [role="button"]').filter({ hasText: buttonName(text) });
}

/** The shared login screen (/login, /register, /reset) by the texts of /work/briefs/web.md. */
export class LoginScreen {
  constructor(readonly page: Page) {}

  get phone(): Locator {
    return this.page.getByPlaceholder('请输入手机号');
  }
  get password(): Locator {
    return this.page.getByPlaceholder('请输入密码', { exact: true });
  }
  get code(): Locator {
    return this.page.getByPlaceholder('请输入验证码', { exact: true });
  }
  get newPassword(): Locator {
    return this.page.getByPlaceholder('请设置密码（8-32位）');
  }
  get resetPassword(): Locator {
    return this.page.getByPlaceholder('请输入新密码（8-32位）');
  }
  get sendCodeButton(): Locator {
    return this.page.getByRole('button', { name: /获取验证码|秒后重发/ });
  }
  submit(text: '登录' | '注册' | '重置密码'): Locator {
    return button(this.page, text);
  }
  link(text: '验证码登录' | '密码登录' | '忘记密码？' | '立即注册' | '已有账号？去登录'): Locator {
    return this.page.getByText(text, { exact: true });
  }

  get captchaDialog(): Locator {
    return this.page.getByRole('dialog', { name: '安全验证' });
  }

  /** The question on the 安全验证 dialog, e.g. `12 + 7 = ?`, once it has loaded. */
  async captchaQuestion(): Promise<string> {
    const question = this.captchaDialog.getByText(/\d+\s*[+＋]\s*\d+\s*=\s*[?？]/);
    await expect(question).toBeVisible();
    return ((await question.textContent()) ?? '').trim();
  }

  async answerCaptcha(answer: number): Promise<void> {
    await this.captchaDialog.getByPlaceholder('请输入计算结果').fill(String(answer));
    await button(this.captchaDialog, '确定').click();
  }

  /** 获取验证码 → 安全验证 dialog → read `a + b = ?`, answer → dialog closes and the countdown starts. */
  async requestCode(): Promise<void> {
    await this.sendCodeButton.click();
    await expect(this.captchaDialog).toBeVisible();
    await this.answerCaptcha(solveCaptcha(await this.captchaQuestion()));
    await expect(this.captchaDialog).toBeHidden();
    await expect(this.page.getByRole('button', { name: /\d+\s*秒后重发/ })).toBeVisible();
  }

  async loginWithPassword(phone: string, password: string): Promise<void> {
    await this.phone.fill(phone);
    await this.password.fill(password);
    await this.submit('登录').click();
  }
}
