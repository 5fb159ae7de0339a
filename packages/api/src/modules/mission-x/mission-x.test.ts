/**
 * Mission X (decision 101) against a real database: posting inside a mission-x activity, the activity's window and
 * audience, one hand-in per student, the guardian's consent for images, who reviews what, the 学院杯 points and their
 * counter-entry, a badge and its revocation, races between reviewers, and withdrawal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  MISSION_X_MSG,
  MSG,
  type HandIn,
  type HouseCupLeaderboard,
  type MissionHandIns,
  type ReviewHandIn,
  type StudentMissionBoard,
  type TeacherMission,
  type TeacherMissionBoard,
} from '@summit/domain';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { applications } from '../../db/schema-admission.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { houseCupEntries } from '../../db/schema-house-cup.ts';
import { activities } from '../../db/schema-activities.ts';
import { badgeAwards, badges } from '../../db/schema-badges.ts';
import { missionXHandIns } from '../../db/schema-mission-x.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';
import { PNG_BYTES, getCredential, postFile, readBack } from '../storage/storage-test-kit.ts';
import { ensureHouses } from '../venues/venues.queries.ts';

const DAY = 86_400_000;

let t: TestApp;
let admin: Staff;
let poster: Staff;
let otherTeacher: Staff;
let tf: Staff;
let csl: Staff;
let staff: Staff;
/** Paid, house 1, guardian consent on record. */
let alice: PayingStudent;
/** Paid, house 2, no consent on record. */
let bob: PayingStudent;
/** Paid, no house yet. */
let dora: PayingStudent;
/** Offer, tuition not paid: takes part in nothing. */
let carol: PayingStudent;
let house1: number;
let house2: number;
let openActivity: number;
let upcomingActivity: number;
let closedActivity: number;
let house2Activity: number;

const now = () => t.clock.now();
const iso = (offsetMs: number) => new Date(now().getTime() + offsetMs).toISOString();

async function addActivity(over: Partial<typeof activities.$inferInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(activities)
    .values({ kind: 'mission-x', title: 'Mission X 第一周', opensAt: new Date(now().getTime() - DAY), closesAt: new Date(now().getTime() + 20 * DAY), published: true, ...over })
    .returning({ id: activities.id });
  return row!.id;
}

async function place(s: PayingStudent, houseId: number | null, venueId: number) {
  await t.db.update(studentProfiles).set({ tuitionPaidAt: new Date(now().getTime() - 30 * DAY) }).where(eq(studentProfiles.accountId, s.accountId));
  await t.db.insert(venueAssignments).values({ studentId: s.accountId, venueId, method: 'manual' });
  if (houseId !== null) await t.db.insert(houseAssignments).values({ studentId: s.accountId, houseId, venueId });
}

async function consent(s: PayingStudent) {
  await t.db
    .insert(applications)
    .values({ accountId: s.accountId, step1: { guardian_consent: true }, consentVersion: 'v1', consentAt: now() })
    .onConflictDoUpdate({ target: applications.accountId, set: { step1: { guardian_consent: true }, consentAt: now() } });
}

async function uploadPng(token: string, name = 'photo.png'): Promise<{ name: string; url: string }> {
  const cred = await getCredential(t.app, token, { file_name: name, type: 'image/png', file_size: PNG_BYTES.length });
  if (cred.body.status !== 200 || !cred.body.data) throw new Error(`credential refused: ${cred.body.msg}`);
  const posted = await postFile(t.app, cred.body.data.fields, { name, type: 'image/png', bytes: PNG_BYTES });
  if (posted.http >= 300) throw new Error(`upload refused: ${posted.http}`);
  return cred.body.data.file;
}

function mission(over: Record<string, unknown> = {}) {
  return { activity_id: openActivity, title: '拍下你书桌的一角', brief: '用一张照片和一段话介绍你的学习角落。', deliverables: ['text', 'image'], points: 10, due_at: iso(7 * DAY), ...over };
}

const post = (body: object, token = poster.token) => call<TeacherMission>(t.app, 'POST', '/api/teacher/mission-x', { token, body });
const put = (id: number, body: object, token = poster.token) => call<TeacherMission>(t.app, 'PUT', `/api/teacher/mission-x/${id}`, { token, body });
const withdraw = (id: number, token = poster.token) => call<TeacherMission>(t.app, 'DELETE', `/api/teacher/mission-x/${id}`, { token });
const studentBoard = async (token: string) => (await call<StudentMissionBoard>(t.app, 'GET', '/api/student/activity/mission-x', { token })).body.data!;
const handIn = (id: number, body: object, token = alice.token) => call<HandIn>(t.app, 'POST', `/api/student/activity/mission-x/${id}/hand-in`, { token, body });
const handIns = (id: number, token = poster.token) => call<MissionHandIns>(t.app, 'GET', `/api/teacher/mission-x/${id}/hand-ins`, { token });
const review = (id: number, body: object, token = poster.token) => call<ReviewHandIn>(t.app, 'PUT', `/api/teacher/mission-x/hand-ins/${id}`, { token, body });
const board = async () => (await call<HouseCupLeaderboard>(t.app, 'GET', '/api/house-cup')).body.data!;
const pointsOf = async (houseId: number) => (await board()).houses.find((h) => h.house_id === houseId)!.points;

async function postOk(over: Record<string, unknown> = {}, token = poster.token): Promise<TeacherMission> {
  const res = await post(mission(over), token);
  expect(res.body.msg).toBe(MISSION_X_MSG.POSTED);
  return res.body.data!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffOfType(t, 9, '管理员');
  poster = await staffOfType(t, 1, '王老师');
  otherTeacher = await staffOfType(t, 1, '赵老师');
  tf = await staffOfType(t, 2, '李助教');
  csl = await staffOfType(t, 3, '陈CSL');
  staff = await staffOfType(t, 4, '运营老师');
  await ensureHouses(t.db);
  const hs = await t.db.select({ id: houses.id }).from(houses).orderBy(houses.sort, houses.id);
  house1 = hs[0]!.id;
  house2 = hs[1]!.id;
  const [venue] = await t.db.insert(venues).values({ placeName: 'online-mx', name: '线上会场', capacity: 100 }).returning({ id: venues.id });
  alice = await payingStudent(t, { offer: 1, name: '林同学' });
  bob = await payingStudent(t, { offer: 1, name: '周同学' });
  dora = await payingStudent(t, { offer: 1, name: '吴同学' });
  carol = await payingStudent(t, { offer: 1, name: '郑同学' });
  await place(alice, house1, venue!.id);
  await place(bob, house2, venue!.id);
  await place(dora, null, venue!.id);
  await consent(alice);
  await t.db.execute(`insert into csl_houses (account_id, house_id) values (${csl.id}, ${house1})` as never);
  openActivity = await addActivity();
  upcomingActivity = await addActivity({ title: 'Mission X 第二周', opensAt: new Date(now().getTime() + 3 * DAY), closesAt: new Date(now().getTime() + 10 * DAY) });
  closedActivity = await addActivity({ title: 'Mission X 预热', opensAt: new Date(now().getTime() - 10 * DAY), closesAt: new Date(now().getTime() - DAY) });
  house2Activity = await addActivity({ title: '二学院专属任务', audienceKind: 'house', audienceValues: [String(house2)] });
});

afterAll(async () => {
  await t.close();
});

describe('posting missions', () => {
  it('a teacher posts a mission inside an open mission-x activity; the audit row names the poster', async () => {
    const m = await postOk({ title: '发布测试' });
    expect(m).toMatchObject({ activity_id: openActivity, title: '发布测试', deliverables: ['text', 'image'], points: 10, state: 'open', may_manage: true, posted_by: { id: poster.id, name: '王老师' } });
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'mission_x.create'), eq(auditLog.entityId, String(m.id))));
    expect(row?.actorId).toBe(poster.id);
  });

  it('refuses a TF (403), an activity of another kind, a deadline in the past or after the activity, and a second live mission of the same title', async () => {
    const byTf = await post(mission({ title: 'TF 任务' }), tf.token);
    expect(byTf.http).toBe(403);
    expect(byTf.body.msg).toBe(MISSION_X_MSG.MAY_NOT_POST);
    const land = await addActivity({ kind: 'land', title: '城市见面会' });
    expect((await post(mission({ activity_id: land, title: 'x1' }))).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.ACTIVITY_NOT_FOUND, data: { field: 'activity_id' } });
    expect((await post(mission({ activity_id: closedActivity, title: 'x2' }))).body.msg).toBe(MISSION_X_MSG.ACTIVITY_CLOSED);
    expect((await post(mission({ title: 'x3', due_at: iso(-DAY) }))).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.DUE_PAST });
    expect((await post(mission({ title: 'x4', due_at: iso(40 * DAY) }))).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.DUE_OUTSIDE });
    expect((await post(mission({ title: 'x5', deliverables: [] }))).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.DELIVERABLES });
    expect((await post(mission({ title: 'x6', points: 101 }))).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.POINTS });
    await postOk({ title: '同名任务' });
    expect((await post(mission({ title: '同名任务' }))).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.DUPLICATE_TITLE, data: { field: 'title' } });
  });

  it('eight identical posts at once make one mission', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => post(mission({ title: '并发发布' }))));
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.http < 500)).toBe(true);
    const live = (await call<TeacherMissionBoard>(t.app, 'GET', '/api/teacher/mission-x', { token: otherTeacher.token })).body.data!;
    expect(live.missions.filter((m) => m.title === '并发发布' && !m.withdrawn)).toHaveLength(1);
  });

  it('only the poster or an admin edits; another teacher gets 403', async () => {
    const m = await postOk({ title: '待修改' });
    expect((await put(m.id, mission({ title: '待修改' , points: 20 }), otherTeacher.token)).http).toBe(403);
    const edited = await put(m.id, mission({ title: '已修改', points: 20 }), admin.token);
    expect(edited.body.data).toMatchObject({ title: '已修改', points: 20 });
    expect((await put(m.id, mission({ title: '已修改', points: 5 }))).body.data!.points).toBe(5);
  });

  it('the teachers’ board lists every mission-x activity and marks what this teacher may manage', async () => {
    const b = (await call<TeacherMissionBoard>(t.app, 'GET', '/api/teacher/mission-x', { token: otherTeacher.token })).body.data!;
    expect(b.may_post).toBe(true);
    expect(b.activities.map((a) => a.id)).toEqual(expect.arrayContaining([openActivity, upcomingActivity, closedActivity]));
    expect(b.missions.length).toBeGreaterThan(0);
    expect(b.missions.every((m) => m.may_manage === false)).toBe(true);
    const forTf = (await call<TeacherMissionBoard>(t.app, 'GET', '/api/teacher/mission-x', { token: tf.token })).body.data!;
    expect(forTf.may_post).toBe(false);
  });
});

describe('students: window and eligibility', () => {
  it('a paid student sees the missions of opened activities they take part in, not those of an upcoming one', async () => {
    const upcoming = await postOk({ activity_id: upcomingActivity, title: '下周任务', due_at: iso(8 * DAY) });
    const b = await studentBoard(alice.token);
    expect(b.activities.map((a) => a.id)).toEqual(expect.arrayContaining([openActivity, upcomingActivity]));
    expect(b.activities.find((a) => a.id === upcomingActivity)?.window).toBe('upcoming');
    expect(b.missions.some((m) => m.id === upcoming.id)).toBe(false);
    expect(b.missions.some((m) => m.activity_id === openActivity)).toBe(true);
    expect(b.house?.id).toBe(house1);
    expect(b.media_allowed).toBe(true);
    expect((await studentBoard(bob.token)).media_allowed).toBe(false);
    expect(await handIn(upcoming.id, { text: '提前交' })).toMatchObject({ body: { msg: MISSION_X_MSG.NOT_OPEN } });
  });

  it('a student who has not paid tuition takes part in nothing', async () => {
    const b = await studentBoard(carol.token);
    expect(b.missions).toEqual([]);
    const m = await postOk({ title: '未缴费测试' });
    const res = await handIn(m.id, { text: '你好' }, carol.token);
    expect(res.http).toBe(403);
    expect(res.body.msg).toBe(MISSION_X_MSG.NOT_ELIGIBLE);
  });

  it('a house-only activity is open to that house alone', async () => {
    const m = await postOk({ activity_id: house2Activity, title: '二学院任务' });
    expect((await handIn(m.id, { text: '我来了' }, alice.token)).http).toBe(403);
    expect((await handIn(m.id, { text: '我来了' }, bob.token)).body.status).toBe(200);
    expect((await studentBoard(alice.token)).missions.some((x) => x.id === m.id)).toBe(false);
  });

  it('after the deadline a hand-in is refused', async () => {
    const m = await postOk({ title: '很快截止', due_at: iso(2 * 60_000) });
    t.clock.advance(3 * 60_000);
    expect((await handIn(m.id, { text: '晚了' })).body.msg).toBe(MISSION_X_MSG.CLOSED);
    expect((await studentBoard(alice.token)).missions.find((x) => x.id === m.id)?.state).toBe('closed');
  });
});

describe('handing in', () => {
  it('checks what the mission asks for, the files and the consent for images', async () => {
    const textOnly = await postOk({ title: '只交文字', deliverables: ['text'] });
    const photo = await uploadPng(alice.token);
    expect((await handIn(textOnly.id, { files: [photo], people_consent: true })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.IMAGE_NOT_ASKED });
    expect((await handIn(textOnly.id, { text: '' })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.EMPTY });
    const imageOnly = await postOk({ title: '只交图片', deliverables: ['image'] });
    expect((await handIn(imageOnly.id, { text: '文字' })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.TEXT_NOT_ASKED });
    expect((await handIn(imageOnly.id, { files: [photo] })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.PEOPLE_CONSENT });
    // Someone else's file, or an address that was never uploaded.
    const bobs = await uploadPng(bob.token, 'bob.png');
    expect((await handIn(imageOnly.id, { files: [bobs], people_consent: true })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.FILE_INVALID });
    // Bob's own image, but no guardian consent on record.
    expect((await handIn(imageOnly.id, { files: [bobs], people_consent: true }, bob.token)).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.GUARDIAN_CONSENT });
    expect((await handIn(imageOnly.id, { video_url: 'javascript:alert(1)', people_consent: true })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.VIDEO_URL });
    const ok = await handIn(imageOnly.id, { files: [photo], people_consent: true });
    expect(ok.body).toMatchObject({ status: 200, msg: MISSION_X_MSG.HANDED_IN, data: { status: 'submitted', version: 1, files: [photo] } });
  });

  it('one hand-in per student: sending again replaces it, the same content sent again changes nothing', async () => {
    const m = await postOk({ title: '一人一份' });
    const first = (await handIn(m.id, { text: '第一版' })).body.data!;
    const same = (await handIn(m.id, { text: '第一版' })).body.data!;
    expect(same).toMatchObject({ id: first.id, version: 1 });
    const second = (await handIn(m.id, { text: '第二版' })).body.data!;
    expect(second).toMatchObject({ id: first.id, version: 2, text: '第二版' });
    const burst = await Promise.all(Array.from({ length: 8 }, () => handIn(m.id, { text: '第三版' })));
    expect(burst.every((r) => r.body.status === 200)).toBe(true);
    const rows = await t.db.select().from(missionXHandIns).where(and(eq(missionXHandIns.missionId, m.id), eq(missionXHandIns.studentId, alice.accountId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ text: '第三版', version: 3 });
  });

  it('text is kept as plain text (shown escaped), not as markup', async () => {
    const m = await postOk({ title: '纯文本' });
    const res = await handIn(m.id, { text: '<img src=x onerror=alert(1)> 你好' });
    expect(res.body.data!.text).toBe('<img src=x onerror=alert(1)> 你好');
  });
});

describe('reviewing', () => {
  it('the poster and admins see every hand-in, a CSL only their house’s, other teachers and TFs none (403)', async () => {
    const m = await postOk({ title: '谁能批阅', deliverables: ['text'] });
    await handIn(m.id, { text: 'alice' }, alice.token);
    await handIn(m.id, { text: 'bob' }, bob.token);
    expect((await handIns(m.id)).body.data!.items).toHaveLength(2);
    expect((await handIns(m.id, admin.token)).body.data!.items).toHaveLength(2);
    expect((await handIns(m.id, staff.token)).body.data!.items).toHaveLength(2);
    const forCsl = (await handIns(m.id, csl.token)).body.data!.items;
    expect(forCsl.map((h) => h.student.id)).toEqual([alice.accountId]);
    expect((await handIns(m.id, otherTeacher.token)).http).toBe(403);
    expect((await handIns(m.id, tf.token)).http).toBe(403);
    const bobsId = (await handIns(m.id)).body.data!.items.find((h) => h.student.id === bob.accountId)!.id;
    // The CSL of house 1 may not judge a house-2 student's hand-in.
    expect((await review(bobsId, { decision: 'accept', version: 1 }, csl.token)).http).toBe(403);
    expect((await review(bobsId, { decision: 'accept', version: 1 }, otherTeacher.token)).http).toBe(403);
  });

  it('accepting adds the mission’s points to the student’s house in the ledger; the student sees the status', async () => {
    const m = await postOk({ title: '计分任务', points: 15, deliverables: ['text'] });
    const h = (await handIn(m.id, { text: '完成了' })).body.data!;
    const before = await pointsOf(house1);
    const res = await review(h.id, { decision: 'accept', comment: '很好', version: h.version });
    expect(res.body).toMatchObject({ status: 200, msg: MISSION_X_MSG.ACCEPTED, data: { status: 'accepted', points_awarded: 15, comment: '很好', reviewer: { id: poster.id } } });
    expect(await pointsOf(house1)).toBe(before + 15);
    const mine = (await studentBoard(alice.token)).missions.find((x) => x.id === m.id)!.hand_in!;
    expect(mine).toMatchObject({ status: 'accepted', comment: '很好', points_awarded: 15 });
    const [h1] = await t.db.select({ name: houses.name }).from(houses).where(eq(houses.id, house1));
    expect(mine.points_house).toBe(h1!.name);
    // Accepted: the student may no longer change it.
    expect((await handIn(m.id, { text: '再改一下' })).body.msg).toBe(MISSION_X_MSG.ALREADY_ACCEPTED);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'mission_x.hand_in.accept'), eq(auditLog.entityId, String(h.id))));
    expect(audit?.actorId).toBe(poster.id);
  });

  it('two reviewers at once: one wins, the other is told who did what, and the points are added once', async () => {
    const m = await postOk({ title: '抢着批阅', points: 7, deliverables: ['text'] });
    const h = (await handIn(m.id, { text: '交了' })).body.data!;
    const before = await pointsOf(house1);
    const [a, b] = await Promise.all([review(h.id, { decision: 'accept', version: h.version }), review(h.id, { decision: 'return', comment: '再想想', version: h.version }, admin.token)]);
    const winners = [a, b].filter((r) => r.body.status === 200);
    const losers = [a, b].filter((r) => r.body.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.http).toBe(409);
    const winnerName = winners[0] === a ? '王老师' : '管理员';
    expect(losers[0]!.body.msg).toContain(winnerName);
    expect(losers[0]!.body.msg).toMatch(/已于 .* (通过|退回)/);
    expect(await pointsOf(house1)).toBe(before + (winners[0] === a ? 7 : 0));
    const burst = await Promise.all(Array.from({ length: 8 }, () => review(h.id, { decision: 'accept', version: h.version })));
    expect(burst.every((r) => r.http === 409)).toBe(true);
  });

  it('eight identical accepts at once write one ledger entry', async () => {
    const m = await postOk({ title: '八次通过', points: 3, deliverables: ['text'] });
    const h = (await handIn(m.id, { text: '交了' })).body.data!;
    const burst = await Promise.all(Array.from({ length: 8 }, () => review(h.id, { decision: 'accept', version: h.version })));
    expect(burst.filter((r) => r.body.status === 200)).toHaveLength(1);
    expect(burst.every((r) => r.http < 500)).toBe(true);
    const entries = await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.reason, 'Mission X「八次通过」通过'));
    expect(entries).toHaveLength(1);
  });

  it('return with a comment; the student resubmits; a review of the old version is refused as stale', async () => {
    const m = await postOk({ title: '退回再交', deliverables: ['text'] });
    const h = (await handIn(m.id, { text: '初稿' })).body.data!;
    expect((await review(h.id, { decision: 'return', version: h.version })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.COMMENT_REQUIRED });
    const returned = (await review(h.id, { decision: 'return', comment: '请补充细节', version: h.version })).body.data!;
    expect(returned).toMatchObject({ status: 'returned', comment: '请补充细节', version: 2 });
    expect((await studentBoard(alice.token)).missions.find((x) => x.id === m.id)!.hand_in).toMatchObject({ status: 'returned', comment: '请补充细节' });
    const again = (await handIn(m.id, { text: '初稿' })).body.data!;
    expect(again).toMatchObject({ id: h.id, status: 'submitted', version: 3 });
    const stale = await review(h.id, { decision: 'accept', version: 2 });
    expect(stale.http).toBe(409);
    expect(stale.body.msg).toContain(MISSION_X_MSG.STALE_RESUBMITTED);
    expect((await review(h.id, { decision: 'accept', version: 3 })).body.data!.status).toBe('accepted');
  });

  it('un-accepting reverses the points with a counter-entry (the original entry stays) and the hand-in awaits review again', async () => {
    const m = await postOk({ title: '撤销通过', points: 12, deliverables: ['text'] });
    const h = (await handIn(m.id, { text: '交了' })).body.data!;
    const start = await pointsOf(house1);
    const accepted = (await review(h.id, { decision: 'accept', version: h.version })).body.data!;
    expect(await pointsOf(house1)).toBe(start + 12);
    const [row] = await t.db.select().from(missionXHandIns).where(eq(missionXHandIns.id, h.id));
    const originalEntry = row!.ledgerEntryId!;
    expect((await review(h.id, { decision: 'unaccept', version: accepted.version })).body.msg).toBe(MISSION_X_MSG.COMMENT_REQUIRED);
    const undone = await review(h.id, { decision: 'unaccept', comment: '发现抄袭', version: accepted.version });
    expect(undone.body).toMatchObject({ status: 200, msg: MISSION_X_MSG.UNACCEPTED, data: { status: 'submitted', points_awarded: 0 } });
    expect(await pointsOf(house1)).toBe(start);
    const [original] = await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.id, originalEntry));
    expect(original?.points).toBe(12);
    const [counter] = await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.reversesId, originalEntry));
    expect(counter).toMatchObject({ points: -12, giverId: poster.id });
    // Un-accepting what is not accepted is refused and says why.
    expect((await review(h.id, { decision: 'unaccept', comment: '再撤', version: undone.body.data!.version })).body.msg).toBe(MISSION_X_MSG.NOT_ACCEPTED);
    // Accepted again: a new entry.
    await review(h.id, { decision: 'accept', version: undone.body.data!.version });
    expect(await pointsOf(house1)).toBe(start + 12);
  });

  it('un-accepting after an admin already reversed the entry in the ledger writes no second counter-entry', async () => {
    const m = await postOk({ title: '已手工冲正', points: 8, deliverables: ['text'] });
    const h = (await handIn(m.id, { text: '交了' })).body.data!;
    const start = await pointsOf(house1);
    const accepted = (await review(h.id, { decision: 'accept', version: h.version })).body.data!;
    const [row] = await t.db.select().from(missionXHandIns).where(eq(missionXHandIns.id, h.id));
    const reversed = await call(t.app, 'PUT', `/api/admin/house-cup/${row!.ledgerEntryId}`, { token: admin.token, body: { reason: '管理员手工冲正' } });
    expect(reversed.body.status).toBe(200);
    expect(await pointsOf(house1)).toBe(start);
    const undone = await review(h.id, { decision: 'unaccept', comment: '同步撤销', version: accepted.version });
    expect(undone.body.status).toBe(200);
    expect(await pointsOf(house1)).toBe(start);
    expect(await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.reversesId, row!.ledgerEntryId!))).toHaveLength(1);
  });

  it('a video mission takes an https link with the people’s consent', async () => {
    const m = await postOk({ title: '视频链接', deliverables: ['video'] });
    expect((await handIn(m.id, { video_url: 'http://example.com/v', people_consent: true })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.VIDEO_URL });
    expect((await handIn(m.id, { video_url: 'https://www.bilibili.com/video/BV1xx411c7mD' })).body).toMatchObject({ status: 4003, msg: MISSION_X_MSG.PEOPLE_CONSENT });
    const ok = await handIn(m.id, { video_url: 'https://www.bilibili.com/video/BV1xx411c7mD', people_consent: true });
    expect(ok.body.data).toMatchObject({ video_url: 'https://www.bilibili.com/video/BV1xx411c7mD', status: 'submitted' });
    // Bob has no guardian consent on record: no video either.
    expect((await handIn(m.id, { video_url: 'https://www.bilibili.com/video/BV1xx411c7mD', people_consent: true }, bob.token)).body.msg).toBe(MISSION_X_MSG.GUARDIAN_CONSENT);
  });

  it('a student without a house: accepted, no points', async () => {
    const m = await postOk({ title: '无学院', points: 9, deliverables: ['text'] });
    const h = (await handIn(m.id, { text: '交了' }, dora.token)).body.data!;
    const count = (await t.db.select().from(houseCupEntries)).length;
    const res = await review(h.id, { decision: 'accept', version: h.version });
    expect(res.body.data).toMatchObject({ status: 'accepted', points_awarded: 0, points_house: null, student: { house: null } });
    expect((await t.db.select().from(houseCupEntries)).length).toBe(count);
  });

  it('a mission naming a badge awards it on acceptance and revokes it on un-accepting', async () => {
    const [badge] = await t.db
      .insert(badges)
      .values({ name: 'Mission X 完成者', description: '完成一项 Mission X 任务', criteriaText: '任务通过', criterion: 'mission_x_accepted', emblem: 'X', colour: '#8b1e3f', published: true })
      .returning({ id: badges.id });
    const m = await postOk({ title: '带徽章', deliverables: ['text'], badge_criterion: 'mission_x_accepted' });
    const h = (await handIn(m.id, { text: '交了' }, bob.token)).body.data!;
    const accepted = (await review(h.id, { decision: 'accept', version: h.version })).body.data!;
    const awards = await t.db.select().from(badgeAwards).where(and(eq(badgeAwards.badgeId, badge!.id), eq(badgeAwards.accountId, bob.accountId)));
    expect(awards).toHaveLength(1);
    expect(awards[0]).toMatchObject({ sourceKind: 'mission-x', sourceId: String(h.id), revokedAt: null });
    await review(h.id, { decision: 'unaccept', comment: '撤销', version: accepted.version });
    const revoked = await t.db.select().from(badgeAwards).where(and(eq(badgeAwards.badgeId, badge!.id), eq(badgeAwards.accountId, bob.accountId), isNotNull(badgeAwards.revokedAt)));
    expect(revoked).toHaveLength(1);
  });

  it('the reviewer may read a handed-in image; another teacher may not', async () => {
    const m = await postOk({ title: '看图', deliverables: ['image'] });
    const photo = await uploadPng(alice.token, 'desk.png');
    await handIn(m.id, { files: [photo], people_consent: true });
    expect((await readBack(t.app, photo.url, poster.token)).statusCode).toBe(200);
    expect((await readBack(t.app, photo.url, csl.token)).statusCode).toBe(200);
    expect((await readBack(t.app, photo.url, staff.token)).statusCode).toBe(200);
    expect((await readBack(t.app, photo.url, tf.token)).statusCode).toBe(403);
    expect((await readBack(t.app, photo.url, otherTeacher.token)).statusCode).toBe(403);
    expect((await readBack(t.app, photo.url, bob.token)).statusCode).toBe(403);
  });
});

describe('withdrawing', () => {
  it('a withdrawn mission disappears for students; its hand-ins stay for the teacher; withdrawing again is harmless', async () => {
    const m = await postOk({ title: '将被撤回', deliverables: ['text'] });
    await handIn(m.id, { text: '交了' });
    expect((await withdraw(m.id, otherTeacher.token)).http).toBe(403);
    const res = await withdraw(m.id);
    expect(res.body).toMatchObject({ status: 200, msg: MISSION_X_MSG.WITHDRAWN, data: { withdrawn: true } });
    expect((await studentBoard(alice.token)).missions.some((x) => x.id === m.id)).toBe(false);
    const late = await handIn(m.id, { text: '还能交吗' });
    expect(late.http).toBe(404);
    expect(late.body.msg).toBe(MISSION_X_MSG.MISSION_NOT_FOUND);
    expect((await handIns(m.id)).body.data!.items).toHaveLength(1);
    const teacherBoard = (await call<TeacherMissionBoard>(t.app, 'GET', '/api/teacher/mission-x', { token: poster.token })).body.data!;
    expect(teacherBoard.missions.find((x) => x.id === m.id)).toMatchObject({ withdrawn: true, counts: { submitted: 1 } });
    expect((await withdraw(m.id)).body.status).toBe(200);
    // A withdrawn title may be used again.
    await postOk({ title: '将被撤回', deliverables: ['text'] });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'mission_x.withdraw'), eq(auditLog.entityId, String(m.id))));
    expect(audit?.actorId).toBe(poster.id);
  });

  it('unknown ids answer 404, not 500', async () => {
    expect((await withdraw(999_999)).http).toBe(404);
    expect((await handIns(999_999)).http).toBe(404);
    expect((await review(999_999, { decision: 'accept', version: 1 })).http).toBe(404);
    expect((await handIn(999_999, { text: 'x' })).http).toBe(404);
    expect((await call(t.app, 'GET', '/api/teacher/mission-x', { token: alice.token })).body.msg).toBe(MSG.NO_PERMISSION);
  });
});
