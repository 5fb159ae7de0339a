import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@summit/domain/messages';
import { PAGES } from '@summit/domain/pages';
import { ApiError, createApiClient, type ApiClientDeps } from './api-client.ts';
import { createAuthStorage, type KeyValueStore } from './auth-storage.ts';
// The gate loads the student-status module on demand; loaded here first, as a page would have it, so the test's
// single flush sees the navigation (the module's first transform takes longer than a macrotask).
await import('@summit/domain/student-status');

function memory(): KeyValueStore {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

type Reply = { status: number; body: unknown } | Error;

function setup(replies: Record<string, Reply | Reply[]>, currentPath = '/student/apply') {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const storage = createAuthStorage(memory());
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const deps: ApiClientDeps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init: init ?? {} });
      const key = url.split('?')[0] ?? url;
      const entry = replies[key];
      const reply = Array.isArray(entry) ? entry.shift() : entry;
      if (!reply) throw new Error(`unexpected request ${url}`);
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }) as unknown as typeof fetch,
    storage,
    navigate: vi.fn(),
    toast: vi.fn(),
    plat: () => 'wechat',
    currentPath: () => currentPath,
    reload: vi.fn(),
    back: vi.fn(),
    later: (fn, ms) => void timers.push({ fn, ms }),
  };
  const client = createApiClient(deps);
  const runTimers = () => timers.splice(0).forEach((t) => t.fn());
  return { client, deps, calls, storage, timers, runTimers };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('api client', () => {
  it('sends the last role token, x-plat and a JSON body, and returns data', async () => {
    const { client, calls, storage } = setup({ '/api/login': { status: 200, body: { status: 200, msg: '', data: { ok: 1 } } } });
    storage.saveLogin('teacher', 'tok-t');
    const data = await client.post('/login', { phone: '13900000001' });
    expect(data).toEqual({ ok: 1 });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-t');
    expect(headers['x-plat']).toBe('wechat');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"phone":"13900000001"}');
  });

  it('omits Authorization when logged out and drops empty query values', async () => {
    const { client, calls } = setup({ '/api/region/schools': { status: 200, body: { status: 200, msg: '', data: [] } } });
    await client.get('/region/schools', { query: { country_id: 1, state_id: undefined, name: '' } });
    expect(calls[0]?.url).toBe('/api/region/schools?country_id=1');
    expect((calls[0]?.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('401: toasts 请重新登录！ once, clears the login and goes to /register?r=<current path>', async () => {
    const { client, deps, storage } = setup({ '/api/student/info': { status: 401, body: { status: 401, msg: '请重新登录！' } } });
    storage.saveLogin('student', 'tok-s');
    const error = await client.get('/student/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(storage.currentToken()).toBeNull();
    expect(deps.toast).toHaveBeenCalledWith('error', MSG.LOGIN_REQUIRED, { single: true });
    expect(deps.navigate).toHaveBeenCalledWith('/register?r=%2Fstudent%2Fapply', { replace: true });
  });

  it('401 on the account screen (a second request of the same page failing): stays, keeping its return target', async () => {
    const { client, deps } = setup({ '/api/student/info': { status: 401, body: { status: 401, msg: '请重新登录！' } } }, '/register?r=%2Faccount');
    const error = (await client.get('/student/info').catch((e: unknown) => e)) as ApiError;
    expect(error.redirectTo).toBe('/register?r=%2Faccount');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('401 inside a loader: reports the target for the loader instead of navigating', async () => {
    const { client, deps } = setup({ '/api/student/status': { status: 401, body: { status: 401, msg: '' } } });
    const error = (await client.get('/student/status', { navigate: false, returnTo: '/info' }).catch((e: unknown) => e)) as ApiError;
    expect(error.redirectTo).toBe('/register?r=%2Finfo');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('quiet reads: a 401 drops the stale login without a toast or a redirect', async () => {
    const { client, deps, storage } = setup({ '/api/auth/info': { status: 401, body: { status: 401, msg: '' } } });
    storage.saveLogin('student', 'old');
    await expect(client.get('/auth/info', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(storage.currentToken()).toBeNull();
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('302: shows the message, then goes to data.url after 1 s', async () => {
    const { client, deps, timers, runTimers } = setup({
      '/api/x': { status: 200, body: { status: 302, msg: '请先完成支付', data: { url: '/pay/apply' } } },
    });
    await expect(client.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(deps.toast).toHaveBeenCalledWith('info', '请先完成支付');
    expect(timers[0]?.ms).toBe(1000);
    expect(deps.navigate).not.toHaveBeenCalled();
    runTimers();
    expect(deps.navigate).toHaveBeenCalledWith('/pay/apply', { replace: false });
  });

  it('4004 reloads and 4005 goes back, each after 1 s', async () => {
    const { client, deps, timers, runTimers } = setup({
      '/api/a': { status: 409, body: { status: 4004, msg: '数据已变化' } },
      '/api/b': { status: 400, body: { status: 4005, msg: '已过期' } },
    });
    await client.get('/a').catch(() => undefined);
    await client.get('/b').catch(() => undefined);
    expect(timers.map((t) => t.ms)).toEqual([1000, 1000]);
    expect(deps.reload).not.toHaveBeenCalled();
    runTimers();
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(deps.back).toHaveBeenCalledTimes(1);
    expect(deps.toast).toHaveBeenCalledWith('error', '数据已变化');
    expect(deps.toast).toHaveBeenCalledWith('error', '已过期');
  });

  it('4001: toasts the message; quietMessages leave it to the caller', async () => {
    const { client, deps } = setup({
      '/api/login': { status: 400, body: { status: 4001, msg: MSG.WRONG_PASSWORD } },
      '/api/captcha/answer': { status: 400, body: { status: 4001, msg: MSG.CAPTCHA_WRONG } },
    });
    const e1 = (await client.post('/login').catch((e: unknown) => e)) as ApiError;
    expect(e1.msg).toBe(MSG.WRONG_PASSWORD);
    expect(deps.toast).toHaveBeenCalledWith('error', MSG.WRONG_PASSWORD);
    const e2 = (await client.post('/captcha/answer', {}, { quietMessages: [MSG.CAPTCHA_WRONG] }).catch((e: unknown) => e)) as ApiError;
    expect(e2.handledByCaller).toBe(true);
    expect(deps.toast).toHaveBeenCalledTimes(1);
  });

  it('4003 on a field the form shows is not toasted; on another field it is', async () => {
    const reply = { status: 400, body: { status: 4003, msg: MSG.SMS_CODE_FORMAT, data: { field: 'code' } } };
    const { client, deps } = setup({ '/api/register': [reply, reply] });
    const e1 = (await client.post('/register', {}, { fieldNames: ['code', 'phone'] }).catch((e: unknown) => e)) as ApiError;
    expect(e1.field).toBe('code');
    expect(deps.toast).not.toHaveBeenCalled();
    await client.post('/register', {}, { fieldNames: ['phone'] }).catch(() => undefined);
    expect(deps.toast).toHaveBeenCalledWith('error', MSG.SMS_CODE_FORMAT);
  });

  it('gate: shows the message and sends the student to their next page', async () => {
    const status = {
      user_id: 7,
      active_type: 1,
      batch_str: 'RD',
      activate_status_v5: { activate_at: null, info_completed: false, info_completed_at: null, apply_paid: false, apply_paid_at: null, active_type: 1 },
      apply_v5: { step1_submitted: false, step1_submitted_at: null, step2_submitted: false, step2_submitted_at: null },
      is_apply_paid: false,
      is_tuition_paid: false,
      tuition_paid_at: null,
      offer_letter: null,
      offer_created_at: null,
      place_track: null,
      user_tags: [],
    };
    const { client, deps, runTimers } = setup({
      '/api/student/course': { status: 403, body: { status: '403-60', msg: '' } },
      '/api/student/status': { status: 200, body: { status: 200, msg: '', data: status } },
    });
    await expect(client.get('/student/course')).rejects.toBeInstanceOf(ApiError);
    expect(deps.toast).toHaveBeenCalledWith('error', MSG.INFO_INCOMPLETE, { single: true });
    await flush();
    runTimers();
    expect(deps.navigate).toHaveBeenCalledWith(PAGES.info, { replace: true });
  });

  it('network failure and non-JSON answers read 系统错误，请联系管理员！', async () => {
    const { client, deps } = setup({ '/api/a': new TypeError('Failed to fetch') });
    const error = (await client.get('/a').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe('NETWORK');
    expect(deps.toast).toHaveBeenCalledWith('error', MSG.NETWORK_ERROR, { single: true });

    const html = setup({});
    html.deps.fetch = (async () => new Response('<html>502</html>', { status: 502 })) as unknown as typeof fetch;
    const client2 = createApiClient(html.deps);
    await expect(client2.get('/b')).rejects.toMatchObject({ status: 'NETWORK' });
  });

  it('a success that breaks the contract schema is an error, not bad data', async () => {
    const { client, deps } = setup({ '/api/clock': { status: 200, body: { status: 200, msg: '', data: { now: 'soon' } } } });
    const schema = {
      safeParse: (v: unknown) =>
        typeof (v as { now?: unknown }).now === 'number'
          ? ({ success: true, data: v as { now: number } } as const)
          : ({ success: false, error: { issues: [] } } as const),
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(client.get('/clock', { schema })).rejects.toBeInstanceOf(ApiError);
    expect(deps.toast).toHaveBeenCalledWith('error', MSG.NETWORK_ERROR, { single: true });
  });
});
