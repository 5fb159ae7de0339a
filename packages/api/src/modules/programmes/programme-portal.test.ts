/**
 * The after-offer portal (decision 075): gates, duration pricing and lock, programme orders per kind
 * and in plan order, the paid event leaving the summer profile alone, the parent link, passport sealing and
 * reveal, visa review, and ownership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, type ParentLink, type PayFor, type PaymentOrder, type ProgrammePortal } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { programmeDocuments } from '../../db/schema-programmes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { payingStudent, pressSandbox, profileOf, type PayingStudent } from '../payments/payment-test-kit.ts';
import { uploadPdf } from '../storage/storage-test-kit.ts';
import { staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';
import { insertDecidedApplication, insertProgramme } from './programme-test-kit.ts';

let t: TestApp;
let admin: Staff;
let staff: Staff;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2027-03-01T02:00:00Z'));
  admin = await staffOfType(t, 9, '管理员');
  staff = await staffOfType(t, 4, '工作人员');
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const codeOf = (prefix: string) => `${prefix}-${(serial += 1)}`;

async function admitted(code: string, overrides: Parameters<typeof insertProgramme>[2] = {}, opts: { decision?: 'admit' | 'reject' | 'waitlist'; released?: boolean } = {}) {
  const programmeId = await insertProgramme(t.db, code, overrides);
  const s = await payingStudent(t);
  const appId = await insertDecidedApplication(t.db, programmeId, s.accountId, { ...opts, at: t.clock.now() });
  return { programmeId, s, appId };
}

const portal = (s: PayingStudent, code: string) => call<ProgrammePortal>(t.app, 'GET', `/api/student/programmes/${code}/portal`, { token: s.token });
const pay = (s: PayingStudent, code: string, kind: string, provider = 'WX', channel = 'scan') =>
  call<PaymentOrder>(t.app, 'POST', `/api/student/programmes/${code}/payment`, { token: s.token, body: { kind, provider, channel } });
async function payAndConfirm(s: PayingStudent, code: string, kind: string) {
  const res = await pay(s, code, kind);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: 200 });
  expect((await pressSandbox(t.app, res.body.data!.id, 'confirm')).body.status).toBe(200);
  return res.body.data!;
}

describe('gates (docs/product/users-and-roles.md)', () => {
  it('answers 仅录取用户可访问 without a released admit, and 完成定金支付后，方可访问 before the deposit', async () => {
    const code = codeOf('gate');
    const { s } = await admitted(code, {}, { released: false });
    const p = await portal(s, code);
    expect(p.body.data).toMatchObject({ state: 'submitted', offer: null, gates: { offer: MSG.OFFER_ONLY, deposit: MSG.OFFER_ONLY }, installments: null });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/pages/intro`, { token: s.token })).body).toMatchObject({ status: '403-10', msg: MSG.OFFER_ONLY });
    expect((await pay(s, code, 'deposit')).body).toMatchObject({ status: '403-10', msg: MSG.OFFER_ONLY });

    const code2 = codeOf('gate');
    const { s: s2 } = await admitted(code2, { weeks: [{ week: 1, title: '第一周', opens_at: '2027-02-01T00:00:00Z', content_html: '<p>内容</p><script>x</script>', tasks: ['任务一'] }] });
    const p2 = await portal(s2, code2);
    expect(p2.body.data).toMatchObject({ state: 'admitted', gates: { offer: null, deposit: MSG.DEPOSIT_REQUIRED }, next_kind: 'deposit' });
    expect(p2.body.data!.weeks).toEqual([{ week: 1, title: '第一周', opens_at: '2027-02-01T00:00:00Z', open: false }]);
    expect((await call(t.app, 'GET', `/api/student/programmes/${code2}/pages/intro`, { token: s2.token })).body.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/student/programmes/${code2}/pages/course`, { token: s2.token })).body).toMatchObject({ status: '403-10', msg: MSG.DEPOSIT_REQUIRED });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code2}/weeks/1`, { token: s2.token })).body).toMatchObject({ status: '403-10', msg: MSG.DEPOSIT_REQUIRED });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code2}/passport`, { token: s2.token })).body).toMatchObject({ status: '403-10', msg: MSG.DEPOSIT_REQUIRED });

    await payAndConfirm(s2, code2, 'deposit');
    expect((await portal(s2, code2)).body.data).toMatchObject({ gates: { offer: null, deposit: null }, weeks: [{ week: 1, open: true }] });
    const course = await call<{ html: string }>(t.app, 'GET', `/api/student/programmes/${code2}/pages/course`, { token: s2.token });
    expect(course.body).toMatchObject({ status: 200, data: { html: '<p>课程安排</p>' } });
    const week = await call<{ content_html: string; tasks: string[] }>(t.app, 'GET', `/api/student/programmes/${code2}/weeks/1`, { token: s2.token });
    expect(week.body).toMatchObject({ status: 200, data: { content_html: '<p>内容</p>', tasks: ['任务一'], prev: null, next: null } });
  });

  it('keeps a week closed until its date, and a free programme needs no deposit', async () => {
    const code = codeOf('free');
    const { s } = await admitted(code, {
      fees: { apply_fee_fen: 0, mode: 'none', fee_fen: 0, deposit_fen: 0, whole_due: { kind: 'after_offer', days: 7 }, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 7 }, durations: [], parent_pay: false },
      weeks: [
        { week: 1, title: '第一周', opens_at: '2027-02-01T00:00:00Z', content_html: '<p>一</p>', tasks: [] },
        { week: 2, title: '第二周', opens_at: '2027-04-01T00:00:00Z', content_html: '<p>二</p>', tasks: [] },
      ],
    });
    const p = await portal(s, code);
    expect(p.body.data).toMatchObject({ gates: { offer: null, deposit: null }, installments: null, next_kind: null, fees: { mode: 'none' } });
    expect(p.body.data!.weeks.map((w) => w.open)).toEqual([true, false]);
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/weeks/1`, { token: s.token })).body).toMatchObject({ status: 200, data: { next: 2 } });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/weeks/2`, { token: s.token })).body).toMatchObject({ status: 4001, msg: MSG.PROGRAMME_WEEK_NOT_OPEN });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/weeks/9`, { token: s.token })).http).toBe(404);
    expect((await pay(s, code, 'whole')).body).toMatchObject({ status: 4001, msg: MSG.PROGRAMME_NO_FEE });
  });
});

describe('ownership and input', () => {
  it('shows a student only their own application; an unknown programme is 项目不存在', async () => {
    const code = codeOf('own');
    await admitted(code);
    const other = await payingStudent(t);
    expect((await portal(other, code)).body.data).toMatchObject({ state: 'not_started', gates: { offer: MSG.OFFER_ONLY } });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/visa`, { token: other.token })).body).toMatchObject({ status: '403-10', msg: MSG.OFFER_ONLY });
    expect((await pay(other, code, 'deposit')).body).toMatchObject({ msg: MSG.PROGRAMME_APPLICATION_NOT_FOUND });
    expect((await call(t.app, 'GET', '/api/student/programmes/nope-nope/portal', { token: other.token })).body).toMatchObject({ msg: MSG.PROGRAMME_NOT_FOUND });
  });

  it('refuses bad input with 4003, and other roles', async () => {
    const code = codeOf('bad');
    const { s } = await admitted(code);
    expect((await call(t.app, 'GET', `/api/student/programmes/BAD!/portal`, { token: s.token })).body.status).toBe(4003);
    expect((await pay(s, code, 'everything')).body).toMatchObject({ status: 4003, data: { field: 'kind' } });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/weeks/abc`, { token: s.token })).body.status).toBe(4003);
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/pages/secret`, { token: s.token })).body.status).toBe(4003);
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/portal`, { token: staff.token })).http).toBe(403);
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/portal`)).body.status).toBe(401);
  });
});

describe('durations (SBP)', () => {
  const durations = [
    { key: 'w2', label: '两周', weeks: 2, fee_fen: 1_000_000 },
    { key: 'w4', label: '四周', weeks: 4, fee_fen: 1_800_000 },
  ];
  it('prices by the chosen duration, takes nothing before one is chosen, and locks once paid', async () => {
    const code = codeOf('sbp');
    const { s } = await admitted(code, { fees: { apply_fee_fen: 0, mode: 'split', fee_fen: 0, deposit_fen: 300_000, whole_due: { kind: 'after_offer', days: 14 }, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 30 }, durations, parent_pay: true } });
    expect((await portal(s, code)).body.data).toMatchObject({ fees: { duration_key: null, fee_fen: 0 }, installments: [], next_kind: null });
    expect((await pay(s, code, 'deposit')).body).toMatchObject({ msg: MSG.PROGRAMME_DURATION_REQUIRED });
    expect((await call(t.app, 'PUT', `/api/student/programmes/${code}/duration`, { token: s.token, body: { duration_key: 'w9' } })).body).toMatchObject({ status: 4003, msg: MSG.PROGRAMME_DURATION_INVALID });

    const chosen = await call<ProgrammePortal>(t.app, 'PUT', `/api/student/programmes/${code}/duration`, { token: s.token, body: { duration_key: 'w4' } });
    expect(chosen.body.data).toMatchObject({ fees: { duration_key: 'w4', fee_fen: 1_800_000 } });
    expect(chosen.body.data!.installments!.map((i) => [i.kind, i.amount_fen, i.payable])).toEqual([['deposit', 300_000, true], ['final', 1_500_000, false]]);
    const switched = await call<ProgrammePortal>(t.app, 'PUT', `/api/student/programmes/${code}/duration`, { token: s.token, body: { duration_key: 'w2' } });
    expect(switched.body.data!.installments!.map((i) => i.amount_fen)).toEqual([300_000, 700_000]);

    await payAndConfirm(s, code, 'deposit');
    expect((await call(t.app, 'PUT', `/api/student/programmes/${code}/duration`, { token: s.token, body: { duration_key: 'w4' } })).body).toMatchObject({ status: 4001, msg: MSG.PROGRAMME_DURATION_LOCKED });
    const final = await pay(s, code, 'final');
    expect(final.body.data).toMatchObject({ purpose: 'programme_final', amount_fen: 700_000 });
  });

  it('is for admitted students only', async () => {
    const code = codeOf('sbp');
    const { s } = await admitted(code, { fees: { apply_fee_fen: 0, mode: 'whole', fee_fen: 0, deposit_fen: 0, whole_due: { kind: 'after_offer', days: 14 }, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 30 }, durations, parent_pay: false } }, { decision: 'reject' });
    expect((await call(t.app, 'PUT', `/api/student/programmes/${code}/duration`, { token: s.token, body: { duration_key: 'w2' } })).body).toMatchObject({ status: '403-10', msg: MSG.OFFER_ONLY });
  });
});

describe('payments', () => {
  it('makes programme orders in plan order, never twice, and leaves the summer profile untouched', async () => {
    const code = codeOf('pay');
    const { s, programmeId } = await admitted(code);
    expect((await pay(s, code, 'final')).body).toMatchObject({ status: 4001, msg: MSG.PAY_DEPOSIT_FIRST });
    expect((await pay(s, code, 'whole')).body).toMatchObject({ status: 4003, msg: MSG.DUE_PURPOSE_NOT_IN_PLAN });
    const first = await pay(s, code, 'deposit');
    expect(first.body.data).toMatchObject({ purpose: 'programme_deposit', amount_fen: 500_000, status: 'pending' });
    // A double click reuses the open order.
    expect((await pay(s, code, 'deposit')).body.data!.id).toBe(first.body.data!.id);
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, first.body.data!.id));
    expect(row).toMatchObject({ programmeId, purpose: 'programme_deposit', completes: false });

    expect((await pressSandbox(t.app, first.body.data!.id, 'confirm')).body.status).toBe(200);
    const polled = await call(t.app, 'GET', `/api/student/payment/${first.body.data!.id}/is-paid`, { token: s.token });
    expect(polled.body).toMatchObject({ status: 200, data: { paid: true, purpose_paid: true } });
    const profile = await profileOf(t.db, s.accountId);
    expect(profile.tuitionPaidAt).toBeNull();
    expect(profile.applyPaidAt).toBeNull();
    expect((await pay(s, code, 'deposit')).body).toMatchObject({ msg: MSG.PAY_INSTALLMENT_PAID });

    const p = await portal(s, code);
    expect(p.body.data!.installments!.map((i) => [i.kind, i.status, i.payable])).toEqual([['deposit', 'paid', false], ['final', 'unpaid', true]]);
    expect(p.body.data).toMatchObject({ fees: { paid_fen: 500_000 }, next_kind: 'final' });
    const final = await payAndConfirm(s, code, 'final');
    expect(final).toMatchObject({ purpose: 'programme_final', amount_fen: 1_500_000 });
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).toBeNull();
    expect((await portal(s, code)).body.data).toMatchObject({ fees: { paid_fen: 2_000_000 }, next_kind: null });
  });

  it('takes the application fee only after the application is submitted, once', async () => {
    const code = codeOf('fee');
    const programmeId = await insertProgramme(t.db, code, { fees: { apply_fee_fen: 30_000, mode: 'none', fee_fen: 0, deposit_fen: 0, whole_due: { kind: 'after_offer', days: 7 }, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 7 }, durations: [], parent_pay: false } });
    const s = await payingStudent(t);
    const { programmeApplications } = await import('../../db/schema-programmes.ts');
    const [app] = await t.db.insert(programmeApplications).values({ programmeId, accountId: s.accountId }).returning();
    expect((await pay(s, code, 'apply_fee')).body).toMatchObject({ msg: MSG.PROGRAMME_APPLY_FEE_NOT_DUE });
    await t.db.update(programmeApplications).set({ submittedAt: t.clock.now() }).where(eq(programmeApplications.id, app!.id));
    expect((await portal(s, code)).body.data!.state).toBe('awaiting_fee');
    const order = await payAndConfirm(s, code, 'apply_fee');
    expect(order).toMatchObject({ purpose: 'programme_apply_fee', amount_fen: 30_000 });
    expect((await profileOf(t.db, s.accountId)).applyPaidAt).toBeNull();
    expect((await portal(s, code)).body.data!.state).toBe('submitted');
    expect((await pay(s, code, 'apply_fee')).body).toMatchObject({ msg: MSG.PAY_INSTALLMENT_PAID });
  });

  it('keeps the summer payment endpoint to summer purposes, and NHP to the week camps', async () => {
    const s = await payingStudent(t, { offer: 1 });
    expect((await call(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'programme_deposit', provider: 'WX', channel: 'scan' } })).body).toMatchObject({ status: 4003, data: { field: 'purpose' } });
    const code = codeOf('nhp');
    const { s: s2 } = await admitted(code);
    expect((await pay(s2, code, 'deposit', 'NHP', 'web')).body).toMatchObject({ msg: MSG.PAY_NHP_UNSUPPORTED });
    // The Dean's List takes NHP (the sandbox serves it in demo mode) for its deposit, not for its application fee.
    const { s: s3 } = await admitted('deans-list', { name: "Dean's List", fees: { apply_fee_fen: 10_000, mode: 'split', fee_fen: 2_000_000, deposit_fen: 500_000, whole_due: { kind: 'after_offer', days: 14 }, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 30 }, durations: [], parent_pay: false } });
    const nhp = await pay(s3, 'deans-list', 'deposit', 'NHP', 'wap');
    expect(nhp.body).toMatchObject({ status: 200, data: { purpose: 'programme_deposit', pay: { kind: 'redirect' } } });
    expect((await pressSandbox(t.app, nhp.body.data!.id, 'confirm')).body.status).toBe(200);
    expect((await portal(s3, 'deans-list')).body.data).toMatchObject({ gates: { deposit: null }, next_kind: 'final' });
  });
});

describe('the parent link', () => {
  it('pays the next installment, names the programme, and ends when everything is paid', async () => {
    const code = codeOf('sbp');
    const { s } = await admitted(code, { name: '暑期桥梁项目' });
    const link = await call<ParentLink>(t.app, 'POST', `/api/student/programmes/${code}/parent-link`, { token: s.token });
    expect(link.body.status).toBe(200);
    // A programme without a page of its own in the spec is paid on the generic parent page.
    expect(link.body.data!.url).toBe(`/pay/programme-parent/${link.body.data!.token}`);
    const token = link.body.data!.token;
    const view = await call<PayFor>(t.app, 'GET', `/api/guest/payment/pay-for/${token}`);
    expect(view.body.data).toMatchObject({ programme: '暑期桥梁项目', purpose: 'programme_deposit', amount_fen: 500_000, installment: 'deposit', status: 'pending' });

    const order = await call<PaymentOrder>(t.app, 'POST', `/api/guest/payment/pay-for/${token}`, { body: { provider: 'WX', channel: 'scan' } });
    expect(order.body.data).toMatchObject({ purpose: 'programme_deposit', amount_fen: 500_000 });
    await pressSandbox(t.app, order.body.data!.id, 'confirm');
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, order.body.data!.id));
    expect(row).toMatchObject({ payer: 'parent', programmeId: expect.any(Number) });
    expect((await call(t.app, 'GET', `/api/guest/payment/pay-for/${token}/is-paid`)).body.data).toMatchObject({ paid: true, purpose_paid: false });

    // The same link now pays the final payment.
    expect((await call<PayFor>(t.app, 'GET', `/api/guest/payment/pay-for/${token}`)).body.data).toMatchObject({ purpose: 'programme_final', amount_fen: 1_500_000, installment: 'final' });
    const final = await call<PaymentOrder>(t.app, 'POST', `/api/guest/payment/pay-for/${token}`, { body: { provider: 'AL', channel: 'scan' } });
    expect(final.body.data).toMatchObject({ purpose: 'programme_final', amount_fen: 1_500_000 });
    await pressSandbox(t.app, final.body.data!.id, 'confirm');
    expect((await call<PayFor>(t.app, 'GET', `/api/guest/payment/pay-for/${token}`)).body.data).toMatchObject({ status: 'paid', paid_by: { payer: 'parent' } });
    expect((await call(t.app, 'POST', `/api/guest/payment/pay-for/${token}`, { body: { provider: 'WX', channel: 'scan' } })).body.msg).toBe(MSG.PAY_LINK_PAID);
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).toBeNull();
    // The receipt names the programme.
    const receipt = await t.app.inject({ method: 'GET', url: `/api/guest/payment/pay-for/${token}/receipt` });
    expect(receipt.statusCode).toBe(200);
    const text = (await pdfText(receipt.rawPayload)).join('');
    expect(text).toContain('暑期桥梁项目');
    expect(text).toContain('尾款');
  });

  it('needs parent pay on the programme and an offer', async () => {
    const code = codeOf('nopp');
    const { s } = await admitted(code, { fees: { apply_fee_fen: 0, mode: 'whole', fee_fen: 100_000, deposit_fen: 0, whole_due: { kind: 'after_offer', days: 7 }, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 7 }, durations: [], parent_pay: false } });
    expect((await call(t.app, 'POST', `/api/student/programmes/${code}/parent-link`, { token: s.token })).body.msg).toBe(MSG.PAY_METHOD_UNSUPPORTED);
    const code2 = codeOf('nooffer');
    const { s: s2 } = await admitted(code2, {}, { released: false });
    expect((await call(t.app, 'POST', `/api/student/programmes/${code2}/parent-link`, { token: s2.token })).body).toMatchObject({ status: '403-10', msg: MSG.OFFER_ONLY });
  });
});

describe('passport', () => {
  async function paidDeposit(code: string, overrides: Parameters<typeof insertProgramme>[2] = {}) {
    const r = await admitted(code, overrides);
    await payAndConfirm(r.s, code, 'deposit');
    return r;
  }

  it('validates number, name, expiry (six months after the programme ends) and the scan owner; stores the number sealed', async () => {
    const code = codeOf('pp');
    const { s, appId } = await paidDeposit(code);
    const scan = await uploadPdf(t.app, s.token, 'passport.pdf');
    const put = (body: Record<string, unknown>) => call(t.app, 'PUT', `/api/student/programmes/${code}/passport`, { token: s.token, body });
    const good = { number: 'e1234 5678', name: 'ZHANG XIAOMING', expires_on: '2028-02-15', scan };
    expect((await put({ ...good, number: 'E12-345' })).body).toMatchObject({ status: 4003, data: { field: 'number' }, msg: MSG.PASSPORT_NUMBER_INVALID });
    expect((await put({ ...good, name: '张小明' })).body).toMatchObject({ status: 4003, data: { field: 'name' } });
    // ends_on 2027-08-15: the passport must be valid until 2028-02-15.
    expect((await put({ ...good, expires_on: '2028-02-14' })).body).toMatchObject({ status: 4003, data: { field: 'expires_on' }, msg: MSG.PASSPORT_EXPIRY_TOO_SOON });
    const stranger = await payingStudent(t);
    const foreign = await uploadPdf(t.app, stranger.token, 'other.pdf');
    expect((await put({ ...good, scan: foreign })).body).toMatchObject({ status: 4003, data: { field: 'scan' } });

    const saved = await put(good);
    expect(saved.body).toMatchObject({ status: 200, msg: MSG.PASSPORT_SAVED, data: { required: true, passport: { number_masked: 'E1*****78', name: 'ZHANG XIAOMING', expires_on: '2028-02-15', scan } } });
    expect(JSON.stringify(saved.body)).not.toContain('E12345678');
    const [docs] = await t.db.select().from(programmeDocuments).where(eq(programmeDocuments.applicationId, appId));
    expect(docs!.passportCipher).toMatch(/^v1\./);
    expect(JSON.stringify(docs)).not.toContain('E12345678');
    expect(docs!.passportTail).toBe('E1*****78');
    expect((await portal(s, code)).body.data!.passport_saved).toBe(true);
    expect(JSON.stringify((await call(t.app, 'GET', `/api/student/programmes/${code}/passport`, { token: s.token })).body)).not.toContain('E12345678');

    // The reveal: students.reveal_id (admins), audited; staff without it are refused.
    const url = `/api/admin/programmes/${code}/applications/${appId}/passport`;
    expect((await call(t.app, 'GET', url, { token: staff.token })).http).toBe(403);
    const revealed = await call<{ number: string }>(t.app, 'GET', url, { token: admin.token });
    expect(revealed.body).toMatchObject({ status: 200, data: { number: 'E12345678' } });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'programme.passport.reveal'), eq(auditLog.entityId, String(appId))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('E12345678');
  });

  it('answers the spec alias for H-week and refuses a programme without passports', async () => {
    const { s } = await paidDeposit('hxweek', { name: 'H-week' });
    const scan = await uploadPdf(t.app, s.token, 'passport.pdf');
    const res = await call(t.app, 'PUT', '/api/student/hx-week/passport-own', { token: s.token, body: { number: 'G87654321', name: 'LI HUA', expires_on: '2029-01-01', scan } });
    expect(res.body).toMatchObject({ status: 200, data: { passport: { number_masked: 'G8*****21' } } });

    const code = codeOf('nopass');
    const { s: s2 } = await paidDeposit(code, { documents: { passport: false, visa: false } });
    const scan2 = await uploadPdf(t.app, s2.token, 'passport.pdf');
    expect((await call(t.app, 'PUT', `/api/student/programmes/${code}/passport`, { token: s2.token, body: { number: 'G87654321', name: 'LI HUA', expires_on: '2029-01-01', scan: scan2 } })).body.msg).toBe(MSG.PASSPORT_NOT_REQUIRED);
  });
});

describe('visa', () => {
  it('is submitted, reviewed by staff (a reject needs a note), resubmitted after a reject, audited', async () => {
    const code = codeOf('visa');
    const { s, appId } = await admitted(code);
    await payAndConfirm(s, code, 'deposit');
    const review = (token: string, body: Record<string, unknown>) => call(t.app, 'PUT', `/api/admin/programmes/${code}/applications/${appId}/visa`, { token, body });
    expect((await review(staff.token, { status: 'approved' })).body.msg).toBe(MSG.VISA_NOT_SUBMITTED);

    const file = await uploadPdf(t.app, s.token, 'visa.pdf');
    expect((await call(t.app, 'PUT', `/api/student/programmes/${code}/visa`, { token: s.token, body: { files: [] } })).body).toMatchObject({ status: 4003, msg: MSG.VISA_FILES_REQUIRED });
    const submitted = await call(t.app, 'PUT', `/api/student/programmes/${code}/visa`, { token: s.token, body: { files: [file], note: '已预约面签' } });
    expect(submitted.body).toMatchObject({ status: 200, data: { visa: { status: 'submitted', files: [file], note: '已预约面签' } } });

    expect((await review(staff.token, { status: 'rejected' })).body).toMatchObject({ status: 4003, msg: MSG.VISA_REVIEW_NOTE_REQUIRED });
    const teacher = await staffOfType(t, 1, '任课老师');
    expect((await review(teacher.token, { status: 'approved' })).http).toBe(403);
    expect((await review(staff.token, { status: 'rejected', note: '请补充在读证明' })).body).toMatchObject({ status: 200, data: { visa: { status: 'rejected', review_note: '请补充在读证明' } } });
    expect((await call(t.app, 'GET', `/api/student/programmes/${code}/visa`, { token: s.token })).body).toMatchObject({ data: { visa: { status: 'rejected', review_note: '请补充在读证明' } } });
    expect((await portal(s, code)).body.data!.visa_status).toBe('rejected');

    expect((await call(t.app, 'PUT', `/api/student/programmes/${code}/visa`, { token: s.token, body: { files: [file] } })).body).toMatchObject({ data: { visa: { status: 'submitted' } } });
    expect((await review(admin.token, { status: 'approved' })).body).toMatchObject({ status: 200, data: { visa: { status: 'approved' } } });
    expect((await review(admin.token, { status: 'approved' })).body.msg).toBe(MSG.VISA_NOT_SUBMITTED);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'programme.visa.review'), eq(auditLog.entityId, String(appId))));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.actorId).sort()).toEqual([staff.id, admin.id].sort());
  });
});
