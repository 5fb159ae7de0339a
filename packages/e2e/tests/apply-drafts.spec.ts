// Decision 024: drafts are never lost. Each test makes its own student through the API, so
// the desktop and phone projects never share a draft and a rerun never meets an old one.
import type { Page } from '@playwright/test';
import { APPLY_MSG, MSG, TEXT_LIMIT_REACHED, formatMessage } from '@summit/domain';
import { test, expect } from '../support/fixtures.ts';
import { formItem, residentIdFor } from '../support/admission.ts';
import { callApi, registerStudentViaApi, saveStudentInfoViaApi } from '../support/api.ts';
import { button } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';

const PASSWORD = 'Xuesheng2026!';

async function ok<T>(what: string, answer: Promise<{ status: unknown; msg: string; data?: T }>): Promise<T> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${String(res.status)} ${res.msg}`);
  return res.data as T;
}

/** A student with complete info; with `paid`, step 1 submitted and the application fee paid (sandbox). */
async function newApplicant(baseURL: string, opts: { paid: boolean }): Promise<string> {
  const phone = uniquePhone();
  const { token } = await registerStudentViaApi(baseURL, phone, PASSWORD);
  await saveStudentInfoViaApi(baseURL, token, { name: '陈思远', email: `${phone}@example.com`, school_country_id: 1, area_id: [440000, 440100, 440106], school_name: '广州市天河区测试中学' });
  if (!opts.paid) return token;
  const step1 = {
    legal_name: '陈思远',
    gender: 1,
    birth_date: '2009-05-01',
    card_type: 'id_card',
    card_number: residentIdFor('2009-05-01', '457'),
    school_id: null,
    school_name: '广州市天河区测试中学',
    grade: 'G11',
    guardian_name: '陈建国',
    guardian_relation: 'father',
    guardian_phone: '13700001234',
    guardian_consent: true,
    session_preference: '第一期',
    track_preference: '理工科学',
  };
  await ok('step 1', callApi(baseURL, 'POST', '/api/student/v5/apply/step1', { token, body: { submit: true, data: step1 } }));
  const order = await ok('payment', callApi<{ id: string }>(baseURL, 'POST', '/api/student/payment', { token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } }));
  await ok('sandbox confirm', callApi(baseURL, 'POST', `/api/payment/sandbox/${order.id}/confirm`));
  return token;
}

async function openApply(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem('student_token', t);
    localStorage.setItem('last_login_role', 'student');
  }, token);
  await page.goto('/student/apply');
}

const essayBox = (page: Page, label: string) => formItem(page, label).getByRole('textbox');

/** The first paint of /student/apply can take a while on the shared test machine. */
const LOAD = { timeout: 60_000 };

test('a 900-字 essay stops at 800 as it is pasted; both essays are saved and come back after a reload', async ({ page, baseURL }) => {
  const token = await newApplicant(baseURL!, { paid: true });
  await openApply(page, token);
  const first = essayBox(page, '文书一：申请动机');
  const second = essayBox(page, '文书二：探索经历');
  await expect(first).toBeVisible(LOAD);

  // Pasted in one go (an insertText is what a paste or an IME commit delivers).
  await first.click();
  await page.keyboard.insertText('长'.repeat(900));
  await expect(first).toHaveValue('长'.repeat(800));
  await expect(formItem(page, '文书一：申请动机')).toContainText('800 / 800');
  await expect(formItem(page, '文书一：申请动机').getByRole('status')).toHaveText(formatMessage(TEXT_LIMIT_REACHED, 800));
  // Typing at the limit adds nothing.
  await page.keyboard.type('多');
  await expect(first).toHaveValue('长'.repeat(800));

  const finished = '我'.repeat(150);
  await second.fill(finished);
  await button(page, '保存草稿').click();
  await expect(page.getByText(APPLY_MSG.DRAFT_SAVED, { exact: true })).toBeVisible();

  await page.reload();
  await expect(first).toHaveValue('长'.repeat(800), LOAD);
  await expect(second).toHaveValue(finished);
  await expect(page.getByText('已恢复你在本机填写')).toHaveCount(0);
});

test('a refused field does not cost the others: it is marked, the rest is saved, and a reload restores it from this browser', async ({ page, baseURL }) => {
  const token = await newApplicant(baseURL!, { paid: false });
  await openApply(page, token);
  const name = formItem(page, '姓名（与证件一致）').getByRole('textbox');
  const guardianPhone = formItem(page, '监护人手机').getByRole('textbox');
  await expect(name).toBeVisible(LOAD);

  await name.fill('陈思远');
  await formItem(page, '监护人姓名').getByRole('textbox').fill('陈建国');
  await guardianPhone.fill('12345');
  await button(page, '保存草稿').click();

  const partly = `${APPLY_MSG.DRAFT_SAVED}，以下内容未保存：监护人手机（${MSG.PHONE_LENGTH}）`;
  await expect(page.getByText(partly)).toBeVisible();
  await expect(formItem(page, '监护人手机').locator('.ant-form-item-explain-error')).toHaveText(MSG.PHONE_LENGTH);

  // The server kept the two valid fields; this browser kept the refused one.
  const stored = await ok('apply', callApi<{ step1: Record<string, unknown> }>(baseURL!, 'GET', '/api/student/v5/apply', { token }));
  expect(stored.step1).toMatchObject({ legal_name: '陈思远', guardian_name: '陈建国' });
  expect(stored.step1).not.toHaveProperty('guardian_phone');

  await page.reload();
  await expect(page.getByText('已恢复你在本机填写、尚未保存到服务器的内容')).toBeVisible(LOAD);
  await expect(name).toHaveValue('陈思远');
  await expect(formItem(page, '监护人姓名').getByRole('textbox')).toHaveValue('陈建国');
  await expect(guardianPhone).toHaveValue('12345');
  await expect(formItem(page, '监护人手机').locator('.ant-form-item-explain-error')).toHaveText(MSG.PHONE_LENGTH);

  // Once corrected and saved, the local copy is gone: the next reload shows the server's draft only.
  await guardianPhone.fill('13700001234');
  await button(page, '保存草稿').click();
  await expect(page.getByText(APPLY_MSG.DRAFT_SAVED, { exact: true })).toBeVisible();
  await page.reload();
  await expect(guardianPhone).toHaveValue('13700001234', LOAD);
  await expect(page.getByText('已恢复你在本机填写')).toHaveCount(0);
});
