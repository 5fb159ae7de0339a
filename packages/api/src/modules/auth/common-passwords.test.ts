/** Decision 035: common and breached passwords are refused wherever a password is set. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@summit/domain';
import { AdminAccountError, createAdmin } from '../../cli/admin-account.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, newPhone, registerStudent, requestSmsCode } from '../../test/flows.ts';
import { commonPasswords, isCommonPassword } from './common-passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const TOO_COMMON = { status: 4003, msg: MSG.PASSWORD_TOO_COMMON, data: { field: 'password' } };

describe('the list', () => {
  it('holds the common passwords the 8–32 rule would let through, at least 10,000 of them', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const password of list) expect(password).toMatch(/^[\x21-\x7e]{8,32}$/);
    for (const password of ['password', '12345678', 'password123', 'qwerty123', '1qaz2wsx', 'woaini1314', 'iloveyou']) expect(isCommonPassword(password)).toBe(true);
  });

  it('compares lower-cased, and lets the demo and test passwords through', () => {
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword('Summit2026!')).toBe(false);
    expect(isCommonPassword('Passw0rd!x')).toBe(false);
    expect(isCommonPassword('NewPassw0rd!')).toBe(false);
  });
});

describe('register', () => {
  it('refuses a common password with 4003 on the password field, and the same code then works with a strong one', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(t.app, phone);
    for (const password of ['password123', 'Password123', 'woaini1314']) {
      expect((await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code, password } })).body).toEqual(TOO_COMMON);
    }
    const ok = await call(t.app, 'POST', '/api/register', { body: { phone_code: '86', phone, code, password: 'Summit2026!' } });
    expect(ok.body.status).toBe(200);
  });
});

describe('reset', () => {
  it('refuses a common password and keeps the old one; a strong one then resets', async () => {
    const { phone, password: oldPassword } = await registerStudent(t.app);
    t.clock.advance(61_000);
    const code = await requestSmsCode(t.app, phone);
    expect((await call(t.app, 'POST', '/api/reset', { body: { phone_code: '86', phone, code, password: 'qwerty123' } })).body).toEqual(TOO_COMMON);
    expect((await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: oldPassword } })).body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/reset', { body: { phone_code: '86', phone, code, password: 'Tr1cky-Otter-42' } })).body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: 'Tr1cky-Otter-42' } })).body.status).toBe(200);
  });
});

describe('the create-admin CLI', () => {
  it('refuses a common password with the same words', async () => {
    const attempt = createAdmin(t.db, { phone: newPhone(), name: '张三', password: 'Password1', argon2MemoryKib: 8192 });
    await expect(attempt).rejects.toThrow(AdminAccountError);
    await expect(createAdmin(t.db, { phone: newPhone(), name: '张三', password: 'Password1', argon2MemoryKib: 8192 })).rejects.toThrow(`密码：${MSG.PASSWORD_TOO_COMMON}`);
    expect((await createAdmin(t.db, { phone: newPhone(), name: '张三', password: 'Summit2026!', argon2MemoryKib: 8192 })).action).toBe('created');
  });
});
