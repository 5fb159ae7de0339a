import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface Envelope<T = unknown> {
  status: number | string;
  msg: string;
  data?: T;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
): Promise<{ http: number; body: Envelope<T> }> {
  const res = await app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  return { http: res.statusCode, body: res.json() as Envelope<T> };
}

export function solveCaptcha(question: string): number {
  const match = /^(\d+)\s*\+\s*(\d+)\s*=\s*\?$/.exec(question);
  if (!match) throw new Error(`unexpected captcha question: ${question}`);
  return Number(match[1]) + Number(match[2]);
}

let counter = 0;
/** A unique, valid mainland phone number per call within a file. */
export function newPhone(): string {
  counter += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
}

/** Goes through captcha and outbox exactly as a user would, and returns the 4-digit code. */
export async function requestSmsCode(app: FastifyInstance, phone: string, ip?: string): Promise<string> {
  const q = await call<{ code: string }>(app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone }, ip });
  expect(q.body.status).toBe(200);
  const a = await call(app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q.body.data!.code) }, ip });
  expect(a.body).toMatchObject({ status: 200 });
  const outbox = await call<Array<{ code: string | null }>>(app, 'GET', `/api/dev/outbox?phone=${phone}`);
  const code = outbox.body.data?.[0]?.code;
  if (!code) throw new Error('no code in outbox');
  return code;
}

export const TEST_PASSWORD = 'Passw0rd!x';

export async function registerStudent(app: FastifyInstance, phone = newPhone(), password = TEST_PASSWORD) {
  const code = await requestSmsCode(app, phone);
  const res = await call<{ token: string; type: string }>(app, 'POST', '/api/register', { body: { phone_code: '86', phone, code, password } });
  expect(res.body.status).toBe(200);
  return { phone, password, token: res.body.data!.token };
}

/** Staff accounts are never self-registered: tests create them as the seed and CLI do, then log in. */
export async function createStaffToken(
  t: { app: FastifyInstance; db: import('../db/client.ts').Db },
  role: 'teacher' | 'school' | 'sl',
  opts: { isAdmin?: boolean } = {},
): Promise<string> {
  const { accounts } = await import('../db/schema.ts');
  const { hashPassword } = await import('../lib/password.ts');
  const phone = newPhone();
  await t.db.insert(accounts).values({
    role,
    phone,
    name: `测试${role}`,
    passwordHash: await hashPassword(TEST_PASSWORD, 8192),
    isAdmin: opts.isAdmin ?? false,
    teacherType: role === 'teacher' ? (opts.isAdmin ? 9 : 1) : null,
  });
  const res = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
  if (!res.body.data?.token) throw new Error(`login failed for ${role}: ${res.body.msg}`);
  return res.body.data.token;
}

/** Step 1 of the main application, filled in full (a valid ID number, the guardian's consent). */
export const STEP1_ANSWERS = {
  legal_name: '李小明',
  gender: 1,
  birth_date: '2010-03-07',
  card_type: 'id_card',
  card_number: '110105201003070025',
  school_id: null,
  school_name: '北京市第四中学',
  grade: 'G11',
  guardian_name: '李大明',
  guardian_relation: 'father',
  guardian_phone: '13800138000',
  guardian_consent: true,
  session_preference: '第二期',
  track_preference: '理工科学',
};
