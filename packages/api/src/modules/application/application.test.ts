import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPLY_MSG, DEFAULT_DEADLINES, GUARDIAN_CONSENT_VERSION, MSG, formatMessage, type ApplyState, type ApplyStepResult } from '@summit/domain';
import { studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications } from '../../db/schema-admission.ts';
import { uploadPdf } from '../storage/storage-test-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STEP1_ANSWERS, call, createStaffToken } from '../../test/flows.ts';
import { payingStudent, profileOf } from '../payments/payment-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  // The deadline tests jump the clock weeks ahead of a login; session lifetimes are not what they test (decision 037).
  t = await createTestApp({ env: { TOKEN_IDLE_DAYS: '365', TOKEN_TTL_DAYS: '365' } });
  t.clock.set(new Date('2026-12-01T10:00:00+08:00'));
});
afterAll(async () => {
  await t.close();
});

const STEP1 = STEP1_ANSWERS;
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

  it('a draft with an invalid field saves the others, reports it, and keeps its last good value', async () => {
    const s = await newApplicant();
    await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { legal_name: '王芳', guardian_phone: '13800138000' } } });
    const res = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step1`, {
      token: s.token,
      body: { submit: false, data: { legal_name: '王小芳', guardian_phone: '12345', grade: 'G10' } },
    });
    expect(res.body).toMatchObject({ status: 200, data: { invalid_fields: [{ field: 'guardian_phone', msg: MSG.PHONE_LENGTH }] } });
    expect(res.body.msg).toBe(`${APPLY_MSG.DRAFT_SAVED}，以下内容未保存：监护人手机（${MSG.PHONE_LENGTH}）`);
    expect((await state(s.token)).step1).toEqual({ legal_name: '王小芳', guardian_phone: '13800138000', grade: 'G10' });
  });

  it('a draft coerces harmless wrong types, refuses the others, and never answers 4003 for a field', async () => {
    const s = await newApplicant();
    const res = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step1`, {
      token: s.token,
      body: { submit: false, data: { gender: '2', guardian_consent: 'true', legal_name: 12345, grade: ['G10'], birth_date: { y: 2010 }, session_preference: null, nonsense: 'x' } },
    });
    expect(res.body.status).toBe(200);
    expect(res.body.data!.invalid_fields.map((p) => p.field).sort()).toEqual(['birth_date', 'grade', 'legal_name', 'session_preference']);
    expect((await state(s.token)).step1).toEqual({ gender: 2, guardian_consent: true });
  });

  it('a card number the chosen card type refuses is reported and not kept', async () => {
    const s = await newApplicant();
    const res = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step1`, {
      token: s.token,
      body: { submit: false, data: { card_type: 'id_card', card_number: '110105201003070011', legal_name: '王芳' } },
    });
    expect(res.body.data!.invalid_fields).toEqual([{ field: 'card_number', msg: expect.any(String) }]);
    expect((await state(s.token)).step1).toEqual({ card_type: 'id_card', legal_name: '王芳' });
    await call(t.app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: false, data: { card_type: 'id_card', card_number: '110105201003070025' } } });
    // Shown masked, even to its owner (decision 064).
    expect((await state(s.token)).step1).toEqual({ card_type: 'id_card', card_number: '1101**********0025' });
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
    expect(a?.step1).toMatchObject({ legal_name: '李小明', card_type: 'id_card' });
    // The number is sealed in student_identity, never in the step-1 JSON (decision 064).
    expect(a?.step1).not.toHaveProperty('card_number');
    expect(JSON.stringify(a)).not.toContain('110105201003070025');
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
    const submitted = await call(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: true, data: { ...STEP2, attachment: foreign } } });
    expect(submitted.body).toMatchObject({ status: 4003, msg: APPLY_MSG.ATTACHMENT_NOT_OWN, data: { field: 'attachment.url' } });
    // A draft keeps the rest and never stores a foreign, outside or made-up (never uploaded) address.
    const madeUp = { name: 'cv.pdf', url: `/api/oss/file/student/${s.accountId}/abc/cv.pdf` };
    for (const attachment of [foreign, { name: 'x', url: 'https://evil.example/x' }, madeUp]) {
      const res = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { ...STEP2, attachment } } });
      expect(res.body).toMatchObject({ status: 200, data: { invalid_fields: [{ field: expect.stringMatching(/^attachment/) }] } });
      expect(res.body.data!.step2).toEqual({ ...STEP2, attachment: undefined });
    }
    const own = await uploadPdf(t.app, s.token);
    const kept = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { attachment: own } } });
    expect(kept.body.data).toMatchObject({ step2: { attachment: own }, invalid_fields: [] });
    // A later foreign address leaves the verified one in place.
    const again = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { attachment: foreign } } });
    expect(again.body.data).toMatchObject({ step2: { attachment: own }, invalid_fields: [{ field: 'attachment.url', msg: APPLY_MSG.ATTACHMENT_NOT_OWN }] });
    const res = await call<ApplyState>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: true, data: { ...STEP2, attachment: own } } });
    expect(res.body).toMatchObject({ status: 200, data: { step2: { attachment: own } } });
  });

  it('a 900-字 essay beside a finished one: the finished one is saved, the long one reported, a reload shows the draft', async () => {
    const s = await newApplicant({ step1: true, paid: true });
    const finished = '我'.repeat(300);
    const long = '长'.repeat(900);
    const res = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, {
      token: s.token,
      body: { submit: false, data: { essay_motivation: long, essay_question: finished, english_test: 'TOEFL' } },
    });
    const tooLong = formatMessage(MSG.TEXT_TOO_LONG, 800);
    expect(res.body).toMatchObject({ status: 200, msg: `${APPLY_MSG.DRAFT_SAVED}，以下内容未保存：文书一（${tooLong}）`, data: { invalid_fields: [{ field: 'essay_motivation', msg: tooLong }] } });
    const read = await state(s.token);
    expect(read.step2).toEqual({ essay_question: finished, english_test: 'TOEFL' });
    expect(read.updated_at).toBe(t.clock.now().toISOString());
    // Exactly at the limit is kept; one unit more is not.
    const atLimit = 'word '.repeat(800);
    const edge = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { essay_motivation: atLimit, essay_question: `${atLimit}我` } } });
    expect(edge.body.data!.invalid_fields).toEqual([{ field: 'essay_question', msg: tooLong }]);
    expect((await state(s.token)).step2).toEqual({ essay_motivation: atLimit.trim(), essay_question: finished });
  });

  it('text PostgreSQL cannot store is refused at the edge naming the field (4003), never a 500, and the saved draft stays', async () => {
    const s = await newApplicant({ step1: true, paid: true });
    await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { english_score: '7' } } });
    const res = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, {
      token: s.token,
      body: { submit: false, data: { essay_motivation: '前\u0000后', english_score: '8' } },
    });
    expect([res.http, res.body.status, res.body.msg, (res.body.data as unknown as { field: string }).field]).toEqual([400, 4003, APPLY_MSG.TEXT_UNSTORABLE, 'data.essay_motivation']);
    expect((await state(s.token)).step2).toEqual({ english_score: '7' });
  });

  it('a draft keeps the valid parts of activities and at most five of them', async () => {
    const s = await newApplicant({ step1: true, paid: true });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `活动${i}` }));
    const res = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { activities: six } } });
    expect(res.body.data!.invalid_fields).toEqual([{ field: 'activities', msg: APPLY_MSG.ACTIVITIES_TOO_MANY }]);
    expect(res.body.data!.step2.activities).toHaveLength(5);
    const mixed = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, {
      token: s.token,
      body: { submit: false, data: { activities: [{ name: '名'.repeat(51), role: '社长', description: 7 }, 'x'] } },
    });
    expect(mixed.body.data!.invalid_fields.map((p) => p.field)).toEqual(['activities.0.name', 'activities.0.description', 'activities.1']);
    expect(mixed.body.msg).toContain('活动1名称');
    expect((await state(s.token)).step2).toEqual({ activities: [{ role: '社长' }, {}] });
    const notList = await call<ApplyStepResult>(t.app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { activities: 'x', english_score: '7' } } });
    expect(notList.body.data!.invalid_fields).toEqual([{ field: 'activities', msg: MSG.PARAM_INVALID }]);
    expect((await state(s.token)).step2).toEqual({ activities: [{ role: '社长' }, {}], english_score: '7' });
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
