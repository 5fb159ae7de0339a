import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACTIVITY_MSG, type ActivityAttendance, type ActivityHub, type ActivityJoin, type AdminActivity, type StudentActivityCard, type TeacherCeremony } from '@summit/domain';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { activityAttendance } from '../../db/schema-activities.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { courseWithMeetings, enrol, staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';
import { activityWindow, mayTakePart } from './activities.queries.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = new Date('2027-07-20T02:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

let t: TestApp;
let admin: Staff;
let staff: Staff;
let teacher: Staff;
let otherTeacher: Staff;
/** Paid, venue A, house 1, enrolled in course A (session first). */
let alice: PayingStudent;
/** Paid, venue B, house 2, no course. */
let bob: PayingStudent;
/** Offer but tuition not paid. */
let carol: PayingStudent;
let venueA: number;
let venueB: number;
let house1: number;
let house2: number;
let courseA: number;

async function placeStudent(s: PayingStudent, venueId: number, houseId: number) {
  await t.db.update(studentProfiles).set({ tuitionPaidAt: new Date(NOW.getTime() - 30 * 24 * HOUR) }).where(eq(studentProfiles.accountId, s.accountId));
  await t.db.insert(venueAssignments).values({ studentId: s.accountId, venueId, method: 'manual' });
  await t.db.insert(houseAssignments).values({ studentId: s.accountId, houseId, venueId });
}

function input(over: Record<string, unknown> = {}) {
  return {
    kind: 'land',
    title: '上海城市见面会',
    content: '<p>线下见面</p>',
    opens_at: at(-HOUR),
    closes_at: at(HOUR),
    audience: { kind: 'all', values: [] },
    cta_label: '报名',
    cta_url: 'https://example.com/signup',
    ...over,
  };
}

async function create(body: Record<string, unknown>, publish = true): Promise<AdminActivity> {
  const res = await call<AdminActivity>(t.app, 'POST', '/api/admin/activities', { token: admin.token, body });
  expect(res.body.msg).toBe(ACTIVITY_MSG.CREATED);
  if (publish) await call(t.app, 'PUT', `/api/admin/activities/${res.body.data!.id}/publish`, { token: admin.token, body: { published: true } });
  return res.body.data!;
}

const hub = async (s: PayingStudent) => (await call<ActivityHub>(t.app, 'GET', '/api/student/activities/hub', { token: s.token })).body.data!;
const hubIds = async (s: PayingStudent) => {
  const h = await hub(s);
  return [...h.lit, ...h.upcoming, ...h.closed].map((c) => c.id);
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  admin = await staffOfType(t, 9, '管理员');
  staff = await staffOfType(t, 4, '工作人员');
  teacher = await staffOfType(t, 1, '李老师');
  otherTeacher = await staffOfType(t, 1, '赵老师');
  const [va, vb] = await t.db.insert(venues).values([{ placeName: 'act-a', name: '会场A' }, { placeName: 'act-b', name: '会场B' }]).returning();
  const [h1, h2] = await t.db.insert(houses).values([{ code: 'ACT1', name: '一号学院' }, { code: 'ACT2', name: '二号学院' }]).returning();
  venueA = va!.id;
  venueB = vb!.id;
  house1 = h1!.id;
  house2 = h2!.id;
  alice = await payingStudent(t, { offer: 1, name: '学生甲' });
  bob = await payingStudent(t, { offer: 1, name: '学生乙' });
  carol = await payingStudent(t, { offer: 1, name: '学生丙' });
  await placeStudent(alice, venueA, house1);
  await placeStudent(bob, venueB, house2);
  const c = await courseWithMeetings(t.db, teacher.id, [new Date(NOW.getTime() + HOUR)], '天体物理');
  courseA = c.course.id;
  await enrol(t.db, alice.accountId, courseA);
});
afterAll(async () => {
  await t.close();
});

describe('admin: schedule, validate, publish, audit', () => {
  it('creates unpublished with sanitised content and an audit row; students see it only once published', async () => {
    const a = await create(input({ content: '<p>欢迎<script>alert(1)</script><img src=x onerror=alert(1)></p>' }), false);
    expect(a.published).toBe(false);
    expect(a.content).not.toMatch(/script|onerror/);
    expect(a.window).toBe('open');
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'activity.create'), eq(auditLog.entityId, String(a.id))));
    expect(row?.actorId).toBe(admin.id);
    expect(await hubIds(alice)).not.toContain(a.id);
    const pub = await call<AdminActivity>(t.app, 'PUT', `/api/admin/activities/${a.id}/publish`, { token: admin.token, body: { published: true } });
    expect(pub.body.msg).toBe(ACTIVITY_MSG.PUBLISHED);
    expect(await hubIds(alice)).toContain(a.id);
    const [p] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'activity.publish'), eq(auditLog.entityId, String(a.id))));
    expect(p?.after).toMatchObject({ published: true });
    await call(t.app, 'PUT', `/api/admin/activities/${a.id}/publish`, { token: admin.token, body: { published: false } });
    expect(await hubIds(alice)).not.toContain(a.id);
  });

  it('refuses a window that ends before it starts, a javascript: link, unknown venues and a student as speaker, naming the field', async () => {
    const bad = async (body: Record<string, unknown>) => (await call(t.app, 'POST', '/api/admin/activities', { token: admin.token, body })).body;
    expect(await bad(input({ closes_at: at(-2 * HOUR) }))).toMatchObject({ status: 4003, msg: expect.stringContaining(ACTIVITY_MSG.WINDOW) });
    expect(await bad(input({ cta_url: 'javascript:alert(1)' }))).toMatchObject({ status: 4003, msg: expect.stringContaining(ACTIVITY_MSG.URL) });
    expect(await bad(input({ audience: { kind: 'venue', values: ['999999'] } }))).toMatchObject({ status: 4003, msg: expect.stringContaining(ACTIVITY_MSG.AUDIENCE_UNKNOWN) });
    expect(await bad(input({ audience: { kind: 'session', values: ['fourth'] } }))).toMatchObject({ status: 4003 });
    expect(await bad(input({ audience: { kind: 'house', values: [] } }))).toMatchObject({ status: 4003, msg: expect.stringContaining(ACTIVITY_MSG.AUDIENCE_VALUES) });
    expect(await bad(input({ kind: 'party' }))).toMatchObject({ status: 4003 });
    expect(await bad(input({ title: '' }))).toMatchObject({ status: 4003, msg: expect.stringContaining(ACTIVITY_MSG.TITLE) });
    const speaker = { starts_at: at(0), title: '致辞', speaker: '学生', teacher_id: alice.accountId, cue: '' };
    expect(await bad(input({ agenda: [speaker] }))).toMatchObject({ status: 4003, msg: expect.stringContaining(ACTIVITY_MSG.SPEAKER_NOT_TEACHER) });
  });

  it('edits with a before/after audit row; a missing activity is 404 活动不存在', async () => {
    const a = await create(input({ title: '编辑前' }));
    const res = await call<AdminActivity>(t.app, 'PUT', `/api/admin/activities/${a.id}`, { token: admin.token, body: input({ title: '编辑后' }) });
    expect(res.body.data?.title).toBe('编辑后');
    expect(res.body.data?.published).toBe(true);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'activity.update'), eq(auditLog.entityId, String(a.id))));
    expect(row?.before).toMatchObject({ title: '编辑前' });
    expect(row?.after).toMatchObject({ title: '编辑后' });
    const missing = await call(t.app, 'PUT', '/api/admin/activities/999999', { token: admin.token, body: input() });
    expect(missing).toMatchObject({ http: 404, body: { status: 4001, msg: ACTIVITY_MSG.NOT_FOUND } });
    expect((await call(t.app, 'GET', '/api/admin/activities/999999', { token: admin.token })).http).toBe(404);
  });

  it('is for admins and staff (community.manage): teachers and students get 4001', async () => {
    expect((await call(t.app, 'GET', '/api/admin/activities', { token: staff.token })).body.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/activities', { token: teacher.token })).body.status).toBe(4001);
    expect((await call(t.app, 'POST', '/api/admin/activities', { token: teacher.token, body: input() })).body.status).toBe(4001);
    expect((await call(t.app, 'GET', '/api/admin/activities', { token: alice.token })).http).toBeGreaterThanOrEqual(401);
    expect((await call(t.app, 'GET', '/api/teacher/ceremonies/opening', { token: alice.token })).http).toBeGreaterThanOrEqual(401);
  });
});

describe('eligibility by audience', () => {
  it('all / session / venue / house / course each reach exactly their students; unpaid students see nothing', async () => {
    const all = await create(input({ title: '全体' }));
    const session = await create(input({ title: '第一期', audience: { kind: 'session', values: ['first'] } }));
    const venue = await create(input({ title: '会场B', audience: { kind: 'venue', values: [String(venueB)] } }));
    const house = await create(input({ title: '一号学院', audience: { kind: 'house', values: [String(house1)] } }));
    const course = await create(input({ title: '课程', audience: { kind: 'course', values: [String(courseA)] } }));
    const multi = await create(input({ title: '两个学院', audience: { kind: 'house', values: [String(house1), String(house2)] } }));
    const a = await hubIds(alice);
    const b = await hubIds(bob);
    expect(a).toEqual(expect.arrayContaining([all.id, session.id, house.id, course.id, multi.id]));
    expect(a).not.toContain(venue.id);
    expect(b).toEqual(expect.arrayContaining([all.id, venue.id, multi.id]));
    expect(b).not.toContain(session.id);
    expect(b).not.toContain(house.id);
    expect(b).not.toContain(course.id);
    expect(await hubIds(carol)).toEqual([]);
    expect(await mayTakePart(t.db, venue.id, alice.accountId)).toBe(false);
    expect(await mayTakePart(t.db, venue.id, bob.accountId)).toBe(true);
    expect(await mayTakePart(t.db, all.id, carol.accountId)).toBe(false);
    expect(await mayTakePart(t.db, all.id, teacher.id)).toBe(false);
    // A card of another venue's activity is not found, even by id.
    const card = await call<StudentActivityCard>(t.app, 'GET', `/api/student/activities/card/land?id=${venue.id}`, { token: alice.token });
    expect(card).toMatchObject({ http: 404, body: { msg: ACTIVITY_MSG.NOT_FOUND } });
  });
});

describe('hub and cards', () => {
  it('sorts cards into lit, upcoming (with date) and closed by the window rule', async () => {
    const open = await create(input({ kind: 'haa', title: 'HAA 进行中', audience: { kind: 'house', values: [String(house2)] } }));
    const soon = await create(input({ kind: 'haa', title: 'HAA 下一轮', opens_at: at(24 * HOUR), closes_at: at(48 * HOUR), audience: { kind: 'house', values: [String(house2)] } }));
    const past = await create(input({ kind: 'haa', title: 'HAA 上一轮', opens_at: at(-48 * HOUR), closes_at: at(-24 * HOUR), audience: { kind: 'house', values: [String(house2)] } }));
    const h = await hub(bob);
    expect(h.lit.map((c) => c.id)).toContain(open.id);
    expect(h.upcoming.find((c) => c.id === soon.id)).toMatchObject({ window: 'upcoming', opens_at: at(24 * HOUR), path: `/student/card/haa?id=${soon.id}` });
    expect(h.closed.map((c) => c.id)).toContain(past.id);
    expect(activityWindow({ opensAt: at(0), closesAt: at(HOUR) }, NOW)).toBe('open');
    expect(activityWindow({ opensAt: at(0), closesAt: at(HOUR) }, new Date(NOW.getTime() + HOUR))).toBe('closed');

    // The card shows the open one with its call to action, and the next date.
    const card = (await call<StudentActivityCard>(t.app, 'GET', '/api/student/activities/card/haa', { token: bob.token })).body.data!;
    expect(card.activity).toMatchObject({ id: open.id, cta_url: 'https://example.com/signup', live_url: null });
    expect(card.next_opens_at).toBe(at(24 * HOUR));
    // An upcoming one, asked by id, withholds its call to action until it opens.
    const upcoming = (await call<StudentActivityCard>(t.app, 'GET', `/api/student/activities/card/haa?id=${soon.id}`, { token: bob.token })).body.data!;
    expect(upcoming.activity).toMatchObject({ id: soon.id, window: 'upcoming', cta_url: '' });
  });

  it('a kind with nothing for the student answers an empty card', async () => {
    const card = await call<StudentActivityCard>(t.app, 'GET', '/api/student/activities/card/coop', { token: alice.token });
    expect(card.body).toMatchObject({ status: 200, data: { activity: null, next_opens_at: null } });
  });
});

describe('ceremonies: live link, attendance, replay, teachers’ cues', () => {
  let ceremony: AdminActivity;
  beforeAll(async () => {
    ceremony = await create(
      input({
        kind: 'opening',
        title: '开营典礼',
        opens_at: at(30 * MIN),
        closes_at: at(150 * MIN),
        live_url: 'https://live.example.com/opening',
        replay_url: 'https://live.example.com/opening-replay',
        agenda: [
          { starts_at: at(40 * MIN), title: '教师代表致辞', speaker: '李老师', teacher_id: teacher.id, cue: '主持人介绍后开麦' },
          { starts_at: at(30 * MIN), title: '开场', speaker: '主持人', cue: '' },
        ],
      }),
    );
  });

  it('withholds the live link before 15 minutes ahead, then hands it out and marks the student present once', async () => {
    const before = await call<ActivityJoin>(t.app, 'POST', `/api/student/activities/${ceremony.id}/join`, { token: alice.token });
    expect(before.body.msg).toBe(ACTIVITY_MSG.NOT_LIVE);
    const card = (await call<StudentActivityCard>(t.app, 'GET', '/api/student/activities/card/opening', { token: alice.token })).body.data!;
    expect(card.activity).toMatchObject({ live_state: 'before', live_url: null, replay_url: null, attended: false });
    expect(card.activity!.agenda.map((a) => a.title)).toEqual(['开场', '教师代表致辞']);
    expect(JSON.stringify(card)).not.toContain('主持人介绍后开麦');

    t.clock.set(new Date(NOW.getTime() + 16 * MIN));
    const first = await call<ActivityJoin>(t.app, 'POST', `/api/student/activities/${ceremony.id}/join`, { token: alice.token });
    expect(first.body.data?.live_url).toBe('https://live.example.com/opening');
    t.clock.set(new Date(NOW.getTime() + 60 * MIN));
    const again = await call<ActivityJoin>(t.app, 'POST', `/api/student/activities/${ceremony.id}/join`, { token: alice.token });
    expect(again.body.data?.attended_at).toBe(first.body.data?.attended_at);
    const rows = await t.db.select().from(activityAttendance).where(eq(activityAttendance.activityId, ceremony.id));
    expect(rows).toHaveLength(1);
    expect((await call<StudentActivityCard>(t.app, 'GET', '/api/student/activities/card/opening', { token: alice.token })).body.data!.activity).toMatchObject({ live_state: 'live', attended: true });
    // Not for a student who is not a participant.
    expect((await call(t.app, 'POST', `/api/student/activities/${ceremony.id}/join`, { token: carol.token })).body.msg).toBe(ACTIVITY_MSG.NOT_ELIGIBLE);

    const list = (await call<ActivityAttendance>(t.app, 'GET', `/api/admin/activities/${ceremony.id}/attendance`, { token: admin.token })).body.data!;
    expect(list).toMatchObject({ total: 1, items: [{ student_id: alice.accountId, name: '学生甲' }] });
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/admin/activities/${ceremony.id}/attendance/export`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('after the end: no live link, the replay instead', async () => {
    t.clock.set(new Date(NOW.getTime() + 151 * MIN));
    const ended = await call(t.app, 'POST', `/api/student/activities/${ceremony.id}/join`, { token: bob.token });
    expect(ended.body.msg).toBe(ACTIVITY_MSG.ENDED);
    const card = (await call<StudentActivityCard>(t.app, 'GET', `/api/student/activities/card/opening?id=${ceremony.id}`, { token: bob.token })).body.data!;
    expect(card.activity).toMatchObject({ live_state: 'after', live_url: null, replay_url: 'https://live.example.com/opening-replay', attended: false });
    t.clock.set(NOW);
  });

  it('a ceremony without a live link says so; a withdrawn one cannot be joined and leaves the teacher page', async () => {
    const bare = await create(input({ kind: 'ending', title: '无链接典礼', opens_at: at(-MIN), closes_at: at(HOUR), agenda: [{ starts_at: at(0), title: '致辞', speaker: '李老师', teacher_id: teacher.id, cue: '第二个' }] }));
    expect((await call(t.app, 'POST', `/api/student/activities/${bare.id}/join`, { token: alice.token })).body.msg).toBe(ACTIVITY_MSG.NO_LIVE_URL);
    expect((await call<TeacherCeremony>(t.app, 'GET', '/api/teacher/ceremonies/ending', { token: teacher.token })).body.data?.activity?.id).toBe(bare.id);
    await call(t.app, 'PUT', `/api/admin/activities/${bare.id}/publish`, { token: admin.token, body: { published: false } });
    expect((await call(t.app, 'POST', `/api/student/activities/${bare.id}/join`, { token: alice.token })).http).toBe(404);
    expect((await call<TeacherCeremony>(t.app, 'GET', '/api/teacher/ceremonies/ending', { token: teacher.token })).body.data?.activity).toBeNull();
    const [withdrawn] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'activity.unpublish'), eq(auditLog.entityId, String(bare.id))));
    expect(withdrawn?.after).toMatchObject({ published: false });
  });

  it('the teacher sees their own items with cues; another teacher sees the agenda without cues', async () => {
    const mine = (await call<TeacherCeremony>(t.app, 'GET', '/api/teacher/ceremonies/opening', { token: teacher.token })).body.data!;
    expect(mine.activity?.my_items).toEqual([expect.objectContaining({ title: '教师代表致辞', cue: '主持人介绍后开麦', teacher_id: teacher.id })]);
    expect(mine.activity?.live_url).toBeNull();
    const other = (await call<TeacherCeremony>(t.app, 'GET', '/api/teacher/ceremonies/opening', { token: otherTeacher.token })).body.data!;
    expect(other.activity?.my_items).toEqual([]);
    expect(JSON.stringify(other)).not.toContain('主持人介绍后开麦');
    const none = (await call<TeacherCeremony>(t.app, 'GET', '/api/teacher/ceremonies/ending', { token: teacher.token })).body;
    expect(none).toMatchObject({ status: 200, data: { activity: null } });
  });
});
