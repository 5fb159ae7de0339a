// Students at a given stage of the admission journey, made through the API the way the product makes them
// (step 1, the sandbox application fee, step 2, an admin's released offer, sandbox tuition), so a browser
// test can start where it needs to and desktop and phone never share a student.
import { expect, type Page } from '@playwright/test';
import { ESSAY, residentIdFor } from './admission.ts';
import { callApi, PHONE_CODE, registerStudentViaApi, saveStudentInfoViaApi, ok } from './api.ts';
import { DEMO, DEMO_PASSWORD } from './demo-accounts.ts';
import { LoginScreen } from './login-screen.ts';
import { uniquePhone } from './phone-numbers.ts';

export const JOURNEY_PASSWORD = 'Xuesheng2026!';

export type JourneyStage = 'info' | 'step1' | 'submitted' | 'offer' | 'paid';

export interface JourneyStudent {
  phone: string;
  token: string;
  userId: number;
  name: string;
}



export async function loginViaApi(baseURL: string, phone: string, password: string): Promise<string> {
  return (await ok('login', callApi<{ token: string }>(baseURL, 'POST', '/api/login', { body: { phone_code: PHONE_CODE, phone, password } }))).token;
}

/** Pays an order through the sandbox's 确认支付, as the checkout page's button does. */
export async function paySandboxViaApi(baseURL: string, token: string, order: { purpose: 'apply_fee' | 'tuition'; provider: 'WX' | 'AL'; channel: string }): Promise<void> {
  const created = await ok('payment', callApi<{ id: string }>(baseURL, 'POST', '/api/student/payment', { token, body: order }));
  await ok('sandbox confirm', callApi(baseURL, 'POST', `/api/payment/sandbox/${created.id}/confirm`));
}

export async function studentAt(baseURL: string, stage: JourneyStage, name: string): Promise<JourneyStudent> {
  const phone = uniquePhone();
  const { token } = await registerStudentViaApi(baseURL, phone, JOURNEY_PASSWORD);
  await saveStudentInfoViaApi(baseURL, token, { name, email: `${phone}@example.com`, school_country_id: 1, area_id: [440000, 440100, 440106], school_name: '广州市天河区测试中学' });
  const userId = (await ok('status', callApi<{ user_id: number }>(baseURL, 'GET', '/api/student/status', { token }))).user_id;
  const student = { phone, token, userId, name };
  if (stage === 'info') return student;

  const step1 = {
    legal_name: name,
    gender: 2,
    birth_date: '2009-05-01',
    card_type: 'id_card',
    card_number: residentIdFor('2009-05-01', '456'),
    school_id: null,
    school_name: '广州市天河区测试中学',
    grade: 'G11',
    guardian_name: '周丽华',
    guardian_relation: 'mother',
    guardian_phone: '13700001234',
    guardian_consent: true,
    session_preference: '第一期',
    track_preference: '人文社科',
  };
  await ok('step 1', callApi(baseURL, 'POST', '/api/student/v5/apply/step1', { token, body: { submit: true, data: step1 } }));
  if (stage === 'step1') return student;

  await paySandboxViaApi(baseURL, token, { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' });
  const step2 = {
    essay_motivation: ESSAY,
    essay_question: ESSAY,
    english_test: 'TOEFL',
    english_score: '102',
    activities: [{ name: '模拟联合国社团', role: '社员', description: '参加两次市级会议。' }],
    attachment: null,
  };
  await ok('step 2', callApi(baseURL, 'POST', '/api/student/v5/apply/step2', { token, body: { submit: true, data: step2 } }));
  if (stage === 'submitted') return student;

  const admin = await loginViaApi(baseURL, DEMO.admin, DEMO_PASSWORD);
  await ok('decision', callApi(baseURL, 'PUT', `/api/admin/applications/${userId}/decision`, { token: admin, body: { decision: 'offer', place_name: '第一期', professional_track: '人文社科' } }));
  await ok('release', callApi(baseURL, 'POST', '/api/admin/applications/release', { token: admin, body: { user_ids: [userId] } }));
  if (stage === 'offer') return student;

  await paySandboxViaApi(baseURL, token, { purpose: 'tuition', provider: 'AL', channel: 'alipay_web' });
  return student;
}

/** Opens the browser already logged in as the student (the token where the web app keeps it). */
export async function loginInBrowser(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem('student_token', t);
    localStorage.setItem('last_login_role', 'student');
  }, token);
}

/** The demo administrator signs in on the login page and opens a student's page, waiting until it shows the student. */
export async function openStudentAsAdmin(page: Page, student: { userId: number }, name: string): Promise<void> {
  await page.goto('/login');
  await expect(new LoginScreen(page).phone).toBeEditable({ timeout: 60_000 });
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await page.waitForURL(/\/admin/);
  await page.goto(`/admin/student/${student.userId}`);
  await expect(page.getByTestId('student-name')).toHaveText(name, { timeout: 30_000 });
}

/** Puts a teacher's login in the page's storage before anything loads, as a teacher already signed in has it. */
export async function loginTeacherInBrowser(page: Page, token: string) {
  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, token);
}
