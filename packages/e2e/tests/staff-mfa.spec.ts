// Decision 036: staff two-factor sign-in. The demo administrator binds an authenticator (the code computed here
// from the key shown for typing by hand, with the same TOTP library as the server), signs out, and signs in with
// password + code and with a recovery code; with enforcement on, the sign-in itself asks to bind one first.
// Other specs sign the demo admin in with the password alone, so every test leaves the account as it found it.
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { callApi, PHONE_CODE } from '../support/api.ts';
import type { Page } from '@playwright/test';

const PERIOD_MS = 30_000;

function totp(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
}

const stepOf = (ms: number) => Math.floor(ms / PERIOD_MS);

/** The server refuses a code of a step it already accepted: wait for the authenticator's next code. */
async function codeAfterStep(secret: string, usedStep: number): Promise<string> {
  while (stepOf(Date.now()) <= usedStep) await new Promise((r) => setTimeout(r, 500));
  return totp(secret).generate();
}

async function putJson(baseURL: string, path: string, token: string, body: unknown) {
  const res = await fetch(new URL(path, baseURL), { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as { status: unknown; msg: string };
}

type LoginAnswer = { token?: string; challenge?: string; mfa_enrol_required?: boolean };

/**
 * Puts the demo admin back to password-only sign-in whatever a test left behind: through a recovery code (or a
 * fresh enrolment when enforcement asks for one), enforcement off, the factor disabled with another recovery code.
 */
async function restoreAdmin(baseURL: string, recovery: string[]): Promise<void> {
  const login = await callApi<LoginAnswer>(baseURL, 'POST', '/api/login', { body: { phone_code: PHONE_CODE, phone: DEMO.admin, password: DEMO_PASSWORD } });
  let token = login.data?.token;
  let codes = [...recovery];
  if (!token && login.data?.mfa_enrol_required) {
    const setup = await callApi<{ secret: string }>(baseURL, 'POST', '/api/auth/mfa/setup', { body: { challenge: login.data.challenge } });
    const done = await callApi<{ token: string; recovery_codes: string[] }>(baseURL, 'POST', '/api/auth/mfa/setup/confirm', {
      body: { challenge: login.data.challenge, code: totp(setup.data!.secret).generate() },
    });
    token = done.data!.token;
    codes = done.data!.recovery_codes;
  } else if (!token && login.data?.challenge) {
    const code = codes.shift();
    if (!code) throw new Error('no recovery code left to restore the demo admin');
    const verified = await callApi<{ token: string }>(baseURL, 'POST', '/api/auth/mfa/verify', { body: { challenge: login.data.challenge, code } });
    token = verified.data?.token;
  }
  if (!token) throw new Error(`could not sign the demo admin in to restore it: ${login.msg}`);
  await putJson(baseURL, '/api/admin/settings/security', token, { mfa_enforced: false });
  const status = await callApi<{ enabled: boolean }>(baseURL, 'GET', '/api/auth/mfa/status', { token });
  if (status.data?.enabled) {
    const off = await callApi(baseURL, 'POST', '/api/auth/mfa/disable', { token, body: { code: codes.shift() } });
    if (off.status !== 200) throw new Error(`could not disable the demo admin's second factor: ${off.msg}`);
  }
  const check = await callApi<LoginAnswer>(baseURL, 'POST', '/api/login', { body: { phone_code: PHONE_CODE, phone: DEMO.admin, password: DEMO_PASSWORD } });
  expect(check.data?.token, 'the demo admin signs in with the password alone again').toBeTruthy();
}

/** The key for typing by hand, as a person would read it off the page (groups of four). */
async function manualKey(page: Page): Promise<string> {
  const text = (await page.getByTestId('mfa-secret').first().textContent()) ?? '';
  const key = text.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  return key;
}

async function recoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: '恢复码' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  return (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/account');
  await button(page, '退出登录').click();
  await expect(page).toHaveURL(/\/login/);
}

// Sign-ins, a wait for the next 30 s code and the restore: more than the default two minutes on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

test('an administrator binds an authenticator, then signs in with password + code and with a recovery code', async ({ page, baseURL }) => {
  let saved: string[] = [];
  try {
    const login = new LoginScreen(page);
    await page.goto('/login');
    await login.loginWithPassword(DEMO.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });

    await page.goto('/account');
    await button(page, '两步验证').click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByText('未开启')).toBeVisible();
    await button(page, '开启两步验证').click();
    await expect(page.getByRole('img', { name: '身份验证器二维码' })).toBeVisible();
    const secret = await manualKey(page);

    await page.getByPlaceholder('请输入6位验证码').fill('000000' === totp(secret).generate() ? '111111' : '000000');
    await button(page, '验证并开启').click();
    await expect(page.getByRole('alert').filter({ hasText: '验证码错误，请重新输入' })).toBeVisible();

    const enrolStep = stepOf(Date.now());
    await page.getByPlaceholder('请输入6位验证码').fill(totp(secret).generate());
    await button(page, '验证并开启').click();
    saved = await recoveryCodes(page);
    for (const c of saved) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await button(page, '我已保存恢复码').click();
    await expect(page.getByText('已开启')).toBeVisible();
    await expect(page.getByText('10 个')).toBeVisible();

    // Password alone no longer opens the console: the code step does.
    await signOut(page);
    await login.loginWithPassword(DEMO.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/login\/mfa$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '两步验证' })).toBeVisible();
    await page.getByPlaceholder('请输入6位验证码').fill(await codeAfterStep(secret, enrolStep));
    await button(page, '验证并登录').click();
    await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });

    // Without the phone: one recovery code, once.
    await signOut(page);
    await login.loginWithPassword(DEMO.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/login\/mfa$/, { timeout: 30_000 });
    await button(page, '使用恢复码').click();
    const used = saved.shift()!;
    await page.getByPlaceholder('请输入恢复码').fill(used);
    await button(page, '验证并登录').click();
    await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });
    await page.goto('/account/security');
    await expect(page.getByText('9 个')).toBeVisible();
  } finally {
    await restoreAdmin(baseURL as string, saved);
  }
});

test('with enforcement on, the administrator binds an authenticator at sign-in before the console opens', async ({ page, baseURL }) => {
  let saved: string[] = [];
  try {
    const token = (await callApi<LoginAnswer>(baseURL as string, 'POST', '/api/login', { body: { phone_code: PHONE_CODE, phone: DEMO.admin, password: DEMO_PASSWORD } })).data!.token!;
    expect((await putJson(baseURL as string, '/api/admin/settings/security', token, { mfa_enforced: true })).status).toBe(200);

    const login = new LoginScreen(page);
    await page.goto('/login');
    await login.loginWithPassword(DEMO.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/login\/mfa$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '绑定身份验证器' })).toBeVisible();
    await expect(page.getByText('请先绑定身份验证器（两步验证）后再进入管理后台')).toBeVisible();
    const secret = await manualKey(page);
    await page.getByPlaceholder('请输入6位验证码').fill(totp(secret).generate());
    await button(page, '验证并开启').click();
    saved = await recoveryCodes(page);
    // The codes stay on screen until the admin says they are saved; only then does the console open.
    await expect(page).toHaveURL(/\/login\/mfa$/, { timeout: 30_000 });
    await button(page, '我已保存恢复码，继续').click();
    await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });

    // Enforced: the 两步验证 page offers no way to switch it off.
    await page.goto('/account/security');
    await expect(page.getByText('管理员和工作人员账号必须开启')).toBeVisible();
    await expect(button(page, '关闭两步验证')).toHaveCount(0);
  } finally {
    await restoreAdmin(baseURL as string, saved);
  }
});
