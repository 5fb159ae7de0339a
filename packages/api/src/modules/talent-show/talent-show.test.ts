import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, TALENT_MSG, type StudentTalentShow, type TalentLike, type TalentMyEntry, type TalentRules, type TalentSheet, type TeacherTalentShow } from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';
import { activities } from '../../db/schema-activities.ts';
import { badgeAwards, badges } from '../../db/schema-badges.ts';
import { talentEntries, talentLikes, talentSheets } from '../../db/schema-talent-show.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone } from '../../test/flows.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';
import { PNG_BYTES, getCredential, postFile, uploadPdf } from '../storage/storage-test-kit.ts';
import type { AuthState } from '../../http/context.ts';
import { like, unlike } from './talent-show.service.ts';
import { likeRowCount } from './talent-show.repo.ts';

const HOUR = 3_600_000;

let t: TestApp;
let admin: string;
let teacher: string;
let judge: string;
let judge2: string;
let staff: string;
let judgeId: number;
let judge2Id: number;
let alice: { token: string; accountId: number };
let bob: { token: string; accountId: number };
let carol: { token: string; accountId: number };
let outsider: { token: string; accountId: number };
let showId: number;
let upcomingId: number;

async function idOf(token: string): Promise<number> {
  return (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token })).body.data!.user_id;
}

async function enrolled(name: string) {
  const s = await payingStudent(t, { offer: 1, name });
  await t.db.update(studentProfiles).set({ tuitionPaidAt: t.clock.now(), placeName: '第一期' }).where(eq(studentProfiles.accountId, s.accountId));
  return s;
}

async function uploadPng(token: string, name = 'work.png') {
  const cred = await getCredential(t.app, token, { file_name: name, type: 'image/png', file_size: PNG_BYTES.length });
  expect(cred.body.status).toBe(200);
  const posted = await postFile(t.app, cred.body.data!.fields, { name, type: 'image/png', bytes: PNG_BYTES });
  expect(posted.http).toBeLessThan(300);
  return cred.body.data!.file;
}

const CONSENT = { guardian_name: '王芳', guardian_relation: 'mother', agreed: true };
const entryBody = (media: unknown[], extra: Record<string, unknown> = {}) => ({ activity_id: showId, title: '《茉莉花》钢琴独奏', kind: 'music', description: '练习了三年的曲子', media, consent: CONSENT, ...extra });
const submit = (token: string, body: unknown) => call<TalentMyEntry>(t.app, 'POST', '/api/student/talent-show/entries', { token, body });
const studentView = async (token: string) => (await call<StudentTalentShow>(t.app, 'GET', '/api/student/talent-show', { token })).body.data!;
const teacherView = async (token: string) => (await call<TeacherTalentShow>(t.app, 'GET', '/api/teacher/talent-show', { token })).body.data!;
const review = (token: string, id: number, status: string, note = '') => call(t.app, 'PUT', `/api/teacher/talent-show/entries/${id}/review`, { token, body: { status, note } });
const sheet = (token: string, id: number, scores: Array<{ criterion_id: number; score: number }>, comment = '') =>
  call<TalentSheet>(t.app, 'PUT', `/api/teacher/talent-show/entries/${id}/sheet`, { token, body: { scores, comment } });
const rulesBody = (extra: Record<string, unknown> = {}) => ({
  activity_id: showId,
  rules_text: '作品须为本人原创。',
  criteria: [
    { name: '技巧', description: '基本功与完成度', weight: 50 },
    { name: '创意', description: '', weight: 30 },
    { name: '表现力', description: '', weight: 20 },
  ],
  judge_ids: [judgeId, judge2Id],
  results_at: new Date(t.clock.now().getTime() + 5 * HOUR).toISOString(),
  finalist_count: 1,
  published: true,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  judge = await createStaffToken(t, 'teacher');
  judge2 = await createStaffToken(t, 'teacher');
  staff = await createStaffToken(t, 'teacher');
  judgeId = await idOf(judge);
  judge2Id = await idOf(judge2);
  const staffId = await idOf(staff);
  await t.db.update(accounts).set({ teacherType: 4 }).where(eq(accounts.id, staffId));
  t.app.ctx.tokenCache.evictAccount(staffId);
  alice = await enrolled('李爱丽');
  bob = await enrolled('赵博');
  carol = await enrolled('陈卡');
  outsider = await payingStudent(t, { offer: 1, name: '未缴费' });
  const now = t.clock.now().getTime();
  const [a] = await t.db
    .insert(activities)
    .values({ kind: 'talent-show', title: '2026 夏季才艺秀', content: '<p>展示你的才艺</p>', opensAt: new Date(now - HOUR), closesAt: new Date(now + 3 * HOUR), published: true })
    .returning({ id: activities.id });
  showId = a!.id;
  const [u] = await t.db
    .insert(activities)
    .values({ kind: 'talent-show', title: '下一届才艺秀', opensAt: new Date(now + 48 * HOUR), closesAt: new Date(now + 72 * HOUR), published: true })
    .returning({ id: activities.id });
  upcomingId = u!.id;
  await t.db.insert(badges).values({ name: '才艺之星', description: '才艺秀入围', criteriaText: '才艺秀入围决赛', criterion: 'talent_finalist', emblem: '星', colour: '#8a1c2b', published: true });
});
afterAll(async () => {
  await t?.close();
});

describe('roles', () => {
  it('students use the student paths, teachers the teacher paths; no login is 401', async () => {
    expect((await call(t.app, 'GET', '/api/student/talent-show')).http).toBe(401);
    expect((await call(t.app, 'GET', '/api/student/talent-show', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/teacher/talent-show', { token: alice.token })).http).toBe(403);
    expect((await call(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: alice.token, body: {} })).http).toBe(403);
  });

  it('a student who has not paid tuition is outside every show', async () => {
    const v = await studentView(outsider.token);
    expect(v.show).toBeNull();
    const png = await uploadPng(outsider.token);
    const res = await submit(outsider.token, entryBody([png]));
    expect(res.body.msg).toBe(TALENT_MSG.NOT_ELIGIBLE);
  });
});

describe('rules', () => {
  it('every teacher reads the rules; only admins change them', async () => {
    const view = (await call<TalentRules>(t.app, 'GET', `/api/teacher/talent-show/rules?activity_id=${showId}`, { token: teacher })).body.data!;
    expect(view.can_edit).toBe(false);
    expect(view.teachers).toEqual([]);
    const refused = await call(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: teacher, body: rulesBody() });
    expect(refused.body.msg).toBe(TALENT_MSG.NOT_ADMIN);
    const refusedStaff = await call(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: staff, body: rulesBody() });
    expect(refusedStaff.body.msg).toBe(TALENT_MSG.NOT_ADMIN);
  });

  it('weights must add up to 100; judges must be teachers', async () => {
    const bad = await call(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: admin, body: rulesBody({ criteria: [{ name: '技巧', weight: 60 }, { name: '创意', weight: 30 }] }) });
    expect({ status: bad.body.status, msg: bad.body.msg }).toEqual({ status: 4003, msg: TALENT_MSG.WEIGHTS });
    const notTeacher = await call(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: admin, body: rulesBody({ judge_ids: [alice.accountId] }) });
    expect(notTeacher.body.msg).toBe(TALENT_MSG.JUDGES);
  });

  it('a draft is not judged; the published rules are shown to teachers and students', async () => {
    const draft = await call<TalentRules>(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: admin, body: rulesBody({ published: false }) });
    expect(draft.body.status).toBe(200);
    expect(draft.body.data!.show!.rules_published).toBe(false);
    expect((await studentView(alice.token)).show!.criteria).toEqual([]);
    const saved = await call<TalentRules>(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: admin, body: rulesBody() });
    expect(saved.body.data!.show!.criteria.map((c) => [c.name, c.weight])).toEqual([['技巧', 50], ['创意', 30], ['表现力', 20]]);
    expect(saved.body.data!.judges.map((j) => j.id).sort()).toEqual([judgeId, judge2Id].sort());
    expect(saved.body.data!.teachers.length).toBeGreaterThanOrEqual(5);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'talent_show.rules.update'));
    expect(audit.length).toBe(2);
    expect((await studentView(alice.token)).show!.criteria).toHaveLength(3);
  });
});

let aliceEntry: number;
let bobEntry: number;

describe('submitting an entry', () => {
  it('the guardian’s consent is required', async () => {
    const png = await uploadPng(alice.token);
    const none = await submit(alice.token, { ...entryBody([png]), consent: undefined });
    expect({ status: none.body.status, msg: none.body.msg }).toEqual({ status: 4003, msg: TALENT_MSG.CONSENT });
    const notAgreed = await submit(alice.token, entryBody([png], { consent: { ...CONSENT, agreed: false } }));
    expect(notAgreed.body.msg).toBe(TALENT_MSG.CONSENT);
    const noName = await submit(alice.token, entryBody([png], { consent: { ...CONSENT, guardian_name: ' ' } }));
    expect(noName.body.msg).toBe(TALENT_MSG.GUARDIAN_NAME);
    expect(await t.db.select().from(talentEntries)).toHaveLength(0);
  });

  it('pictures must be the student’s own JPG or PNG uploads', async () => {
    const pdf = await uploadPdf(t.app, alice.token);
    expect((await submit(alice.token, entryBody([pdf]))).body.msg).toBe(TALENT_MSG.MEDIA_NOT_OWN);
    const bobs = await uploadPng(bob.token);
    expect((await submit(alice.token, entryBody([bobs]))).body.msg).toBe(TALENT_MSG.MEDIA_NOT_OWN);
    expect((await submit(alice.token, entryBody([]))).body.msg).toBe(TALENT_MSG.MEDIA);
  });

  it('only while the show is open', async () => {
    const png = await uploadPng(alice.token);
    expect((await submit(alice.token, entryBody([png], { activity_id: upcomingId }))).body.msg).toBe(TALENT_MSG.NOT_OPEN);
  });

  it('records the consent (who, relation, when, text version) and waits for review', async () => {
    const png = await uploadPng(alice.token);
    const res = await submit(alice.token, entryBody([png]));
    expect(res.body.status).toBe(200);
    expect(res.body.msg).toBe(TALENT_MSG.SUBMITTED);
    const e = res.body.data!;
    aliceEntry = e.id;
    expect(e.status).toBe('pending');
    expect(e.consent.guardian_name).toBe('王芳');
    expect(e.consent.guardian_relation).toBe('mother');
    expect(e.consent.consent_at).toBe(t.clock.now().toISOString());
    expect(e.media[0]!.url).toBe(`/api/student/talent-show/media/${e.media[0]!.id}`);
    // A second submission replaces the one entry.
    // The owner gets the pictures' own upload addresses back, so a change keeps them.
    expect(e.files).toEqual([png]);
    const again = await submit(alice.token, entryBody(e.files, { title: '《茉莉花》' }));
    expect(again.body.data!.id).toBe(aliceEntry);
    expect(await t.db.select().from(talentEntries)).toHaveLength(1);
    const bobPng = await uploadPng(bob.token);
    bobEntry = (await submit(bob.token, entryBody([bobPng], { title: '街舞', kind: 'dance' }))).body.data!.id;
  });
});

describe('the approval gate', () => {
  it('an entry is not shown to other students, nor its pictures served, before staff approve it', async () => {
    const v = await studentView(bob.token);
    expect(v.gallery.map((g) => g.id)).not.toContain(aliceEntry);
    const mine = await studentView(alice.token);
    expect(mine.my_entry!.id).toBe(aliceEntry);
    const mediaId = mine.my_entry!.media[0]!.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/student/talent-show/media/${mediaId}`, headers: { authorization: `Bearer ${alice.token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/student/talent-show/media/${mediaId}`, headers: { authorization: `Bearer ${bob.token}` } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/student/talent-show/entries/${aliceEntry}/like`, { token: bob.token })).http).toBe(404);
  });

  it('only admins and staff review; a judge sees approved entries only', async () => {
    expect((await review(teacher, aliceEntry, 'approved')).body.msg).toBe(TALENT_MSG.NOT_MODERATOR);
    expect((await review(judge, aliceEntry, 'approved')).body.msg).toBe(TALENT_MSG.NOT_MODERATOR);
    expect((await teacherView(judge)).entries).toHaveLength(0);
    const staffView = await teacherView(staff);
    expect(staffView.is_moderator).toBe(true);
    expect(staffView.entries.map((e) => e.status)).toEqual(['pending', 'pending']);
    const ok = await review(staff, aliceEntry, 'approved');
    expect(ok.body.msg).toBe(TALENT_MSG.APPROVED);
    expect((await review(admin, bobEntry, 'approved')).body.status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'talent_show.entry.approve'));
    expect(audit.map((a) => a.entityId).sort()).toEqual([String(aliceEntry), String(bobEntry)].sort());
    // The student is told under 消息; approving again changes nothing and tells nobody twice.
    await review(staff, aliceEntry, 'approved');
    const notices = await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, alice.accountId));
    expect(notices.map((n) => n.title)).toEqual(['才艺秀作品已通过审核']);
  });

  it('approved: in the gallery with its pictures; hidden: gone again', async () => {
    const v = await studentView(bob.token);
    const g = v.gallery.find((e) => e.id === aliceEntry)!;
    expect(g.student_name).toBe('李爱丽');
    expect((await t.app.inject({ method: 'GET', url: g.media[0]!.url, headers: { authorization: `Bearer ${bob.token}` } })).statusCode).toBe(200);
    await review(staff, aliceEntry, 'hidden', '图片不清晰');
    expect((await studentView(bob.token)).gallery.map((e) => e.id)).not.toContain(aliceEntry);
    const mine = (await studentView(alice.token)).my_entry!;
    expect({ status: mine.status, note: mine.review_note }).toEqual({ status: 'hidden', note: '图片不清晰' });
    await review(staff, aliceEntry, 'approved');
  });

  it('a changed entry goes back to review', async () => {
    const png = await uploadPng(bob.token);
    await submit(bob.token, entryBody([png], { title: '街舞 Battle', kind: 'dance' }));
    expect((await studentView(carol.token)).gallery.map((e) => e.id)).not.toContain(bobEntry);
    await review(admin, bobEntry, 'approved');
  });
});

describe('likes', () => {
  const likeUrl = (id: number) => `/api/student/talent-show/entries/${id}/like`;

  it('one like per student per entry; unlike removes it; not one’s own entry', async () => {
    const first = await call<TalentLike>(t.app, 'POST', likeUrl(aliceEntry), { token: bob.token });
    expect(first.body.data).toEqual({ entry_id: aliceEntry, liked: true, likes: 1 });
    const again = await call<TalentLike>(t.app, 'POST', likeUrl(aliceEntry), { token: bob.token });
    expect(again.body.data!.likes).toBe(1);
    await call(t.app, 'POST', likeUrl(aliceEntry), { token: carol.token });
    const v = await studentView(bob.token);
    expect(v.gallery.find((e) => e.id === aliceEntry)).toMatchObject({ likes: 2, liked_by_me: true });
    const off = await call<TalentLike>(t.app, 'DELETE', likeUrl(aliceEntry), { token: bob.token });
    expect(off.body.data).toEqual({ entry_id: aliceEntry, liked: false, likes: 1 });
    const offAgain = await call<TalentLike>(t.app, 'DELETE', likeUrl(aliceEntry), { token: bob.token });
    expect(offAgain.body.data!.likes).toBe(1);
    expect((await call(t.app, 'POST', likeUrl(aliceEntry), { token: alice.token })).body.msg).toBe(TALENT_MSG.OWN_ENTRY_LIKE);
    expect((await call(t.app, 'POST', likeUrl(aliceEntry), { token: outsider.token })).http).toBe(404);
  });

  it('200 students liking at once: the count is exactly 200 more; likes and unlikes racing stay exact', async () => {
    const before = (await t.db.select({ n: talentEntries.likesCount }).from(talentEntries).where(eq(talentEntries.id, bobEntry)))[0]!.n;
    const paidAt = t.clock.now();
    const ids = (
      await t.db
        .insert(accounts)
        .values(Array.from({ length: 200 }, (_, i) => ({ role: 'student' as const, phone: newPhone(), name: `点赞${i}` })))
        .returning({ id: accounts.id })
    ).map((r) => r.id);
    await t.db.insert(studentProfiles).values(ids.map((accountId) => ({ accountId, tuitionPaidAt: paidAt, offerLetter: 1 })));
    const authOf = (accountId: number): AuthState => ({ accountId, role: 'student', isAdmin: false, teacherType: null, tokenId: 0 });
    const results = await Promise.all(ids.map((id) => like(t.app.ctx, authOf(id), bobEntry)));
    expect(results.every((r) => r.liked)).toBe(true);
    const count = async () => (await t.db.select({ n: talentEntries.likesCount }).from(talentEntries).where(eq(talentEntries.id, bobEntry)))[0]!.n;
    expect(await count()).toBe(before + 200);
    expect(await likeRowCount(t.db, bobEntry)).toBe(before + 200);
    // Every one of the 200 likes twice more and unlikes once, all at the same time: each ends with 0 or 1 like.
    await Promise.all(ids.flatMap((id) => [like(t.app.ctx, authOf(id), bobEntry), unlike(t.app.ctx, authOf(id), bobEntry), like(t.app.ctx, authOf(id), bobEntry)]));
    expect(await count()).toBe(await likeRowCount(t.db, bobEntry));
    await Promise.all(ids.map((id) => unlike(t.app.ctx, authOf(id), bobEntry)));
    expect(await count()).toBe(before);
    expect(await likeRowCount(t.db, bobEntry)).toBe(before);
    await t.db.delete(talentLikes).where(sql`${talentLikes.studentId} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  });
});

let criteria: Array<{ id: number; weight: number }>;

describe('judging', () => {
  it('only the show’s judges score, every criterion 0–10, one sheet per judge per entry', async () => {
    const v = await teacherView(judge);
    expect(v.is_judge).toBe(true);
    expect(v.scoring_open).toBe(true);
    criteria = v.show!.criteria;
    const full = (scores: number[]) => criteria.map((c, i) => ({ criterion_id: c.id, score: scores[i]! }));
    expect((await sheet(teacher, aliceEntry, full([8, 8, 8]))).body.msg).toBe(TALENT_MSG.NOT_JUDGE);
    expect((await sheet(staff, aliceEntry, full([8, 8, 8]))).body.msg).toBe(TALENT_MSG.NOT_JUDGE);
    expect((await sheet(judge, aliceEntry, full([8, 8, 8]).slice(0, 2))).body.msg).toBe(TALENT_MSG.SCORES);
    expect((await sheet(judge, aliceEntry, full([11, 8, 8]))).body.status).toBe(4003);
    const saved = await sheet(judge, aliceEntry, full([10, 5, 0]), '技巧扎实');
    expect(saved.body.status).toBe(200);
    // (10×50 + 5×30 + 0×20) / 100 × 10 = 65
    expect(saved.body.data!.total).toBe(65);
    const edited = await sheet(judge, aliceEntry, full([9, 8, 7]));
    // (9×50 + 8×30 + 7×20) / 100 × 10 = 83
    expect(edited.body.data!.total).toBe(83);
    await Promise.all(Array.from({ length: 8 }, () => sheet(judge, aliceEntry, full([9, 8, 7]))));
    expect(await t.db.select().from(talentSheets).where(and(eq(talentSheets.entryId, aliceEntry), eq(talentSheets.judgeId, judgeId)))).toHaveLength(1);
    await sheet(judge2, aliceEntry, full([7, 7, 7]));
    await sheet(judge, bobEntry, full([6, 6, 6]));
    await sheet(judge2, bobEntry, full([7, 7, 7]));
    const mine = (await teacherView(judge)).entries.find((e) => e.id === aliceEntry)!;
    expect(mine.my_sheet!.total).toBe(83);
    expect(mine.sheet_count).toBe(0);
  });

  it('the criteria are locked once a sheet exists', async () => {
    const changed = await call(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: admin, body: rulesBody({ criteria: [{ name: '技巧', weight: 100 }] }) });
    expect(changed.body.msg).toBe(TALENT_MSG.CRITERIA_LOCKED);
    const same = await call<TalentRules>(t.app, 'PUT', '/api/teacher/talent-show/rules', { token: admin, body: rulesBody({ rules_text: '作品须为本人原创，不得抄袭。' }) });
    expect(same.body.status).toBe(200);
    expect(same.body.data!.criteria_locked).toBe(true);
    expect(same.body.data!.show!.criteria.map((c) => c.id)).toEqual(criteria.map((c) => c.id));
  });
});

describe('results', () => {
  it('are withheld before the publication time', async () => {
    expect((await studentView(alice.token)).finalists).toBeNull();
    expect((await teacherView(admin)).results).toBeNull();
    expect((await teacherView(judge)).results).toBeNull();
    expect(await t.db.select().from(badgeAwards)).toHaveLength(0);
  });

  it('after it: the ranking by weighted average, the finalists, their badge once; sheets and entries frozen', async () => {
    t.clock.advance(6 * HOUR);
    const [s1, s2] = await Promise.all([studentView(bob.token), studentView(carol.token)]);
    // Alice: (83 + 70) / 2 = 76.5; Bob: (60 + 70) / 2 = 65. One finalist.
    expect(s1.finalists).toEqual([expect.objectContaining({ rank: 1, entry_id: aliceEntry, student_name: '李爱丽', average: 76.5, finalist: true })]);
    expect(s2.finalists).toEqual(s1.finalists);
    const results = (await teacherView(admin)).results!;
    expect(results.map((r) => [r.entry_id, r.rank, r.average, r.sheets, r.finalist])).toEqual([
      [aliceEntry, 1, 76.5, 2, true],
      [bobEntry, 2, 65, 2, false],
    ]);
    const awards = await t.db.select().from(badgeAwards);
    expect(awards.map((a) => [a.accountId, a.sourceKind, a.sourceId])).toEqual([[alice.accountId, 'talent-show-entry', String(aliceEntry)]]);
    await teacherView(admin);
    expect(await t.db.select().from(badgeAwards)).toHaveLength(1);
    const told = await t.db.select().from(studentNotices).where(eq(studentNotices.title, '恭喜入围才艺秀决赛'));
    expect(told.map((n) => n.studentId)).toEqual([alice.accountId]);
    expect((await sheet(judge, aliceEntry, criteria.map((c) => ({ criterion_id: c.id, score: 10 })))).body.msg).toBe(TALENT_MSG.RESULTS_OUT);
    expect((await review(staff, bobEntry, 'hidden')).body.msg).toBe(TALENT_MSG.RESULTS_OUT);
    expect((await call(t.app, 'DELETE', `/api/student/talent-show/entries/${aliceEntry}`, { token: alice.token })).body.msg).toBe(TALENT_MSG.RESULTS_OUT);
    expect((await teacherView(judge)).scoring_open).toBe(false);
  });
});

describe('ownership', () => {
  it('a student cannot withdraw another’s entry; bad ids are a 4003 or 404, never a 500', async () => {
    const res = await call(t.app, 'DELETE', `/api/student/talent-show/entries/${bobEntry}`, { token: alice.token });
    expect(res.http).toBe(404);
    expect((await call(t.app, 'POST', '/api/student/talent-show/entries/abc/like', { token: alice.token })).body.status).toBe(4003);
    expect((await call(t.app, 'GET', '/api/student/talent-show/media/999999', { token: alice.token })).http).toBe(404);
    expect((await call(t.app, 'GET', '/api/student/talent-show?activity_id=999999', { token: alice.token })).body.msg).toBe(TALENT_MSG.SHOW_NOT_FOUND);
    const garbled = await call(t.app, 'POST', '/api/student/talent-show/entries', { token: alice.token, body: 'x' as unknown as object });
    expect(garbled.http).toBeLessThan(500);
    expect(garbled.body.status).not.toBe(200);
    const wrongShape = await call(t.app, 'POST', '/api/student/talent-show/entries', { token: alice.token, body: [1] as unknown as object });
    expect({ status: wrongShape.body.status, msg: wrongShape.body.msg }).toEqual({ status: 4003, msg: MSG.PARAM_INVALID });
  });
});
