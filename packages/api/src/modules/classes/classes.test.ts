import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { CLASSES_MSG, type ClassCourseDetail, type ClassOverview, type FeedbackSummary, type LetterStudentView, type LetterTeacherView, type LetterVerification, type TeacherSlot } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { courseMeetings, courses } from '../../db/schema-courses.ts';
import { enrolments, studentNotices } from '../../db/schema-course-centre.ts';
import { mailOutbox } from '../../db/schema-email.ts';
import { recommendationLetterLinks } from '../../db/schema-classes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';

let t: TestApp;
const HOUR = 3_600_000;
let teacherA: { token: string; id: number };
let teacherB: { token: string; id: number };
let admin: string;

async function teacher(isAdmin = false) {
  const token = await createStaffToken(t, 'teacher', { isAdmin });
  const [row] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'teacher')).orderBy(desc(accounts.id)).limit(1);
  return { token, id: row!.id };
}

async function student(name = '张同学') {
  const s = await registerStudent(t.app);
  const status = await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token: s.token });
  const id = status.body.data!.user_id;
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, id));
  return { token: s.token, id };
}

let serial = 0;
/** A course of `teacherId` whose one meeting starts `startsInHours` from now and lasts 90 minutes. */
async function course(teacherId: number | null, startsInHours: number) {
  serial += 1;
  const [c] = await t.db.insert(courses).values({ code: `K${serial}`, title: `课程${serial}`, teacherId, teacherName: '任课老师', category: 'seminar', sessionKey: 'first', period: 1, capacity: 30 }).returning();
  const start = t.clock.now().getTime() + startsInHours * HOUR;
  await t.db.insert(courseMeetings).values({ courseId: c!.id, startsAt: new Date(start), endsAt: new Date(start + 1.5 * HOUR), location: '线上' });
  return c!;
}
const enrol = (studentId: number, courseId: number) => t.db.insert(enrolments).values({ studentId, courseId, source: 'admin' });
const at = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  teacherA = await teacher();
  teacherB = await teacher();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

describe('class pages', () => {
  it('lists only my courses, with phase; details need the seat and the right period', async () => {
    const s = await student();
    const other = await student();
    const past = await course(teacherA.id, -48);
    const future = await course(teacherA.id, 48);
    const foreign = await course(teacherA.id, 24);
    await enrol(s.id, past.id);
    await enrol(s.id, future.id);
    await enrol(other.id, foreign.id);
    const mine = await call<ClassOverview>(t.app, 'GET', '/api/student/class/my-courses', { token: s.token });
    expect(mine.body.data?.courses.map((c) => [c.id, c.phase, c.can_feedback, c.can_request_letter])).toEqual([
      [past.id, 'finished', true, true],
      [future.id, 'upcoming', false, false],
    ]);
    expect((await call<ClassCourseDetail>(t.app, 'GET', `/api/student/class/course/${future.id}/1`, { token: s.token })).body.data?.title).toBe(future.title);
    // Not mine, wrong period, unknown: the same 课程不存在 (IDOR).
    for (const url of [`/api/student/class/course/${foreign.id}/1`, `/api/student/class/course/${future.id}/2`, '/api/student/class/course/999999/1']) {
      expect((await call(t.app, 'GET', url, { token: s.token })).body).toMatchObject({ status: 4001, msg: CLASSES_MSG.COURSE_NOT_FOUND });
    }
    expect((await call<ClassCourseDetail>(t.app, 'GET', `/api/student/class/small-class/${future.code.toLowerCase()}`, { token: s.token })).body.data?.id).toBe(future.id);
    expect((await call(t.app, 'GET', `/api/student/class/small-class/${foreign.code}`, { token: s.token })).body.msg).toBe(CLASSES_MSG.COURSE_NOT_FOUND);
  });
});

describe('office hours', () => {
  it('teachers of the course publish and delete slots; others get 无权限访问！', async () => {
    const c = await course(teacherA.id, 24);
    const body = { course_id: c.id, starts_at: at(30), ends_at: at(31), location: '腾讯会议 123', capacity: 2 };
    expect((await call(t.app, 'POST', '/api/teacher/hour', { token: teacherB.token, body })).body).toMatchObject({ status: 4001, msg: '无权限访问！' });
    expect((await call(t.app, 'GET', `/api/teacher/hour?course_id=${c.id}`, { token: teacherB.token })).http).toBe(403);
    expect((await call(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body: { ...body, starts_at: at(-1) } })).body).toMatchObject({ status: 4003, msg: CLASSES_MSG.SLOT_IN_PAST });
    expect((await call(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body: { ...body, ends_at: at(29) } })).body).toMatchObject({ status: 4003, msg: CLASSES_MSG.SLOT_ORDER });
    expect((await call(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body: { ...body, ends_at: at(35) } })).body).toMatchObject({ status: 4003, msg: CLASSES_MSG.SLOT_TOO_LONG });
    expect((await call(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body: { ...body, capacity: 0 } })).body.status).toBe(4003);
    const created = await call<TeacherSlot[]>(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body });
    expect(created.body).toMatchObject({ status: 200, msg: CLASSES_MSG.SLOT_CREATED, data: [{ course_id: c.id, capacity: 2, booked: 0, students: [] }] });
    const slotId = created.body.data![0]!.id;
    expect((await call(t.app, 'DELETE', `/api/teacher/hour/${slotId}`, { token: teacherB.token })).body.msg).toBe('无权限访问！');
    expect((await call<TeacherSlot[]>(t.app, 'GET', `/api/teacher/hour?course_id=${c.id}`, { token: admin })).body.data).toHaveLength(1);
  });

  it('students book within the limits: enrolled, capacity, one per course, cancel until 2 hours before', async () => {
    const c = await course(teacherA.id, 24);
    const [s1, s2, s3, outsider] = await Promise.all([student('甲'), student('乙'), student('丙'), student('丁')]);
    for (const s of [s1, s2, s3]) await enrol(s!.id, c.id);
    const publish = (startsIn: number, capacity: number) =>
      call<TeacherSlot[]>(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body: { course_id: c.id, starts_at: at(startsIn), ends_at: at(startsIn + 0.5), location: '线上', capacity } });
    await publish(10, 2);
    const slots = (await publish(3, 1)).body.data!;
    const [soon, later] = [slots.find((s) => s.capacity === 1)!, slots.find((s) => s.capacity === 2)!];
    const book = (token: string, slot_id: number) => call<ClassCourseDetail>(t.app, 'POST', '/api/student/class/office-hour', { token, body: { slot_id } });

    expect((await book(outsider!.token, soon.id)).body).toMatchObject({ status: 4001, msg: CLASSES_MSG.SLOT_NOT_FOUND });
    const first = await book(s1!.token, soon.id);
    expect(first.body).toMatchObject({ status: 200, msg: CLASSES_MSG.BOOKED });
    expect(first.body.data?.office_hours.find((s) => s.id === soon.id)).toMatchObject({ booked_by_me: true, booked: 1, can_cancel: true });
    expect((await book(s2!.token, soon.id)).body.msg).toBe(CLASSES_MSG.SLOT_FULL);
    expect((await book(s1!.token, later.id)).body.msg).toBe(CLASSES_MSG.ONE_PER_COURSE);
    expect((await book(s2!.token, later.id)).body.status).toBe(200);

    // Parallel: the last seat of `later` goes to one of two students at most.
    await call(t.app, 'DELETE', `/api/student/class/office-hour/${soon.id}`, { token: s1!.token });
    const race = await Promise.all([book(s1!.token, later.id), book(s3!.token, later.id)]);
    expect(race.filter((r) => r.body.status === 200)).toHaveLength(1);
    const roster = (await call<TeacherSlot[]>(t.app, 'GET', `/api/teacher/hour?course_id=${c.id}`, { token: teacherA.token })).body.data!;
    expect(roster.find((s) => s.id === later.id)).toMatchObject({ booked: 2 });
    expect(roster.find((s) => s.id === later.id)!.students).toHaveLength(2);

    // Cancel only until 2 hours before; another student's booking cannot be cancelled.
    const winner = race[0]!.body.status === 200 ? s1! : s3!;
    expect((await call(t.app, 'DELETE', `/api/student/class/office-hour/${later.id}`, { token: outsider!.token })).body.msg).toBe(CLASSES_MSG.NOT_BOOKED);
    t.clock.advance(8.5 * HOUR);
    expect((await call(t.app, 'DELETE', `/api/student/class/office-hour/${later.id}`, { token: winner.token })).body).toMatchObject({ status: 4001, msg: CLASSES_MSG.CANCEL_TOO_LATE });
    t.clock.advance(2 * HOUR);
    expect((await book(s3!.token, later.id)).body.msg).toBe(CLASSES_MSG.SLOT_STARTED);
  });

  it('deleting a slot cancels its bookings and tells the students', async () => {
    const c = await course(teacherA.id, 48);
    const s = await student();
    await enrol(s.id, c.id);
    const slot = (await call<TeacherSlot[]>(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body: { course_id: c.id, starts_at: at(30), ends_at: at(31), location: '线上', capacity: 3 } })).body.data![0]!;
    await call(t.app, 'POST', '/api/student/class/office-hour', { token: s.token, body: { slot_id: slot.id } });
    expect((await call<TeacherSlot[]>(t.app, 'DELETE', `/api/teacher/hour/${slot.id}`, { token: teacherA.token })).body).toMatchObject({ status: 200, data: [] });
    const notices = await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, s.id));
    expect(notices.map((n) => n.title)).toEqual([CLASSES_MSG.SLOT_DELETED_NOTICE]);
    const detail = await call<ClassCourseDetail>(t.app, 'GET', `/api/student/class/course/${c.id}/1`, { token: s.token });
    expect(detail.body.data?.office_hours).toEqual([]);
    // The seat is free again: a new slot can be booked for the course.
    const again = (await call<TeacherSlot[]>(t.app, 'POST', '/api/teacher/hour', { token: teacherA.token, body: { course_id: c.id, starts_at: at(40), ends_at: at(41), location: '线上', capacity: 3 } })).body.data![0]!;
    expect((await call(t.app, 'POST', '/api/student/class/office-hour', { token: s.token, body: { slot_id: again.id } })).body.status).toBe(200);
    expect((await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'office_hour'), eq(auditLog.action, 'delete')))).length).toBeGreaterThan(0);
  });
});

describe('feedback', () => {
  it('once per course after its last meeting; teachers see averages only from 3 answers', async () => {
    const running = await course(teacherA.id, -1);
    const done = await course(teacherA.id, -24);
    const students = await Promise.all([student(), student(), student()]);
    for (const s of students) {
      await enrol(s.id, running.id);
      await enrol(s.id, done.id);
    }
    const rate = (token: string, course_id: number, n = 4) => call<ClassCourseDetail>(t.app, 'POST', '/api/student/class/feedback', { token, body: { course_id, rating_content: n, rating_teaching: n, rating_workload: 3, comment: '很好' } });
    expect((await rate(students[0]!.token, running.id)).body.msg).toBe(CLASSES_MSG.FEEDBACK_NOT_YET);
    const outsider = await student();
    expect((await rate(outsider.token, done.id)).body.msg).toBe(CLASSES_MSG.COURSE_NOT_FOUND);
    expect((await call(t.app, 'POST', '/api/student/class/feedback', { token: students[0]!.token, body: { course_id: done.id, rating_content: 6, rating_teaching: 4, rating_workload: 3 } })).body).toMatchObject({ status: 4003, msg: CLASSES_MSG.RATING });

    const first = await rate(students[0]!.token, done.id, 5);
    expect(first.body).toMatchObject({ status: 200, msg: CLASSES_MSG.FEEDBACK_OK, data: { feedback_given: true, can_feedback: false } });
    expect((await rate(students[0]!.token, done.id)).body.msg).toBe(CLASSES_MSG.FEEDBACK_DONE);
    const summary = () => call<FeedbackSummary>(t.app, 'GET', `/api/teacher/feedback/${done.id}`, { token: teacherA.token });
    expect((await summary()).body.data).toEqual({ course_id: done.id, enrolled: 3, responses: 1, averages: null });
    await rate(students[1]!.token, done.id, 4);
    await rate(students[2]!.token, done.id, 3);
    const full = (await summary()).body.data!;
    expect(full).toEqual({ course_id: done.id, enrolled: 3, responses: 3, averages: { content: 4, teaching: 4, workload: 3 } });
    expect(JSON.stringify(full)).not.toContain('很好');
    expect((await call(t.app, 'GET', `/api/teacher/feedback/${done.id}`, { token: teacherB.token })).body.msg).toBe('无权限访问！');
  });
});

describe('recommendation letters', () => {
  it('request → write → submit; the student sees only the status; recipients get an expiring link to the PDF; verification by code', async () => {
    const done = await course(teacherA.id, -24);
    const running = await course(teacherA.id, -1);
    const noTeacher = await course(null, -24);
    const s = await student('王小明');
    for (const c of [done, running, noTeacher]) await enrol(s.id, c.id);
    const outsider = await student();
    const ask = (token: string, course_id: number, recipients = [{ name: 'Dr. Smith', email: 'Smith@Example.edu' }]) =>
      call<LetterStudentView[]>(t.app, 'POST', '/api/student/recommend-letters', { token, body: { course_id, recipients, note: '申请大学用' } });

    expect((await ask(s.token, running.id)).body.msg).toBe(CLASSES_MSG.LETTER_NOT_COMPLETED);
    expect((await ask(outsider.token, done.id)).body.msg).toBe(CLASSES_MSG.LETTER_NOT_COMPLETED);
    expect((await ask(s.token, noTeacher.id)).body.msg).toBe(CLASSES_MSG.LETTER_NO_TEACHER);
    expect((await ask(s.token, done.id, [])).body).toMatchObject({ status: 4003, msg: CLASSES_MSG.RECIPIENTS });
    expect((await ask(s.token, done.id, [{ name: 'x', email: 'not-an-email' }])).body.status).toBe(4003);
    const asked = await ask(s.token, done.id, [
      { name: 'Dr. Smith', email: 'Smith@Example.edu' },
      { name: '招生办', email: 'admissions@example.edu' },
    ]);
    expect(asked.body).toMatchObject({ status: 200, msg: CLASSES_MSG.LETTER_REQUESTED, data: [{ course_id: done.id, status: 'requested' }] });
    expect((await ask(s.token, done.id)).body.msg).toBe(CLASSES_MSG.LETTER_EXISTS);
    const letterId = asked.body.data![0]!.id;

    // Only the teacher asked sees and writes it.
    const listA = await call<LetterTeacherView[]>(t.app, 'GET', '/api/teacher/recommend-letters', { token: teacherA.token });
    expect(listA.body.data?.map((l) => l.id)).toContain(letterId);
    expect((await call<LetterTeacherView[]>(t.app, 'GET', '/api/teacher/recommend-letters', { token: teacherB.token })).body.data?.map((l) => l.id)).not.toContain(letterId);
    expect((await call(t.app, 'GET', `/api/teacher/recommend-letters/${letterId}`, { token: teacherB.token })).body.msg).toBe('无权限访问！');
    expect((await call(t.app, 'PUT', `/api/teacher/recommend-letters/${letterId}`, { token: teacherB.token, body: { body_html: '<p>x</p>' } })).body.msg).toBe('无权限访问！');
    expect((await call(t.app, 'PUT', `/api/teacher/recommend-letters/${letterId}`, { token: admin, body: { body_html: '<p>x</p>' } })).body.msg).toBe('无权限访问！');

    const put = (body: { body_html: string; submit?: boolean }) => call<LetterTeacherView>(t.app, 'PUT', `/api/teacher/recommend-letters/${letterId}`, { token: teacherA.token, body });
    const draft = await put({ body_html: '<h1>推荐信</h1><p onclick="x()">王小明同学<script>alert(1)</script>勤奋好学。</p>' });
    expect(draft.body).toMatchObject({ status: 200, msg: CLASSES_MSG.LETTER_SAVED, data: { status: 'draft', body_html: '<h1>推荐信</h1><p>王小明同学勤奋好学。</p>' } });
    expect((await put({ body_html: '<p> </p><script>x</script>', submit: true })).body).toMatchObject({ status: 4003, msg: CLASSES_MSG.LETTER_EMPTY });

    // The student sees the status, never the body.
    const studentView = await call<LetterStudentView[]>(t.app, 'GET', '/api/student/recommend-letters', { token: s.token });
    expect(studentView.body.data?.[0]?.status).toBe('draft');
    expect(JSON.stringify(studentView.body)).not.toContain('勤奋好学');

    const submitted = await put({ body_html: '<h1>推荐信</h1><p>王小明同学勤奋好学，思维敏捷。</p><ol><li>课堂表现优秀</li><li>作业认真</li></ol>', submit: true });
    expect(submitted.body).toMatchObject({ status: 200, msg: CLASSES_MSG.LETTER_SUBMITTED, data: { status: 'submitted' } });
    expect((await put({ body_html: '<p>改动</p>' })).body.msg).toBe(CLASSES_MSG.LETTER_LOCKED);
    const after = await call<ClassCourseDetail>(t.app, 'GET', `/api/student/class/course/${done.id}/1`, { token: s.token });
    expect(after.body.data?.letter).toMatchObject({ status: 'submitted' });
    expect(JSON.stringify(after.body)).not.toContain('思维敏捷');

    // One e-mail per recipient, each with its own link; the PDF opens; the code verifies.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'smith@example.edu'));
    expect(mails).toHaveLength(1);
    const link = /\/api\/recommend-letter\/file\/([A-Za-z0-9_-]{43})/.exec(mails[0]!.text)?.[1];
    const code = /\/recommend-letter\/verify\/([A-Za-z0-9_-]{20})/.exec(mails[0]!.text)?.[1];
    expect(link && code).toBeTruthy();
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'admissions@example.edu')))[0]!.text).not.toContain(link!);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/recommend-letter/file/${link}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.db.select().from(recommendationLetterLinks).where(eq(recommendationLetterLinks.letterId, letterId))).filter((l) => l.openedAt)).toHaveLength(1);

    const verified = await call<LetterVerification>(t.app, 'GET', `/api/recommend-letter/verify/${code}`);
    expect(verified.body.data).toMatchObject({ genuine: true, student_name: '王小明', course_title: done.title });
    expect((await call(t.app, 'GET', `/api/recommend-letter/verify/${'A'.repeat(20)}`)).body.msg).toBe(CLASSES_MSG.LETTER_NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: `/api/recommend-letter/file/${'B'.repeat(43)}` })).json()).toMatchObject({ msg: CLASSES_MSG.LETTER_LINK_INVALID });

    // The link expires after 30 days.
    t.clock.advance(31 * 24 * HOUR);
    expect((await t.app.inject({ method: 'GET', url: `/api/recommend-letter/file/${link}` })).json()).toMatchObject({ msg: CLASSES_MSG.LETTER_LINK_INVALID });
  });
});

describe('a failed e-mail', () => {
  it('is recorded, counted for the teacher, and resent with a new link', async () => {
    let failing = true;
    const sent: Array<{ to: string; text: string }> = [];
    const flaky = {
      name: 'flaky',
      async send(m: { to: string; subject: string; text: string }) {
        if (failing) throw new Error('smtp down');
        sent.push(m);
        return { provider: 'flaky', providerMessageId: null, keepsBody: false };
      },
    };
    const t2 = await createTestApp({ mail: flaky });
    try {
      const token = await createStaffToken(t2, 'teacher');
      const [tRow] = await t2.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'teacher')).orderBy(desc(accounts.id)).limit(1);
      const s = await registerStudent(t2.app);
      const sid = (await call<{ user_id: number }>(t2.app, 'GET', '/api/student/status', { token: s.token })).body.data!.user_id;
      const [c] = await t2.db.insert(courses).values({ code: 'FLAKY', title: '修辞学', teacherId: tRow!.id, category: 'seminar', sessionKey: 'first', capacity: 5 }).returning();
      await t2.db.insert(courseMeetings).values({ courseId: c!.id, startsAt: new Date(t2.clock.now().getTime() - 5 * HOUR), endsAt: new Date(t2.clock.now().getTime() - 4 * HOUR) });
      await t2.db.insert(enrolments).values({ studentId: sid, courseId: c!.id, source: 'admin' });
      const asked = await call<LetterStudentView[]>(t2.app, 'POST', '/api/student/recommend-letters', { token: s.token, body: { course_id: c!.id, recipients: [{ name: 'A', email: 'a@example.edu' }] } });
      const id = asked.body.data![0]!.id;
      expect((await call(t2.app, 'POST', `/api/teacher/recommend-letters/${id}/resend`, { token })).body.msg).toBe(CLASSES_MSG.LETTER_NOT_SUBMITTED);
      const submitted = await call<LetterTeacherView>(t2.app, 'PUT', `/api/teacher/recommend-letters/${id}`, { token, body: { body_html: '<p>优秀</p>', submit: true } });
      expect(submitted.body).toMatchObject({ status: 200, msg: CLASSES_MSG.LETTER_SEND_FAILED, data: { status: 'submitted', unsent_recipients: 1 } });
      expect((await t2.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'failed'))).length).toBe(1);
      const before = (await t2.db.select().from(recommendationLetterLinks).where(eq(recommendationLetterLinks.letterId, id)))[0]!.tokenHash;

      failing = false;
      const resent = await call<LetterTeacherView>(t2.app, 'POST', `/api/teacher/recommend-letters/${id}/resend`, { token });
      expect(resent.body).toMatchObject({ status: 200, msg: CLASSES_MSG.LETTER_RESENT, data: { unsent_recipients: 0 } });
      const link = /\/api\/recommend-letter\/file\/([A-Za-z0-9_-]{43})/.exec(sent[0]!.text)![1]!;
      expect((await t2.db.select().from(recommendationLetterLinks).where(eq(recommendationLetterLinks.letterId, id)))[0]!.tokenHash).not.toBe(before);
      expect((await t2.app.inject({ method: 'GET', url: `/api/recommend-letter/file/${link}` })).headers['content-type']).toBe('application/pdf');
      // A real provider's outbox row never keeps the capability.
      const rows = await t2.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
      expect(rows[0]!.text).not.toContain(link);
      expect((await call(t2.app, 'POST', `/api/teacher/recommend-letters/${id}/resend`, { token })).body.msg).toBe(CLASSES_MSG.LETTER_NOTHING_TO_RESEND);
    } finally {
      await t2.close();
    }
  });
});
