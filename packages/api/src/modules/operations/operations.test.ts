import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { COURSE_ADMIN_MSG, MSG, type CourseGradesTab, type CourseSignsTab, type OpsCoursePage, type OpsGradePage, type OpsSignPage } from '@summit/domain';
import { accounts, studentProfiles } from '../../db/schema.ts';
import { courseMeetings, courses, venues } from '../../db/schema-courses.ts';
import { enrolments, waitlistEntries } from '../../db/schema-course-centre.ts';
import { attendance, checkinSessions } from '../../db/schema-teaching.ts';
import { courseGrades, gradeComponents, gradePublications } from '../../db/schema-coursework.ts';
import { createClock, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone } from '../../test/flows.ts';

// Beijing 2026-07-08 12:00.
const NOW = new Date('2026-07-08T04:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: string;
let teacher: string;
let ops1: number;
let ops2: number;
let venueId: number;
let componentIds: number[] = [];
const s: number[] = [];
let signIds: number[] = [];

async function student(name: string): Promise<number> {
  const [row] = await t.db.insert(accounts).values({ role: 'student', phone: newPhone(), name }).returning({ id: accounts.id });
  await t.db.insert(studentProfiles).values({ accountId: row!.id });
  return row!.id;
}

async function course(code: string, v: { capacity: number; taken: number; sessionKey: 'first' | 'second'; period: number; venueId: number | null }) {
  const [c] = await t.db.insert(courses).values({ code, title: `运营课程${code}`, category: 'seminar', teacherName: '王老师', ...v }).returning({ id: courses.id });
  return c!.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(NOW) });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  const [v] = await t.db.insert(venues).values({ placeName: 'beijing', name: '北京会场', city: '北京', isBeijing: true, capacity: 100 }).returning({ id: venues.id });
  venueId = v!.id;
  for (const name of ['甲', '乙', '丙', '丁', '戊']) s.push(await student(name));
  const [s1, s2, s3, s4, s5] = s as [number, number, number, number, number];

  // OPS1: 3 of 4 seats, one waiting (s5 was promoted long ago and no longer counts as waiting).
  ops1 = await course('OPS1', { capacity: 4, taken: 3, sessionKey: 'first', period: 1, venueId });
  ops2 = await course('OPS2', { capacity: 3, taken: 1, sessionKey: 'second', period: 2, venueId: null });
  await course('OPS3', { capacity: 10, taken: 0, sessionKey: 'first', period: 1, venueId: null });
  await t.db.insert(enrolments).values([s1, s2, s3].map((studentId) => ({ studentId, courseId: ops1, source: 'admin' as const })));
  await t.db.insert(enrolments).values({ studentId: s4, courseId: ops2, source: 'grab' });
  await t.db.insert(waitlistEntries).values([
    { studentId: s4, courseId: ops1 },
    { studentId: s5, courseId: ops1, promotedAt: at('2026-07-01T00:00:00Z') },
  ]);

  // Four meetings: two closed sign-ins, one open now, one in the future with no sign-in.
  const starts = ['2026-07-06T02:00:00Z', '2026-07-07T02:00:00Z', '2026-07-08T03:50:00Z', '2026-07-09T02:00:00Z'];
  const meetings = await t.db
    .insert(courseMeetings)
    .values(starts.map((st) => ({ courseId: ops1, startsAt: at(st), endsAt: new Date(at(st).getTime() + 90 * 60_000), location: '101 教室' })))
    .returning({ id: courseMeetings.id, startsAt: courseMeetings.startsAt });
  const signs = await t.db
    .insert(checkinSessions)
    .values(
      meetings.slice(0, 3).map((m) => ({ meetingId: m.id, courseId: ops1, opensAt: m.startsAt, closesAt: new Date(m.startsAt.getTime() + 90 * 60_000), lateAfter: new Date(m.startsAt.getTime() + 10 * 60_000) })),
    )
    .returning({ id: checkinSessions.id });
  signIds = signs.map((x) => x.id);
  const [m1, m2, m3] = signIds as [number, number, number];
  const row = (sessionId: number, studentId: number, status: 'present' | 'late' | 'excused' | 'absent') => ({ sessionId, studentId, status, source: 'qr' as const, checkedAt: NOW });
  await t.db.insert(attendance).values([
    // Meeting 1: present, late, s3 no record (absent once closed); s4 holds no seat and is not counted.
    row(m1, s1, 'present'),
    row(m1, s2, 'late'),
    row(m1, s4, 'present'),
    // Meeting 2: present, excused, marked absent.
    row(m2, s1, 'present'),
    row(m2, s2, 'excused'),
    row(m2, s3, 'absent'),
    // Meeting 3 (open): one so far.
    row(m3, s1, 'present'),
  ]);

  const comps = await t.db.insert(gradeComponents).values([{ courseId: ops1, name: '作业', weight: 40, sort: 1 }, { courseId: ops1, name: '期末', weight: 60, sort: 2 }]).returning({ id: gradeComponents.id });
  componentIds = comps.map((c) => c.id);
  const [c1, c2] = componentIds as [number, number];
  await t.db.insert(courseGrades).values([
    { courseId: ops1, studentId: s1, scores: { [c1]: 95, [c2]: 90.833 }, finalGrade: 92.5 },
    { courseId: ops1, studentId: s2, scores: { [c1]: 75, [c2]: 80 }, finalGrade: 78 },
    { courseId: ops1, studentId: s3, scores: { [c1]: 50 }, finalGrade: null },
    // Not on the course: never counted.
    { courseId: ops1, studentId: s4, scores: {}, finalGrade: 10 },
    { courseId: ops2, studentId: s4, scores: {}, finalGrade: 60 },
  ]);
  await t.db.insert(gradePublications).values({ courseId: ops1, publishAt: at('2026-07-10T02:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

const get = <T>(url: string, token = admin) => call<T>(t.app, 'GET', url, { token });

async function sheetOf(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { name: sheet.name, rows, disposition: String(res.headers['content-disposition']) };
}

describe('permissions and bad input', () => {
  it('a teacher who is not an admin gets 403 on every view', async () => {
    for (const url of ['/api/admin/courses/overview', '/api/admin/grades', '/api/admin/signs/overview', `/api/admin/course-detail/${ops1}/1/grades`, `/api/admin/course-detail/${ops1}/1/signs`, '/api/admin/grades/export']) {
      const res = await get(url, teacher);
      expect({ http: res.http, msg: res.body.msg }).toEqual({ http: 403, msg: MSG.NO_PERMISSION });
    }
  });

  it.each([
    '/api/admin/courses/overview?sort=bogus',
    '/api/admin/courses/overview?order=up',
    '/api/admin/courses/overview?page=0',
    '/api/admin/courses/overview?page_size=101',
    '/api/admin/grades?session_key=fourth',
    '/api/admin/signs/overview?group=week',
    '/api/admin/signs/overview?venue_id=abc',
    '/api/admin/course-detail/abc/1/grades',
    '/api/admin/course-detail/1/99999999999/signs',
  ])('%s → 4003, not 500', async (url) => {
    const res = await get(url);
    expect(res.http).toBe(400);
    expect(res.body.status).toBe(4003);
  });

  it('a course read with the wrong period is 课程不存在', async () => {
    const res = await get(`/api/admin/course-detail/${ops1}/2/grades`);
    expect(res.body).toMatchObject({ status: 4001, msg: COURSE_ADMIN_MSG.COURSE_NOT_FOUND });
  });
});

describe('courses overview', () => {
  it('fill rate, waitlist, attendance and average grade per course', async () => {
    const page = (await get<OpsCoursePage>('/api/admin/courses/overview?q=OPS')).body.data!;
    expect(page.total).toBe(3);
    const byCode = Object.fromEntries(page.items.map((r) => [r.code, r]));
    // 3 of 4 seats; s4 waiting (s5 promoted); 2 closed sign-ins: present+late 3 of 3×2; grades 92.5 and 78 (s3 incomplete).
    expect(byCode.OPS1).toMatchObject({ capacity: 4, enrolled: 3, fill_rate: 75, waitlist: 1, closed_signs: 2, attendance_rate: 50, graded: 2, average_grade: 85.3, venue: '北京会场', session_key: 'first', period: 1 });
    expect(byCode.OPS2).toMatchObject({ capacity: 3, enrolled: 1, fill_rate: 33.3, waitlist: 0, closed_signs: 0, attendance_rate: null, graded: 1, average_grade: 60, venue: null });
    expect(byCode.OPS3).toMatchObject({ enrolled: 0, fill_rate: 0, attendance_rate: null, average_grade: null });
  });

  it('sorts on the server, empty figures last either way', async () => {
    const codes = async (qs: string) => (await get<OpsCoursePage>(`/api/admin/courses/overview?${qs}`)).body.data!.items.map((r) => r.code);
    expect(await codes('sort=fill_rate&order=desc')).toEqual(['OPS1', 'OPS2', 'OPS3']);
    expect(await codes('sort=fill_rate&order=asc')).toEqual(['OPS3', 'OPS2', 'OPS1']);
    expect(await codes('sort=average_grade&order=asc')).toEqual(['OPS2', 'OPS1', 'OPS3']);
    expect(await codes('sort=attendance_rate&order=desc')).toEqual(['OPS1', 'OPS2', 'OPS3']);
    expect(await codes('sort=code&page_size=2&page=2')).toEqual(['OPS3']);
  });

  it('filters by session, venue and course', async () => {
    const codes = async (qs: string) => (await get<OpsCoursePage>(`/api/admin/courses/overview?${qs}`)).body.data!.items.map((r) => r.code);
    expect(await codes('session_key=second')).toEqual(['OPS2']);
    expect(await codes(`venue_id=${venueId}`)).toEqual(['OPS1']);
    expect(await codes(`course_id=${ops2}`)).toEqual(['OPS2']);
    expect(await codes('q=nothing-like-this')).toEqual([]);
  });

  it('exports the same figures to Excel with the filters applied', async () => {
    const { name, rows, disposition } = await sheetOf('/api/admin/courses/overview/export?session_key=first');
    expect(name).toBe('课程概览');
    expect(disposition).toContain(encodeURIComponent('课程概览-20260708.xlsx'));
    expect(rows[0]).toEqual(['课程代码', '课程名称', '期次', '时段', '会场', '教师', '容量', '已选', '满额率(%)', '候补', '已结束签到', '出勤率(%)', '已出成绩', '平均成绩']);
    expect(rows.slice(1)).toEqual([
      ['OPS1', '运营课程OPS1', '第一期', 1, '北京会场', '王老师', 4, 3, 75, 1, 2, 50, 2, 85.3],
      ['OPS3', '运营课程OPS3', '第一期', 1, '全部会场', '王老师', 10, 0, 0, 0, 0, undefined, 0],
    ]);
  });
});

describe('grades', () => {
  it('distribution per course and across the filter, incomplete counted apart', async () => {
    const page = (await get<OpsGradePage>('/api/admin/grades?q=OPS')).body.data!;
    const byCode = Object.fromEntries(page.items.map((r) => [r.code, r]));
    expect(byCode.OPS1).toMatchObject({ enrolled: 3, distribution: { A: 1, B: 0, C: 1, D: 0, F: 0, incomplete: 1 }, average_grade: 85.3, publish_at: '2026-07-10T02:00:00.000Z' });
    expect(byCode.OPS2).toMatchObject({ enrolled: 1, distribution: { A: 0, B: 0, C: 0, D: 1, F: 0, incomplete: 0 }, average_grade: 60, publish_at: null });
    expect(page.totals).toEqual({ A: 1, B: 0, C: 1, D: 1, F: 0, incomplete: 1 });
    // (92.5 + 78 + 60) / 3 = 76.83…
    expect(page.average_grade).toBe(76.8);
    const second = (await get<OpsGradePage>('/api/admin/grades?session_key=second')).body.data!;
    expect(second.items.map((r) => r.code)).toEqual(['OPS2']);
    expect(second.totals).toEqual({ A: 0, B: 0, C: 0, D: 1, F: 0, incomplete: 0 });
  });

  it('the course grades tab: components, distribution, each student with letter', async () => {
    const tab = (await get<CourseGradesTab>(`/api/admin/course-detail/${ops1}/1/grades`)).body.data!;
    expect(tab.course).toMatchObject({ code: 'OPS1', enrolled: 3, capacity: 4 });
    expect(tab.components.map((c) => [c.name, c.weight])).toEqual([['作业', 40], ['期末', 60]]);
    expect(tab.distribution).toEqual({ A: 1, B: 0, C: 1, D: 0, F: 0, incomplete: 1 });
    expect(tab.average_grade).toBe(85.3);
    expect(Object.fromEntries(tab.students.map((x) => [x.name, [x.final_grade, x.letter]]))).toEqual({ 甲: [92.5, 'A'], 乙: [78, 'C'], 丙: [null, null] });
    expect(tab.students.every((x) => /^\d{3}\*{4}\d{4}$/.test(x.phone))).toBe(true);
  });

  it('exports the distribution', async () => {
    const { rows } = await sheetOf('/api/admin/grades/export?q=OPS1');
    expect(rows[0]).toContain('A（≥90）');
    expect(rows[1]).toEqual(['OPS1', '运营课程OPS1', '第一期', 1, '北京会场', '王老师', 3, 1, 0, 1, 0, 0, 1, 85.3, '2026-07-10 10:00']);
  });
});

describe('attendance', () => {
  it('per meeting: closed sign-ins count the missing as absent, the open one does not', async () => {
    const page = (await get<OpsSignPage>('/api/admin/signs/overview')).body.data!;
    expect(page.group).toBe('meeting');
    expect(page.items.map((r) => [r.sign_id, r.open, r.expected, r.present, r.late, r.excused, r.absent, r.rate])).toEqual([
      [signIds[2], true, 3, 1, 0, 0, 0, 33.3],
      [signIds[1], false, 3, 1, 0, 1, 1, 33.3],
      [signIds[0], false, 3, 1, 1, 0, 1, 66.7],
    ]);
    expect(page.totals).toEqual({ expected: 6, present: 2, late: 1, excused: 1, absent: 2, rate: 50 });
  });

  it('per Beijing day and per course', async () => {
    const days = (await get<OpsSignPage>('/api/admin/signs/overview?group=day')).body.data!;
    expect(days.items.map((r) => [r.day, r.signs, r.open, r.expected, r.rate])).toEqual([
      ['2026-07-08', 0, true, 0, null],
      ['2026-07-07', 1, false, 3, 33.3],
      ['2026-07-06', 1, false, 3, 66.7],
    ]);
    const byCourse = (await get<OpsSignPage>('/api/admin/signs/overview?group=course')).body.data!;
    expect(byCourse.items).toHaveLength(1);
    expect(byCourse.items[0]).toMatchObject({ key: String(ops1), signs: 2, open: true, expected: 6, present: 2, late: 1, excused: 1, absent: 2, rate: 50 });
    expect(byCourse.items[0]!.course).toMatchObject({ code: 'OPS1', period: 1 });
    const none = (await get<OpsSignPage>('/api/admin/signs/overview?session_key=second')).body.data!;
    expect(none).toMatchObject({ items: [], total: 0, totals: { expected: 0, rate: null } });
  });

  it('the course signs tab: each meeting and each student', async () => {
    const tab = (await get<CourseSignsTab>(`/api/admin/course-detail/${ops1}/1/signs`)).body.data!;
    expect(tab.attendance_rate).toBe(50);
    expect(tab.meetings.map((m) => [m.state, m.present, m.late, m.excused, m.absent, m.rate])).toEqual([
      ['closed', 1, 1, 0, 1, 66.7],
      ['closed', 1, 0, 1, 1, 33.3],
      ['open', 1, 0, 0, 0, 33.3],
      ['none', 0, 0, 0, 0, null],
    ]);
    const byName = Object.fromEntries(tab.students.map((x) => [x.name, [x.present, x.late, x.excused, x.absent, x.rate]]));
    expect(byName).toEqual({ 甲: [2, 0, 0, 0, 100], 乙: [0, 1, 1, 0, 50], 丙: [0, 0, 0, 2, 0] });
  });

  it('exports attendance per course', async () => {
    const { name, rows, disposition } = await sheetOf('/api/admin/signs/overview/export?group=course');
    expect(name).toBe('出勤统计');
    expect(disposition).toContain(encodeURIComponent('出勤统计-按课程'));
    expect(rows[0]).toEqual(['课程代码', '课程名称', '期次', '时段', '会场', '教师', '签到次数', '应到', '出勤', '迟到', '请假', '缺勤', '出勤率(%)']);
    expect(rows[1]).toEqual(['OPS1', '运营课程OPS1', '第一期', 1, '北京会场', '王老师', 2, 6, 2, 1, 1, 2, 50]);
  });
});
