/**
 * Decision 034: every kind of secret and personal number goes through the real server
 * (app.inject, real database, the app's own logger writing to a stream), and the raw log text is read back.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, newPhone, registerStudent, requestSmsCode } from '../test/flows.ts';
import { redactUrl, scrubLogLine, serializeError } from './log-redaction.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const logText = () => lines.join('');
/** Every string value of every log line (keys included): where a secret would show. */
function logStrings(): string[] {
  return lines.flatMap((line) => line.match(/"(?:[^"\\]|\\.)*"/g) ?? []);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: sink });
});
afterAll(async () => {
  await t.close();
});

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

describe('the server log never holds a credential', () => {
  it('Authorization bearer token and cookies', async () => {
    const student = await registerStudent(t.app);
    await t.app.inject({ method: 'GET', url: '/api/auth/info', headers: { authorization: `Bearer ${student.token}`, cookie: 'sid=COOKIESECRET42; other=COOKIESECRET43' } });
    // Logged explicitly too, as a handler might: the redact paths must hold.
    t.app.log.info({ request: { headers: { authorization: `Bearer ${student.token}` } }, headers: { cookie: 'sid=COOKIESECRET44', 'set-cookie': 'sid=COOKIESECRET45' } }, 'headers');
    const log = logText();
    expect(log).not.toContain(student.token);
    expect(log).not.toMatch(/COOKIESECRET4\d/);
    // The registration's phone never appears in full either.
    expect(log).not.toContain(student.phone);
  });

  it('passwords and SMS codes in register, login and reset bodies, and the code the outbox sends', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(t.app, phone);
    const password = 'RegisterSecret#1';
    expect((await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code, password } })).body.status).toBe(200);
    await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: 'WrongLoginSecret#2' } });
    t.clock.advance(61_000); // the resend interval
    const resetCode = await requestSmsCode(t.app, phone);
    expect((await call(t.app, 'POST', '/api/reset', { body: { phone_code: '86', phone, code: resetCode, password: 'ResetSecret#3' } })).body.status).toBe(200);
    t.app.log.info({ body: { password: 'BodySecret#4', sms_code: '9876', code: '5432' } }, 'a body, should one ever be logged');

    const log = logText();
    for (const secret of [password, 'WrongLoginSecret#2', 'ResetSecret#3', 'BodySecret#4']) expect(log).not.toContain(secret);
    // A 4-digit code may occur by chance inside other digits; as a value of its own it must not.
    for (const c of [code, resetCode, '9876', '5432']) {
      expect(logStrings().filter((s) => new RegExp(`(?<![\\d*])${c}(?!\\d)`).test(s))).toEqual([]);
    }
    expect(log).not.toMatch(/验证码[^"]{0,12}\d{4}/);
    expect(log).not.toContain(phone);
    expect(log).toContain(masked(phone));
  });

  it('capability tokens in paths and queries, plain and percent-encoded', async () => {
    const requests: Array<{ method: 'GET' | 'POST'; url: string; secrets: string[] }> = [
      { method: 'GET', url: '/api/guest/payment/pay-for/PAYFORSECRET1', secrets: ['PAYFORSECRET1'] },
      { method: 'GET', url: '/api/guest/payment/pay-for/PAYFORSECRET2/is-paid', secrets: ['PAYFORSECRET2'] },
      { method: 'GET', url: '/pay/admission-parent/PARENTSECRET3', secrets: ['PARENTSECRET3'] },
      { method: 'GET', url: '/pay/sbp-parent/PARENTSECRET4?from=sms', secrets: ['PARENTSECRET4'] },
      { method: 'GET', url: '/api/guest/offer-letter/verify/OFFERSECRET5', secrets: ['OFFERSECRET5'] },
      { method: 'GET', url: '/offer/verify/OFFERSECRET6', secrets: ['OFFERSECRET6'] },
      { method: 'GET', url: '/student/certificate/CERTSECRET7', secrets: ['CERTSECRET7'] },
      { method: 'GET', url: '/api/recommend-letter/file/LETTERSECRET71', secrets: ['LETTERSECRET71'] },
      { method: 'GET', url: '/recommend-letter/verify/LETTERSECRET72', secrets: ['LETTERSECRET72'] },
      { method: 'GET', url: '/api/recommend-letter/verify/LETTERSECRET73', secrets: ['LETTERSECRET73'] },
      { method: 'GET', url: '/api/certificate/verify/CERTSECRET74', secrets: ['CERTSECRET74'] },
      { method: 'GET', url: '/api/calendar/CALENDARSECRET75.ics', secrets: ['CALENDARSECRET75'] },
      { method: 'GET', url: '/student/checkin?t=CHECKINSECRET76', secrets: ['CHECKINSECRET76'] },
      { method: 'GET', url: '/recommend-letter/verify/LETTERSECRET77?from=qr', secrets: ['LETTERSECRET77'] },
      { method: 'GET', url: '/api/email/validate?token=EMAILSECRET8', secrets: ['EMAILSECRET8'] },
      { method: 'GET', url: '/pay/sandbox/SANDBOXSECRET9?return=%2Fpay%2Fadmission-parent%2FNESTEDSECRET10', secrets: ['SANDBOXSECRET9', 'NESTEDSECRET10'] },
      { method: 'POST', url: '/api/payment/sandbox/SANDBOXSECRET11/confirm', secrets: ['SANDBOXSECRET11'] },
      { method: 'GET', url: '/wecom/oauth/middle?code=OAUTHSECRET12&state=STATESECRET13', secrets: ['OAUTHSECRET12', 'STATESECRET13'] },
      { method: 'GET', url: '/api/payment/wechat/oauth?code=OAUTHSECRET14', secrets: ['OAUTHSECRET14'] },
      { method: 'GET', url: '/wx-code/https%3A%2F%2Fexample.com%2Fcb%3Fcode%3DOAUTHSECRET15', secrets: ['OAUTHSECRET15'] },
      { method: 'GET', url: '/loading?r=%252Foffer%252Fverify%252FDOUBLESECRET16', secrets: ['DOUBLESECRET16'] },
      {
        method: 'GET',
        url: '/api/oss/download-as-name?name=a.pdf&url=https%3A%2F%2Fb.oss-cn-hangzhou.aliyuncs.com%2Fa.pdf%3FOSSAccessKeyId%3DAKIDSECRET17%26Expires%3D1999999999%26Signature%3DSIGSECRET18',
        secrets: ['AKIDSECRET17', 'SIGSECRET18', '1999999999'],
      },
      { method: 'GET', url: '/api/oss/file/u/1/a.pdf?X-Amz-Credential=AKIASECRET19%2F20261123&X-Amz-Signature=SIGSECRET20', secrets: ['AKIASECRET19', 'SIGSECRET20'] },
      { method: 'GET', url: '/api/login-mp?scene_id=SCENESECRET21', secrets: ['SCENESECRET21'] },
    ];
    for (const r of requests) await t.app.inject({ method: r.method, url: r.url });
    const log = logText();
    for (const r of requests) {
      for (const secret of r.secrets) expect(log, `${r.url} leaked ${secret}`).not.toContain(secret);
    }
    // The paths themselves stay readable.
    expect(log).toContain('/pay/admission-parent/[redacted]');
    expect(log).toContain('/api/email/validate?token=[redacted]');
  });

  it('tokens and codes in request bodies: the check-in token, a two-factor challenge and its code', async () => {
    const student = await registerStudent(t.app);
    await call(t.app, 'POST', '/api/student/sign', { token: student.token, body: { t: 'CHECKINBODYSECRET81' } });
    await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: 'CHALLENGESECRET82'.padEnd(43, 'x'), code: '864213' } });
    await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: 'CHALLENGESECRET83'.padEnd(43, 'x'), code: 'rcvry-secrt' } });
    // Should a handler ever log the body, the redact paths hold.
    t.app.log.info({ body: { t: 'CHECKINBODYSECRET84', challenge: 'CHALLENGESECRET85', recovery_code: 'RECOVERYSECRET86' } }, 'a body, should one ever be logged');
    const log = logText();
    for (const secret of ['CHECKINBODYSECRET8', 'CHALLENGESECRET8', 'RECOVERYSECRET86', 'rcvry-secrt']) expect(log).not.toContain(secret);
    expect(logStrings().filter((s) => /(?<!\d)864213(?!\d)/.test(s))).toEqual([]);
  });

  it('phones and ID numbers in URLs, messages and error details are masked', async () => {
    const phone = '13912345678';
    const id = '110105200501011234';
    await t.app.inject({ method: 'GET', url: `/api/region/schools?filter=${id}&phone=${phone}` });
    t.app.log.warn({ err: new Error(`provider refused +86 ${phone} (证件 ${id})`) }, `sms to ${phone} failed`);
    const log = logText();
    expect(log).not.toContain(phone);
    expect(log).not.toContain(id);
    expect(log).toContain('139****5678');
    expect(log).toContain('110****34');
  });

  it('a 500 from a failed query logs the statement but neither its parameters nor the phone', async () => {
    const phone = newPhone();
    // The login's account lookup now fails inside the database: a real unhandled error.
    await t.db.execute(sql`alter table accounts rename to accounts_away`);
    try {
      const res = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: 'FailedQuerySecret#5' } });
      expect(res.http).toBe(500);
    } finally {
      await t.db.execute(sql`alter table accounts_away rename to accounts`);
    }
    const errorLines = lines.filter((l) => l.includes('unhandled error'));
    expect(errorLines.length).toBeGreaterThan(0);
    const log = logText();
    expect(log).not.toContain(phone);
    expect(log).not.toContain('FailedQuerySecret#5');
    expect(errorLines.join('')).toContain('accounts');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('the redaction helpers', () => {
  it('redactUrl keeps ordinary addresses as they are', () => {
    expect(redactUrl('/api/student/info?x=1')).toBe('/api/student/info?x=1');
    expect(redactUrl('/pay/admission-parent/AbC_123?x=1')).toBe('/pay/admission-parent/[redacted]?x=1');
  });

  it('scrubLogLine changes only string contents, so the line stays JSON', () => {
    const line = JSON.stringify({ time: 13912345678, responseTime: 2.13912345678, msg: 'to 13912345678 "quoted" /pay/sandbox/SM1\\', url: '/offer/verify/X?code=1' });
    const out = scrubLogLine(line);
    const parsed = JSON.parse(out) as Record<string, unknown>;
    expect(parsed.time).toBe(13912345678);
    expect(parsed.responseTime).toBe(2.13912345678);
    expect(parsed.msg).toBe('to 139****5678 "quoted" /pay/sandbox/[redacted]\\');
    expect(parsed.url).toBe('/offer/verify/[redacted]?code=[redacted]');
  });

  it('serializeError drops SQL parameters and extra properties but keeps the cause', () => {
    const cause = Object.assign(new Error('relation "accounts" does not exist'), { code: '42P01' });
    const err = Object.assign(new Error('Failed query: select * from accounts where phone = $1\nparams: 86,13900000001,$argon2id$v=19$secret'), { params: ['86', '13900000001'], cause });
    const out = serializeError(err) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain('13900000001');
    expect(JSON.stringify(out)).not.toContain('argon2id');
    expect(out.message).toBe('Failed query: select * from accounts where phone = $1\nparams: [redacted]');
    expect(out).not.toHaveProperty('params');
    expect(out.cause).toMatchObject({ message: 'relation "accounts" does not exist', code: '42P01' });
  });
});
