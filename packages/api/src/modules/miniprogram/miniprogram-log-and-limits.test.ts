/**
 * The mini-program's one-time values never reach the log, and the routes that ask WeChat something are limited per
 * address (decision 097). Demo mode: the stand-in is mounted in the app (MINIPROGRAM_MODE=standin by default).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MpExchangeResult, MpLoginResult, MpSceneCreated } from '@summit/domain';
import { call } from '../../test/flows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STANDIN_MINI_APP_ID } from './miniprogram-runtime.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: sink, env: { SENSITIVE_RATE_LIMIT_PER_MINUTE: '6' } });
});
afterAll(async () => {
  await t.close();
});

const wxLogin = (user: string) => t.app.miniprogram.standin!.issueCode(STANDIN_MINI_APP_ID, user);

describe('the mini-program in demo mode', () => {
  it('runs against the mounted stand-in, and logs neither the wx.login code, the one-time codes nor the poll secret', async () => {
    expect(t.app.miniprogram.mode).toBe('standin');
    const code = wxLogin('logged');
    const login = await call<MpLoginResult>(t.app, 'POST', '/api/login-mp', { body: { code } });
    expect(login.body.status).toBe(200);
    const swapped = await call<MpExchangeResult>(t.app, 'POST', '/api/login-mp/exchange', { body: { code: login.body.data!.webview_code } });
    expect(swapped.body.status).toBe(200);
    const scene = await call<MpSceneCreated>(t.app, 'POST', '/api/login-mp/scene');
    await t.app.inject({ method: 'GET', url: `/api/login-mp/poll?scene_id=${scene.body.data!.scene_id}`, headers: { 'x-mp-poll-secret': scene.body.data!.poll_secret } });

    const log = lines.join('');
    expect(log).toContain('/api/login-mp/exchange');
    for (const secret of [code, login.body.data!.webview_code, swapped.body.data!.bind_ticket!, swapped.body.data!.wx_payer, scene.body.data!.poll_secret]) {
      expect(log).not.toContain(secret);
    }
    // The app secret the stand-in checks travels in a query string of a request made through app.inject: not logged.
    expect(log).not.toContain('summit-standin-mini-secret');
  });

  it('limits the routes that ask WeChat per address, in the envelope', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login-mp/scene', payload: {}, remoteAddress: '198.51.100.9' });
      answers.push(res.statusCode);
      if (res.statusCode === 429) expect((res.json() as { status: number; msg: string }).msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(6);
    expect(answers.slice(6)).toEqual([429, 429]);
  });
});
