import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPLY_MSG, DEFAULT_DEADLINES, GUARDIAN_CONSENT_VERSION, MSG, type ApplyState } from '@summit/domain';
import { studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications } from '../../db/schema-admission.ts';
import { uploadPdf } from '../storage/storage-test-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent, profileOf } from '../payments/payment-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-12-01T10:00:00+08:00'));
});
afterAll(async () => {
  await t.close();
});

const STEP1 = {
  legal_name: '李小明',
  gender: 1,
  birth_date: '2010-03-07',
  card_type: 'id_card',
  card_number: '110105201003070025',
  school_id: null,
  school_name: '北京市第四中学',
  grade: 'G11',
  guardian_name: '李大明',
  guardian_relation: 'father',
  guardian_phone: '13800138000',
  guardian_consent: true,
  session_preference: '第二期',
  track_preference: '理工科学',
};
const ESSAY = '我'.repeat(120);
const STEP2 = {
  essay_motivation: ESSAY,
  essay_question: ESSAY,
  english_test: 'IELTS',
  english_score: '7.5',
  activities: [{ name: '机器人社', role: '社长', description: '组织社团参加全国比赛' }],
  attachment: null,
};

const APPLY = '/api/student/v5/apply';
const at = (iso: string, deltaMs = 0) => new Date(new Date(iso).getTime() + deltaMs);

async function newApplicant(opts: { step1?: boolean; paid?: boolean; infoComplete?: boolean } = {}) {
  const s = await payingStudent(t, { step1Submitted: false, infoComplete: opts.infoComplete ?? true });
  if (opts.step1) {
    const res = await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: STEP1 } });
    expect(res.body.status).toBe(200);
  }
  if (opts.paid) await t.db.update(studentProfiles).set({ applyPaidAt: t.clock.now() }).where(eq(studentProfiles.accountId, s.accountId));
  return s;
}

const state = async (token: string) => (await call<ApplyState>(t.app, 'GET', APPLY, { token })).body.data!;

describe('step 1', () => {
  it('a draft saves partial answers and reads back; nothing is stamped', async () => {
    const s = await newApplicant();
    const res = await call<ApplyState>(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { legal_name: '王芳', grade: 'G10' } } });
    expect(res.body).toMatchObject({ status: 200, msg: APPLY_MSG.DRAFT_SAVED, data: { step1: { legal_name: '王芳', grade: 'G10' }, step1_submitted: false, batch: null } });
    const read = await state(s.token);
    expect(read.step1).toEqual({ legal_name: '王芳', grade: 'G10' });
    expect(read.open).toEqual({ step1: true, step2: true });
    expect(read.deadlines).toHaveLength(4);
    expect((await profileOf(t.db, s.accountId)).step1SubmittedAt).toBeNull();
  });

  it('a draft with an invalid present field is a 4003 naming it, and the stored draft stays', async () => {
    const s = await newApplicant();
    await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { legal_name: '王芳' } } });
    const res = await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { legal_name: '王芳', guardian_phone: '12345' } } });
    expect(res.body).toMatchObject({ status: 4003, msg: MSG.PHONE_LENGTH, data: { field: 'guardian_phone' } });
    expect((await state(s.token)).step1).toEqual({ legal_name: '王芳' });
  });

  it.each([
    [{ legal_name: undefined }, 'legal_name'],
    [{ card_number: '110105201003070011' }, 'card_number'],
    [{ guardian_consent: false }, 'guardian_consent'],
    [{ birth_date: '2000-01-01' }, 'birth_date'],
    [{ track_preference: '体育' }, 'track_preference'],
  ])('submitting %j is a 4003 on %s, nothing stamped, the draft kept', async (patch, field) => {
    const s = await newApplicant();
    await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { legal_name: '草稿名' } } });
    const res = await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: { ...STEP1, ...patch } } });
    expect(res.body).toMatchObject({ status: 4003, data: { field } });
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const read = await state(s.token);
    expect(read).toMatchObject({ step1_submitted: false, step1: { legal_name: '草稿名' } });
  });

  it('submitting stamps step 1, the batch (profile and application), consent version and time; then read-only', async () => {
    const s = await newApplicant();
    const res = await call<ApplyState>(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: STEP1 } });
    expect(res.body).toMatchObject({ status: 200, msg: APPLY_MSG.STEP1_SUBMITTED_OK, data: { step1_submitted: true, batch: 'EB1', consent_version: GUARDIAN_CONSENT_VERSION } });
    const p = await profileOf(t.db, s.accountId);
    expect(p.step1SubmittedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(p.batchStr).toBe('EB1');
    const [a] = await t.db.select().from(applications).where(eq(applications.accountId, s.accountId));
    expect(a).toMatchObject({ batch: 'EB1', consentVersion: GUARDIAN_CONSENT_VERSION, consentAt: t.clock.now() });
    expect(a?.step1).toMatchObject({ legal_name: '李小明', card_number: '110105201003070025' });
    // The account name is not touched.
    const status = await call<{ apply_v5: { step1_submitted: boolean }; batch_str: string }>(t.app, 'GET', '/api/student/status', { token: s.token });
    expect(status.body.data).toMatchObject({ apply_v5: { step1_submitted: true }, batch_str: 'EB1' });

    for (const submit of [true, false]) {
      const again = await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit, data: { ...STEP1, legal_name: '改名字' } } });
      expect(again).toMatchObject({ http: 403, body: { status: '403-40', msg: APPLY_MSG.STEP_SUBMITTED } });
    }
    expect((await state(s.token)).step1.legal_name).toBe('李小明');
  });

  it('two concurrent submissions stamp once', async () => {
    const s = await newApplicant();
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: STEP1 } })));
    expect(results.map((r) => r.body.status).sort()).toEqual([200, '403-40', '403-40']);
  });

  it('info incomplete → 403-60', async () => {
    const s = await newApplicant({ infoComplete: false });
    const res = await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: {} } });
    expect(res.body).toMatchObject({ status: '403-60', msg: MSG.INFO_INCOMPLETE });
  });
});

describe('batch and deadlines', () => {
  const submitAt = async (when: Date) => {
    t.clock.set(when);
    const s = await newApplicant();
    const res = await call<ApplyState>(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: STEP1 } });
    return { s, res };
  };
  afterAll(() => t.clock.set(new Date('2026-12-01T10:00:00+08:00')));

  it.each([
    [DEFAULT_DEADLINES.EB1, 0, 'EB1'],
    [DEFAULT_DEADLINES.EB1, 1000, 'EB2'],
    [DEFAULT_DEADLINES.EB2, 0, 'EB2'],
    [DEFAULT_DEADLINES.EB2, 1000, 'RD'],
    [DEFAULT_DEADLINES.RD, 0, 'RD'],
  ])('submitted at %s %+i ms → %s', async (deadline, delta, batch) => {
    const { s, res } = await submitAt(at(deadline, delta));
    expect(res.body.data?.batch).toBe(batch);
    expect((await profileOf(t.db, s.accountId)).batchStr).toBe(batch);
  });

  it('after RD step 1 is closed (drafts too): 4001 申请已截止', async () => {
    const { s, res } = await submitAt(at(DEFAULT_DEADLINES.RD, 1000));
    expect(res.body).toMatchObject({ status: 4001, msg: APPLY_MSG.STEP1_CLOSED });
    const draft = await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { legal_name: '王芳' } } });
    expect(draft.body).toMatchObject({ status: 4001, msg: APPLY_MSG.STEP1_CLOSED });
    expect((await state(s.token)).open).toEqual({ step1: false, step2: true });
  });

  it('step 2 stays open until MRD, then 4001', async () => {
    t.clock.set(at(DEFAULT_DEADLINES.RD, -1000));
    const s = await newApplicant({ step1: true, paid: true });
    t.clock.set(at(DEFAULT_DEADLINES.MRD));
    expect((await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { essay_motivation: '草稿' } } })).body.status).toBe(200);
    t.clock.set(at(DEFAULT_DEADLINES.MRD, 1000));
    const res = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: true, data: STEP2 } });
    expect(res.body).toMatchObject({ status: 4001, msg: APPLY_MSG.STEP2_CLOSED });
    expect((await profileOf(t.db, s.accountId)).step2SubmittedAt).toBeNull();
  });
});

describe('step 2', () => {
  it('needs step 1 submitted (403-40 未完成申请) and the fee paid (403-40 请先支付申请费！)', async () => {
    const fresh = await newApplicant();
    expect((await call(t.app, 'POST', `${APPLY}/step2`, { token: fresh.token, body: { submit: false, data: {} } })).body).toMatchObject({
      status: '403-40',
      msg: MSG.APPLY_INCOMPLETE,
    });
    const unpaid = await newApplicant({ step1: true });
    expect((await call(t.app, 'POST', `${APPLY}/step2`, { token: unpaid.token, body: { submit: true, data: STEP2 } })).body).toMatchObject({
      status: '403-40',
      msg: MSG.APPLY_FEE_REQUIRED,
    });
  });

  it('drafts, then a submit with a missing score is a 4003 that keeps the draft, then submits and is read-only', async () => {
    const s = await newApplicant({ step1: true, paid: true });
    const draft = await call<ApplyState>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { essay_motivation: '还没写完', activities: [{ name: '辩论队' }] } } });
    expect(draft.body).toMatchObject({ status: 200, data: { step2: { essay_motivation: '还没写完', activities: [{ name: '辩论队' }] }, is_apply_paid: true } });

    const bad = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: true, data: { ...STEP2, english_score: '' } } });
    expect(bad.body).toMatchObject({ status: 4003, msg: APPLY_MSG.ENGLISH_SCORE_REQUIRED, data: { field: 'english_score' } });
    const short = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: true, data: { ...STEP2, essay_question: '太短' } } });
    expect(short.body).toMatchObject({ status: 4003, msg: APPLY_MSG.ESSAY_TOO_SHORT, data: { field: 'essay_question' } });
    expect((await state(s.token)).step2.essay_motivation).toBe('还没写完');

    const ok = await call<ApplyState>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: true, data: STEP2 } });
    expect(ok.body).toMatchObject({ status: 200, msg: APPLY_MSG.STEP2_SUBMITTED_OK, data: { step2_submitted: true, step2: { english_score: '7.5' } } });
    expect((await profileOf(t.db, s.accountId)).step2SubmittedAt).not.toBeNull();
    const again = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: {} } });
    expect(again.body).toMatchObject({ status: '403-40', msg: APPLY_MSG.STEP_SUBMITTED });
  });

  it("an attachment must be the student's own upload", async () => {
    const s = await newApplicant({ step1: true, paid: true });
    const other = await newApplicant();
    const foreign = { name: 'cv.pdf', url: `/api/oss/file/student/${other.accountId}/abc/cv.pdf` };
    for (const submit of [false, true]) {
      const res = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit, data: { ...STEP2, attachment: foreign } } });
      expect(res.body).toMatchObject({ status: 4003, msg: APPLY_MSG.ATTACHMENT_NOT_OWN, data: { field: 'attachment.url' } });
    }
    const outside = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { attachment: { name: 'x', url: 'https://evil.example/x' } } } });
    expect(outside.body).toMatchObject({ status: 4003, data: { field: 'attachment.url' } });
    // A made-up key under the student's own prefix was never uploaded: refused too.
    const madeUp = { name: 'cv.pdf', url: `/api/oss/file/student/${s.accountId}/abc/cv.pdf` };
    const invented = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { attachment: madeUp } } });
    expect(invented.body).toMatchObject({ status: 4003, msg: APPLY_MSG.ATTACHMENT_NOT_OWN, data: { field: 'attachment.url' } });
    const own = await uploadPdf(t.app, s.token);
    const res = await call<ApplyState>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: true, data: { ...STEP2, attachment: own } } });
    expect(res.body).toMatchObject({ status: 200, data: { step2: { attachment: own } } });
  });

  it('malformed bodies are 4003, never 500', async () => {
    const s = await newApplicant({ step1: true, paid: true });
    for (const body of [{}, { submit: 'yes', data: {} }, { submit: true, data: 'x' }, { submit: true, data: { activities: 'x' } }, { submit: true, data: { essay_motivation: 'x'.repeat(30_000) } }]) {
      const res = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body });
      expect(res.body.status).toBe(4003);
    }
  });
});

describe('the decision in GET apply', () => {
  it('shows only a released decision, never a draft', async () => {
    const s = await newApplicant({ step1: true, paid: true });
    await t.db.insert(admissionDecisions).values({ accountId: s.accountId, decision: 'offer', placeName: '第二期', professionalTrack: '理工科学' });
    expect((await state(s.token)).decision).toBeNull();
    const released = new Date('2027-05-20T10:00:00+08:00');
    await t.db.update(admissionDecisions).set({ releasedAt: released }).where(eq(admissionDecisions.accountId, s.accountId));
    expect((await state(s.token)).decision).toEqual({ decision: 'offer', released_at: released.toISOString() });
  });

  it('is for students only', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    expect((await call(t.app, 'GET', APPLY, { token: teacher })).body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
    expect((await call(t.app, 'GET', APPLY)).body.status).toBe(401);
  });
});
