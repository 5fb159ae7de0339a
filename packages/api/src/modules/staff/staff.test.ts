import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, STAFF_MSG, passwordProblem, type StaffList, type StaffSaved } from '@summit/domain';
import { accounts, auditLog, schools } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone, registerStudent } from '../../test/flows.ts';
import { generatePassword } from './staff.service.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let schoolId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
  const [s] = await t.db.insert(schools).values({ name: '员工测试中学', countryId: 1 }).returning({ id: schools.id });
  schoolId = s!.id;
});
afterAll(async () => {
  await t.close();
});

const create = (body: object, token = admin) => call<StaffSaved>(t.app, 'POST', '/api/admin/staff', { token, body });
const update = (id: number, body: object, token = admin) => call<StaffSaved>(t.app, 'PUT', `/api/admin/staff/${id}`, { token, body });
const list = (query = '', token = admin) => call<StaffList>(t.app, 'GET', `/api/admin/staff${query}`, { token });
const login = (phone: string, password: string) => call<{ token?: string; is_admin?: boolean }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password } });
const auditOf = (id: number) => t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id);

describe('generated passwords', () => {
  it('are 16 characters the password rule accepts, with every class, and differ each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const p = generatePassword();
      expect(p).toHaveLength(16);
      expect(passwordProblem(p)).toBeNull();
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[2-9]/);
      expect(p).toMatch(/[!@#$%*?]/);
      expect(p).not.toMatch(/[0O1lI]/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});

describe('creating accounts', () => {
  it('a type-4 staff account: the password is shown once, works, is stored as argon2id, and the create is audited', async () => {
    const phone = newPhone();
    const res = await create({ kind: 'teacher', phone, name: '运营老师', type: 4 });
    expect(res.body).toMatchObject({ status: 200, msg: STAFF_MSG.CREATED, data: { account: { kind: 'teacher', phone, name: '运营老师', type: 4, is_admin: false, disabled: false } } });
    const { account, password } = res.body.data!;
    expect(account.permissions).toContain('messages.send');
    expect(account.permissions).not.toContain('staff.manage');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(password!);
    expect((await login(phone, password!)).body.data!.token).toBeTruthy();
    const [audit] = await auditOf(account.id);
    expect(audit).toMatchObject({ actorId: adminId, action: 'staff.create', before: null, after: { role: 'teacher', name: '运营老师', teacher_type: 4, is_admin: false, phone } });
    expect(JSON.stringify(audit!.after)).not.toContain(password!);
    // The list never shows a password again.
    const listed = await list(`?q=${phone}`);
    expect(listed.body.data!.items).toHaveLength(1);
    expect(JSON.stringify(listed.body.data)).not.toContain(password!);
  });

  it.each([1, 2, 3, 9])('a teacher account of type %i', async (type) => {
    const res = await create({ kind: 'teacher', phone: newPhone(), name: `类型${type}`, type, is_admin: false });
    expect(res.body.data!.account).toMatchObject({ type, is_admin: type === 9 });
  });

  it('a school account bound to a school; an unknown school is a 4003 on school_id', async () => {
    const phone = newPhone();
    const res = await create({ kind: 'school', phone, name: '教务处', school_id: schoolId });
    expect(res.body.data!.account).toMatchObject({ kind: 'school', type: null, is_admin: false, school_id: schoolId, school_name: '员工测试中学', permissions: [] });
    const token = (await login(phone, res.body.data!.password!)).body.data!.token!;
    expect((await call<{ school_id: number }>(t.app, 'GET', '/api/school/info', { token })).body.data!.school_id).toBe(schoolId);
    const bad = await create({ kind: 'school', phone: newPhone(), name: '教务处', school_id: 999_999 });
    expect(bad.body).toMatchObject({ status: 4003, msg: STAFF_MSG.SCHOOL_NOT_FOUND, data: { field: 'school_id' } });
  });

  it('a phone already registered (a student or staff) is a 4003 on phone; nothing is written', async () => {
    const phone = newPhone();
    await create({ kind: 'teacher', phone, name: '甲', type: 1 });
    const before = (await t.db.select().from(auditLog)).length;
    const again = await create({ kind: 'teacher', phone, name: '乙', type: 4 });
    expect(again.body).toMatchObject({ status: 4003, msg: STAFF_MSG.PHONE_TAKEN, data: { field: 'phone' } });
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });

  it.each([
    [{ kind: 'teacher', phone: newPhone(), name: '无类型' }, 'type', STAFF_MSG.TYPE],
    [{ kind: 'teacher', phone: newPhone(), name: '坏类型', type: 5 }, 'type', STAFF_MSG.TYPE],
    [{ kind: 'teacher', phone: '1234', name: '坏手机', type: 1 }, 'phone', undefined],
    [{ kind: 'teacher', phone: newPhone(), name: '  ', type: 1 }, 'name', STAFF_MSG.NAME],
    [{ kind: 'school', phone: newPhone(), name: '无学校' }, 'school_id', STAFF_MSG.SCHOOL_REQUIRED],
    [{ kind: 'school', phone: newPhone(), name: '带类型', school_id: 1, type: 4 }, 'type', STAFF_MSG.TEACHER_ONLY_FIELD],
    [{ kind: 'student', phone: newPhone(), name: '学生' }, 'kind', undefined],
  ])('bad input %j is a 4003 naming %s', async (body, field, msg) => {
    const res = await create(body);
    expect(res.http).toBeLessThan(500);
    expect(res.body).toMatchObject({ status: 4003, data: { field } });
    if (msg) expect(res.body.msg).toBe(msg);
  });
});

describe('listing', () => {
  it('lists teachers and schools only (no students), searchable, filterable and paged', async () => {
    const all = await list('?page_size=100');
    expect(all.body.data!.items.every((i) => i.kind === 'teacher' || i.kind === 'school')).toBe(true);
    expect(all.body.data!.total).toBe(all.body.data!.items.length);
    const schoolsOnly = await list('?kind=school');
    expect(schoolsOnly.body.data!.items.length).toBeGreaterThan(0);
    expect(schoolsOnly.body.data!.items.every((i) => i.kind === 'school')).toBe(true);
    expect((await list('?q=员工测试中学')).body.data!.items.every((i) => i.school_name === '员工测试中学')).toBe(true);
    expect((await list('?type=4')).body.data!.items.every((i) => i.type === 4)).toBe(true);
    const page = await list('?page_size=2&page=2');
    expect(page.body.data).toMatchObject({ page: 2, page_size: 2 });
    expect(page.body.data!.items).toHaveLength(2);
    expect(page.body.data!.items[0]!.id).toBe(all.body.data!.items[2]!.id);
    expect((await list('?q=%25')).body.data!.items).toHaveLength(0);
    expect((await list('?page_size=1000')).body.status).toBe(4003);
  });
});

describe('editing', () => {
  it('changing the type applies at once to the live session (no stale cache) and is audited before/after', async () => {
    const phone = newPhone();
    const created = (await create({ kind: 'teacher', phone, name: '调岗老师', type: 1 })).body.data!;
    const token = (await login(phone, created.password!)).body.data!.token!;
    expect((await call(t.app, 'GET', '/api/admin/messages', { token })).body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
    const res = await update(created.account.id, { type: 4, name: '运营调岗老师' });
    expect(res.body).toMatchObject({ status: 200, msg: STAFF_MSG.UPDATED, data: { account: { type: 4, name: '运营调岗老师' }, password: null } });
    expect((await call(t.app, 'GET', '/api/admin/messages', { token })).body.status).toBe(200);
    const audits = await auditOf(created.account.id);
    expect(audits.at(-1)).toMatchObject({ action: 'staff.update', actorId: adminId, before: { teacher_type: 1, name: '调岗老师' }, after: { teacher_type: 4, name: '运营调岗老师' } });
  });

  it('disabling ends every session at once and refuses login; enabling lets them log in again', async () => {
    const phone = newPhone();
    const created = (await create({ kind: 'teacher', phone, name: '离职老师', type: 4 })).body.data!;
    const token = (await login(phone, created.password!)).body.data!.token!;
    expect((await call(t.app, 'GET', '/api/teacher/info', { token })).body.status).toBe(200);
    const res = await update(created.account.id, { disabled: true });
    expect(res.body.data!.account.disabled).toBe(true);
    expect((await call(t.app, 'GET', '/api/teacher/info', { token })).http).toBe(401);
    expect((await login(phone, created.password!)).body).toMatchObject({ status: 4001, msg: MSG.ACCOUNT_DISABLED });
    expect((await auditOf(created.account.id)).at(-1)).toMatchObject({ action: 'staff.update', before: { disabled: false }, after: { disabled: true, sessions_ended: 1 } });
    await update(created.account.id, { disabled: false });
    expect((await login(phone, created.password!)).body.data!.token).toBeTruthy();
  });

  it('a password reset returns a new one-time password, ends sessions, and the old password stops working', async () => {
    const phone = newPhone();
    const created = (await create({ kind: 'teacher', phone, name: '忘记密码', type: 2 })).body.data!;
    const token = (await login(phone, created.password!)).body.data!.token!;
    const res = await update(created.account.id, { reset_password: true });
    expect(res.body).toMatchObject({ status: 200, msg: STAFF_MSG.PASSWORD_RESET });
    const fresh = res.body.data!.password!;
    expect(fresh).not.toBe(created.password);
    expect((await call(t.app, 'GET', '/api/teacher/info', { token })).http).toBe(401);
    expect((await login(phone, created.password!)).body.data?.token).toBeUndefined();
    expect((await login(phone, fresh)).body.data!.token).toBeTruthy();
    expect((await auditOf(created.account.id)).at(-1)).toMatchObject({ action: 'staff.password_reset' });
  });

  it('refuses what makes no sense: a school type, a teacher school, a student id, an unknown id, self-lockout', async () => {
    const school = (await create({ kind: 'school', phone: newPhone(), name: '学校', school_id: schoolId })).body.data!.account;
    expect((await update(school.id, { type: 4 })).body).toMatchObject({ status: 4003, msg: STAFF_MSG.TEACHER_ONLY_FIELD });
    const teacher = (await create({ kind: 'teacher', phone: newPhone(), name: '老师', type: 1 })).body.data!.account;
    expect((await update(teacher.id, { school_id: schoolId })).body).toMatchObject({ status: 4003, msg: STAFF_MSG.TEACHER_ONLY_FIELD });
    const student = await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token: (await registerStudent(t.app)).token });
    const notStaff = await update(student.body.data!.user_id, { name: '改名' });
    expect(notStaff.body.msg).toBe(STAFF_MSG.NOT_FOUND);
    expect(notStaff.http).toBe(404);
    expect((await update(999_999, { name: '无人' })).body.msg).toBe(STAFF_MSG.NOT_FOUND);
    expect((await update(adminId, { disabled: true })).body).toMatchObject({ status: 4001, msg: STAFF_MSG.SELF_LOCKOUT });
    expect((await update(adminId, { type: 4, is_admin: false })).body).toMatchObject({ status: 4001, msg: STAFF_MSG.SELF_LOCKOUT });
    expect((await update(adminId, { name: '改名管理员' })).body.status).toBe(200);
    expect((await update(teacher.id, { type: 7 })).body).toMatchObject({ status: 4003, data: { field: 'type' } });
    expect((await update(teacher.id, {})).body).toMatchObject({ status: 4003, msg: STAFF_MSG.NOTHING_TO_CHANGE });
  });
});

describe('who may manage staff', () => {
  it('staff (type 4), teachers, schools and students get 403 无权限访问！ on every staff route', async () => {
    const phone = newPhone();
    const created = (await create({ kind: 'teacher', phone, name: '运营', type: 4 })).body.data!;
    const staff = (await login(phone, created.password!)).body.data!.token!;
    const teacher = await createStaffToken(t, 'teacher');
    const school = await createStaffToken(t, 'school');
    for (const token of [staff, teacher, school]) {
      for (const res of [await list('', token), await create({ kind: 'teacher', phone: newPhone(), name: '越权', type: 9 }, token), await update(created.account.id, { type: 9 }, token)]) {
        expect({ http: res.http, status: res.body.status, msg: res.body.msg }).toEqual({ http: 403, status: 4001, msg: MSG.NO_PERMISSION });
      }
    }
    expect((await t.db.select().from(accounts).where(eq(accounts.id, created.account.id)))[0]!.teacherType).toBe(4);
  });
});
