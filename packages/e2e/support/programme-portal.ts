// Programme applicants made through the API the way the product makes them (decisions 075, 076): the generic form's
// steps, the application fee in the sandbox, an admin's decision and release. The browser tests start after.
import { TINY_PNG } from './admission.ts';
import { callApi, type Envelope } from './api.ts';
import { DEMO, DEMO_PASSWORD } from './demo-accounts.ts';
import { loginViaApi } from './journey.ts';

async function ok<T>(what: string, answer: Promise<Envelope<T>>): Promise<T> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${String(res.status)} ${res.msg}`);
  return res.data as T;
}

interface Question {
  key: string;
  type: string;
  required: boolean;
  options?: string[];
}
interface Application {
  programme: { steps: Array<{ key: string; questions: Question[] }> };
  state: string;
  apply_fee: { fen: number; paid: boolean };
}

/** Stores a small PNG through the uploader's credential and signed POST, as the browser does. */
export async function uploadPngViaApi(baseURL: string, token: string, name: string): Promise<{ name: string; url: string }> {
  const credential = await ok(
    'credential',
    callApi<{ endpoint: string; fields: Record<string, string>; file: { name: string; url: string } }>(baseURL, 'POST', '/api/oss/credential', {
      token,
      body: { file_name: name, type: 'image/png', file_size: TINY_PNG.length },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(credential.fields)) form.append(k, v);
  form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), name);
  const res = await fetch(new URL(credential.endpoint, baseURL), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status >= 300) throw new Error(`upload: HTTP ${res.status}`);
  return credential.file;
}

/** Pays a programme order through the sandbox's 确认支付 (the application fee, before review). */
export async function payProgrammeViaApi(baseURL: string, token: string, code: string, kind: 'apply_fee' | 'whole' | 'deposit' | 'final'): Promise<void> {
  const order = await ok('payment', callApi<{ id: string }>(baseURL, 'POST', `/api/student/programmes/${code}/payment`, { token, body: { kind, provider: 'WX', channel: 'wechat_scan' } }));
  await ok('sandbox confirm', callApi(baseURL, 'POST', `/api/payment/sandbox/${order.id}/confirm`));
}

/** Fills every required question of every step with a valid answer and submits the steps in order. */
export async function applyViaApi(baseURL: string, token: string, code: string): Promise<void> {
  const app = await ok('application', callApi<Application>(baseURL, 'GET', `/api/student/programmes/${code}/application`, { token }));
  for (const step of app.programme.steps) {
    const answers: Record<string, unknown> = {};
    for (const q of step.questions) {
      if (!q.required) continue;
      if (q.type === 'upload') answers[q.key] = [await uploadPngViaApi(baseURL, token, `${q.key}.png`)];
      else if (q.type === 'checkbox') answers[q.key] = [q.options?.[0] ?? '是'];
      else if (q.type === 'radio' || q.type === 'select') answers[q.key] = q.options?.[0] ?? '是';
      else if (q.type === 'date') answers[q.key] = '2026-01-15';
      else answers[q.key] = '我希望通过这个项目拓展视野，提升学术能力。';
    }
    await ok(`step ${step.key}`, callApi(baseURL, 'PUT', `/api/student/programmes/${code}/application/steps/${step.key}`, { token, body: { answers, submit: true } }));
  }
  if (app.apply_fee.fen > 0 && !app.apply_fee.paid) await payProgrammeViaApi(baseURL, token, code, 'apply_fee');
}

/** An admin admits the student's application (with an offer type where the programme has them) and releases it. */
export async function admitViaApi(baseURL: string, code: string, accountId: number, offerType: string | null): Promise<void> {
  const admin = await loginViaApi(baseURL, DEMO.admin, DEMO_PASSWORD);
  const list = await ok(
    'applications',
    callApi<{ items: Array<{ id: number; account_id: number }> }>(baseURL, 'GET', `/api/admin/programmes/${code}/applications?filter=submitted&size=200`, { token: admin }),
  );
  const row = list.items.find((r) => r.account_id === accountId);
  if (!row) throw new Error(`no submitted ${code} application of account ${accountId}`);
  await ok('decision', callApi(baseURL, 'PUT', `/api/admin/programmes/${code}/applications/${row.id}/decision`, { token: admin, body: { decision: 'admit', offer_type: offerType } }));
  await ok('release', callApi(baseURL, 'POST', `/api/admin/programmes/${code}/release`, { token: admin, body: { ids: [row.id] } }));
}

/** Gives a student a user tag through the Students console's bulk tags (SBP takes only students tagged sbp-offer). */
export async function tagStudentViaApi(baseURL: string, userId: number, tag: string): Promise<void> {
  const admin = await loginViaApi(baseURL, DEMO.admin, DEMO_PASSWORD);
  await ok('tags', callApi(baseURL, 'POST', '/api/admin/students/tags', { token: admin, body: { filter: { user_ids: [userId] }, add: [tag] } }));
}
