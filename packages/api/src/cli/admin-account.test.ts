import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@summit/domain';
import { accounts, auditLog } from '../db/schema.ts';
import { verifyPassword } from '../lib/password.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, newPhone, registerStudent } from '../test/flows.ts';
import { AdminAccountError, adminPhoneIsNew, createAdmin, parseCreateAdminArgs } from './admin-account.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Adm1n-pass!';
const accountOf = async (phone: string) => (await t.db.select().from(accounts).where(eq(accounts.phone, phone)))[0];
const auditOf = (id: number) => t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(id))));

describe('createAdmin', () => {
  it('creates a teacher admin (type 9) who can log in, and audits it', async () => {
    const phone = newPhone();
    expect(await adminPhoneIsNew(t.db, phone)).toBe(true);
    const result = await createAdmin(t.db, { phone, name: '张三', password: PASSWORD, argon2MemoryKib: 8192 });
    expect(result).toMatchObject({ action: 'created', phone });
    expect(await adminPhoneIsNew(t.db, phone)).toBe(false);
    const row = await accountOf(phone);
    expect(row).toMatchObject({ id: result.accountId, role: 'teacher', isAdmin: true, teacherType: 9, name: '张三' });
    expect(await verifyPassword(row!.passwordHash!, PASSWORD)).toBe(true);
    expect(await auditOf(result.accountId)).toEqual([expect.objectContaining({ action: 'admin.create', actorId: null, before: null })]);
    const login = await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: PASSWORD } });
    expect(login.body.data).toMatchObject({ type: 'TEACHER', is_admin: true });
  });

  it('promotes an existing teacher, keeping their type and password unless a new one is given', async () => {
    const phone = newPhone();
    const [teacher] = await t.db.insert(accounts).values({ role: 'teacher', phone, name: '王老师', teacherType: 2, passwordHash: 'keep-me' }).returning();
    const result = await createAdmin(t.db, { phone, argon2MemoryKib: 8192 });
    expect(result).toEqual({ accountId: teacher!.id, action: 'promoted', phone });
    expect(await accountOf(phone)).toMatchObject({ isAdmin: true, teacherType: 2, name: '王老师', passwordHash: 'keep-me' });
    const audit = await auditOf(teacher!.id);
    expect(audit).toEqual([expect.objectContaining({ action: 'admin.promote', before: expect.objectContaining({ is_admin: false }), after: expect.objectContaining({ is_admin: true }) })]);

    await createAdmin(t.db, { phone, name: '王主任', password: PASSWORD, argon2MemoryKib: 8192 });
    const row = await accountOf(phone);
    expect(row!.name).toBe('王主任');
    expect(await verifyPassword(row!.passwordHash!, PASSWORD)).toBe(true);
  });

  it('refuses a phone that belongs to a student, and changes nothing', async () => {
    const { phone } = await registerStudent(t.app);
    await expect(createAdmin(t.db, { phone, name: '冒名', password: PASSWORD, argon2MemoryKib: 8192 })).rejects.toThrow(/学生账号/);
    const row = await accountOf(phone);
    expect(row).toMatchObject({ role: 'student', isAdmin: false });
    expect(await auditOf(row!.id)).toEqual([]);
  });

  it('validates phone, name and password with the domain rules', async () => {
    const phone = newPhone();
    await expect(createAdmin(t.db, { phone: '12345', name: '张三', password: PASSWORD, argon2MemoryKib: 8192 })).rejects.toThrow(`手机号：${MSG.PHONE_LENGTH}`);
    await expect(createAdmin(t.db, { phone, name: '张三', password: '短 密码', argon2MemoryKib: 8192 })).rejects.toThrow(AdminAccountError);
    await expect(createAdmin(t.db, { phone, password: PASSWORD, argon2MemoryKib: 8192 })).rejects.toThrow(/--name/);
    await expect(createAdmin(t.db, { phone, name: '张三', argon2MemoryKib: 8192 })).rejects.toThrow(/密码/);
    expect(await accountOf(phone)).toBeUndefined();
  });
});

describe('parseCreateAdminArgs', () => {
  it('reads --key value and --key=value', () => {
    expect(parseCreateAdminArgs(['--phone', '13800000009', '--name', '张三'])).toEqual({ phone: '13800000009', name: '张三' });
    expect(parseCreateAdminArgs(['--phone=13800000009', '--password=x!y'])).toEqual({ phone: '13800000009', password: 'x!y' });
  });

  it('refuses unknown options, missing values and a missing phone', () => {
    expect(() => parseCreateAdminArgs(['--phone', '13800000009', '--role', 'x'])).toThrow(/未知参数 --role/);
    expect(() => parseCreateAdminArgs(['--phone'])).toThrow(/--phone 缺少值/);
    expect(() => parseCreateAdminArgs(['--name', '张三'])).toThrow(/缺少 --phone/);
  });
});
