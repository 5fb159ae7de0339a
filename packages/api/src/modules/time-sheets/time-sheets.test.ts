import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MSG, TIME_SHEET_MSG, type TimeSheet, type TimeSheetPage } from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { timeSheetEntries } from '../../db/schema-time-sheets.ts';
import { createClock, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { TIME_SHEET_AUDIT_ENTITY } from './time-sheets.repo.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let teacher: string;
let volunteer: { id: number; token: string };
let trainee: { id: number; token: string };
let pupil: { id: number; token: string };

async function studentOfType(activeType: number, name: string) {
  const { token } = await registerStudent(t.app);
  const id = (await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token })).body.data!.user_id;
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, id));
  await t.db.update(studentProfiles).set({ activeType, schoolName: '北京大学' }).where(eq(studentProfiles.accountId, id));
  return { id, token };
}

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2026-07-08T04:00:00Z')) });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
  teacher = await createStaffToken(t, 'teacher');
  volunteer = await studentOfType(4, '志愿者小林');
  trainee = await studentOfType(8, '实习生小周');
  pupil = await studentOfType(1, '普通学生');
});
afterAll(async () => {
  await t.close();
});

const sheetUrl = (id: number) => `/api/admin/students/${id}/time-sheets`;
const put = (id: number, body: unknown, token = admin) => call<TimeSheet>(t.app, 'PUT', sheetUrl(id), { token, body });
const read = async (id: number) => (await call<TimeSheet>(t.app, 'GET', sheetUrl(id), { token: admin })).body.data!;

describe('recording and approving hours', () => {
  let first: number;
  let second: number;

  it('adds entries as pending and totals them', async () => {
    const a = await put(volunteer.id, { action: 'add', work_date: '2026-07-06', hours: 2.5, activity: '迎新接待' });
    expect(a.body, JSON.stringify(a.body)).toMatchObject({ status: 200, msg: TIME_SHEET_MSG.ADDED });
    const b = await put(volunteer.id, { action: 'add', work_date: '2026-07-07', hours: 1.5, activity: ' 宿舍巡查 ' });
    const sheet = b.body.data!;
    expect(sheet.totals).toEqual({ approved_hours: 0, pending_hours: 4, rejected_hours: 0 });
    expect(sheet.entries.map((e) => [e.work_date, e.hours, e.activity, e.status])).toEqual([
      ['2026-07-07', 1.5, '宿舍巡查', 'pending'],
      ['2026-07-06', 2.5, '迎新接待', 'pending'],
    ]);
    expect(sheet.entries[0]!.recorded_by.id).toBe(adminId);
    expect(sheet.student).toMatchObject({ id: volunteer.id, name: '志愿者小林', active_type: 4 });
    second = sheet.entries[0]!.id;
    first = sheet.entries[1]!.id;
  });

  it('refuses a day still to come, by the Beijing calendar, for an add and an edit', async () => {
    // The clock reads 2026-07-08 12:00 in Beijing.
    const ahead = await put(volunteer.id, { action: 'add', work_date: '2026-07-09', hours: 1, activity: '提前登记' });
    expect([ahead.http, ahead.body.status, ahead.body.msg]).toEqual([400, 4003, TIME_SHEET_MSG.FUTURE_DATE]);
    const edit = await put(volunteer.id, { action: 'edit', id: second, work_date: '2026-07-10', hours: 1, activity: '改到以后' });
    expect([edit.http, edit.body.msg]).toEqual([400, TIME_SHEET_MSG.FUTURE_DATE]);
    expect((await read(volunteer.id)).entries.map((e) => e.work_date)).toEqual(['2026-07-07', '2026-07-06']);
  });

  it('approves a pending entry, with who and when, audited before → after', async () => {
    const res = await put(volunteer.id, { action: 'approve', ids: [first] });
    expect(res.body.msg).toBe(TIME_SHEET_MSG.APPROVED);
    const sheet = res.body.data!;
    expect(sheet.totals).toEqual({ approved_hours: 2.5, pending_hours: 1.5, rejected_hours: 0 });
    const entry = sheet.entries.find((e) => e.id === first)!;
    expect(entry).toMatchObject({ status: 'approved', decided_by: { id: adminId }, decided_at: '2026-07-08T04:00:00.000Z' });
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, TIME_SHEET_AUDIT_ENTITY), eq(auditLog.action, 'time_sheet.approve')));
    expect(row).toMatchObject({ actorId: adminId, entityId: String(first), before: { status: 'pending', minutes: 150 }, after: { status: 'approved', minutes: 150, decided_by: adminId } });
  });

  it('refuses to decide an entry twice, and leaves both entries as they were', async () => {
    const res = await put(volunteer.id, { action: 'approve', ids: [second, first] });
    expect(res.body).toMatchObject({ status: 4001, msg: TIME_SHEET_MSG.NOT_PENDING });
    expect((await read(volunteer.id)).totals).toEqual({ approved_hours: 2.5, pending_hours: 1.5, rejected_hours: 0 });
  });

  it('rejects with a note; an edit puts it back to pending for a new decision', async () => {
    const rejected = (await put(volunteer.id, { action: 'reject', ids: [second], note: '当天未排班' })).body.data!;
    expect(rejected.totals).toEqual({ approved_hours: 2.5, pending_hours: 0, rejected_hours: 1.5 });
    expect(rejected.entries.find((e) => e.id === second)).toMatchObject({ status: 'rejected', note: '当天未排班' });
    const edited = await put(volunteer.id, { action: 'edit', id: second, work_date: '2026-07-07', hours: 1, activity: '宿舍巡查（补录）' });
    expect(edited.body.msg).toBe(TIME_SHEET_MSG.EDITED);
    expect(edited.body.data!.entries.find((e) => e.id === second)).toMatchObject({ status: 'pending', hours: 1, note: '', decided_by: null, decided_at: null });
    expect(edited.body.data!.totals).toEqual({ approved_hours: 2.5, pending_hours: 1, rejected_hours: 0 });
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, TIME_SHEET_AUDIT_ENTITY)).orderBy(auditLog.id)).map((r) => r.action);
    expect(actions).toEqual(['time_sheet.add', 'time_sheet.add', 'time_sheet.approve', 'time_sheet.reject', 'time_sheet.edit']);
  });

  it('an entry of another person cannot be touched through this one', async () => {
    const res = await put(trainee.id, { action: 'approve', ids: [second] });
    expect(res.body).toMatchObject({ status: 4003, data: { field: 'ids' } });
    const edit = await put(trainee.id, { action: 'edit', id: first, work_date: '2026-07-01', hours: 8, activity: '篡改' });
    expect(edit.body).toMatchObject({ status: 4003, data: { field: 'id' } });
    expect((await read(volunteer.id)).totals.approved_hours).toBe(2.5);
  });

  it('only volunteers and trainees get new entries', async () => {
    const res = await put(pupil.id, { action: 'add', work_date: '2026-07-06', hours: 1, activity: '帮忙' });
    expect(res.body).toMatchObject({ status: 4001, msg: TIME_SHEET_MSG.NOT_VOLUNTEER });
    expect((await call(t.app, 'GET', sheetUrl(999_999), { token: admin })).http).toBe(404);
    expect(await t.db.select().from(timeSheetEntries).where(eq(timeSheetEntries.studentId, pupil.id))).toHaveLength(0);
  });
});

describe('bad input and permissions', () => {
  it.each([
    [{ action: 'add', work_date: '2026-07-06', hours: 0.3, activity: 'x' }, 'hours'],
    [{ action: 'add', work_date: '2026-07-06', hours: 24.5, activity: 'x' }, 'hours'],
    [{ action: 'add', work_date: '2026-07-06', hours: '2', activity: 'x' }, 'hours'],
    [{ action: 'add', work_date: '2026-02-30', hours: 1, activity: 'x' }, 'work_date'],
    [{ action: 'add', work_date: '2026-07-06', hours: 1, activity: '  ' }, 'activity'],
    [{ action: 'add', hours: 1, activity: 'x' }, 'work_date'],
    [{ action: 'edit', work_date: '2026-07-06', hours: 1, activity: 'x' }, 'id'],
    [{ action: 'approve', ids: [] }, 'ids'],
    [{ action: 'approve' }, 'ids'],
    [{ action: 'delete', ids: [1] }, 'action'],
    [{ action: 'reject', ids: [1], note: 'x'.repeat(201) }, 'note'],
  ])('%j → 4003 on %s', async (body, field) => {
    const res = await put(trainee.id, body);
    expect(res.body).toMatchObject({ status: 4003, data: { field } });
  });

  it('a bad user id or query is 4003, never 500', async () => {
    expect((await call(t.app, 'GET', '/api/admin/students/abc/time-sheets', { token: admin })).body.status).toBe(4003);
    expect((await call(t.app, 'GET', '/api/admin/time-sheets?active_type=1', { token: admin })).body.status).toBe(4003);
    expect((await call(t.app, 'GET', '/api/admin/time-sheets?page_size=1000', { token: admin })).body.status).toBe(4003);
  });

  it('a teacher who is not an admin, and a student, get 403 on the admin routes', async () => {
    for (const token of [teacher, volunteer.token]) {
      for (const res of [await put(volunteer.id, { action: 'approve', ids: [1] }, token), await call(t.app, 'GET', sheetUrl(volunteer.id), { token }), await call(t.app, 'GET', '/api/admin/time-sheets', { token })])
        expect({ http: res.http, msg: res.body.msg }).toEqual({ http: 403, msg: MSG.NO_PERMISSION });
    }
  });
});

describe('totals, the volunteer view and exports', () => {
  it('lists every volunteer and trainee with totals; filters by type and pending', async () => {
    await put(trainee.id, { action: 'add', work_date: '2026-07-05', hours: 3, activity: '课堂助教' });
    const page = (await call<TimeSheetPage>(t.app, 'GET', '/api/admin/time-sheets', { token: admin })).body.data!;
    expect(page.total).toBe(2);
    const byName = Object.fromEntries(page.items.map((p) => [p.name, [p.active_type, p.entries, p.approved_hours, p.pending_hours, p.rejected_hours, p.last_work_date]]));
    expect(byName).toEqual({ 志愿者小林: [4, 2, 2.5, 1, 0, '2026-07-07'], 实习生小周: [8, 1, 0, 3, 0, '2026-07-05'] });
    expect(page.items[0]!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const trainees = (await call<TimeSheetPage>(t.app, 'GET', '/api/admin/time-sheets?active_type=8', { token: admin })).body.data!;
    expect(trainees.items.map((p) => p.name)).toEqual(['实习生小周']);
    await put(volunteer.id, { action: 'approve', ids: (await read(volunteer.id)).entries.filter((e) => e.status === 'pending').map((e) => e.id) });
    const pending = (await call<TimeSheetPage>(t.app, 'GET', '/api/admin/time-sheets?pending=1', { token: admin })).body.data!;
    expect(pending.items.map((p) => p.name)).toEqual(['实习生小周']);
  });

  it('the volunteer reads their own sheet, never someone else’s', async () => {
    const mine = await call<TimeSheet>(t.app, 'GET', '/api/student/time-sheets', { token: volunteer.token });
    expect(mine.body.data!.student.id).toBe(volunteer.id);
    expect(mine.body.data!.totals).toEqual({ approved_hours: 3.5, pending_hours: 0, rejected_hours: 0 });
    const other = await call<TimeSheet>(t.app, 'GET', '/api/student/time-sheets', { token: trainee.token });
    expect(other.body.data!.entries.map((e) => e.activity)).toEqual(['课堂助教']);
    expect((await call(t.app, 'GET', '/api/student/time-sheets', { token: teacher })).http).toBe(403);
  });

  async function sheetOf(url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    return { name: wb.worksheets[0]!.name, rows };
  }

  it('exports totals per person and every entry', async () => {
    const totals = await sheetOf('/api/admin/time-sheets/export');
    expect(totals.name).toBe('工时汇总');
    expect(totals.rows[0]).toEqual(['姓名', '手机号', '身份', '学校', '记录数', '已通过工时', '待审核工时', '未通过工时', '最近工作日']);
    const byName = Object.fromEntries(totals.rows.slice(1).map((r) => [r[0], [r[2], r[4], r[5], r[6], r[7], r[8]]]));
    expect(byName).toEqual({ 志愿者小林: ['志愿者', 2, 3.5, 0, 0, '2026-07-07'], 实习生小周: ['实习生', 1, 0, 3, 0, '2026-07-05'] });

    const entries = await sheetOf('/api/admin/time-sheets/entries/export?active_type=4');
    expect(entries.name).toBe('工时明细');
    expect(entries.rows[0]).toEqual(['编号', '姓名', '手机号', '身份', '日期', '工时', '工作内容', '状态', '备注', '记录人', '记录时间', '审核人', '审核时间']);
    expect(entries.rows.slice(1).map((r) => [r[1], r[4], r[5], r[6], r[7], r[10], r[12]])).toEqual([
      ['志愿者小林', '2026-07-06', 2.5, '迎新接待', '已通过', '2026-07-08 12:00', '2026-07-08 12:00'],
      ['志愿者小林', '2026-07-07', 1, '宿舍巡查（补录）', '已通过', '2026-07-08 12:00', '2026-07-08 12:00'],
    ]);
  });
});
