import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { COURSE_ADMIN_MSG, COURSE_CENTRE_MSG, MSG, clashMessage, type CourseRoster, type CourseRosterCandidate } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { courses } from '../../db/schema-courses.ts';
import { enrolments, studentNotices, waitlistEntries } from '../../db/schema-course-centre.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { makeCourse, makeVenue, placedStudent } from '../course-centre/course-centre-test-kit.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let venueId: number;
let otherVenueId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  // The admin just made is the newest admin account.
  const [me] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.isAdmin, true)).orderBy(desc(accounts.id)).limit(1);
  adminId = me!.id;
  venueId = (await makeVenue(t.db)).id;
  otherVenueId = (await makeVenue(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

async function student(name: string, venue = venueId, opts: { placeName?: string; paid?: boolean } = {}) {
  const s = await placedStudent(t, venue, opts);
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, s.accountId));
  const [a] = await t.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, s.accountId));
  return { ...s, phone: a!.phone };
}

const url = (courseId: number, period = 1) => `/api/admin/course-detail/${courseId}/${period}`;
const roster = (courseId: number, token = admin, period = 1) => call<CourseRoster>(t.app, 'GET', `${url(courseId, period)}/students`, { token });
const add = (courseId: number, studentId: number, token = admin, period = 1) => call<CourseRoster>(t.app, 'POST', `${url(courseId, period)}/students`, { token, body: { student_id: studentId } });
const remove = (courseId: number, studentId: number, token = admin) => call<CourseRoster>(t.app, 'DELETE', `${url(courseId)}/students/${studentId}`, { token });

describe('admin course roster', () => {
  it('adds a paid student of the session and venue, audited with the admin as actor and a notice to the student; shows them masked', async () => {
    const course = await makeCourse(t.db, { title: '宏观经济学', venueId, capacity: 2, slot: 1 });
    const s = await student('周添加');
    const res = await add(course.id, s.accountId);
    expect(res.body).toMatchObject({ status: 200, msg: COURSE_ADMIN_MSG.ADDED });
    const row = res.body.data!.students.find((x) => x.student_id === s.accountId)!;
    expect(row).toMatchObject({ name: '周添加', source: 'admin', phone: `${s.phone.slice(0, 3)}****${s.phone.slice(7)}` });
    expect(res.body.data!.course).toMatchObject({ id: course.id, taken: 1, capacity: 2 });

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'enrolment.admin'), eq(auditLog.entityId, String(s.accountId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(adminId);
    const notices = await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, s.accountId));
    expect(notices.map((n) => n.body)).toEqual([COURSE_ADMIN_MSG.noticeAdded('宏观经济学')]);

    // One seat per course.
    expect((await add(course.id, s.accountId)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.ALREADY_ENROLLED });
  });

  it('never oversells: a full course refuses and the counter stays at capacity', async () => {
    const course = await makeCourse(t.db, { venueId, capacity: 1, slot: 2 });
    const a = await student('甲满员');
    const b = await student('乙满员');
    expect((await add(course.id, a.accountId)).body.status).toBe(200);
    expect((await add(course.id, b.accountId)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.FULL });
    const [c] = await t.db.select({ taken: courses.taken }).from(courses).where(eq(courses.id, course.id));
    expect(c!.taken).toBe(1);
    expect(await t.db.select().from(enrolments).where(eq(enrolments.courseId, course.id))).toHaveLength(1);
  });

  it('refuses a student whose other course meets at the same time', async () => {
    const first = await makeCourse(t.db, { title: '哲学导论', venueId, slot: 3 });
    const second = await makeCourse(t.db, { venueId, slot: 3 });
    const s = await student('丙冲突');
    expect((await add(first.id, s.accountId)).body.status).toBe(200);
    expect((await add(second.id, s.accountId)).body).toMatchObject({ status: 4001, msg: clashMessage('哲学导论') });
  });

  it('only paid students of the course session and venue: search finds them by name or phone, others are refused', async () => {
    const course = await makeCourse(t.db, { venueId, slot: 4 });
    const ok1 = await student('吴可选');
    const elsewhere = await student('吴别处', otherVenueId);
    const unpaid = await student('吴未缴', venueId, { paid: false });
    const otherSession = await student('吴二期', venueId, { placeName: '第二期' });
    const found = await call<CourseRosterCandidate[]>(t.app, 'GET', `${url(course.id)}/candidates?keyword=${encodeURIComponent('吴')}`, { token: admin });
    expect(found.body.data!.map((x) => x.student_id)).toEqual([ok1.accountId]);
    const byPhone = await call<CourseRosterCandidate[]>(t.app, 'GET', `${url(course.id)}/candidates?keyword=${ok1.phone}`, { token: admin });
    expect(byPhone.body.data!.map((x) => x.name)).toEqual(['吴可选']);
    expect(byPhone.body.data![0]!.phone).not.toBe(ok1.phone);
    for (const s of [elsewhere, unpaid, otherSession]) expect((await add(course.id, s.accountId)).body).toMatchObject({ status: 4001, msg: COURSE_ADMIN_MSG.NOT_ELIGIBLE });
    expect((await call(t.app, 'GET', `${url(course.id)}/candidates?keyword=`, { token: admin })).body.status).toBe(4003);
  });

  it('removing promotes the first waitlisted student; both changes audited by the admin; both students notified', async () => {
    const course = await makeCourse(t.db, { title: '数据科学', venueId, capacity: 1, slot: 5 });
    const seated = await student('郑在座');
    const waiting = await student('王候补');
    expect((await add(course.id, seated.accountId)).body.status).toBe(200);
    await t.db.insert(waitlistEntries).values({ studentId: waiting.accountId, courseId: course.id, createdAt: new Date() });
    expect((await roster(course.id)).body.data!.waitlist).toMatchObject([{ student_id: waiting.accountId, position: 1 }]);

    const res = await remove(course.id, seated.accountId);
    expect(res.body).toMatchObject({ status: 200, msg: COURSE_ADMIN_MSG.REMOVED });
    expect(res.body.data!.students).toMatchObject([{ student_id: waiting.accountId, source: 'waitlist' }]);
    expect(res.body.data!.waitlist).toEqual([]);
    const drops = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'enrolment.drop'), eq(auditLog.entityId, String(seated.accountId))));
    expect(drops.map((d) => d.actorId)).toEqual([adminId]);
    const promoted = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'enrolment.waitlist'), eq(auditLog.entityId, String(waiting.accountId))));
    expect(promoted.map((d) => d.actorId)).toEqual([adminId]);
    expect((await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, seated.accountId))).map((n) => n.body)).toContain(COURSE_ADMIN_MSG.noticeRemoved('数据科学'));
    expect((await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, waiting.accountId))).map((n) => n.title)).toContain(COURSE_CENTRE_MSG.PROMOTED_TITLE);

    expect((await remove(course.id, seated.accountId)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.NOT_ENROLLED });
  });

  it('is admin only: a teacher and a student get 403 on every route', async () => {
    const course = await makeCourse(t.db, { venueId, slot: 6 });
    const teacher = await createStaffToken(t, 'teacher');
    const s = await student('冯学生');
    for (const token of [teacher, s.token]) {
      for (const res of [await roster(course.id, token), await add(course.id, s.accountId, token), await remove(course.id, s.accountId, token), await call(t.app, 'GET', `${url(course.id)}/candidates?keyword=a`, { token })]) {
        expect(res.http).toBe(403);
        expect(res.body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
      }
    }
    expect(await t.db.select().from(enrolments).where(eq(enrolments.courseId, course.id))).toHaveLength(0);
  });

  it('the path must name the course and its period: a wrong period or an unknown course is 课程不存在', async () => {
    const course = await makeCourse(t.db, { venueId, slot: 7 });
    const s = await student('陈路径');
    expect((await roster(course.id, admin, 2)).body).toMatchObject({ status: 4001, msg: COURSE_ADMIN_MSG.COURSE_NOT_FOUND });
    expect((await add(course.id, s.accountId, admin, 2)).body).toMatchObject({ status: 4001, msg: COURSE_ADMIN_MSG.COURSE_NOT_FOUND });
    expect((await roster(2_000_000_000)).body).toMatchObject({ status: 4001, msg: COURSE_ADMIN_MSG.COURSE_NOT_FOUND });
    expect((await call(t.app, 'POST', `${url(course.id)}/students`, { token: admin, body: { student_id: 'x' } })).body.status).toBe(4003);
  });
});
