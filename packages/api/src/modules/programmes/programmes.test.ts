/** Programmes (decision 075): eligibility, window, the generic form, aliases, admin definitions and decisions. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MSG, formatMessage, type AdminProgramme, type AdminProgrammeApplication, type MyApplication, type MyProgramme, type ProgrammeDefinition, type SuccessCardStatus } from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { applications } from '../../db/schema-admission.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone, registerStudent } from '../../test/flows.ts';
import { uploadPdf } from '../storage/storage-test-kit.ts';
import { insertDecidedApplication, insertProgramme, sampleDefinition } from './programme-test-kit.ts';

let t: TestApp;
let admin: string;

interface Student {
  token: string;
  id: number;
}

async function student(opts: { activeType?: number; tags?: string[]; batch?: string } = {}): Promise<Student> {
  const phone = newPhone();
  const s = await registerStudent(t.app, phone);
  const [row] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
  const id = row!.id;
  await t.db.update(studentProfiles).set({ activeType: opts.activeType ?? 1, userTags: opts.tags ?? [] }).where(eq(studentProfiles.accountId, id));
  if (opts.batch) await t.db.insert(applications).values({ accountId: id, batch: opts.batch });
  return { token: s.token, id };
}

async function slAccount(): Promise<string> {
  return createStaffToken(t, 'sl');
}

const put = (token: string, code: string, step: string, answers: Record<string, unknown>, submit = false, role: 'student' | 'sl' = 'student') =>
  call<MyApplication>(t.app, 'PUT', `/api/${role}/programmes/${code}/application/steps/${step}`, { token, body: { answers, submit } });
const mine = (token: string, code: string, role: 'student' | 'sl' = 'student') => call<MyApplication>(t.app, 'GET', `/api/${role}/programmes/${code}/application`, { token });

async function paidOrder(accountId: number, programmeId: number, purpose: 'programme_apply_fee' | 'programme_deposit' | 'programme_final', amountFen: number) {
  const at = new Date();
  await t.db.insert(paymentOrders).values({
    orderNo: `SM${randomBytes(10).toString('hex')}`,
    accountId,
    programmeId,
    purpose,
    amountFen,
    status: 'paid',
    provider: 'WX',
    channel: 'wechat_scan',
    gateway: 'sandbox',
    idempotencyKey: randomBytes(16).toString('hex'),
    paidAt: at,
    expiresAt: new Date(at.getTime() + 7_200_000),
    createdAt: at,
  });
}

/** Fills and submits both steps of the sample definition. */
async function applySample(s: Student, code: string) {
  const file = await uploadPdf(t.app, s.token, 'transcript.pdf');
  expect((await put(s.token, code, 'basic', { motivation: '我想参加', grade: '高二' }, true)).body.status).toBe(200);
  const done = await put(s.token, code, 'materials', { transcript: [file] }, true);
  expect(done.body).toMatchObject({ status: 200, msg: MSG.PROGRAMME_SUBMITTED });
  return done.body.data!;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  ids.ssi = await insertProgramme(t.db, 'ssi', { name: 'SSI', eligibility: { active_types: [3], secondary_only: true, early_batch_only: false, required_tag: null, hidden_on_amc: false } });
  ids.volunteer = await insertProgramme(t.db, 'volunteer', {
    name: '志愿者',
    eligibility: { active_types: [4, 8, 12], secondary_only: false, early_batch_only: false, required_tag: null, hidden_on_amc: true },
    steps: [
      { key: 'step1', title: '基本信息', questions: [{ key: 'intent', label: '志愿意向', type: 'radio', required: true, options: ['助教', '活动'] }] },
      { key: 'step2', title: '经历', questions: [{ key: 'exp', label: '经历', type: 'textarea', required: true }] },
    ],
  });
  ids.secondary = await insertProgramme(t.db, 'deans-list', { eligibility: { active_types: [], secondary_only: true, early_batch_only: false, required_tag: null, hidden_on_amc: false } });
  ids.early = await insertProgramme(t.db, 'early', { eligibility: { active_types: [], secondary_only: false, early_batch_only: true, required_tag: null, hidden_on_amc: false } });
  ids.sbp = await insertProgramme(t.db, 'sbp', { eligibility: { active_types: [], secondary_only: false, early_batch_only: false, required_tag: 'sbp-offer', hidden_on_amc: false } });
  ids.sl = await insertProgramme(t.db, 'sl', { applicant_role: 'sl', documents: { passport: false, visa: false } });
  ids.ccl = await insertProgramme(t.db, 'ccl', { applicant_role: 'sl', documents: { passport: false, visa: false } });
  ids.open = await insertProgramme(t.db, 'open-one');
  ids.closed = await insertProgramme(t.db, 'late', { apply_closes_at: '2020-01-01T00:00:00+08:00' });
  ids.future = await insertProgramme(t.db, 'future', { apply_opens_at: '2099-01-01T00:00:00+08:00' });
  ids.draft = await insertProgramme(t.db, 'secret', { status: 'draft' });
  ids.fee = await insertProgramme(t.db, 'with-fee', { fees: { ...sampleDefinition().fees, apply_fee_fen: 10_000 } });
  ids.hxweek = await insertProgramme(t.db, 'hxweek', { offer_types: [{ key: 'hweek', label: 'H-week' }, { key: 'xweek', label: 'X-week' }] });
}, 60_000);
afterAll(async () => t.close());

describe('public page', () => {
  it('shows an open programme with its window and eligibility in words; a draft or unknown code is 项目不存在', async () => {
    const page = await call<{ name: string; window_msg: string | null; eligibility_notes: string[]; steps: Array<{ key: string }> }>(t.app, 'GET', '/api/programmes/deans-list');
    expect(page.body.status).toBe(200);
    expect(page.body.data).toMatchObject({ window_msg: null, eligibility_notes: [MSG.SECONDARY_STUDENT_ONLY], steps: [{ key: 'basic' }, { key: 'materials' }] });
    expect((await call(t.app, 'GET', '/api/programmes/late')).body.data).toMatchObject({ window_msg: MSG.PROGRAMME_CLOSED });
    for (const code of ['secret', 'nothing-here']) {
      const res = await call(t.app, 'GET', `/api/programmes/${code}`);
      expect(res.http).toBe(404);
      expect(res.body.msg).toBe(MSG.PROGRAMME_NOT_FOUND);
    }
    expect((await call(t.app, 'GET', '/api/programmes/BAD!')).body.status).toBe(4003);
  });

  it('hides a hidden_on_amc programme on the AMC host', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/programmes/volunteer' });
    expect(plain.json()).toMatchObject({ status: 200 });
    const amc = await t.app.inject({ method: 'GET', url: '/api/programmes/volunteer', headers: { host: 'amc.summit.cn' } });
    expect(amc.statusCode).toBe(404);
    const s = await student({ activeType: 8 });
    const list = await t.app.inject({ method: 'GET', url: '/api/student/programmes', headers: { host: 'amc.summit.cn', authorization: `Bearer ${s.token}` } });
    expect((list.json() as { data: MyProgramme[] }).data.map((p) => p.code)).not.toContain('volunteer');
    const write = await t.app.inject({ method: 'POST', url: '/api/student/vol/apply/step1', headers: { host: 'amc.summit.cn', authorization: `Bearer ${s.token}` }, payload: { answers: { intent: '助教' } } });
    expect(write.statusCode).toBe(404);
  });
});

describe('eligibility', () => {
  it('SSI takes type 3 only: type 1 is refused with the type message, type 3 applies through /api/student/v5/si/apply', async () => {
    const one = await student({ activeType: 1 });
    const refused = await call(t.app, 'POST', '/api/student/v5/si/apply', { token: one.token, body: { answers: { motivation: '想参加' } } });
    expect(refused.body).toMatchObject({ status: '403-50', msg: MSG.PROGRAMME_TYPE_NOT_ELIGIBLE });
    expect((await mine(one.token, 'ssi')).body.data).toMatchObject({ eligibility_msg: MSG.PROGRAMME_TYPE_NOT_ELIGIBLE, state: 'not_started' });

    const three = await student({ activeType: 3 });
    const ok = await call<MyApplication>(t.app, 'POST', '/api/student/v5/si/apply', { token: three.token, body: { answers: { motivation: '想参加', grade: '高一' } } });
    expect(ok.body.status).toBe(200);
    expect(ok.body.data).toMatchObject({ submitted_steps: ['basic'], state: 'draft', answers: { basic: { grade: '高一' } } });
  });

  it('volunteers: students are refused; a trainee (type 8) fills step 1 and step 2 through the aliases', async () => {
    const one = await student({ activeType: 1 });
    expect((await call(t.app, 'POST', '/api/student/vol/apply/step1', { token: one.token, body: { answers: { intent: '助教' } } })).body.msg).toBe(MSG.PROGRAMME_TYPE_NOT_ELIGIBLE);
    const trainee = await student({ activeType: 8 });
    const early = await call(t.app, 'POST', '/api/student/vol/apply/step2', { token: trainee.token, body: { answers: { exp: '做过助教' } } });
    expect(early.body.msg).toBe(MSG.PROGRAMME_STEP_ORDER);
    expect((await call(t.app, 'POST', '/api/student/vol/apply/step1', { token: trainee.token, body: { answers: { intent: '助教' } } })).body.status).toBe(200);
    const done = await call<MyApplication>(t.app, 'POST', '/api/student/vol/apply/step2', { token: trainee.token, body: { answers: { exp: '做过助教' } } });
    expect(done.body).toMatchObject({ status: 200, msg: MSG.PROGRAMME_SUBMITTED, data: { state: 'submitted', submitted_steps: ['step1', 'step2'] } });
  });

  it('secondary-only says 仅中学生可游览 to a college student; early-batch-only says 仅限前批I、提前批II的同学申请 outside EB1/EB2; a tag is needed where set', async () => {
    const college = await student({ activeType: 8 });
    expect((await put(college.token, 'deans-list', 'basic', { motivation: 'x' })).body).toMatchObject({ status: '403-50', msg: '仅中学生可游览' });
    expect((await put((await student()).token, 'deans-list', 'basic', { motivation: 'x' })).body.status).toBe(200);

    const rd = await student({ batch: 'RD' });
    expect((await put(rd.token, 'early', 'basic', { motivation: 'x' })).body.msg).toBe('仅限前批I、提前批II的同学申请');
    const none = await student();
    expect((await put(none.token, 'early', 'basic', { motivation: 'x' })).body.msg).toBe(MSG.EARLY_BATCH_ONLY);
    const eb1 = await student({ batch: 'EB1' });
    expect((await put(eb1.token, 'early', 'basic', { motivation: 'x' })).body.status).toBe(200);

    expect((await put(none.token, 'sbp', 'basic', { motivation: 'x' })).body.msg).toBe(MSG.PROGRAMME_TAG_REQUIRED);
    const tagged = await student({ tags: ['sbp-offer'] });
    expect((await put(tagged.token, 'sbp', 'basic', { motivation: 'x' })).body.status).toBe(200);
  });

  it('SL programmes take student-leader accounts only, under /api/sl/', async () => {
    const s = await student();
    expect((await put(s.token, 'sl', 'basic', { motivation: 'x' })).body.msg).toBe(MSG.PROGRAMME_ROLE_ONLY_SL);
    const sl = await slAccount();
    expect((await put(sl, 'open-one', 'basic', { motivation: 'x' }, false, 'sl')).body.msg).toBe(MSG.PROGRAMME_ROLE_ONLY_STUDENT);
    expect((await call(t.app, 'GET', '/api/sl/programmes/sl/application', { token: s.token })).http).toBe(403);
  });

  it('an SL completes both the SL and the CCL application, with drafts and uploads, and sees them submitted', async () => {
    const sl = await slAccount();
    const list = await call<MyProgramme[]>(t.app, 'GET', '/api/sl/programmes', { token: sl });
    expect(list.body.data!.map((p) => p.code).sort()).toEqual(['ccl', 'sl']);
    for (const code of ['sl', 'ccl']) {
      const draft = await put(sl, code, 'basic', { motivation: '带领小组' }, false, 'sl');
      expect(draft.body).toMatchObject({ status: 200, msg: MSG.PROGRAMME_DRAFT_SAVED, data: { state: 'draft', submitted_steps: [] } });
      expect((await put(sl, code, 'basic', { grade: '高三' }, true, 'sl')).body.data).toMatchObject({ submitted_steps: ['basic'], answers: { basic: { motivation: '带领小组', grade: '高三' } } });
      const cred = await call<{ file: { url: string; name: string } }>(t.app, 'POST', '/api/sl/oss/credential', { token: sl, body: { file_name: 'cv.pdf', type: 'application/pdf', file_size: 40 } });
      expect(cred.body.status).toBe(200);
      // The credential alone is not a stored file.
      expect((await put(sl, code, 'materials', { transcript: [cred.body.data!.file] }, true, 'sl')).body.status).toBe(4003);
      const file = await uploadPdf(t.app, sl, 'cv.pdf');
      expect((await put(sl, code, 'materials', { transcript: [file] }, true, 'sl')).body).toMatchObject({ status: 200, data: { state: 'submitted' } });
    }
    const after = await call<MyProgramme[]>(t.app, 'GET', '/api/sl/programmes', { token: sl });
    expect(after.body.data!.map((p) => p.state)).toEqual(['submitted', 'submitted']);
  });
});

describe('window and form', () => {
  it('refuses writes outside the window', async () => {
    const s = await student();
    expect((await put(s.token, 'late', 'basic', { motivation: 'x' })).body).toMatchObject({ status: 4001, msg: MSG.PROGRAMME_CLOSED });
    expect((await put(s.token, 'future', 'basic', { motivation: 'x' })).body).toMatchObject({ status: 4001, msg: MSG.PROGRAMME_NOT_OPEN });
    expect((await put(s.token, 'secret', 'basic', { motivation: 'x' })).http).toBe(404);
    expect((await put(s.token, 'open-one', 'nostep', { motivation: 'x' })).body.msg).toBe(MSG.PROGRAMME_STEP_NOT_FOUND);
  });

  it('checks every answer against its question and the required ones on submit', async () => {
    const s = await student();
    const code = 'open-one';
    expect((await put(s.token, code, 'basic', { grade: '大一' })).body).toMatchObject({ status: 4003, msg: formatMessage(MSG.PROGRAMME_ANSWER_INVALID, '年级') });
    expect((await put(s.token, code, 'basic', { grade: ['高一'] })).body.status).toBe(4003);
    expect((await put(s.token, code, 'basic', { motivation: 'x'.repeat(501) })).body).toMatchObject({ status: 4003, msg: formatMessage(MSG.PROGRAMME_ANSWER_INVALID, '申请理由') });
    expect((await put(s.token, code, 'basic', { unknown: 'x' })).body.status).toBe(4003);
    expect((await call(t.app, 'PUT', `/api/student/programmes/${code}/application/steps/basic`, { token: s.token, body: { answers: 'x' } })).body.status).toBe(4003);
    expect((await put(s.token, code, 'basic', { motivation: '理由' })).body.status).toBe(200);
    const missing = await put(s.token, code, 'basic', {}, true);
    expect(missing.body).toMatchObject({ status: 4003, msg: formatMessage(MSG.PROGRAMME_ANSWER_REQUIRED, '年级') });
    expect((await put(s.token, code, 'materials', {}, true)).body.msg).toBe(MSG.PROGRAMME_STEP_ORDER);
  });

  it('takes only files the account uploaded itself', async () => {
    const a = await student();
    const b = await student();
    const theirs = await uploadPdf(t.app, b.token, 'b.pdf');
    await put(a.token, 'open-one', 'basic', { motivation: '理由', grade: '高一' }, true);
    expect((await put(a.token, 'open-one', 'materials', { transcript: [theirs] })).body).toMatchObject({ status: 4003, msg: formatMessage(MSG.PROGRAMME_ANSWER_INVALID, '成绩单') });
    expect((await put(a.token, 'open-one', 'materials', { transcript: [{ url: 'https://evil.example/x.pdf', name: 'x.pdf' }] })).body.status).toBe(4003);
    const own = await uploadPdf(t.app, a.token, 'a.pdf');
    expect((await put(a.token, 'open-one', 'materials', { transcript: [own] })).body.status).toBe(200);
  });

  it('is read-only once submitted, and another student never sees my answers', async () => {
    const a = await student();
    await applySample(a, 'open-one');
    expect((await put(a.token, 'open-one', 'basic', { motivation: '改一下' })).body).toMatchObject({ status: 4001, msg: MSG.PROGRAMME_ALREADY_SUBMITTED });
    expect((await put(a.token, 'open-one', 'materials', {})).body.msg).toBe(MSG.PROGRAMME_ALREADY_SUBMITTED);
    const b = await student();
    expect((await mine(b.token, 'open-one')).body.data).toMatchObject({ state: 'not_started', answers: {} });
    expect((await call(t.app, 'GET', '/api/student/programmes/open-one/application')).body.status).toBe(401);
  });

  it('an application fee keeps the application awaiting the fee until a paid order of the programme exists', async () => {
    const s = await student();
    const view = await applySample(s, 'with-fee');
    expect(view).toMatchObject({ state: 'awaiting_fee', apply_fee: { fen: 10_000, paid: false } });
    const list = await call<{ items: Array<{ id: number }> }>(t.app, 'GET', '/api/admin/programmes/with-fee/applications', { token: admin });
    const id = list.body.data!.items[0]!.id;
    expect((await call(t.app, 'PUT', `/api/admin/programmes/with-fee/applications/${id}/decision`, { token: admin, body: { decision: 'admit' } })).body.msg).toBe(MSG.PROGRAMME_NOT_SUBMITTED);
    await paidOrder(s.id, ids.fee!, 'programme_apply_fee', 10_000);
    expect((await mine(s.token, 'with-fee')).body.data).toMatchObject({ state: 'submitted', apply_fee: { paid: true } });
    expect((await call(t.app, 'PUT', `/api/admin/programmes/with-fee/applications/${id}/decision`, { token: admin, body: { decision: 'admit' } })).body.status).toBe(200);
  });
});

describe('admin', () => {
  it('refuses students, SL and teachers without admin rights', async () => {
    const s = await student();
    const teacher = await createStaffToken(t, 'teacher');
    for (const token of [s.token, teacher, await slAccount()]) {
      expect((await call(t.app, 'GET', '/api/admin/programmes', { token })).http).toBe(403);
      expect((await call(t.app, 'POST', '/api/admin/programmes/open-one/release', { token, body: { ids: [1] } })).http).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/programmes')).body.status).toBe(401);
  });

  it('validates a definition beyond its schema and sanitises its rich text', async () => {
    const post = (code: string, definition: unknown) => call<AdminProgramme>(t.app, 'POST', '/api/admin/programmes', { token: admin, body: { code, definition } });
    const def = sampleDefinition();
    expect((await post('Bad Code', def)).body).toMatchObject({ status: 4003, msg: MSG.PROGRAMME_CODE_INVALID });
    expect((await post('open-one', def)).body).toMatchObject({ status: 4003, msg: MSG.PROGRAMME_CODE_TAKEN });
    expect((await post('dup-steps', { ...def, steps: [def.steps[0], def.steps[0]] })).body.msg).toBe(MSG.PROGRAMME_KEY_DUPLICATE);
    const q = def.steps[0]!.questions[0]!;
    expect((await post('dup-q', { ...def, steps: [{ ...def.steps[0], questions: [q, q] }] })).body.msg).toBe(MSG.PROGRAMME_KEY_DUPLICATE);
    expect((await post('no-options', { ...def, steps: [{ key: 's', title: 'S', questions: [{ key: 'c', label: '选', type: 'radio', required: true }] }] })).body.msg).toBe(MSG.PROGRAMME_OPTIONS_REQUIRED);
    expect((await post('big-deposit', { ...def, fees: { ...def.fees, deposit_fen: def.fees.fee_fen } })).body.msg).toBe(MSG.FEE_PLAN_DEPOSIT_TOO_LARGE);
    expect((await post('dup-offer', { ...def, offer_types: [{ key: 'a', label: 'A' }, { key: 'a', label: 'B' }] })).body.msg).toBe(MSG.PROGRAMME_KEY_DUPLICATE);
    expect((await post('no-steps', { ...def, steps: [] })).body.msg).toBe(MSG.PROGRAMME_STEPS_REQUIRED);
    expect((await post('bad-key', { ...def, steps: [{ ...def.steps[0], key: 'Bad Key' }] })).body.msg).toBe(MSG.PROGRAMME_KEY_INVALID);

    const made = await post('clean-html', { ...def, intro_html: '<p>介绍<script>alert(1)</script></p><img src=x onerror=alert(1)>' });
    expect(made.body.status).toBe(200);
    expect(made.body.data!.definition.intro_html).not.toMatch(/script|onerror/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'programme.create')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit[0]).toMatchObject({ entity: 'programme', after: { code: 'clean-html' } });

    const updated = await call<AdminProgramme>(t.app, 'PUT', '/api/admin/programmes/clean-html', { token: admin, body: { definition: { ...def, name: '改名后的项目' } } });
    expect(updated.body.data!.definition.name).toBe('改名后的项目');
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'programme.update'))).length).toBeGreaterThan(0);
    expect((await call(t.app, 'PUT', '/api/admin/programmes/none-such', { token: admin, body: { definition: def } })).http).toBe(404);
    const list = await call<Array<{ code: string }>>(t.app, 'GET', '/api/admin/programmes', { token: admin });
    expect(list.body.data!.map((p) => p.code)).toContain('secret');
  });

  it('decides drafts, needs an offer type where the programme has them, releases in bulk, locks what is released, and audits each step', async () => {
    const s = await student();
    const other = await student();
    await applySample(s, 'hxweek');
    await put(other.token, 'hxweek', 'basic', { motivation: '草稿' });
    const list = await call<{ items: Array<{ id: number; account_id: number; phone: string; state: string }>; total: number }>(t.app, 'GET', '/api/admin/programmes/hxweek/applications?filter=submitted', { token: admin });
    expect(list.body.data!.total).toBe(1);
    const row = list.body.data!.items[0]!;
    expect(row.phone).toMatch(/\*\*\*\*/);
    const draftRow = (await call<{ items: Array<{ id: number }> }>(t.app, 'GET', '/api/admin/programmes/hxweek/applications?filter=draft', { token: admin })).body.data!.items[0]!;
    const url = `/api/admin/programmes/hxweek/applications/${row.id}/decision`;

    expect((await call(t.app, 'PUT', `/api/admin/programmes/hxweek/applications/${draftRow.id}/decision`, { token: admin, body: { decision: 'admit', offer_type: 'hweek' } })).body.msg).toBe(MSG.PROGRAMME_NOT_SUBMITTED);
    expect((await call(t.app, 'PUT', url, { token: admin, body: { decision: 'admit' } })).body).toMatchObject({ status: 4003, msg: MSG.PROGRAMME_OFFER_TYPE_REQUIRED });
    expect((await call(t.app, 'PUT', url, { token: admin, body: { decision: 'admit', offer_type: 'zweek' } })).body.msg).toBe(MSG.PROGRAMME_OFFER_TYPE_REQUIRED);
    expect((await call(t.app, 'PUT', url, { token: admin, body: { decision: 'maybe' } })).body.status).toBe(4003);
    expect((await call(t.app, 'PUT', url, { token: admin, body: { decision: 'reject' } })).body.status).toBe(200);
    expect((await call(t.app, 'DELETE', url, { token: admin })).body.status).toBe(200);
    expect((await call(t.app, 'PUT', url, { token: admin, body: { decision: 'admit', offer_type: 'hweek', note: '优秀' } })).body).toMatchObject({ status: 200, data: { decision: 'admit', offer_type: 'hweek', released_at: null } });
    // A draft is not the student's to see.
    expect((await mine(s.token, 'hxweek')).body.data).toMatchObject({ state: 'submitted', decision: null });

    const detail = await call<AdminProgrammeApplication>(t.app, 'GET', `/api/admin/programmes/hxweek/applications/${row.id}`, { token: admin });
    expect(detail.body.data!.steps[0]!.answers[0]).toMatchObject({ key: 'motivation', label: '申请理由', value: '我想参加' });
    expect(detail.body.data).toMatchObject({ passport: null, visa: { status: 'not_started' }, paid_fen: 0, fully_paid: false });
    expect((await call(t.app, 'GET', `/api/admin/programmes/open-one/applications/${row.id}`, { token: admin })).http).toBe(404);

    const released = await call<{ released: number }>(t.app, 'POST', '/api/admin/programmes/hxweek/release', { token: admin, body: { ids: [row.id, draftRow.id] } });
    expect(released.body.data).toEqual({ released: 1 });
    expect((await call(t.app, 'PUT', url, { token: admin, body: { decision: 'reject' } })).body.msg).toBe(MSG.PROGRAMME_RELEASED_LOCKED);
    expect((await call(t.app, 'DELETE', url, { token: admin })).body.msg).toBe(MSG.PROGRAMME_RELEASED_LOCKED);
    expect((await call(t.app, 'POST', '/api/admin/programmes/hxweek/release', { token: admin, body: { ids: [] } })).body.status).toBe(4003);

    expect((await mine(s.token, 'hxweek')).body.data).toMatchObject({ state: 'admitted', decision: { decision: 'admit', offer_type: 'hweek', offer_label: 'H-week' } });
    for (const action of ['programme.decision.save', 'programme.decision.delete', 'programme.decision.release']) {
      const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, action)));
      expect(rows.length, action).toBeGreaterThan(0);
    }
    const search = await call<{ total: number }>(t.app, 'GET', `/api/admin/programmes/hxweek/applications?q=${encodeURIComponent('测试')}&filter=admitted`, { token: admin });
    expect(search.body.data!.total).toBeGreaterThanOrEqual(0);
    expect((await call(t.app, 'GET', '/api/admin/programmes/hxweek/applications?filter=nope', { token: admin })).body.status).toBe(4003);
  });
});

describe('a programme added by an admin, with no code change', () => {
  it('is created in the console, applied to through the generic endpoints, decided, released, and shows 已录取', async () => {
    const definition: ProgrammeDefinition = {
      ...sampleDefinition(),
      name: '冬季科研营',
      summary: '寒假两周的科研训练',
      eligibility: { active_types: [1, 3], secondary_only: true, early_batch_only: false, required_tag: null, hidden_on_amc: false },
      steps: [
        {
          key: 'about',
          title: '关于你',
          questions: [
            { key: 'topic', label: '研究方向', type: 'checkbox', required: true, options: ['物理', '生物', '经济'] },
            { key: 'born', label: '出生日期', type: 'date', required: true },
          ],
        },
      ],
      fees: { ...sampleDefinition().fees, mode: 'whole', deposit_fen: 0 },
    };
    const created = await call<AdminProgramme>(t.app, 'POST', '/api/admin/programmes', { token: admin, body: { code: 'winter-lab', definition } });
    expect(created.body.status).toBe(200);

    const s = await student();
    const list = await call<MyProgramme[]>(t.app, 'GET', '/api/student/programmes', { token: s.token });
    expect(list.body.data!.find((p) => p.code === 'winter-lab')).toMatchObject({ name: '冬季科研营', state: 'not_started', eligibility_msg: null, window_msg: null });
    expect((await call(t.app, 'GET', '/api/programmes/winter-lab')).body.data).toMatchObject({ name: '冬季科研营', eligibility_notes: [MSG.SECONDARY_STUDENT_ONLY] });
    expect((await put(s.token, 'winter-lab', 'about', { born: '2009-13-40' })).body.status).toBe(4003);
    const sent = await put(s.token, 'winter-lab', 'about', { topic: ['物理', '经济'], born: '2009-05-01' }, true);
    expect(sent.body.data).toMatchObject({ state: 'submitted' });

    const apps = await call<{ items: Array<{ id: number; account_id: number }> }>(t.app, 'GET', '/api/admin/programmes/winter-lab/applications', { token: admin });
    const id = apps.body.data!.items.find((a) => a.account_id === s.id)!.id;
    expect((await call(t.app, 'PUT', `/api/admin/programmes/winter-lab/applications/${id}/decision`, { token: admin, body: { decision: 'admit', offer_type: 'ignored' } })).body.data).toMatchObject({ offer_type: null });
    expect((await call(t.app, 'POST', '/api/admin/programmes/winter-lab/release', { token: admin, body: { ids: [id] } })).body.data).toEqual({ released: 1 });

    const after = await call<MyProgramme[]>(t.app, 'GET', '/api/student/programmes', { token: s.token });
    const mineRow = after.body.data!.find((p) => p.code === 'winter-lab')!;
    expect(mineRow.state).toBe('admitted');
    const { APPLICATION_STATE_LABELS } = await import('@summit/domain');
    expect(APPLICATION_STATE_LABELS[mineRow.state]).toBe('已录取');
    const counts = await call<Array<{ code: string; counts: { admitted: number } }>>(t.app, 'GET', '/api/admin/programmes', { token: admin });
    expect(counts.body.data!.find((p) => p.code === 'winter-lab')!.counts.admitted).toBe(1);
  });
});

describe('success-card-status', () => {
  it('names the H-week offer once released and the fen paid towards it', async () => {
    const s = await student();
    const card = () => call<SuccessCardStatus>(t.app, 'GET', '/api/student/success-card-status', { token: s.token });
    expect((await card()).body.data).toMatchObject({ hxweek_offer_letter: null, hxweek_paid_status: null });
    await insertDecidedApplication(t.db, ids.hxweek!, s.id, { offerType: 'xweek', released: false });
    expect((await card()).body.data!.hxweek_offer_letter).toBeNull();
    await t.db.execute(`update programme_applications set released_at = now() where account_id = ${s.id}` as never);
    expect((await card()).body.data!.hxweek_offer_letter).toEqual({ offer_type: 'xweek' });
    await paidOrder(s.id, ids.hxweek!, 'programme_deposit', 500_000);
    await paidOrder(s.id, ids.hxweek!, 'programme_apply_fee', 10_000);
    expect((await card()).body.data!.hxweek_paid_status).toEqual({ fee: 500_000 });
    const list = await call<{ items: Array<{ account_id: number; paid_fen: number; fully_paid: boolean }> }>(t.app, 'GET', '/api/admin/programmes/hxweek/applications?filter=admitted', { token: admin });
    expect(list.body.data!.items.find((i) => i.account_id === s.id)).toMatchObject({ paid_fen: 500_000, fully_paid: false });
    await paidOrder(s.id, ids.hxweek!, 'programme_final', 1_500_000);
    const again = await call<{ items: Array<{ account_id: number; paid_fen: number; fully_paid: boolean }> }>(t.app, 'GET', '/api/admin/programmes/hxweek/applications?filter=admitted', { token: admin });
    expect(again.body.data!.items.find((i) => i.account_id === s.id)).toMatchObject({ paid_fen: 2_000_000, fully_paid: true });
  });
});
