import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ONBOARDING_FORM_MSG, STATUS, type StaffPermissionList, type StudentFormRecord } from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { studentForms } from '../../db/schema-admission.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';
import { HEALTH_AUDIT, HEALTH_UNREADABLE } from './onboarding-forms.service.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  [{ id: adminId }] = (await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.isAdmin, true)).orderBy(desc(accounts.id)).limit(1)) as [{ id: number }];
  otherAdmin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

/** An offer released and tuition paid: the student the onboarding forms are for. */
async function admitted() {
  const s = await payingStudent(t, { offer: 1 });
  await t.db.update(studentProfiles).set({ tuitionPaidAt: t.clock.now() }).where(eq(studentProfiles.accountId, s.accountId));
  return s;
}

const save = (token: string, body: unknown) => call<StudentFormRecord>(t.app, 'POST', '/api/student/form', { token, body });
const read = (token: string, names: string) => call<{ items: StudentFormRecord[] }>(t.app, 'GET', `/api/student/form?form_name=${names}`, { token });

const BASIC = { chinese_name: '张小明', english_name: 'Xiaoming Zhang', gender: '1', birth_date: '2010-05-01', tshirt_size: 'M', diet: 'none', diet_note: '' };
const ADDRESS = { recipient: '张大明', phone: '13912345678', area: [310000, 310100, 310115], area_str: '上海市 / 上海市 / 浦东新区', detail: '世纪大道100号1单元101室', postcode: '200120' };
const PREVIOUS = { curriculum: 'gaokao', schools: [{ school_name: '上海中学', start_year: '2022', end_year: '2025' }], awards: '' };
const HEALTH = {
  conditions: '哮喘（轻度）',
  allergies: '花生过敏',
  medication: '沙丁胺醇吸入剂',
  emergency_name: '张大明',
  emergency_relation: 'father',
  emergency_phone: '13912345678',
  guardian_name: '张大明',
  guardian_signed_on: '2026-11-20',
  guardian_confirm: true,
};

describe('gate: offer and paid tuition (docs/product/users-and-roles.md)', () => {
  it('refuses a student without an offer, or with an offer but unpaid tuition, with 403-10', async () => {
    const none = await payingStudent(t);
    const unpaid = await payingStudent(t, { offer: 1 });
    for (const s of [none, unpaid]) {
      const post = await save(s.token, { form_name: 'basic', value: BASIC });
      expect(post.body.status).toBe(STATUS.GATE_OFFER);
      const get = await read(s.token, 'basic');
      expect(get.body.status).toBe(STATUS.GATE_OFFER);
    }
  });

  it('leaves the applicant follow-up form and its own gate as they were', async () => {
    const s = await payingStudent(t);
    const res = await save(s.token, {
      form_name: 'additional-info',
      value: { time_zone: 'UTC+8', device: 'computer', network: 'good', emergency_name: '张大明', emergency_phone: '13912345678', heard_from: 'school' },
    });
    expect(res.body.status).toBe(200);
    expect(res.body.data?.submitted_at).not.toBeNull();
  });
});

describe('validation', () => {
  it('names the field and gives the spec message', async () => {
    const s = await admitted();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['basic', { ...BASIC, chinese_name: ' ' }, 'value.chinese_name', '输入框不能为空'],
      ['basic', { ...BASIC, english_name: '小明' }, 'value.english_name', '请输入纯英文'],
      ['basic', { ...BASIC, tshirt_size: '' }, 'value.tshirt_size', '请选择'],
      ['address', { ...ADDRESS, phone: '123' }, 'value.phone', '请填写11位手机!'],
      ['address', { ...ADDRESS, area: [] }, 'value.area', '请选择区域'],
      ['address', { ...ADDRESS, postcode: '12' }, 'value.postcode', ONBOARDING_FORM_MSG.POSTCODE],
      ['previous', { ...PREVIOUS, schools: [{ school_name: '上海中学', start_year: '2025', end_year: '2022' }] }, 'value.schools.0.end_year', ONBOARDING_FORM_MSG.YEAR_ORDER],
      ['health', { ...HEALTH, allergies: '' }, 'value.allergies', '未填写'],
      ['health', { ...HEALTH, guardian_confirm: false }, 'value.guardian_confirm', ONBOARDING_FORM_MSG.GUARDIAN_CONFIRM],
    ];
    for (const [form_name, value, field, msg] of cases) {
      const res = await save(s.token, { form_name, value });
      expect(res.body, `${form_name} ${field}`).toMatchObject({ status: STATUS.PARAM, msg, data: { field } });
    }
    expect((await save(s.token, { form_name: 'nope', value: {} })).body.status).toBe(STATUS.PARAM);
    // Drafts are for the onboarding forms only.
    expect((await save(s.token, { form_name: 'additional-info', value: {}, draft: true })).body).toMatchObject({ status: STATUS.PARAM, data: { field: 'draft' } });
  });
});

describe('drafts and submit', () => {
  it('keeps the valid fields of a draft, reports the invalid one, and submits later', async () => {
    const s = await admitted();
    const draft = await save(s.token, { form_name: 'basic', value: { chinese_name: '张小明', english_name: '小明', gender: '1' }, draft: true });
    expect(draft.body.status).toBe(200);
    expect(draft.body.msg).toContain(ONBOARDING_FORM_MSG.DRAFT_SAVED);
    expect(draft.body.msg).toContain('english_name');
    expect(draft.body.data).toEqual({ form_name: 'basic', submitted_at: null, value: { chinese_name: '张小明', gender: '1' } });

    const got = await read(s.token, 'basic,address');
    expect(got.body.data?.items).toEqual([{ form_name: 'basic', submitted_at: null, value: { chinese_name: '张小明', gender: '1' } }]);

    const submitted = await save(s.token, { form_name: 'basic', value: BASIC });
    expect(submitted.body).toMatchObject({ status: 200, msg: ONBOARDING_FORM_MSG.SUBMITTED, data: { form_name: 'basic', value: BASIC } });
    expect(submitted.body.data?.submitted_at).toBe(t.clock.now().toISOString());

    // A draft can no longer overwrite the submitted form; a corrected submission can.
    const late = await save(s.token, { form_name: 'basic', value: { chinese_name: '改' }, draft: true });
    expect(late.body).toMatchObject({ status: STATUS.MESSAGE, msg: ONBOARDING_FORM_MSG.ALREADY_SUBMITTED });
    const again = await save(s.token, { form_name: 'basic', value: { ...BASIC, tshirt_size: 'L' } });
    expect(again.body.data?.value).toMatchObject({ tshirt_size: 'L' });
  });
});

describe('health: encrypted at rest, permission, audit', () => {
  it('stores no plaintext and gives the owner their answers back', async () => {
    const s = await admitted();
    expect((await save(s.token, { form_name: 'health', value: HEALTH })).body.status).toBe(200);
    const [row] = await t.db.select().from(studentForms).where(and(eq(studentForms.accountId, s.accountId), eq(studentForms.formName, 'health')));
    const raw = JSON.stringify(row!.value);
    for (const secret of ['花生', '哮喘', '沙丁胺醇', '13912345678', '张大明']) expect(raw).not.toContain(secret);
    expect(row!.value).toEqual({ ciphertext: expect.stringMatching(/^v1\./) });
    expect((await read(s.token, 'health')).body.data?.items[0]?.value).toEqual(HEALTH);
  });

  it('a copied ciphertext does not open under another student', async () => {
    const a = await admitted();
    const b = await admitted();
    await save(a.token, { form_name: 'health', value: HEALTH });
    const [row] = await t.db.select().from(studentForms).where(and(eq(studentForms.accountId, a.accountId), eq(studentForms.formName, 'health')));
    await t.db.insert(studentForms).values({ accountId: b.accountId, formName: 'health', value: row!.value, submittedAt: t.clock.now() });
    const res = await read(b.token, 'health');
    expect(res.body).toMatchObject({ status: STATUS.MESSAGE, msg: HEALTH_UNREADABLE });
    expect(JSON.stringify(res.body)).not.toContain('花生');
  });

  it('staff need health_read; every read and every refused read is an audit row', async () => {
    const s = await admitted();
    await save(s.token, { form_name: 'health', value: HEALTH });
    const url = `/api/admin/onboarding/students/${s.accountId}/health`;
    const audits = () => t.db.select().from(auditLog).where(and(eq(auditLog.entity, HEALTH_AUDIT.entity), eq(auditLog.entityId, String(s.accountId))));

    const denied = await call(t.app, 'GET', url, { token: admin });
    expect([denied.http, denied.body.status, denied.body.msg]).toEqual([403, STATUS.MESSAGE, ONBOARDING_FORM_MSG.HEALTH_NO_PERMISSION]);
    expect((await audits()).map((a) => a.action)).toEqual([HEALTH_AUDIT.denied]);

    const grant = await call<StaffPermissionList>(t.app, 'PUT', `/api/admin/staff-permissions/${adminId}`, { token: otherAdmin, body: { health_read: true } });
    expect(grant.body.status).toBe(200);
    expect(grant.body.data?.items.find((i) => i.account_id === adminId)?.health_read).toBe(true);
    const [grantAudit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.permission.health_read'), eq(auditLog.entityId, String(adminId))));
    expect(grantAudit).toMatchObject({ before: { health_read: false }, after: { health_read: true } });

    const ok = await call<{ value: unknown }>(t.app, 'GET', url, { token: admin });
    expect(ok.body.data?.value).toEqual(HEALTH);
    await call(t.app, 'GET', url, { token: admin });
    const reads = (await audits()).filter((a) => a.action === HEALTH_AUDIT.read);
    expect(reads).toHaveLength(2);
    expect(reads[0]!.actorId).toBe(adminId);

    // The other staff form view never carries health data.
    const forms = await call<{ forms: Array<{ form_name: string }> }>(t.app, 'GET', `/api/admin/onboarding/students/${s.accountId}/forms`, { token: otherAdmin });
    expect(forms.body.data?.forms.map((f) => f.form_name)).toEqual(['basic', 'previous', 'address']);

    // Only admins can hold the permission; a non-admin teacher cannot reach these routes at all.
    const teacher = await createStaffToken(t, 'teacher');
    expect((await call(t.app, 'GET', url, { token: teacher })).http).toBe(403);
    await call(t.app, 'PUT', `/api/admin/staff-permissions/${adminId}`, { token: otherAdmin, body: { health_read: false } });
    expect((await call(t.app, 'GET', url, { token: admin })).http).toBe(403);
  });
});

describe('address export', () => {
  it('lists submitted addresses (not drafts) for the courier', async () => {
    const s = await admitted();
    const d = await admitted();
    await save(s.token, { form_name: 'address', value: ADDRESS });
    await save(d.token, { form_name: 'address', value: { detail: '只存了草稿的地址' }, draft: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/onboarding/addresses/export', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: string[] = [];
    sheet.eachRow((row) => rows.push(JSON.stringify(row.values)));
    expect(rows.join('\n')).toContain('世纪大道100号1单元101室');
    expect(rows.join('\n')).not.toContain('只存了草稿的地址');
  });
});
