import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@summit/domain';
import { accounts, authTokens, smsCodes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, newPhone, registerStudent, requestSmsCode, solveCaptcha, TEST_PASSWORD } from '../../test/flows.ts';
import { startOfShanghaiDay } from './verification.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

describe('captcha and SMS code', () => {
  it('asks a sum of two numbers and sends a 4-digit code when answered right', async () => {
    const phone = newPhone();
    const q = await call<{ code: string }>(t.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone } });
    expect(q.body.data?.code).toMatch(/^\d{1,2} \+ \d{1,2} = \?$/);
    const a = await call<{ interval: number }>(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q.body.data!.code) } });
    expect(a.body).toMatchObject({ status: 200, data: { interval: 60 } });
    const outbox = await call<Array<{ code: string; content: string }>>(t.app, 'GET', `/api/dev/outbox?phone=${phone}`);
    expect(outbox.body.data?.[0]?.code).toMatch(/^\d{4}$/);
    expect(outbox.body.data?.[0]?.content).toContain(outbox.body.data?.[0]?.code);
  });

  it('a wrong answer sends nothing, burns the question and locks answering for 3 s', async () => {
    const phone = newPhone();
    const q = await call<{ code: string }>(t.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone } });
    const wrong = await call(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q.body.data!.code) + 1 } });
    expect(wrong.body).toMatchObject({ status: 4001, msg: MSG.CAPTCHA_WRONG });
    const again = await call(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q.body.data!.code) } });
    expect(again.body).toMatchObject({ status: 4001, msg: MSG.CAPTCHA_EXPIRED });
    const q2 = await call<{ code: string }>(t.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone } });
    const locked = await call(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q2.body.data!.code) } });
    expect(locked.http).toBe(429);
    expect(locked.body).toMatchObject({ status: 4001, msg: MSG.CAPTCHA_LOCKED });
    t.clock.advance(3_001);
    const q3 = await call<{ code: string }>(t.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone } });
    const ok = await call(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q3.body.data!.code) } });
    expect(ok.body.status).toBe(200);
    const outbox = await call<unknown[]>(t.app, 'GET', `/api/dev/outbox?phone=${phone}`);
    expect(outbox.body.data).toHaveLength(1);
  });

  it('refuses a second code within 60 s and allows it after', async () => {
    const phone = newPhone();
    await requestSmsCode(t.app, phone);
    t.clock.advance(30_000);
    const q = await call<{ code: string }>(t.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone } });
    const early = await call(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q.body.data!.code) } });
    expect(early.http).toBe(429);
    expect(early.body.msg).toBe('发送过于频繁，请30秒后再试');
    t.clock.advance(30_001);
    await requestSmsCode(t.app, phone);
  });

  /**
   * The daily caps count per Shanghai day: a test that sends codes over `spanMs` must not cross midnight there,
   * whatever the hour it runs at. Moves the test clock on to the next Shanghai morning when it would.
   */
  function keepWithinOneShanghaiDay(spanMs: number) {
    const day = 24 * 60 * MINUTE;
    const intoDay = (t.clock.now().getTime() + 8 * 60 * MINUTE) % day;
    if (day - intoDay <= spanMs + MINUTE) t.clock.advance(day - intoDay + 60 * MINUTE);
  }

  it('caps codes per phone per Shanghai day', async () => {
    keepWithinOneShanghaiDay(10 * MINUTE);
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      await requestSmsCode(t.app, phone, `10.1.0.${i}`);
      t.clock.advance(MINUTE);
    }
    const q = await call<{ code: string }>(t.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone } });
    const over = await call(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q.body.data!.code) } });
    expect(over.body).toMatchObject({ status: 4001, msg: MSG.SMS_DAILY_LIMIT });
  });

  it('caps codes per IP per day across phones', async () => {
    keepWithinOneShanghaiDay(MINUTE);
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i++) await requestSmsCode(t.app, newPhone(), ip);
    const phone = newPhone();
    const q = await call<{ code: string }>(t.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone }, ip });
    const over = await call(t.app, 'POST', '/api/captcha/answer', { body: { phone_code: '86', phone, code: solveCaptcha(q.body.data!.code) }, ip });
    expect(over.body).toMatchObject({ status: 4001, msg: MSG.SMS_DAILY_LIMIT });
  });

  it('starts the day at midnight in Asia/Shanghai', () => {
    expect(startOfShanghaiDay(new Date('2026-07-01T15:59:59Z')).toISOString()).toBe('2026-06-30T16:00:00.000Z');
    expect(startOfShanghaiDay(new Date('2026-07-01T16:00:00Z')).toISOString()).toBe('2026-07-01T16:00:00.000Z');
  });

  it('stores codes hashed, never in clear', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(t.app, phone);
    const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    // A 64-hex digest, not the code: a 4-digit code can occur inside a digest by chance (about 1 in 1,000), so
    // "not contained" was a coin toss, not a check.
    expect(rows[0]!.codeHash).not.toBe(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('register, login, logout', () => {
  it('registers with a valid code, returns a student login and stores an argon2id hash', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(t.app, phone);
    const res = await call<{ type: string; token: string; name: string; is_admin: boolean; is_dl: boolean }>(t.app, 'POST', '/api/register', {
      body: { phone_code: '86', phone, code, password: TEST_PASSWORD },
    });
    expect(res.body).toMatchObject({ status: 200, data: { type: 'STUDENT', is_admin: false, is_dl: false } });
    expect(res.body.data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.phone, phone));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    const tokens = await t.db.select().from(authTokens).where(eq(authTokens.accountId, account!.id));
    expect(tokens[0]!.tokenHash).not.toBe(res.body.data!.token);
  });

  it('refuses a wrong, reused or expired code', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(t.app, phone);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const bad = await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code: wrong, password: TEST_PASSWORD } });
    expect(bad.body).toMatchObject({ status: 4001, msg: MSG.CODE_WRONG });
    const good = await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code, password: TEST_PASSWORD } });
    expect(good.body.status).toBe(200);
    const reuse = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, code } });
    expect(reuse.body).toMatchObject({ status: 4001, msg: MSG.CODE_WRONG });

    const other = newPhone();
    const late = await requestSmsCode(t.app, other);
    t.clock.advance(10 * MINUTE + 1);
    const expired = await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone: other, code: late, password: TEST_PASSWORD } });
    expect(expired.body).toMatchObject({ status: 4001, msg: MSG.CODE_WRONG });
  });

  it('burns a code after 5 wrong guesses', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(t.app, phone);
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code) + 1 + i) % 10_000).padStart(4, '0');
      await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code: guess, password: TEST_PASSWORD } });
    }
    const right = await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code, password: TEST_PASSWORD } });
    expect(right.body).toMatchObject({ status: 4001, msg: MSG.CODE_WRONG });
  });

  it('refuses to register a phone twice', async () => {
    const { phone } = await registerStudent(t.app);
    t.clock.advance(MINUTE);
    const code = await requestSmsCode(t.app, phone);
    const res = await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code, password: TEST_PASSWORD } });
    expect(res.body).toMatchObject({ status: 4001, msg: MSG.PHONE_REGISTERED });
  });

  it('logs in with the password, refuses a wrong one with one message for both cases', async () => {
    const { phone } = await registerStudent(t.app);
    const good = await call<{ type: string; token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
    expect(good.body).toMatchObject({ status: 200, data: { type: 'STUDENT' } });
    const bad = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: 'WrongPass1!' } });
    expect(bad.body).toMatchObject({ status: 4001, msg: MSG.WRONG_PASSWORD });
    const unknown = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: newPhone(), password: 'WrongPass1!' } });
    expect(unknown.body).toMatchObject({ status: 4001, msg: MSG.WRONG_PASSWORD });
  });

  it('logs in with an SMS code; an unknown phone is told to register', async () => {
    const { phone } = await registerStudent(t.app);
    t.clock.advance(MINUTE);
    const code = await requestSmsCode(t.app, phone);
    const res = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, code } });
    expect(res.body).toMatchObject({ status: 200, data: { type: 'STUDENT' } });
    const stranger = newPhone();
    const strangerCode = await requestSmsCode(t.app, stranger);
    const no = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: stranger, code: strangerCode } });
    expect(no.body).toMatchObject({ status: 4001, msg: MSG.PHONE_NOT_REGISTERED });
  });

  it('throttles after 10 failed logins for one phone within 15 minutes', async () => {
    const { phone } = await registerStudent(t.app);
    for (let i = 0; i < 10; i++) {
      const r = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: `WrongPass${i}!` }, ip: `10.2.0.${i}` });
      expect(r.body.msg).toBe(MSG.WRONG_PASSWORD);
    }
    const blocked = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
    expect(blocked.http).toBe(429);
    expect(blocked.body).toMatchObject({ status: 4001, msg: MSG.LOGIN_TOO_MANY });
    t.clock.advance(15 * MINUTE + 1);
    const later = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
    expect(later.body.status).toBe(200);
  });

  it('logout revokes exactly the token used', async () => {
    const { phone, token } = await registerStudent(t.app);
    const second = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
    expect((await call(t.app, 'GET', '/api/auth/info', { token })).body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/logout', { token })).body.status).toBe(200);
    const after = await call(t.app, 'GET', '/api/auth/info', { token });
    expect(after.http).toBe(401);
    expect(after.body).toMatchObject({ status: 401, msg: MSG.LOGIN_REQUIRED });
    expect((await call(t.app, 'GET', '/api/auth/info', { token: second.body.data!.token })).body.status).toBe(200);
  });

  it('tokens expire after TOKEN_TTL_DAYS', async () => {
    const { token } = await registerStudent(t.app);
    t.clock.advance(t.env.TOKEN_TTL_DAYS * 86_400_000 + 1);
    expect((await call(t.app, 'GET', '/api/student/info', { token })).http).toBe(401);
  });

  it('auth info describes the caller', async () => {
    const { phone, token } = await registerStudent(t.app);
    const res = await call(t.app, 'GET', '/api/auth/info', { token });
    expect(res.body).toMatchObject({ status: 200, data: { type: 'STUDENT', phone, is_admin: false } });
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, and the old password stops working', async () => {
    const { phone, token } = await registerStudent(t.app);
    t.clock.advance(MINUTE);
    const code = await requestSmsCode(t.app, phone);
    const res = await call(t.app, 'POST', '/api/reset', { body: { phone_code: '86', phone, code, password: 'NewPassw0rd!' } });
    expect(res.body).toMatchObject({ status: 200, msg: MSG.RESET_OK });
    expect((await call(t.app, 'GET', '/api/auth/info', { token })).http).toBe(401);
    expect((await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } })).body.msg).toBe(MSG.WRONG_PASSWORD);
    expect((await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: 'NewPassw0rd!' } })).body.status).toBe(200);
  });

  it('refuses an unknown phone and a bad password format without consuming the code', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(t.app, phone);
    expect((await call(t.app, 'POST', '/api/reset', { body: { phone_code: '86', phone, code, password: 'NewPassw0rd!' } })).body.msg).toBe(MSG.PHONE_NOT_REGISTERED);
    const { phone: known } = await registerStudent(t.app);
    t.clock.advance(MINUTE);
    const knownCode = await requestSmsCode(t.app, known);
    const short = await call(t.app, 'POST', '/api/reset', { body: { phone_code: '86', phone: known, code: knownCode, password: 'short' } });
    expect(short.body).toMatchObject({ status: 4003, data: { field: 'password' } });
    const ok = await call(t.app, 'POST', '/api/reset', { body: { phone_code: '86', phone: known, code: knownCode, password: 'NewPassw0rd!' } });
    expect(ok.body.status).toBe(200);
  });
});

describe('validation messages come from the domain', () => {
  it.each([
    [{ phone_code: '86', phone: '', password: TEST_PASSWORD }, 'phone', MSG.PHONE_REQUIRED],
    [{ phone_code: '86', phone: '1390000', password: TEST_PASSWORD }, 'phone', MSG.PHONE_LENGTH],
    [{ phone_code: '86', phone: '12345678901', password: TEST_PASSWORD }, 'phone', MSG.PHONE_FORMAT],
  ])('login %j → 4003 on %s', async (body, field, msg) => {
    const res = await call(t.app, 'POST', '/api/login', { body });
    expect(res.http).toBe(400);
    expect(res.body).toMatchObject({ status: 4003, msg, data: { field } });
  });

  it('register with a 3-character code → 验证码格式错误', async () => {
    const res = await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone: newPhone(), code: '12a', password: TEST_PASSWORD } });
    expect(res.body).toMatchObject({ status: 4003, msg: MSG.SMS_CODE_FORMAT });
  });
});
