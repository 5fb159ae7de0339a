import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { COURSE_MSG, COURSE_SHEET_COLUMNS, MSG, type Course, type CourseImportError, type Venue } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { courses } from '../../db/schema-courses.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let teacherId: number;
let teacherPhone: string;
let venue: Venue;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  const info = (await call<{ user_id: number; phone: string }>(t.app, 'GET', '/api/teacher/info', { token: teacher })).body.data!;
  teacherId = info.user_id;
  teacherPhone = (await t.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, teacherId)))[0]!.phone;
  venue = (await call<Venue>(t.app, 'POST', '/api/admin/venues', { token: admin, body: { place_name: 'beijing', name: '北京会场', city: '北京', is_beijing: true, capacity: 200, session_keys: ['first'] } })).body.data!;
});
afterAll(async () => {
  await t.close();
});

const meeting = (day: string, from: string, to: string, location = '') => ({ starts_at: `${day}T${from}:00+08:00`, ends_at: `${day}T${to}:00+08:00`, location });
const base = {
  code: 'ECON101',
  title: '经济学原理',
  category: 'major',
  session_key: 'first',
  period: 1,
  capacity: 30,
  language: 'zh',
  description: '从供求开始',
  syllabus: '第一周：供求',
  meetings: [meeting('2027-07-18', '09:00', '10:30', '教室A'), meeting('2027-07-19', '09:00', '10:30')],
};

async function createCourse(body: Record<string, unknown>) {
  return call<Course>(t.app, 'POST', '/api/admin/courses', { token: admin, body });
}

describe('course CRUD', () => {
  it('an admin creates a course with meetings: stored, answered, audited', async () => {
    const res = await createCourse({ ...base, teacher_id: teacherId, teacher_name: '王老师', venue_id: venue.id });
    expect(res.body).toMatchObject({
      status: 200,
      msg: MSG.SAVE_OK,
      data: { code: 'ECON101', teacher_id: teacherId, venue_id: venue.id, venue_place_name: 'beijing', capacity: 30, taken: 0, published: true },
    });
    expect(res.body.data!.meetings.map((m) => [m.starts_at, m.ends_at, m.location])).toEqual([
      ['2027-07-18T01:00:00.000Z', '2027-07-18T02:30:00.000Z', '教室A'],
      ['2027-07-19T01:00:00.000Z', '2027-07-19T02:30:00.000Z', ''],
    ]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.create'));
    expect(audit).toMatchObject({ entity: 'course', entityId: String(res.body.data!.id), before: null, after: { code: 'ECON101', capacity: 30, meetings: [{ location: '教室A' }, { location: '' }] } });
  });

  it.each([
    [{ ...base, code: '' }, 'code', COURSE_MSG.CODE],
    [{ ...base, code: '课程1' }, 'code', COURSE_MSG.CODE],
    [{ ...base, title: '  ' }, 'title', COURSE_MSG.TITLE],
    [{ ...base, capacity: 0 }, 'capacity', COURSE_MSG.CAPACITY],
    [{ ...base, capacity: 2.5 }, 'capacity', COURSE_MSG.CAPACITY],
    [{ ...base, category: 'lecture' }, 'category', COURSE_MSG.CATEGORY],
    [{ ...base, session_key: 'fourth' }, 'session_key', COURSE_MSG.SESSION],
    [{ ...base, period: 0 }, 'period', COURSE_MSG.PERIOD],
    [{ ...base, language: 'fr' }, 'language', COURSE_MSG.LANGUAGE],
    [{ ...base, meetings: [meeting('2027-07-18', '10:30', '09:00')] }, 'meetings.0.ends_at', COURSE_MSG.MEETING_ORDER],
    [{ ...base, meetings: [{ starts_at: 'tomorrow', ends_at: '2027-07-18T09:00:00+08:00' }] }, 'meetings.0.starts_at', COURSE_MSG.MEETING_TIME],
  ])('refuses %j on its field', async (body, field, msg) => {
    const res = await createCourse({ ...body, code: body.code === base.code ? 'BAD1' : body.code });
    expect(res.body).toMatchObject({ status: 4003, msg, data: { field } });
  });

  it('a teacher id that is not a teacher, an unknown venue, a duplicate code in the same session and period → 4003 on the field', async () => {
    const student = await registerStudent(t.app);
    const [stu] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, student.phone));
    expect((await createCourse({ ...base, code: 'T1', teacher_id: stu!.id })).body).toMatchObject({ status: 4003, msg: COURSE_MSG.TEACHER, data: { field: 'teacher_id' } });
    expect((await createCourse({ ...base, code: 'T2', venue_id: 99999 })).body).toMatchObject({ status: 4003, msg: COURSE_MSG.VENUE, data: { field: 'venue_id' } });
    expect((await createCourse(base)).body).toMatchObject({ status: 4003, msg: COURSE_MSG.CODE_DUPLICATE, data: { field: 'code' } });
    // Another period of the same code is another class.
    expect((await createCourse({ ...base, period: 2 })).body.status).toBe(200);
  });

  it('capacity cannot go below the seats taken; the edit changes nothing then', async () => {
    const [course] = (await call<Course[]>(t.app, 'GET', '/api/admin/courses?q=ECON101', { token: admin })).body.data!;
    await t.db.update(courses).set({ taken: 12 }).where(eq(courses.id, course!.id));
    const auditsBefore = (await t.db.select().from(auditLog)).length;
    const res = await call(t.app, 'PUT', `/api/admin/courses/${course!.id}`, { token: admin, body: { ...base, period: 1, capacity: 10, title: '新名字' } });
    expect(res.body).toMatchObject({ status: 4003, msg: '容量不能小于已选人数（12 人）', data: { field: 'capacity' } });
    const after = (await call<Course[]>(t.app, 'GET', `/api/admin/courses?q=ECON101`, { token: admin })).body.data!.find((c) => c.id === course!.id)!;
    expect([after.title, after.capacity]).toEqual(['经济学原理', 30]);
    expect(await t.db.select().from(auditLog)).toHaveLength(auditsBefore);
    const ok = await call<Course>(t.app, 'PUT', `/api/admin/courses/${course!.id}`, { token: admin, body: { ...base, capacity: 12, meetings: [meeting('2027-07-20', '14:00', '15:30', '礼堂')] } });
    expect(ok.body.data).toMatchObject({ capacity: 12, taken: 12, teacher_id: null, venue_id: null });
    expect(ok.body.data!.meetings).toHaveLength(1);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.update'));
    expect(audit).toMatchObject({ before: { capacity: 30, taken: 12 }, after: { capacity: 12, meetings: [{ location: '礼堂' }] } });
  });

  it('a course students hold seats in cannot be deleted; an empty one can, audited; unknown → 课程不存在', async () => {
    const [held] = (await call<Course[]>(t.app, 'GET', '/api/admin/courses?q=ECON101', { token: admin })).body.data!.filter((c) => c.taken > 0);
    expect((await call(t.app, 'DELETE', `/api/admin/courses/${held!.id}`, { token: admin })).body).toMatchObject({ status: 4001, msg: '已有 12 名学生选了这门课，不能删除' });
    const spare = (await createCourse({ ...base, code: 'DEL1' })).body.data!;
    expect((await call(t.app, 'DELETE', `/api/admin/courses/${spare.id}`, { token: admin })).body).toMatchObject({ status: 200, msg: COURSE_MSG.DELETED });
    expect(await t.db.select().from(courses).where(eq(courses.id, spare.id))).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.delete'))).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/admin/courses/${spare.id}`, { token: admin })).body).toMatchObject({ status: 4001, msg: COURSE_MSG.COURSE_NOT_FOUND });
  });

  it('lists filter by session, category, venue (0 = all venues) and keyword', async () => {
    await createCourse({ ...base, code: 'FC1', title: '前沿对话：人工智能', category: 'fc', venue_id: venue.id });
    await createCourse({ ...base, code: 'CW1', title: '写作工作坊', category: 'cw', session_key: 'second' });
    const codes = async (qs: string) => (await call<Course[]>(t.app, 'GET', `/api/admin/courses${qs}`, { token: admin })).body.data!.map((c) => `${c.code}/${c.period}`);
    expect(await codes('?category=fc')).toEqual(['FC1/1']);
    expect(await codes('?session_key=second')).toEqual(['CW1/1']);
    expect(await codes(`?venue_id=${venue.id}`)).toEqual(['FC1/1']);
    expect(await codes('?venue_id=0&session_key=first')).toEqual(['ECON101/1', 'ECON101/2']);
    expect(await codes('?q=人工')).toEqual(['FC1/1']);
    expect((await call(t.app, 'GET', '/api/admin/courses?category=x', { token: admin })).body).toMatchObject({ status: 4003, data: { field: 'category' } });
  });

  it("a teacher sees only their own courses; admin routes refuse a plain teacher and a student", async () => {
    const mine = await createCourse({ ...base, code: 'MINE1', teacher_id: teacherId });
    const options = await call<Array<{ id: number; phone: string }>>(t.app, 'GET', '/api/admin/teachers', { token: admin });
    expect(options.body.data!.map((o) => o.id)).toContain(teacherId);
    expect((await call(t.app, 'GET', '/api/admin/teachers', { token: teacher })).http).toBe(403);
    const res = await call<Course[]>(t.app, 'GET', '/api/teacher/courses', { token: teacher });
    expect(res.body.data!.map((c) => c.id)).toEqual([mine.body.data!.id]);
    expect((await call<Course[]>(t.app, 'GET', '/api/teacher/courses?session_key=second', { token: teacher })).body.data).toEqual([]);
    expect((await call(t.app, 'GET', '/api/admin/courses', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/courses', { token: teacher, body: { ...base, code: 'NO1' } })).http).toBe(403);
    const student = await registerStudent(t.app);
    expect((await call(t.app, 'GET', '/api/teacher/courses', { token: student.token })).http).toBe(403);
  });
});

// Excel -------------------------------------------------------------------------------------------------------

function multipartBody(filename: string, content: Buffer, field = 'file') {
  const boundary = '----summitTest';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(filename: string, content: Buffer) {
  const { payload, contentType } = multipartBody(filename, content);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/courses/import', headers: { authorization: `Bearer ${admin}`, 'content-type': contentType }, payload });
  return { http: res.statusCode, body: res.json() as { status: number; msg: string; data?: { created?: number; updated?: number; errors?: CourseImportError[]; field?: string } } };
}

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  return res;
}

const HEADERS = COURSE_SHEET_COLUMNS.map((c) => c.header);

async function sheetOf(rows: Array<Record<string, string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('课程');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(HEADERS.map((h) => r[h] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const goodRow = (code: string, extra: Record<string, string | number> = {}) => ({
  课程代码: code,
  课程名称: `课程 ${code}`,
  类别: '研讨课',
  期次: '第一期',
  时段: 1,
  会场: 'beijing',
  教师: '王老师',
  教师手机号: teacherPhone,
  容量: 25,
  授课语言: '英文',
  上课时间: '2027-07-21 09:00-10:30 @教室B; 2027-07-22 09:00-10:30',
  发布: '是',
  课程简介: '简介',
  教学大纲: '大纲',
  ...extra,
});

async function courseCount() {
  return (await t.db.select({ id: courses.id }).from(courses)).length;
}

describe('Excel import and export', () => {
  it('a good sheet creates every course in one go, with meetings, teacher and venue resolved, audited', async () => {
    const before = await courseCount();
    const res = await upload('courses.xlsx', await sheetOf([goodRow('SEM1'), goodRow('SEM2', { 会场: '全部会场', 教师手机号: '', 类别: 'fc', 时段: 2 })]));
    expect(res.body).toMatchObject({ status: 200, msg: '导入成功：新增 2 门，更新 0 门', data: { created: 2, updated: 0 } });
    expect(await courseCount()).toBe(before + 2);
    const list = (await call<Course[]>(t.app, 'GET', '/api/admin/courses?q=SEM', { token: admin })).body.data!;
    expect(list.map((c) => [c.code, c.category, c.period, c.venue_place_name, c.teacher_id, c.language, c.capacity])).toEqual([
      ['SEM1', 'seminar', 1, 'beijing', teacherId, 'en', 25],
      ['SEM2', 'fc', 2, null, null, 'en', 25],
    ]);
    expect(list[0]!.meetings.map((m) => [m.starts_at, m.location])).toEqual([
      ['2027-07-21T01:00:00.000Z', '教室B'],
      ['2027-07-22T01:00:00.000Z', ''],
    ]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.import.create'))).toHaveLength(2);
  });

  it('bad rows are reported by row and column, and nothing is written (not even the good rows)', async () => {
    const before = await courseCount();
    const auditsBefore = (await t.db.select().from(auditLog)).length;
    const res = await upload(
      'courses.xlsx',
      await sheetOf([
        goodRow('NEW1'),
        goodRow('', { 容量: 0 }),
        goodRow('NEW3', { 上课时间: '2027-07-21 10:30-09:00', 会场: 'mars' }),
        goodRow('NEW1', { 教师手机号: '13000000000' }),
      ]),
    );
    expect(res.http).toBe(400);
    expect(res.body.status).toBe(4003);
    expect(res.body.msg).toBe('有 6 处错误，未导入任何课程');
    expect(res.body.data!.errors!.map((e) => [e.row, e.column])).toEqual([
      [3, '课程代码'],
      [3, '容量'],
      [4, '会场'],
      [4, '上课时间'],
      [5, '课程代码'],
      [5, '教师手机号'],
    ]);
    expect(res.body.data!.errors!.find((e) => e.row === 5 && e.column === '课程代码')!.message).toBe('与第2行的课程代码、期次、时段重复');
    expect(res.body.data!.errors!.find((e) => e.row === 3 && e.column === '容量')!.message).toBe(COURSE_MSG.CAPACITY);
    expect(await courseCount()).toBe(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(auditsBefore);
  });

  it('a row lowering capacity below the seats taken rolls the whole import back', async () => {
    const [sem1] = (await call<Course[]>(t.app, 'GET', '/api/admin/courses?q=SEM1', { token: admin })).body.data!;
    await t.db.update(courses).set({ taken: 20 }).where(eq(courses.id, sem1!.id));
    const before = await courseCount();
    const res = await upload('c.xlsx', await sheetOf([goodRow('BRAND1'), goodRow('SEM1', { 容量: 5, 课程名称: '改名' })]));
    expect(res.body).toMatchObject({ status: 4003, data: { errors: [{ row: 3, column: '容量', message: '容量不能小于已选人数（20 人）' }] } });
    expect(await courseCount()).toBe(before);
    const [still] = (await call<Course[]>(t.app, 'GET', '/api/admin/courses?q=SEM1', { token: admin })).body.data!;
    expect([still!.title, still!.capacity]).toEqual(['课程 SEM1', 25]);
    await t.db.update(courses).set({ taken: 0 }).where(eq(courses.id, sem1!.id));
  });

  it('export → import changes nothing: every course is updated to itself', async () => {
    const before = (await call<Course[]>(t.app, 'GET', '/api/admin/courses', { token: admin })).body.data!;
    const file = await download('/api/admin/courses/export');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; .*\.xlsx/);
    const res = await upload('export.xlsx', file.rawPayload);
    expect(res.body).toMatchObject({ status: 200, data: { created: 0, updated: before.length } });
    const after = (await call<Course[]>(t.app, 'GET', '/api/admin/courses', { token: admin })).body.data!;
    const strip = (list: Course[]) => list.map(({ updated_at: _u, meetings, ...c }) => ({ ...c, meetings: meetings.map(({ id: _i, ...m }) => m) }));
    expect(strip(after)).toEqual(strip(before));
  });

  it('the template has the headers and the help sheet, no courses', async () => {
    const file = await download('/api/admin/courses/template');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('课程')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(1);
    expect(wb.getWorksheet('填写说明')).toBeDefined();
  });

  it('refuses a file that is not .xlsx, a renamed text file, a missing column, an empty sheet, a file over 2 MB, a JSON body', async () => {
    const csv = await upload('courses.csv', Buffer.from('课程代码,课程名称\nA,B'));
    expect(csv.body).toMatchObject({ status: 4003, msg: COURSE_MSG.IMPORT_FILE, data: { field: 'file' } });
    const renamed = await upload('courses.xlsx', Buffer.from('not a zip at all'));
    expect(renamed.body).toMatchObject({ status: 4003, msg: COURSE_MSG.IMPORT_FILE });
    const brokenZip = await upload('courses.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    expect(brokenZip.body).toMatchObject({ status: 4003, msg: COURSE_MSG.IMPORT_UNREADABLE });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('课程').addRow(HEADERS.filter((h) => h !== '容量'));
    const missing = await upload('m.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(missing.body).toMatchObject({ status: 4003, data: { errors: [{ row: 1, column: '容量', message: '第1行缺少“容量”列，请使用导出的模板' }] } });
    const empty = await upload('e.xlsx', await sheetOf([]));
    expect(empty.body).toMatchObject({ status: 4003, msg: COURSE_MSG.IMPORT_EMPTY });
    const big = await upload('big.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2 * 1024 * 1024 + 10)]));
    expect(big.http).toBe(413);
    expect(big.body).toMatchObject({ status: 4003, msg: COURSE_MSG.IMPORT_TOO_LARGE });
    const json = await call(t.app, 'POST', '/api/admin/courses/import', { token: admin, body: { file: 'x' } });
    expect(json.body).toMatchObject({ status: 4003, msg: COURSE_MSG.IMPORT_FILE });
  });

  it('a plain teacher cannot import or export', async () => {
    const { payload, contentType } = multipartBody('c.xlsx', await sheetOf([goodRow('T9')]));
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/courses/import', headers: { authorization: `Bearer ${teacher}`, 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/courses/export', headers: { authorization: `Bearer ${teacher}` } })).statusCode).toBe(403);
    expect(await t.db.select().from(courses).where(inArray(courses.code, ['T9']))).toHaveLength(0);
  });
});
