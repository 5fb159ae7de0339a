/**
 * WeCom sign-in through the in-process stand-in (WECOM_MODE=standin) with the app's own logger writing to a stream:
 * the corp secret, WeCom's access token, the OAuth code and state, the bind ticket and the session token never
 * reach the log (decisions 034, 098).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WecomAuthorizeResult, WecomEidResult } from '@summit/domain';
import { WECOM_STANDIN_CORP } from '../../stand-ins/wecom.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: sink, env: { WECOM_MODE: 'standin' } });
});
afterAll(async () => {
  await t.close();
});

/** The browser on the stand-in's authorize page, then back at the middle page with code and state. */
async function roundTrip(person: string): Promise<{ code: string; state: string }> {
  const start = await call<WecomAuthorizeResult>(t.app, 'POST', '/api/wecom/oauth/authorize', { body: { return_url: '/' } });
  const url = new URL(start.body.data!.authorize_url, 'http://localhost');
  url.searchParams.set('choose', person);
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: 'localhost' } });
  const back = new URL(page.headers.location as string, 'http://localhost');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe('the WeCom flow leaves no secret in the log', () => {
  it('sign-in, binding and the stand-in’s token calls', async () => {
    const adminToken = await createStaffToken(t, 'teacher', { isAdmin: true });
    const staffToken = await createStaffToken(t, 'teacher');
    const staffId = (await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token: staffToken })).body.data!.user_id;
    expect((await call(t.app, 'PUT', `/api/admin/staff/${staffId}/wecom`, { token: adminToken, body: { wecom_user_id: 'LiZhuli' } })).body.status).toBe(200);

    const staff = await roundTrip('LiZhuli');
    const signedIn = await call<WecomEidResult>(t.app, 'POST', '/api/wecom/oauth/eid', { body: staff });
    expect(signedIn.body.data?.outcome).toBe('signed_in');
    const session = signedIn.body.data?.outcome === 'signed_in' ? signedIn.body.data.login.token : '';

    const student = await roundTrip('xiaoming');
    const bind = await call<WecomEidResult>(t.app, 'POST', '/api/wecom/oauth/eid', { body: student });
    const ticket = bind.body.data?.outcome === 'bind' ? bind.body.data.bind_ticket : '';
    expect(ticket).not.toBe('');
    // As the browser reports them: the middle page's address with code and state.
    await t.app.inject({ method: 'GET', url: `/wecom/oauth/middle?code=${staff.code}&state=${staff.state}` });

    const text = lines.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [WECOM_STANDIN_CORP.secret, staff.code, staff.state, student.code, student.state, ticket, session]) {
      expect(text.includes(secret), `log holds ${secret.slice(0, 6)}…`).toBe(false);
    }
    expect(text).not.toMatch(/corpsecret=/);
    expect(text).not.toMatch(/access_token=[A-Za-z0-9_-]{20}/);
  });
});
