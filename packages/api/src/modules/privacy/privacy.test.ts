import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { ERASED_STUDENT_NAME, PRIVACY_MSG, STATUS, type ApplyState, type IdNumberReveal, type PrivacyEraseResult, type StudentPrivacy } from '@summit/domain';
import { accounts, auditLog, authTokens, schools, studentProfiles } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { applications, uploads } from '../../db/schema-admission.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { studentIdentity } from '../../db/schema-privacy.ts';
import type { LocalStorageProvider } from '../../providers/storage/storage-provider.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STEP1_ANSWERS, TEST_PASSWORD, call, createStaffToken, newPhone, registerStudent } from '../../test/flows.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';
import { storageFor } from '../storage/storage.service.ts';
import { uploadPdf } from '../storage/storage-test-kit.ts';
import { encryptPlainIdNumbers, mayRevealIdNumber } from './identity.service.ts';

let t: TestApp;
let admin: string;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp({ env: { TOKEN_IDLE_DAYS: '365', TOKEN_TTL_DAYS: '365' } });
  t.clock.set(new Date('2026-12-01T10:00:00+08:00'));
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
});
afterAll(async () => {
  await t.close();
});

const ID = '110105201003070025';
const MASKED = '1101**********0025';
const STEP1 = { ...STEP1_ANSWERS, card_number: ID };
const APPLY = '/api/student/v5/apply';
const base = (id: number) => `/api/admin/students/${id}`;

async function applicant() {
  const s = await payingStudent(t, { step1Submitted: false, name: '李小明' });
  const res = await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: STEP1 } });
  expect(res.body.status).toBe(200);
  return s;
}

async function auditOf(userId: number, action: string) {
  return t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, String(userId)), eq(auditLog.action, action)));
}

describe('ID numbers at rest', () => {
  it('stores no plain number: the step-1 JSON drops it, student_identity holds cipher text, hash and tail', async () => {
    const s = await applicant();
    const [a] = await t.db.select().from(applications).where(eq(applications.accountId, s.accountId));
    expect(a?.step1).not.toHaveProperty('card_number');
    const [row] = await t.db.select().from(studentIdentity).where(eq(studentIdentity.accountId, s.accountId));
    expect(row).toMatchObject({ cardType: 'id_card', idNumberTail: '0025', idNumberHash: expect.stringMatching(/^[0-9a-f]{64}$/), idNumberCipher: expect.stringMatching(/^v1\./) });
    expect(JSON.stringify([a, row])).not.toContain(ID);
    expect(JSON.stringify([a, row])).not.toContain(ID.slice(0, 14));
  });

  it('masks the number in every response that carried it: the student, the admin detail and summary, the privacy panel, the school', async () => {
    const s = await applicant();
    const own = await call<ApplyState>(t.app, 'GET', APPLY, { token: s.token });
    expect(own.body.data!.step1.card_number).toBe(MASKED);
    const detail = await call<{ application: { step1: Record<string, unknown>; summary: Array<{ items: Array<{ label: string; value: string }> }> } }>(t.app, 'GET', `/api/admin/applications/${s.accountId}`, { token: admin });
    expect(detail.body.data!.application.step1.card_number).toBe(MASKED);
    expect(detail.body.data!.application.summary.flatMap((x) => x.items).find((i) => i.label === '证件号码')?.value).toBe(MASKED);
    const panel = await call<StudentPrivacy>(t.app, 'GET', `${base(s.accountId)}/privacy`, { token: admin });
    expect(panel.body.data).toMatchObject({ id_number_masked: MASKED, card_type: '居民身份证', may_reveal: true, erased_at: null });
    // The school portal (decision 059) never carried the number; it still must not.
    const [school] = await t.db.insert(schools).values({ name: '隐私测试中学', countryId: 1, stateId: 110000, cityId: 110100 }).returning({ id: schools.id });
    await t.db.update(studentProfiles).set({ schoolId: school!.id }).where(eq(studentProfiles.accountId, s.accountId));
    const phone = newPhone();
    await t.db.insert(accounts).values({ role: 'school', phone, name: '招生办', schoolId: school!.id, passwordHash: await hashPassword(TEST_PASSWORD, 8192) });
    const schoolToken = (await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } })).body.data!.token;
    const bodies: unknown[] = [own.body, detail.body, panel.body];
    for (const url of ['/api/school/student-apply', `/api/school/student-admission/${s.accountId}`, `/api/school/student-history/${s.accountId}`]) {
      const res = await call(t.app, 'GET', url, { token: schoolToken });
      expect(res.body.status).toBe(200);
      bodies.push(res.body);
    }
    expect(JSON.stringify(bodies[3])).toContain('李小明');
    for (const body of bodies) expect(JSON.stringify(body)).not.toContain(ID);
  });

  it('a draft or submission that sends the mask back keeps the sealed number; a new number replaces it', async () => {
    const s = await payingStudent(t, { step1Submitted: false });
    await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { card_type: 'id_card', card_number: ID } } });
    const saved = await call<ApplyState>(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { card_type: 'id_card', card_number: MASKED, legal_name: '王芳' } } });
    expect(saved.body.data!.step1).toMatchObject({ card_number: MASKED, legal_name: '王芳' });
    const submitted = await call<ApplyState>(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: { ...STEP1, card_number: MASKED } } });
    expect(submitted.body).toMatchObject({ status: 200, data: { step1_submitted: true, step1: { card_number: MASKED } } });
    const revealed = await call<IdNumberReveal>(t.app, 'POST', `${base(s.accountId)}/id-number/reveal`, { token: admin });
    expect(revealed.body.data!.id_number).toBe(ID);

    const other = await payingStudent(t, { step1Submitted: false });
    await call(t.app, 'POST', `${APPLY}/step1`, { token: other.token, body: { submit: false, data: { card_type: 'passport', card_number: 'e12345678' } } });
    const shown = await call<ApplyState>(t.app, 'GET', APPLY, { token: other.token });
    expect(shown.body.data!.step1.card_number).toBe('*****5678');
  });
});

describe('search by ID number', () => {
  it('the admin applications list finds a student by the full number (keyed hash) and by its last 4 (tail)', async () => {
    const s = await applicant();
    const other = await payingStudent(t, { step1Submitted: false, name: '别人' });
    await call(t.app, 'POST', `${APPLY}/step1`, { token: other.token, body: { submit: true, data: { ...STEP1, legal_name: '别人', card_number: '110105201003070033' } } });
    const ids = async (q: string) => ((await call<{ items: Array<{ user_id: number }> }>(t.app, 'GET', `/api/admin/applications?q=${encodeURIComponent(q)}&page_size=100`, { token: admin })).body.data!.items).map((i) => i.user_id);
    expect(await ids(ID)).toContain(s.accountId);
    expect(await ids(ID)).not.toContain(other.accountId);
    expect(await ids(ID.toLowerCase())).toContain(s.accountId);
    expect(await ids('0025')).toContain(s.accountId);
    expect(await ids('0033')).toContain(other.accountId);
    expect(await ids('0033')).not.toContain(s.accountId);
  });
});

describe('reveal', () => {
  it('answers the full number to an admin and writes an audit row that never holds it', async () => {
    const s = await applicant();
    const res = await call<IdNumberReveal>(t.app, 'POST', `${base(s.accountId)}/id-number/reveal`, { token: admin });
    expect(res.body).toMatchObject({ status: 200, msg: PRIVACY_MSG.REVEALED, data: { id_number: ID, card_type: '居民身份证' } });
    const rows = await auditOf(s.accountId, 'student.id_number.reveal');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toEqual(expect.any(Number));
    expect(JSON.stringify(rows)).not.toContain(ID);
  });

  it('is refused to a teacher who is not an admin and to the student, with no audit row', async () => {
    const s = await applicant();
    const byTeacher = await call(t.app, 'POST', `${base(s.accountId)}/id-number/reveal`, { token: teacher });
    expect(byTeacher.http).toBe(403);
    const byStudent = await call(t.app, 'POST', `${base(s.accountId)}/id-number/reveal`, { token: s.token });
    expect(byStudent.http).toBeGreaterThanOrEqual(401);
    expect(JSON.stringify([byTeacher.body, byStudent.body])).not.toContain(ID);
    expect(await auditOf(s.accountId, 'student.id_number.reveal')).toHaveLength(0);
    expect(mayRevealIdNumber({ accountId: 1, role: 'teacher', isAdmin: false, teacherType: 4, tokenId: 1 })).toBe(false);
    expect(mayRevealIdNumber({ accountId: 1, role: 'teacher', isAdmin: true, teacherType: 9, tokenId: 1 })).toBe(true);
  });

  it('answers a clear message for a student without a number and 404 for an unknown one', async () => {
    const s = await payingStudent(t, { step1Submitted: false });
    expect((await call(t.app, 'POST', `${base(s.accountId)}/id-number/reveal`, { token: admin })).body.msg).toBe(PRIVACY_MSG.NO_ID_NUMBER);
    expect((await call(t.app, 'POST', `${base(2_000_000_000)}/id-number/reveal`, { token: admin })).http).toBe(404);
    expect((await call(t.app, 'POST', `${base(0)}/id-number/reveal`, { token: admin })).body.status).toBe(4003);
  });
});

async function orderFor(accountId: number) {
  const orderNo = `T${accountId}${Date.now()}`;
  await t.db.insert(paymentOrders).values({
    orderNo, accountId, purpose: 'apply_fee', amountFen: 50_000, status: 'paid', provider: 'WX', channel: 'WX', gateway: 'sandbox',
    idempotencyKey: `k-${orderNo}`, expiresAt: new Date(Date.now() + 3_600_000),
  });
  return orderNo;
}

describe('data export', () => {
  it('JSON holds the account, the full number, the application, orders and the uploads list; audited', async () => {
    const s = await applicant();
    const orderNo = await orderFor(s.accountId);
    const file = await uploadPdf(t.app, s.token, '成绩单.pdf');
    const res = await t.app.inject({ method: 'GET', url: `${base(s.accountId)}/data-export?format=json`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = (res.json() as { data: Record<string, any> }).data;
    expect(data.identity).toMatchObject({ id_number: ID, card_type: '居民身份证' });
    expect(data.account).toMatchObject({ id: s.accountId, name: '李小明' });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.application.step1).toMatchObject({ legal_name: '李小明', guardian_name: '李大明' });
    const orders = data.sections.find((x: { key: string }) => x.key === 'orders');
    expect(orders.rows.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
    expect(data.uploads.map((u: { fileName: string }) => u.fileName)).toEqual([file.name]);
    const rows = await auditOf(s.accountId, 'student.data_export');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(ID);
  });

  it('Excel opens with 类别 / 项目 / 内容 lines, the full number and the order', async () => {
    const s = await applicant();
    const orderNo = await orderFor(s.accountId);
    const res = await t.app.inject({ method: 'GET', url: `${base(s.accountId)}/data-export?format=xlsx`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    expect(rows[0]).toEqual(['类别', '项目', '内容']);
    expect(rows).toContainEqual(['证件', 'id_number', ID]);
    expect(rows).toContainEqual(['订单与支付', 'orderNo', orderNo]);
    expect(rows).toContainEqual(['账户', 'name', '李小明']);
    expect((await auditOf(s.accountId, 'student.data_export'))[0]!.after).toEqual({ format: 'xlsx' });
  });

  it('refuses a bad format with 4003 and a non-admin with 403', async () => {
    const s = await applicant();
    expect((await call(t.app, 'GET', `${base(s.accountId)}/data-export?format=pdf`, { token: admin })).body.status).toBe(4003);
    expect((await call(t.app, 'GET', `${base(s.accountId)}/data-export`, { token: teacher })).http).toBe(403);
  });
});

describe('erasure', () => {
  it('anonymises, deletes files, revokes tokens, keeps orders, frees the phone, audits; then refuses a second time', async () => {
    const s = await applicant();
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.id, s.accountId));
    const orderNo = await orderFor(s.accountId);
    const file = await uploadPdf(t.app, s.token);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.ownerId, s.accountId));
    const storage = storageFor(t.app.ctx) as LocalStorageProvider;
    expect(await storage.openRead(upload!.key)).not.toBeNull();

    const wrong = await call(t.app, 'POST', `${base(s.accountId)}/erase`, { token: admin, body: { confirm_phone: '13000000000' } });
    expect(wrong.body).toMatchObject({ status: 4003, msg: PRIVACY_MSG.ERASE_CONFIRM, data: { field: 'confirm_phone' } });
    expect((await call(t.app, 'POST', `${base(s.accountId)}/erase`, { token: teacher, body: { confirm_phone: acc!.phone } })).http).toBe(403);

    const res = await call<PrivacyEraseResult>(t.app, 'POST', `${base(s.accountId)}/erase`, { token: admin, body: { confirm_phone: acc!.phone } });
    expect(res.body).toMatchObject({ status: 200, msg: PRIVACY_MSG.ERASED, data: { files_deleted: 1, files_failed: 0, sessions_revoked: 1 } });

    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, s.accountId));
    expect(after).toMatchObject({ name: ERASED_STUDENT_NAME, email: null, passwordHash: null });
    expect(after!.phone).not.toBe(acc!.phone);
    const [identity] = await t.db.select().from(studentIdentity).where(eq(studentIdentity.accountId, s.accountId));
    expect(identity).toMatchObject({ idNumberCipher: null, idNumberHash: null, idNumberTail: null, cardType: null, erasedAt: t.clock.now() });
    const [a] = await t.db.select().from(applications).where(eq(applications.accountId, s.accountId));
    expect(a!.step1).toEqual({ grade: 'G11', session_preference: '第二期', track_preference: '理工科学', guardian_consent: true });
    expect(a!.step2).toEqual({});
    expect(await storage.openRead(upload!.key)).toBeNull();
    expect(await t.db.select().from(uploads).where(eq(uploads.ownerId, s.accountId))).toHaveLength(0);
    expect(file.name).toBeTruthy();
    // Tokens: revoked in the database and refused at once.
    expect((await t.db.select().from(authTokens).where(eq(authTokens.accountId, s.accountId))).every((r) => r.revokedAt !== null)).toBe(true);
    expect((await call(t.app, 'GET', '/api/student/status', { token: s.token })).body.status).toBe(401);
    // Orders stay, now under the erased name.
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
    expect(order).toMatchObject({ accountId: s.accountId, amountFen: 50_000, status: 'paid' });
    const [profile] = await t.db.select().from(studentProfiles).where(eq(studentProfiles.accountId, s.accountId));
    expect(profile!.step1SubmittedAt).not.toBeNull();
    // The audit row: who and when, nothing personal.
    const audit = await auditOf(s.accountId, 'student.erase');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(acc!.phone);
    expect(JSON.stringify(audit)).not.toContain('李小明');
    // The phone can register again (once the SMS resend interval has passed since the first registration).
    const erasedAt = t.clock.now().toISOString();
    t.clock.set(new Date(t.clock.now().getTime() + 61_000));
    const again = await registerStudent(t.app, acc!.phone);
    expect(again.token).toBeTruthy();
    // The panel says so; a second erasure is refused clearly.
    const panel = await call<StudentPrivacy>(t.app, 'GET', `${base(s.accountId)}/privacy`, { token: admin });
    expect(panel.body.data).toMatchObject({ name: ERASED_STUDENT_NAME, id_number_masked: null, erased_at: erasedAt });
    const twice = await call(t.app, 'POST', `${base(s.accountId)}/erase`, { token: admin, body: { confirm_phone: acc!.phone } });
    expect(twice.body).toMatchObject({ status: STATUS.MESSAGE, msg: PRIVACY_MSG.ALREADY_ERASED });
  });
});

describe('guardian consent', () => {
  it('shows who consented and when; a row without a recorded time shows as not recorded', async () => {
    const s = await applicant();
    const panel = await call<StudentPrivacy>(t.app, 'GET', `${base(s.accountId)}/privacy`, { token: admin });
    expect(panel.body.data!.guardian_consent).toEqual({ recorded: true, guardian_name: '李大明', guardian_relation: '父亲', consent_version: expect.any(String), consented_at: t.clock.now().toISOString() });
    await t.db.update(applications).set({ consentAt: null, consentVersion: null }).where(eq(applications.accountId, s.accountId));
    const old = await call<StudentPrivacy>(t.app, 'GET', `${base(s.accountId)}/privacy`, { token: admin });
    expect(old.body.data!.guardian_consent).toMatchObject({ recorded: false, consented_at: null, consent_version: null });
  });
});

describe('start-up migration of plain numbers', () => {
  it('seals a plain step-1 number, removes it from the JSON, and does nothing the second time', async () => {
    const s = await payingStudent(t, { step1Submitted: false });
    const plain = '44010620081102002X';
    await t.db.insert(applications).values({ accountId: s.accountId, step1: { legal_name: '旧数据', card_type: 'id_card', card_number: plain } });
    expect(await encryptPlainIdNumbers(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const [a] = await t.db.select().from(applications).where(eq(applications.accountId, s.accountId));
    expect(a!.step1).toEqual({ legal_name: '旧数据', card_type: 'id_card' });
    const [row] = await t.db.select().from(studentIdentity).where(eq(studentIdentity.accountId, s.accountId));
    expect(row).toMatchObject({ cardType: 'id_card', idNumberTail: '002X' });
    expect(JSON.stringify(row)).not.toContain(plain);
    const revealed = await call<IdNumberReveal>(t.app, 'POST', `${base(s.accountId)}/id-number/reveal`, { token: admin });
    expect(revealed.body.data!.id_number).toBe(plain);
    expect(await encryptPlainIdNumbers(t.app.ctx)).toBe(0);
  });
});
