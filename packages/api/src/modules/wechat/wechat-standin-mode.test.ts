/**
 * WECHAT_MODE=standin (the demo default, decision 069): the stand-in is mounted under /__wechat and the whole
 * flow runs in one process, as `npm start` shows it on a laptop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WECHAT_MSG } from '@summit/domain';
import { call } from '../../test/flows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readPayerTicket } from './payer-ticket.ts';
import { STANDIN_APP_ID } from './wechat-runtime.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the in-process stand-in', () => {
  it('is on by default in demo mode and off without it', async () => {
    const status = await call(t.app, 'GET', '/api/wechat/status');
    expect(status.body.data).toEqual({ enabled: true, mode: 'standin', demo: true });
    const off = await createTestApp({ env: { DEMO_MODE: 'false', DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') } });
    try {
      expect((await call(off.app, 'GET', '/api/wechat/status')).body.data).toEqual({ enabled: false, mode: 'off', demo: false });
      expect((await call(off.app, 'GET', '/api/wechat/oauth/login?return_url=/')).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.OFF });
      expect(off.app.hasRoute({ method: 'GET', url: '/__wechat/connect/oauth2/authorize' })).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('serves the consent page and gives a parent a payer ticket through /wx-code-redirect', async () => {
    const start = await call<{ wechat_pay_oauth_url: string }>(t.app, 'GET', `/api/payment/wechat/oauth?return_url=${encodeURIComponent('/pay/admission-parent/tok')}&scope=base`);
    const oauthUrl = start.body.data!.wechat_pay_oauth_url;
    expect(oauthUrl.startsWith('/__wechat/connect/oauth2/authorize?')).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: oauthUrl.replace('#wechat_redirect', '') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('王家长');
    expect(page.body).toContain('拒绝');
    const link = /href="([^"]*choose=parent[^"]*)"/.exec(page.body)![1]!.replace(/&#38;/g, '&');
    const chosen = await t.app.inject({ method: 'GET', url: `/__wechat/connect/oauth2/authorize${link}` });
    expect(chosen.statusCode).toBe(302);
    const back = new URL(String(chosen.headers.location));
    expect(back.pathname).toBe('/wx-code-redirect');
    const done = await call<{ payer_ticket: string; return_path: string }>(t.app, 'POST', '/api/wechat/oauth/callback', {
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(done.body.data).toMatchObject({ purpose: 'pay', return_path: '/pay/admission-parent/tok' });
    expect(await readPayerTicket(t.app.ctx, done.body.data!.payer_ticket)).toEqual({ appId: STANDIN_APP_ID, openId: t.app.wechat.standin!.openIdOf(STANDIN_APP_ID, 'parent') });
  });

  it('never sends the browser to another host (no open redirect on a demo site)', async () => {
    const query = new URLSearchParams({ appid: STANDIN_APP_ID, redirect_uri: 'https://evil.example.com/wx-code-redirect', response_type: 'code', scope: 'snsapi_base', state: 'x'.repeat(32), choose: 'parent' });
    const res = await t.app.inject({ method: 'GET', url: `/__wechat/connect/oauth2/authorize?${query.toString()}`, headers: { host: 'summit.example.cn' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('10003');
  });
});
