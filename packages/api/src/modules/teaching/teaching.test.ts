import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHECKIN_PERIOD_MS, MSG, TEACHING_MSG, checkinPeriodOf, type CheckinResult, type MyAttendanceRow, type SignDetail, type SignQr, type SignSummary, type StudentCalendar, type TeacherCourseBriefList, type TeacherCourseDetail, type TeacherHouse, type CslHouseRow } from '@summit/domain';
import { attendance, attendanceChanges } from '../../db/schema-teaching.ts';
import { auditLog } from '../../db/schema.ts';
import { houseAssignments, houses, venues } from '../../db/schema-courses.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { courseAccess } from './access.ts';
import { canSeeStudent } from './access.ts';
import { checkinSecret, signCheckinToken, verifyCheckinToken } from './checkin-token.ts';
import { setCslHouse } from './teaching.repo.ts';
import { courseWithMeetings, enrol, staffOfType, type Staff } from './teaching-test-kit.ts';

const MIN = 60_000;
let t: TestApp;
let teacherA: Staff;
let teacherB: Staff;
let tfA: Staff;
let tfOther: Staff;
let staff: Staff;
let admin: Staff;
let studentA: PayingStudent;
let studentB: PayingStudent;
let courseA: Awaited<ReturnType<typeof courseWithMeetings>>;
let courseB: Awaited<ReturnType<typeof courseWithMeetings>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2027-07-18T01:00:00Z'));
  [teacherA, teacherB, tfA, tfOther, staff, admin] = [
    await staffOfType(t, 1, '王老师'),
    await staffOfType(t, 1, '赵老师'),
    await staffOfType(t, 2, '助教甲'),
    await staffOfType(t, 2, '助教乙'),
    await staffOfType(t, 4, '教务'),
    await staffOfType(t, 9, '管理员'),
  ];
  studentA = await payingStudent(t, { name: '学生甲' });
  studentB = await payingStudent(t, { name: '学生乙' });
  // Meeting 0 started one minute ago; meeting 1 is next week.
  courseA = await courseWithMeetings(t.db, teacherA.id, [new Date(t.clock.now().getTime() - MIN), new Date(t.clock.now().getTime() + 7 * 24 * 60 * MIN)], '量子计算导论');
  courseB = await courseWithMeetings(t.db, teacherB.id, [new Date(t.clock.now().getTime() - MIN)], '古典诗词');
  await enrol(t.db, studentA.accountId, courseA.course.id);
  await enrol(t.db, studentB.accountId, courseB.course.id);
  const added = await call(t.app, 'POST', `/api/admin/courses/${courseA.course.id}/assistants`, { token: admin.token, body: { account_id: tfA.id } });
  expect(added.body).toMatchObject({ status: 200, msg: TEACHING_MSG.ASSISTANT_ADDED });
});
afterAll(async () => {
  await t.close();
});

const detailOf = (token: string, courseId: number, period = 1) => call<TeacherCourseDetail>(t.app, 'GET', `/api/teacher/course/${courseId}/${period}`, { token });
const openSign = (token: string, meeting_id: number, extra: Record<string, unknown> = {}) => call<SignSummary>(t.app, 'POST', '/api/teacher/sign', { token, body: { meeting_id, ...extra } });
const qrOf = (token: string, id: number) => call<SignQr>(t.app, 'GET', `/api/teacher/sign/${id}/qrcode`, { token });
const scan = (token: string, code: string) => call<CheckinResult>(t.app, 'POST', '/api/student/sign', { token, body: { t: code } });

describe('course access (decision 050)', () => {
  it('the teacher, an attached TF, staff and admins reach the course; another teacher, a free TF and students do not', async () => {
    const id = courseA.course.id;
    const who = (s: Staff) => ({ accountId: s.id, role: 'teacher' as const });
    expect(await courseAccess(t.db, who(teacherA), id)).toBe('teacher');
    expect(await courseAccess(t.db, who(tfA), id)).toBe('assistant');
    expect(await courseAccess(t.db, who(staff), id)).toBe('admin');
    expect(await courseAccess(t.db, who(admin), id)).toBe('admin');
    expect(await courseAccess(t.db, who(teacherB), id)).toBeNull();
    expect(await courseAccess(t.db, who(tfOther), id)).toBeNull();
    expect(await courseAccess(t.db, { accountId: studentA.accountId, role: 'student' }, id)).toBeNull();
    expect(await courseAccess(t.db, who(admin), 999_999)).toBeNull();
  });

  it('a teacher of course B opening course A gets 无权限访问！ and nothing of the course', async () => {
    const ok = await detailOf(teacherA.token, courseA.course.id);
    expect(ok.body).toMatchObject({ status: 200, data: { title: '量子计算导论', access: 'teacher', assistants: [{ name: '助教甲' }] } });
    expect(ok.body.data!.roster).toEqual([expect.objectContaining({ student_id: studentA.accountId, name: '学生甲' })]);
    expect(ok.body.data!.roster[0]!.phone).toMatch(/\*\*\*\*/);

    for (const s of [teacherB, tfOther]) {
      const denied = await detailOf(s.token, courseA.course.id);
      expect(denied.http).toBe(403);
      expect(denied.body).toEqual({ status: 4001, msg: MSG.NO_PERMISSION });
    }
    expect((await detailOf(tfA.token, courseA.course.id)).body).toMatchObject({ status: 200, data: { access: 'assistant' } });
    // A student's token on a teacher path is refused by the role gate.
    expect((await detailOf(studentB.token, courseA.course.id)).http).toBe(403);
  });

  it('my courses lists taught and assisted courses; staff see all', async () => {
    const mine = await call<TeacherCourseBriefList>(t.app, 'GET', '/api/teacher/course', { token: tfA.token });
    expect(mine.body.data).toMatchObject({ teacher_type: 2, courses: [{ id: courseA.course.id, access: 'assistant' }] });
    const b = await call<TeacherCourseBriefList>(t.app, 'GET', '/api/teacher/course', { token: teacherB.token });
    expect(b.body.data!.courses.map((c) => c.id)).toEqual([courseB.course.id]);
    const all = await call<TeacherCourseBriefList>(t.app, 'GET', '/api/teacher/course', { token: staff.token });
    expect(all.body.data!.courses.map((c) => c.id)).toEqual(expect.arrayContaining([courseA.course.id, courseB.course.id]));
  });

  it('only a TF can be attached; removing one takes the access away', async () => {
    const wrong = await call(t.app, 'POST', `/api/admin/courses/${courseB.course.id}/assistants`, { token: admin.token, body: { account_id: teacherA.id } });
    expect(wrong.body).toMatchObject({ status: 4003, msg: TEACHING_MSG.ASSISTANT_NOT_TF });
    expect((await call(t.app, 'POST', `/api/admin/courses/${courseB.course.id}/assistants`, { token: admin.token, body: { account_id: tfOther.id } })).body.status).toBe(200);
    expect((await detailOf(tfOther.token, courseB.course.id)).body.status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/admin/courses/${courseB.course.id}/assistants/${tfOther.id}`, { token: admin.token })).body.status).toBe(200);
    expect((await detailOf(tfOther.token, courseB.course.id)).http).toBe(403);
    // Teachers cannot attach.
    expect((await call(t.app, 'POST', `/api/admin/courses/${courseA.course.id}/assistants`, { token: teacherA.token, body: { account_id: tfOther.id } })).http).toBe(403);
  });

  it('a CSL sees the students of their house only', async () => {
    const csl = await staffOfType(t, 3, 'CSL');
    const [house] = await t.db.insert(houses).values({ code: 'HX', name: '测试学院' }).returning();
    const [venue] = await t.db.insert(venues).values({ placeName: 'csl-venue', name: '测试会场' }).returning();
    await t.db.insert(houseAssignments).values({ studentId: studentA.accountId, houseId: house!.id, venueId: venue!.id });
    await setCslHouse(t.db, csl.id, house!.id);
    const who = { accountId: csl.id, role: 'teacher' as const };
    expect(await canSeeStudent(t.db, who, studentA.accountId)).toBe(true);
    expect(await canSeeStudent(t.db, who, studentB.accountId)).toBe(false);
    expect(await courseAccess(t.db, who, courseA.course.id)).toBeNull();
    expect(await canSeeStudent(t.db, { accountId: teacherA.id, role: 'teacher' }, studentA.accountId)).toBe(false);
  });
});

describe('house students (CSL, decision 050)', () => {
  it('an admin sets a CSL’s house (audited); the CSL reads its students and nothing else; teachers and TFs are refused', async () => {
    const csl = await staffOfType(t, 3, 'CSL乙');
    const [house] = await t.db.insert(houses).values({ code: 'HY', name: '远航学院' }).returning();
    const [other] = await t.db.insert(houses).values({ code: 'HZ', name: '星辰学院' }).returning();
    const [venue] = await t.db.insert(venues).values({ placeName: 'csl-venue-2', name: '测试会场二' }).returning();
    await t.db.insert(houseAssignments).values({ studentId: studentB.accountId, houseId: house!.id, venueId: venue!.id });
    const houseOf = (token: string, query = '') => call<TeacherHouse>(t.app, 'GET', `/api/teacher/house${query}`, { token });
    const setHouse = (token: string, accountId: number, house_id: number | null) => call<CslHouseRow[]>(t.app, 'PUT', `/api/admin/csl-house/${accountId}`, { token, body: { house_id } });

    // Before an admin assigns a house, the CSL sees none.
    expect((await houseOf(csl.token)).body.data).toEqual({ house: null, houses: [], students: [] });
    // Only admins assign, only CSL accounts, only existing houses.
    expect((await setHouse(teacherA.token, csl.id, house!.id)).http).toBe(403);
    expect((await setHouse(admin.token, teacherA.id, house!.id)).body).toMatchObject({ status: 4003, msg: TEACHING_MSG.CSL_ONLY });
    expect((await setHouse(admin.token, csl.id, 99_999)).body).toMatchObject({ status: 4003, msg: TEACHING_MSG.HOUSE_NOT_FOUND });
    const set = await setHouse(admin.token, csl.id, house!.id);
    expect(set.body).toMatchObject({ status: 200, msg: TEACHING_MSG.CSL_HOUSE_SET });
    expect(set.body.data?.find((r) => r.account_id === csl.id)?.house).toMatchObject({ id: house!.id, name: '远航学院' });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'csl_house.set'), eq(auditLog.entityId, String(csl.id))));
    expect(audits.map((a) => [a.before, a.after])).toEqual([[{ house_id: null }, { house_id: house!.id }]]);

    const mine = await houseOf(csl.token);
    expect(mine.body.data?.house).toMatchObject({ id: house!.id, name: '远航学院' });
    expect(mine.body.data?.houses).toEqual([]);
    expect(mine.body.data?.students).toEqual([
      expect.objectContaining({ student_id: studentB.accountId, name: '学生乙', phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/), courses: [{ id: courseB.course.id, title: '古典诗词' }] }),
    ]);
    // Another house, by id, is refused: the CSL learns nothing of it.
    const foreign = await houseOf(csl.token, `?house_id=${other!.id}`);
    expect(foreign.body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
    expect(JSON.stringify(foreign.body)).not.toContain('星辰');
    // Teachers and TFs have no house view; students and other roles are refused by the role gate.
    expect((await houseOf(teacherA.token)).body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
    expect((await houseOf(tfA.token)).body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
    expect((await houseOf(studentB.token)).http).toBe(403);
    // Staff and admins pick any house.
    const staffView = await houseOf(staff.token, `?house_id=${house!.id}`);
    expect(staffView.body.data?.students.map((s) => s.student_id)).toEqual([studentB.accountId]);
    expect(staffView.body.data?.houses.map((h) => h.code)).toEqual(expect.arrayContaining(['HY', 'HZ']));
    expect((await houseOf(admin.token, '?house_id=99999')).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.HOUSE_NOT_FOUND });

    // Cleared: the CSL sees no house again.
    expect((await setHouse(admin.token, csl.id, null)).body.status).toBe(200);
    expect((await houseOf(csl.token)).body.data?.house).toBeNull();
  });
});

describe('check-in (decision 051)', () => {
  it('tokens rotate every 15 s, are valid for two periods, and a forged or altered one is refused', async () => {
    const secret = await checkinSecret(t.app.ctx);
    const now = t.clock.now().getTime();
    const p = checkinPeriodOf(now);
    expect(verifyCheckinToken(secret, signCheckinToken(secret, 7, p), now)).toEqual({ ok: true, signId: 7 });
    expect(verifyCheckinToken(secret, signCheckinToken(secret, 7, p - 1), now)).toEqual({ ok: true, signId: 7 });
    expect(verifyCheckinToken(secret, signCheckinToken(secret, 7, p - 2), now)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyCheckinToken(secret, signCheckinToken(secret, 7, p + 1), now)).toEqual({ ok: false, reason: 'expired' });
    const genuine = signCheckinToken(secret, 7, p);
    expect(verifyCheckinToken(secret, genuine.replace(/^7\./, '8.'), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyCheckinToken('x'.repeat(40), genuine, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyCheckinToken(secret, 'garbage', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a teacher opens a sign-in only for their own course; the QR changes each period', async () => {
    expect((await openSign(teacherB.token, courseA.meetings[0]!.id)).http).toBe(403);
    expect((await openSign(teacherA.token, 2_000_000)).http).toBe(403);
    expect((await openSign(teacherA.token, courseA.meetings[0]!.id, { late_minutes: 999 })).body).toMatchObject({ status: 4003, msg: TEACHING_MSG.LATE_MINUTES });
    const opened = await openSign(teacherA.token, courseA.meetings[0]!.id, { late_minutes: 5 });
    expect(opened.body).toMatchObject({ status: 200, msg: TEACHING_MSG.SIGN_OPENED, data: { open: true, enrolled: 1, checked_in: 0 } });
    const id = opened.body.data!.id;
    expect((await qrOf(teacherB.token, id)).http).toBe(403);
    const first = await qrOf(teacherA.token, id);
    expect(first.body.data!.url).toBe(`/student/checkin?t=${encodeURIComponent(first.body.data!.token)}`);
    t.clock.advance(CHECKIN_PERIOD_MS);
    const second = await qrOf(tfA.token, id);
    expect(second.body.data!.token).not.toBe(first.body.data!.token);
  });

  it('enrolled, in time: present once; a stale, forged or foreign code, or a student of another course, is refused', async () => {
    const sign = (await openSign(teacherA.token, courseA.meetings[0]!.id, { late_minutes: 5 })).body.data!;
    const code = (await qrOf(teacherA.token, sign.id)).body.data!.token;

    expect((await scan(studentB.token, code)).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.NOT_ENROLLED });
    expect((await scan(studentA.token, code.slice(0, -2) + (code.endsWith('AA') ? 'BB' : 'AA'))).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.TOKEN_INVALID });
    expect((await scan(studentA.token, '')).body).toMatchObject({ status: 4003 });
    expect((await call(t.app, 'POST', '/api/student/sign', { body: { t: code } })).http).toBe(401);
    expect((await call(t.app, 'POST', '/api/student/sign', { token: teacherA.token, body: { t: code } })).http).toBe(403);

    t.clock.advance(2 * CHECKIN_PERIOD_MS);
    expect((await scan(studentA.token, code)).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.TOKEN_EXPIRED });

    const fresh = (await qrOf(teacherA.token, sign.id)).body.data!.token;
    const done = await scan(studentA.token, fresh);
    expect(done.body).toMatchObject({ status: 200, msg: TEACHING_MSG.CHECKED_IN, data: { status: 'present', already: false, course_title: '量子计算导论' } });
    const again = await scan(studentA.token, fresh);
    expect(again.body).toMatchObject({ status: 200, msg: TEACHING_MSG.ALREADY, data: { status: 'present', already: true } });
    expect(await t.db.select().from(attendance).where(eq(attendance.sessionId, sign.id))).toHaveLength(1);

    const mine = await call<MyAttendanceRow[]>(t.app, 'GET', '/api/student/sign', { token: studentA.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ sign_id: sign.id, status: 'present', open: true })]);
    expect((await call<MyAttendanceRow[]>(t.app, 'GET', '/api/student/sign', { token: studentB.token })).body.data).toEqual([]);

    // Per course (the student's course page): only the caller's own rows of that course.
    const inCourse = (token: string, id: number | string) => call<MyAttendanceRow[]>(t.app, 'GET', `/api/student/sign/course/${id}`, { token });
    expect((await inCourse(studentA.token, courseA.course.id)).body.data).toEqual([expect.objectContaining({ sign_id: sign.id, course_id: courseA.course.id, status: 'present' })]);
    expect((await inCourse(studentA.token, courseB.course.id)).body.data).toEqual([]);
    expect((await inCourse(studentB.token, courseA.course.id)).body.data).toEqual([]);
    expect((await inCourse(teacherA.token, courseA.course.id)).http).toBe(403);
    expect((await call(t.app, 'GET', `/api/student/sign/course/${courseA.course.id}`)).http).toBe(401);
    const bad = await inCourse(studentA.token, 'abc');
    expect(bad.http).toBeLessThan(500);
    expect(bad.body.status).not.toBe(200);
  });

  it('late after the set minute; nothing after the sign-in closes; closed and unscanned reads absent', async () => {
    const late = await payingStudent(t, { name: '迟到生' });
    const never = await payingStudent(t, { name: '缺席生' });
    await enrol(t.db, late.accountId, courseB.course.id);
    await enrol(t.db, never.accountId, courseB.course.id);
    const sign = (await openSign(teacherB.token, courseB.meetings[0]!.id, { late_minutes: 0, duration_minutes: 10 })).body.data!;
    const code = (await qrOf(teacherB.token, sign.id)).body.data!.token;
    expect((await scan(late.token, code)).body).toMatchObject({ status: 200, msg: TEACHING_MSG.CHECKED_IN_LATE, data: { status: 'late' } });

    t.clock.advance(11 * MIN);
    expect((await qrOf(teacherB.token, sign.id)).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.SIGN_NOT_OPEN });
    const secret = await checkinSecret(t.app.ctx);
    const replay = signCheckinToken(secret, sign.id, checkinPeriodOf(t.clock.now().getTime()));
    expect((await scan(never.token, replay)).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.SIGN_ENDED });

    const mine = await call<MyAttendanceRow[]>(t.app, 'GET', '/api/student/sign', { token: never.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ sign_id: sign.id, status: 'absent', open: false })]);
    const detail = await detailOf(teacherB.token, courseB.course.id);
    expect(detail.body.data!.signs_closed).toBe(1);
    expect(detail.body.data!.roster.find((r) => r.student_id === never.accountId)).toMatchObject({ absent: 1 });
    expect(detail.body.data!.roster.find((r) => r.student_id === late.accountId)).toMatchObject({ late: 1, absent: 0 });
  });

  it('teacher overrides write an audit row; other teachers cannot; students outside the course are refused', async () => {
    const [sign] = (await call<SignSummary[]>(t.app, 'GET', `/api/teacher/sign?course_id=${courseA.course.id}`, { token: teacherA.token })).body.data!;
    const url = `/api/teacher/sign/${sign!.id}/students/${studentA.accountId}`;
    expect((await call(t.app, 'PUT', url, { token: teacherB.token, body: { status: 'absent' } })).http).toBe(403);
    expect((await call(t.app, 'PUT', url, { token: teacherA.token, body: { status: 'asleep' } })).body).toMatchObject({ status: 4003, msg: TEACHING_MSG.STATUS });
    expect((await call(t.app, 'PUT', `/api/teacher/sign/${sign!.id}/students/${studentB.accountId}`, { token: teacherA.token, body: { status: 'excused' } })).body).toMatchObject({ msg: TEACHING_MSG.STUDENT_NOT_IN_COURSE });

    const changed = await call<SignDetail>(t.app, 'PUT', url, { token: tfA.token, body: { status: 'excused', note: '病假' } });
    expect(changed.body).toMatchObject({ status: 200, msg: TEACHING_MSG.OVERRIDDEN });
    expect(changed.body.data!.rows).toEqual([expect.objectContaining({ student_id: studentA.accountId, status: 'excused', source: 'teacher' })]);
    expect(changed.body.data!.changes).toEqual([expect.objectContaining({ student_name: '学生甲', actor_name: '助教甲', before: 'present', after: 'excused', note: '病假' })]);
    const audit = await t.db.select().from(attendanceChanges).where(and(eq(attendanceChanges.sessionId, sign!.id), eq(attendanceChanges.studentId, studentA.accountId)));
    expect(audit).toMatchObject([{ actorId: tfA.id, before: 'present', after: 'excused' }]);

    // The sign-in list of one teacher never shows another's; the admin list shows all.
    const listB = await call<SignSummary[]>(t.app, 'GET', '/api/teacher/sign', { token: teacherB.token });
    expect(listB.body.data!.every((s) => s.course_id === courseB.course.id)).toBe(true);
    expect((await call(t.app, 'GET', `/api/teacher/sign?course_id=${courseA.course.id}`, { token: teacherB.token })).http).toBe(403);
    const all = await call<SignSummary[]>(t.app, 'GET', '/api/admin/signs', { token: admin.token });
    expect(new Set(all.body.data!.map((s) => s.course_id))).toEqual(new Set([courseA.course.id, courseB.course.id]));
    expect((await call(t.app, 'GET', '/api/admin/signs', { token: teacherA.token })).http).toBe(403);
    expect((await call(t.app, 'GET', `/api/teacher/sign/${sign!.id}`, { token: teacherB.token })).http).toBe(403);
  });

  it('20 concurrent scans of one code by the same student record one row', async () => {
    const sign = (await openSign(teacherA.token, courseA.meetings[1]!.id, { duration_minutes: 30 })).body.data!;
    const code = (await qrOf(teacherA.token, sign.id)).body.data!.token;
    const results = await Promise.all(Array.from({ length: 20 }, () => scan(studentA.token, code)));
    expect(results.every((r) => r.body.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data!.already === false)).toHaveLength(1);
    expect(await t.db.select().from(attendance).where(eq(attendance.sessionId, sign.id))).toHaveLength(1);
  });
});

describe('calendar', () => {
  it('lists the student’s meetings; the .ics feed works until reset, then only the new address does', async () => {
    const cal = await call<StudentCalendar>(t.app, 'GET', '/api/student/calendar', { token: studentA.token });
    expect(cal.body.data!.meetings.map((m) => m.meeting_id)).toEqual(courseA.meetings.map((m) => m.id));
    const feed = cal.body.data!.feed_url;
    expect(feed).toMatch(/^\/api\/calendar\/\d+\.\d+\.[A-Za-z0-9_-]{43}\.ics$/);
    const ics = await t.app.inject({ method: 'GET', url: feed });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    expect(ics.body).toContain('SUMMARY:量子计算导论');
    expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(2);

    const forged = feed.replace(/\/(\d+)\./, `/${studentB.accountId}.`);
    expect((await t.app.inject({ method: 'GET', url: forged })).json()).toMatchObject({ status: 4001, msg: TEACHING_MSG.FEED_INVALID });
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nonsense' })).json()).toMatchObject({ status: 4003 });

    const reset = await call<StudentCalendar>(t.app, 'POST', '/api/student/calendar/feed/reset', { token: studentA.token });
    expect(reset.body.data!.feed_url).not.toBe(feed);
    expect((await t.app.inject({ method: 'GET', url: feed })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: reset.body.data!.feed_url })).statusCode).toBe(200);
  });
});

describe('结束签到', () => {
  it('the teacher ends a sign-in from its page; a code still on a phone is then told the sign-in is over; others cannot end it', async () => {
    const course = await courseWithMeetings(t.db, teacherA.id, [new Date(t.clock.now().getTime() - MIN)], '结束签到课');
    const student = await payingStudent(t, { name: '晚到生' });
    await enrol(t.db, student.accountId, course.course.id);
    const sign = (await openSign(teacherA.token, course.meetings[0]!.id, { duration_minutes: 30 })).body.data!;
    const code = (await qrOf(teacherA.token, sign.id)).body.data!.token;
    t.clock.advance(1000);
    expect((await call(t.app, 'POST', `/api/teacher/sign/${sign.id}/close`, { token: teacherB.token })).http).toBe(403);
    const closed = await call<SignSummary>(t.app, 'POST', `/api/teacher/sign/${sign.id}/close`, { token: teacherA.token });
    expect(closed.body).toMatchObject({ status: 200, msg: TEACHING_MSG.SIGN_CLOSED, data: { open: false } });
    // The code was made a moment ago and is still within its two periods: the sign-in's end is what refuses it.
    expect((await scan(student.token, code)).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.SIGN_ENDED });
    expect((await qrOf(teacherA.token, sign.id)).body).toMatchObject({ status: 4001, msg: TEACHING_MSG.SIGN_NOT_OPEN });
    // The ended sign-in's roll call still names its course and period: the pages' way back to the course.
    const detail = await call<SignDetail>(t.app, 'GET', `/api/teacher/sign/${sign.id}`, { token: teacherA.token });
    expect(detail.body.data).toMatchObject({ open: false, course_id: course.course.id, course_period: course.course.period });
  });
});
