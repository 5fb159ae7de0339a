// Talks to the running server directly (plain fetch, so global setup and tests share it): seeding accounts
// a test needs but does not exercise, and reading the demo-mode SMS outbox (docs/api-contract.md).

export interface Envelope<T> {
  status: number | string;
  msg: string;
  data?: T;
}

export interface OutboxItem {
  phone: string;
  content: string;
  code: string | null;
  created_at: string;
}

export interface LoginResult {
  type: string;
  token: string;
  name: string;
  is_admin: boolean;
  is_dl: boolean;
}

export const PHONE_CODE = '86';
/** The spec's resend interval is 60 s per phone; one more second absorbs rounding on the server. */
export const SMS_RESEND_INTERVAL_MS = 61_000;

export async function callApi<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'x-plat': 'web' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${path}: HTTP ${response.status}, not an envelope: ${text.slice(0, 200)}`);
  }
}

/** The data of an answer that must succeed; a failure names the step (`what`) with the status and message. */
export async function ok<T>(what: string, envelope: Promise<Envelope<T>>): Promise<T> {
  const result = await envelope;
  if (result.status !== 200) throw new Error(`${what}: ${String(result.status)} ${result.msg}`);
  return result.data as T;
}

/** Answers the arithmetic captcha the way a person would: `12 + 7 = ?` → 19. */
export function solveCaptcha(question: string): number {
  const match = /(\d+)\s*([+\-－＋×xX*])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`Not an arithmetic question: "${question}"`);
  const a = Number(match[1]);
  const b = Number(match[3]);
  switch (match[2]) {
    case '-':
    case '－':
      return a - b;
    case '×':
    case 'x':
    case 'X':
    case '*':
      return a * b;
    default:
      return a + b;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function listOutbox(baseUrl: string, phone: string): Promise<OutboxItem[]> {
  return ok('GET /api/dev/outbox', callApi<OutboxItem[]>(baseUrl, 'GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`));
}

/**
 * Polls the outbox for the newest code sent to `phone` at or after `after` (ms since epoch). Codes are sent
 * after the captcha answer returns, but the browser may be faster than the test's next poll, so poll.
 */
export async function pollSmsCode(baseUrl: string, phone: string, after: number, timeoutMs = 15_000): Promise<OutboxItem & { code: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await listOutbox(baseUrl, phone);
    const fresh = items.find((item) => item.code && Date.parse(item.created_at) >= after);
    if (fresh?.code) return { ...fresh, code: fresh.code };
    if (Date.now() > deadline) {
      throw new Error(`No SMS code for ${phone} after ${new Date(after).toISOString()} within ${timeoutMs} ms (outbox: ${JSON.stringify(items.slice(0, 3))})`);
    }
    await sleep(250);
  }
}

/**
 * Waits until the server will send another code to `phone`: the outbox is the record of what was sent,
 * so this also holds on a retry or after global setup used the phone.
 */
export async function waitUntilSmsAllowed(baseUrl: string, phone: string): Promise<void> {
  // Only verification codes count: result notifications (decision, tuition) do not start the interval.
  const newestCode = (await listOutbox(baseUrl, phone)).find((item) => item.code);
  const newest = newestCode ? Date.parse(newestCode.created_at) : 0;
  const waitMs = newest + SMS_RESEND_INTERVAL_MS - Date.now();
  if (waitMs > 0) await sleep(waitMs);
}

/** Captcha question → answer → code, as the verification dialog does it. */
export async function sendSmsCodeViaApi(baseUrl: string, phone: string): Promise<string> {
  const before = Date.now() - 1_000;
  const ref = { phone_code: PHONE_CODE, phone };
  const question = await ok('captcha question', callApi<{ code: string }>(baseUrl, 'POST', '/api/captcha/question', { body: ref }));
  await ok('captcha answer', callApi(baseUrl, 'POST', '/api/captcha/answer', { body: { ...ref, code: solveCaptcha(question.code) } }));
  return (await pollSmsCode(baseUrl, phone, before)).code;
}

export async function registerStudentViaApi(baseUrl: string, phone: string, password: string): Promise<LoginResult> {
  const code = await sendSmsCodeViaApi(baseUrl, phone);
  return ok(
    'register',
    callApi<LoginResult>(baseUrl, 'POST', '/api/register', { body: { phone_code: PHONE_CODE, phone, code, password } }),
  );
}

export interface StudentInfoInput {
  name: string;
  email: string;
  school_country_id: number;
  area_id: number[];
  school_id?: number;
  school_name?: string;
}

export async function saveStudentInfoViaApi(baseUrl: string, token: string, info: StudentInfoInput): Promise<void> {
  await ok('POST /api/student/info', callApi(baseUrl, 'POST', '/api/student/info', { body: info, token }));
}

export async function waitForServer(baseUrl: string, isAlive: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('the server exited before answering GET /api/clock');
    try {
      const clock = await callApi<{ now: number }>(baseUrl, 'GET', '/api/clock');
      if (clock.status === 200 && typeof clock.data?.now === 'number') return;
      lastError = `status ${clock.status} ${clock.msg}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await sleep(300);
  }
  throw new Error(`GET ${baseUrl}/api/clock did not answer within ${timeoutMs} ms (${lastError})`);
}
