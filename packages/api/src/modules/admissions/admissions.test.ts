import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, type AdminAidItem, type AdminAidList, type AdminApplicationDetail, type AdminApplicationList, type AdmissionDecision, type ReleaseResult } from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications, financialAidRequests } from '../../db/schema-admission.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { profileOf } from '../payments/payment-test-kit.ts';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
});
afterAll(async () => {
  await t.close();
});

type Stage = 'none' | 'step1' | 'paid' | 'submitted';
let seq = 0;

/** A student at a journey stage, with an application row and a school/province. */
async function applicant(stage: Stage, opts: { name?: string; school?: string; schoolId?: number; stateId?: number; batch?: string } = {}) {
  const { token, phone } = await registerStudent(t.app);
  const id = (await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token })).body.data!.user_id;
  seq += 1;
  await t.db.update(accounts).set({ name: opts.name ?? `学生${seq}` }).where(eq(accounts.id, id));
  // Spread the submissions in time so "newest first" is observable.
  const at = new Date(Date.UTC(2026, 9, 1) + seq * 60_000);
  await t.db
    .update(studentProfiles)
    .set({
      infoCompletedAt: at,
      schoolCountryId: 1,
      schoolStateId: opts.stateId ?? 110000,
      schoolId: opts.schoolId ?? null,
      schoolName: opts.school ?? '北京市第四中学',
      step1SubmittedAt: stage === 'none' ? null : at,
      applyPaidAt: stage === 'paid' || stage === 'submitted' ? at : null,
      step2SubmittedAt: stage === 'submitted' ? at : null,
    })
    .where(eq(studentProfiles.accountId, id));
  if (stage !== 'none') {
    await t.db.insert(applications).values({ accountId: id, step1: { legal_name: opts.name ?? `学生${seq}`, session_preference: '第一期' }, step2: { essay: '...' }, batch: opts.batch ?? 'RD' });
  }
  return { id, token, phone };
}

const OFFER = { decision: 'offer', place_name: '第一期', professional_track: '理工科学', note: '面试表现优秀' };
const decide = (id: number, body: unknown = OFFER, token = admin) => call<AdmissionDecision>(t.app, 'PUT', `/api/admin/applications/${id}/decision`, { token, body });
const release = (ids: number[]) => call<ReleaseResult>(t.app, 'POST', '/api/admin/applications/release', { token: admin, body: { user_ids: ids } });
const withdraw = (id: number) => call<AdmissionDecision>(t.app, 'POST', `/api/admin/applications/${id}/decision/withdraw`, { token: admin });
const detail = (id: number) => call<AdminApplicationDetail>(t.app, 'GET', `/api/admin/applications/${id}`, { token: admin });
const list = (qs = '') => call<AdminApplicationList>(t.app, 'GET', `/api/admin/applications${qs}`, { token: admin });
const decisionRow = async (id: number) => (await t.db.select().from(admissionDecisions).where(eq(admissionDecisions.accountId, id)))[0];
const auditOf = (id: number, action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));

describe('decisions: draft, edit, delete', () => {
  it('an offer draft is saved with offer_letter 0, place and track mirrored, and audited', async () => {
    const s = await applicant('submitted');
    const res = await decide(s.id);
    expect(res.body).toMatchObject({ status: 200, data: { decision: 'offer', place_name: '第一期', professional_track: '理工科学', note: '面试表现优秀', released_at: null, decided_by: adminId } });
    expect(await profileOf(t.db, s.id)).toMatchObject({ offerLetter: 0, placeName: '第一期', professionalTrack: '理工科学', offerCreatedAt: null });
    // The student sees no offer while it is a draft.
    const status = await call<{ offer_letter: number | null }>(t.app, 'GET', '/api/student/status', { token: s.token });
    expect(status.body.data?.offer_letter ?? null).not.toBe(1);
    const [audit] = await auditOf(s.id, 'admission.decision.save');
    expect(audit).toMatchObject({ actorId: adminId, entity: 'admission_decision', before: null, after: { decision: 'offer', place_name: '第一期', professional_track: '理工科学', released_at: null } });
  });

  it('changing a draft to reject clears the offer mirror, audited with before and after', async () => {
    const s = await applicant('submitted');
    await decide(s.id);
    const res = await decide(s.id, { decision: 'reject', place_name: '第二期', professional_track: '人文社科' });
    expect(res.body.data).toMatchObject({ decision: 'reject', place_name: null, professional_track: null, note: null });
    expect(await profileOf(t.db, s.id)).toMatchObject({ offerLetter: null, placeName: null, professionalTrack: null });
    const audits = await auditOf(s.id, 'admission.decision.save');
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ before: { decision: 'offer', place_name: '第一期' }, after: { decision: 'reject', place_name: null } });
  });

  it('refuses a decision before step 2 is submitted, for an unknown student and for non-students', async () => {
    const s = await applicant('paid');
    expect((await decide(s.id)).body).toMatchObject({ status: 4001, msg: MSG.ADMISSION_NOT_SUBMITTED });
    expect(await decisionRow(s.id)).toBeUndefined();
    expect(await decide(999_999)).toMatchObject({ http: 404, body: { status: 4001, msg: MSG.ADMISSION_NOT_FOUND } });
    expect(await decide(adminId)).toMatchObject({ http: 404, body: { status: 4001 } });
  });

  it('an offer needs a session and a track (4003 naming the field)', async () => {
    const s = await applicant('submitted');
    expect((await decide(s.id, { decision: 'offer', professional_track: '理工科学' })).body).toMatchObject({ status: 4003, data: { field: 'place_name' } });
    expect((await decide(s.id, { decision: 'offer', place_name: '第一期' })).body).toMatchObject({ status: 4003, msg: MSG.ADMISSION_TRACK_REQUIRED, data: { field: 'professional_track' } });
    expect((await decide(s.id, { decision: 'offer', place_name: '第九期', professional_track: '理工科学' })).body).toMatchObject({ status: 4003, data: { field: 'place_name' } });
    expect((await decide(s.id, { decision: 'offer', place_name: '第一期', professional_track: '天文' })).body).toMatchObject({ status: 4003, data: { field: 'professional_track' } });
    expect(await decisionRow(s.id)).toBeUndefined();
  });

  it('deletes a draft (clearing the mirror); nothing to delete → 4001', async () => {
    const s = await applicant('submitted');
    await decide(s.id);
    const del = await call(t.app, 'DELETE', `/api/admin/applications/${s.id}/decision`, { token: admin });
    expect(del.body.status).toBe(200);
    expect(await decisionRow(s.id)).toBeUndefined();
    expect(await profileOf(t.db, s.id)).toMatchObject({ offerLetter: null, placeName: null });
    expect(await auditOf(s.id, 'admission.decision.delete')).toMatchObject([{ before: { decision: 'offer' }, after: null }]);
    expect((await call(t.app, 'DELETE', `/api/admin/applications/${s.id}/decision`, { token: admin })).body).toMatchObject({ status: 4001, msg: MSG.ADMISSION_NO_DECISION });
  });
});

describe('release and withdraw', () => {
  it('bulk release: drafts released in one go, others skipped with reasons', async () => {
    const offer = await applicant('submitted');
    const rejected = await applicant('submitted');
    const undecided = await applicant('submitted');
    await decide(offer.id);
    await decide(rejected.id, { decision: 'reject' });
    t.clock.advance(1000);
    const res = await release([offer.id, rejected.id, undecided.id, 987_654, offer.id]);
    expect(res.body).toMatchObject({ status: 200 });
    expect(res.body.data?.released).toBe(2);
    expect(res.body.data?.skipped).toEqual([
      { user_id: undecided.id, reason: 'no_decision' },
      { user_id: 987_654, reason: 'not_found' },
    ]);
    const row = await decisionRow(offer.id);
    expect(row).toMatchObject({ releasedBy: adminId, letterNo: expect.stringMatching(/^SUMMIT-\d{4}-\d{6,}$/) });
    expect(row?.releasedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row?.verifyCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await profileOf(t.db, offer.id)).toMatchObject({ offerLetter: 1, offerCreatedAt: t.clock.now() });
    // Reject: released but no letter, offer_letter stays null.
    expect(await decisionRow(rejected.id)).toMatchObject({ verifyCode: null, letterNo: null, releasedBy: adminId });
    expect((await profileOf(t.db, rejected.id)).offerLetter).toBeNull();
    expect(await auditOf(offer.id, 'admission.decision.release')).toMatchObject([{ before: { released_at: null }, after: { released_at: t.clock.now().toISOString() } }]);
    // The student's status now shows the released offer.
    const status = await call<{ offer_letter: number | null }>(t.app, 'GET', '/api/student/status', { token: offer.token });
    expect(status.body.data?.offer_letter).toBe(1);

    // Released again → skipped; and a released decision cannot be edited or deleted.
    expect((await release([offer.id])).body.data).toEqual({ released: 0, skipped: [{ user_id: offer.id, reason: 'already_released' }] });
    expect((await decide(offer.id, { decision: 'reject' })).body).toMatchObject({ status: 4001, msg: '已发布的录取结果不能修改，请先撤回' });
    expect((await call(t.app, 'DELETE', `/api/admin/applications/${offer.id}/decision`, { token: admin })).body).toMatchObject({ status: 4001, msg: MSG.ADMISSION_RELEASED_LOCKED });
  });

  it('refuses malformed release requests', async () => {
    for (const body of [{ user_ids: [] }, { user_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, { user_ids: [0] }, { user_ids: 'all' }, {}]) {
      const res = await call(t.app, 'POST', '/api/admin/applications/release', { token: admin, body });
      expect(res.body).toMatchObject({ status: 4003, data: { field: expect.stringMatching(/^user_ids/) } });
    }
  });

  it('withdraw puts an offer back to draft, keeps the old verify code, and a re-release issues a new one', async () => {
    const s = await applicant('submitted');
    await decide(s.id);
    await release([s.id]);
    const first = await decisionRow(s.id);
    const res = await withdraw(s.id);
    expect(res.body).toMatchObject({ status: 200, data: { released_at: null, decision: 'offer' } });
    const after = await decisionRow(s.id);
    expect(after).toMatchObject({ releasedAt: null, releasedBy: null, verifyCode: first?.verifyCode, letterNo: first?.letterNo });
    expect(await profileOf(t.db, s.id)).toMatchObject({ offerLetter: 0, offerCreatedAt: null });
    expect(await auditOf(s.id, 'admission.decision.withdraw')).toMatchObject([{ before: { released_at: expect.any(String) }, after: { released_at: null } }]);
    // Now editable again; withdrawing a draft is refused.
    expect((await withdraw(s.id)).body).toMatchObject({ status: 4001, msg: MSG.ADMISSION_NOT_RELEASED });
    await release([s.id]);
    const again = await decisionRow(s.id);
    expect(again?.verifyCode).not.toBe(first?.verifyCode);
    expect(again?.letterNo).toBe(first?.letterNo);
  });

  it('concurrent bulk releases of the same drafts release each exactly once', async () => {
    const students = await Promise.all([applicant('submitted'), applicant('submitted'), applicant('submitted')]);
    for (const s of students) await decide(s.id);
    const ids = students.map((s) => s.id);
    const [r1, r2, r3] = await Promise.all([release(ids), release([...ids].reverse()), release(ids)]);
    const released = [r1, r2, r3].map((r) => r.body.data?.released ?? -1);
    expect(released.reduce((a, b) => a + b, 0)).toBe(3);
    for (const s of students) {
      expect(await auditOf(s.id, 'admission.decision.release')).toHaveLength(1);
      expect((await profileOf(t.db, s.id)).offerLetter).toBe(1);
    }
  });

  it('withdraw is refused once tuition is paid', async () => {
    const s = await applicant('submitted');
    await decide(s.id);
    await release([s.id]);
    await t.db.update(studentProfiles).set({ tuitionPaidAt: new Date() }).where(eq(studentProfiles.accountId, s.id));
    expect((await withdraw(s.id)).body).toMatchObject({ status: 4001, msg: MSG.ADMISSION_TUITION_PAID });
    expect((await decisionRow(s.id))?.releasedAt).not.toBeNull();
    expect((await profileOf(t.db, s.id)).offerLetter).toBe(1);
  });
});

describe('applications list and detail', () => {
  let a: Awaited<ReturnType<typeof applicant>>;
  let b: Awaited<ReturnType<typeof applicant>>;
  let c: Awaited<ReturnType<typeof applicant>>;
  let notYet: Awaited<ReturnType<typeof applicant>>;
  beforeAll(async () => {
    a = await applicant('step1', { name: '列表甲', school: '上海中学', stateId: 310000, batch: 'EB1' });
    b = await applicant('paid', { name: '列表乙', school: '上海中学', stateId: 310000, batch: 'EB1' });
    c = await applicant('submitted', { name: '列表丙', school: '人大附中', schoolId: 42, stateId: 110000, batch: 'EB1' });
    notYet = await applicant('none', { name: '列表丁' });
    await decide(c.id);
  });

  it('filters by batch, newest submission first, with province names and stages', async () => {
    const res = await list('?batch=EB1');
    expect(res.body.status).toBe(200);
    const data = res.body.data!;
    expect(data.total).toBe(3);
    expect(data.items.map((i) => i.user_id)).toEqual([c.id, b.id, a.id]);
    expect(data.items[0]).toMatchObject({ name: '列表丙', phone: c.phone, province: '北京市', school_name: '人大附中', batch: 'EB1', stage: 'decided', decision: { decision: 'offer', released: false } });
    expect(data.items[2]).toMatchObject({ stage: 'step1', province: '上海市', decision: null, apply_paid_at: null });
    expect(data.items.map((i) => i.user_id)).not.toContain(notYet.id);
  });

  it('combines stage, province, school and keyword filters', async () => {
    expect((await list('?batch=EB1&stage=paid')).body.data?.items.map((i) => i.user_id)).toEqual([b.id]);
    expect((await list('?batch=EB1&province=310000')).body.data?.total).toBe(2);
    expect((await list('?batch=EB1&school=42')).body.data?.items.map((i) => i.user_id)).toEqual([c.id]);
    expect((await list('?school=上海')).body.data?.items.map((i) => i.user_id).sort()).toEqual([a.id, b.id].sort());
    expect((await list(`?q=${encodeURIComponent('列表乙')}`)).body.data?.items.map((i) => i.user_id)).toEqual([b.id]);
    expect((await list(`?q=${a.phone.slice(3)}`)).body.data?.items.map((i) => i.user_id)).toEqual([a.id]);
    // % and _ are literal, not wildcards.
    expect((await list('?q=%25')).body.data?.total).toBe(0);
    expect((await list('?stage=decided&batch=EB1&province=310000')).body.data?.total).toBe(0);
  });

  it('pages', async () => {
    const p1 = (await list('?batch=EB1&page=1&page_size=2')).body.data!;
    const p2 = (await list('?batch=EB1&page=2&page_size=2')).body.data!;
    expect([p1.total, p1.items.length, p2.items.length, p2.page, p2.page_size]).toEqual([3, 2, 1, 2, 2]);
    expect([...p1.items, ...p2.items].map((i) => i.user_id)).toEqual([c.id, b.id, a.id]);
    expect((await list('?page_size=101')).body).toMatchObject({ status: 4003, data: { field: 'page_size' } });
    expect((await list('?stage=bogus')).body).toMatchObject({ status: 4003, data: { field: 'stage' } });
  });

  it('detail: profile, application, journey, decision, aid, payments and audit history', async () => {
    await t.db.insert(financialAidRequests).values({ accountId: c.id, value: { family_members: 4, annual_income: '<5万', reason: '家庭困难' } });
    const res = await detail(c.id);
    expect(res.body.status).toBe(200);
    const d = res.body.data!;
    expect(d).toMatchObject({
      user_id: c.id,
      stage: 'decided',
      profile: { name: '列表丙', phone: c.phone, school_name: '人大附中', area: '中国 / 北京市' },
      application: { batch: 'EB1', step1: { legal_name: '列表丙' } },
      journey: { offer_letter: 0, tuition_paid_at: null },
      decision: { decision: 'offer', place_name: '第一期', released_at: null },
      financial_aid: { status: 'pending', granted_fen: 0, value: { annual_income: '<5万' } },
      payments: [],
    });
    expect(d.application.summary[0]).toMatchObject({ title: '基本信息', items: expect.arrayContaining([{ label: '姓名', value: '列表丙' }]) });
    expect(d.audit).toHaveLength(1);
    expect(d.audit[0]).toMatchObject({ action: 'admission.decision.save', actor_id: adminId, actor_name: '测试teacher' });
    expect(JSON.stringify(d)).not.toMatch(/verify/i);
  });

  it('ids beyond the integer column answer 4003, never 500', async () => {
    const big = '9007199254740991';
    const urls: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown]> = [
      ['GET', `/api/admin/applications/${big}`, undefined],
      ['PUT', `/api/admin/applications/${big}/decision`, OFFER],
      ['DELETE', `/api/admin/applications/${big}/decision`, undefined],
      ['POST', `/api/admin/applications/${big}/decision/withdraw`, undefined],
      ['PUT', `/api/admin/financial-aid/${big}`, { status: 'declined' }],
      ['GET', `/api/admin/applications?province=${big}`, undefined],
      ['POST', '/api/admin/applications/release', { user_ids: [2_147_483_648] }],
    ];
    for (const [method, url, body] of urls) expect(await call(t.app, method, url, { token: admin, body })).toMatchObject({ http: 400, body: { status: 4003 } });
    expect((await list('?school=999999999')).body).toMatchObject({ status: 200, data: { total: 0 } });
    expect((await detail(2_147_483_647)).http).toBe(404);
  });

  it('detail of a student without step 1 or an unknown id is 404', async () => {
    expect(await detail(notYet.id)).toMatchObject({ http: 404, body: { status: 4001, msg: MSG.ADMISSION_NOT_FOUND } });
    expect(await detail(123_456_789)).toMatchObject({ http: 404 });
    expect((await call(t.app, 'GET', '/api/admin/applications/abc', { token: admin })).body).toMatchObject({ status: 4003 });
  });
});

describe('financial aid', () => {
  const put = (id: number, body: unknown) => call<AdminAidItem>(t.app, 'PUT', `/api/admin/financial-aid/${id}`, { token: admin, body });

  it('lists requests by status with the tuition fee; grants within 1 fen … the fee, audited', async () => {
    const s = await applicant('submitted', { name: '资助甲' });
    await t.db.insert(financialAidRequests).values({ accountId: s.id, value: { family_members: 3, reason: '...' } });
    const pending = (await call<AdminAidList>(t.app, 'GET', '/api/admin/financial-aid?status=pending', { token: admin })).body.data!;
    expect(pending.items.find((i) => i.user_id === s.id)).toMatchObject({ name: '资助甲', status: 'pending', granted_fen: 0, tuition_fen: 1_680_000, tuition_paid: false });

    expect((await put(s.id, { status: 'granted', granted_fen: 1_680_001 })).body).toMatchObject({ status: 4003, msg: MSG.AID_AMOUNT_INVALID, data: { field: 'granted_fen' } });
    expect((await put(s.id, { status: 'granted', granted_fen: 0 })).body).toMatchObject({ status: 4003, data: { field: 'granted_fen' } });
    expect((await put(s.id, { status: 'granted' })).body).toMatchObject({ status: 4003, data: { field: 'granted_fen' } });
    expect((await put(s.id, { status: 'pending', granted_fen: 5 })).body).toMatchObject({ status: 4003, data: { field: 'status' } });

    const granted = await put(s.id, { status: 'granted', granted_fen: 500_000 });
    expect(granted.body).toMatchObject({ status: 200, data: { status: 'granted', granted_fen: 500_000 } });
    const [row] = await t.db.select().from(financialAidRequests).where(eq(financialAidRequests.accountId, s.id));
    expect(row).toMatchObject({ status: 'granted', grantedFen: 500_000, decidedBy: adminId });
    expect(await auditOf(s.id, 'financial_aid.decide')).toMatchObject([{ entity: 'financial_aid_request', before: { status: 'pending', granted_fen: 0 }, after: { status: 'granted', granted_fen: 500_000 } }]);
    expect((await call<AdminAidList>(t.app, 'GET', '/api/admin/financial-aid?status=granted', { token: admin })).body.data?.items.map((i) => i.user_id)).toContain(s.id);
    expect((await call<AdminAidList>(t.app, 'GET', '/api/admin/financial-aid?status=pending', { token: admin })).body.data?.items.map((i) => i.user_id)).not.toContain(s.id);

    // The whole fee is allowed; declining stores 0.
    expect((await put(s.id, { status: 'granted', granted_fen: 1_680_000 })).body.status).toBe(200);
    expect((await put(s.id, { status: 'declined', granted_fen: 100 })).body.data).toMatchObject({ status: 'declined', granted_fen: 0 });
  });

  it('refuses unknown requests and any change once tuition is paid', async () => {
    const s = await applicant('submitted');
    expect(await put(s.id, { status: 'declined' })).toMatchObject({ http: 404, body: { status: 4001, msg: MSG.AID_NOT_FOUND } });
    await t.db.insert(financialAidRequests).values({ accountId: s.id, value: {} });
    await t.db.update(studentProfiles).set({ tuitionPaidAt: new Date() }).where(eq(studentProfiles.accountId, s.id));
    expect((await put(s.id, { status: 'granted', granted_fen: 100 })).body).toMatchObject({ status: 4001, msg: MSG.AID_TUITION_PAID });
    const [row] = await t.db.select().from(financialAidRequests).where(eq(financialAidRequests.accountId, s.id));
    expect(row?.status).toBe('pending');
  });

  it('a changed grant or a withdrawn offer closes the open tuition order priced before it', async () => {
    const s = await applicant('submitted');
    await t.db.insert(financialAidRequests).values({ accountId: s.id, value: {} });
    await decide(s.id);
    await release([s.id]);
    const payTuition = () => call<{ id: string; amount_fen: number }>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_scan' } });
    const statusOf = async (orderNo: string) => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]?.status;

    const full = (await payTuition()).body.data!;
    expect(full.amount_fen).toBe(1_680_000);
    await put(s.id, { status: 'granted', granted_fen: 180_000 });
    expect(await statusOf(full.id)).toBe('closed');

    const lowered = (await payTuition()).body.data!;
    expect(lowered.amount_fen).toBe(1_500_000);
    expect((await withdraw(s.id)).body.status).toBe(200);
    expect(await statusOf(lowered.id)).toBe('closed');
    expect((await payTuition()).body.status).toBe('403-10');
  });

  it('a granted amount lowers the tuition order', async () => {
    const s = await applicant('submitted');
    await t.db.insert(financialAidRequests).values({ accountId: s.id, value: {} });
    await decide(s.id);
    await release([s.id]);
    await put(s.id, { status: 'granted', granted_fen: 680_000 });
    const order = await call<{ amount_fen: number }>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_scan' } });
    expect(order.body).toMatchObject({ status: 200, data: { amount_fen: 1_000_000 } });
  });
});

describe('roles', () => {
  it('students get 403 and plain teachers 403 on every admissions endpoint; no token 401; nothing changes', async () => {
    const s = await applicant('submitted');
    const teacher = await createStaffToken(t, 'teacher');
    const attempts: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown]> = [
      ['GET', '/api/admin/applications', undefined],
      ['GET', `/api/admin/applications/${s.id}`, undefined],
      ['PUT', `/api/admin/applications/${s.id}/decision`, OFFER],
      ['DELETE', `/api/admin/applications/${s.id}/decision`, undefined],
      ['POST', '/api/admin/applications/release', { user_ids: [s.id] }],
      ['POST', `/api/admin/applications/${s.id}/decision/withdraw`, undefined],
      ['GET', '/api/admin/financial-aid', undefined],
      ['PUT', `/api/admin/financial-aid/${s.id}`, { status: 'declined' }],
    ];
    for (const [method, url, body] of attempts) {
      expect(await call(t.app, method, url, { token: s.token, body })).toMatchObject({ http: 403, body: { status: 4001, msg: MSG.NO_PERMISSION } });
      expect(await call(t.app, method, url, { token: teacher, body })).toMatchObject({ http: 403, body: { status: 4001, msg: MSG.NO_PERMISSION } });
      expect(await call(t.app, method, url, { body })).toMatchObject({ http: 401, body: { status: 401 } });
    }
    expect(await decisionRow(s.id)).toBeUndefined();
  });
});
