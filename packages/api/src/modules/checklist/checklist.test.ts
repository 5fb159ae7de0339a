import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CHECKLIST_MSG, STATUS, type ChecklistItem, type ChecklistProgress, type StudentChecklist } from '@summit/domain';
import { smsOutbox, studentProfiles } from '../../db/schema.ts';
import { checklistItems } from '../../db/schema-checklist.ts';
import { jobs } from '../../db/schema-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';
import ExcelJS from 'exceljs';
import { JobRegistry, JobRunner, defaultJobRegistry } from '../jobs/job-runner.ts';
import { findJobByKey } from '../jobs/jobs.repo.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { CHECKLIST_REMINDER_KIND, runChecklistReminders, scheduleReminders } from './checklist.service.ts';
import { listNotices } from './checklist.repo.ts';
import { uploadPdf } from '../storage/storage-test-kit.ts';
import { isUploadReferenced } from '../storage/storage.repo.ts';
import { fileKeyOf } from '@summit/domain';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  // Each test defines its own items.
  await t.db.delete(checklistItems);
});

const HOUR = 3_600_000;
async function admitted(track: string | null = null, batch = 'EB1') {
  const s = await payingStudent(t, { offer: 1 });
  await t.db.update(studentProfiles).set({ tuitionPaidAt: t.clock.now(), professionalTrack: track, batchStr: batch }).where(eq(studentProfiles.accountId, s.accountId));
  return s;
}
const item = (body: Record<string, unknown>) =>
  call<ChecklistItem>(t.app, 'POST', '/api/admin/checklist/items', { token: admin, body: { description: '', required: true, target_path: '', ...body } });
const mine = (token: string) => call<StudentChecklist>(t.app, 'GET', '/api/student/checklist', { token });
const stateOf = (list: StudentChecklist | undefined, id: number) => list?.items.find((i) => i.id === id)?.state;

const HEALTH = {
  conditions: '无',
  allergies: '无',
  medication: '无',
  emergency_name: '张大明',
  emergency_relation: 'father',
  emergency_phone: '13912345678',
  guardian_name: '张大明',
  guardian_signed_on: '2026-11-20',
  guardian_confirm: true,
};

describe('student checklist', () => {
  it('needs an offer and paid tuition (403-10)', async () => {
    const s = await payingStudent(t, { offer: 1 });
    expect((await mine(s.token)).body.status).toBe(STATUS.GATE_OFFER);
  });

  it('derives done from the submitted form (a draft is not done), late after the due date, waived by staff', async () => {
    const s = await admitted();
    const due = new Date(t.clock.now().getTime() + 5 * HOUR).toISOString();
    const health = (await item({ key: 'form:health', title: '健康信息', kind: 'form', due_at: due, target_path: '/scene-form/health' })).body.data!;
    const reading = (await item({ key: 'confirm:rules', title: '阅读营规', kind: 'reading', due_at: due })).body.data!;
    const optional = (await item({ key: 'form:previous', title: '教育背景', kind: 'form', required: false, due_at: due })).body.data!;

    let list = (await mine(s.token)).body.data;
    expect(list?.items.map((i) => [i.title, i.state])).toEqual([
      ['健康信息', 'todo'],
      ['阅读营规', 'todo'],
      ['教育背景', 'todo'],
    ]);

    await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: 'health', value: { allergies: '无' }, draft: true } });
    expect(stateOf((await mine(s.token)).body.data, health.id)).toBe('todo');
    await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: 'health', value: HEALTH } });
    expect(stateOf((await mine(s.token)).body.data, health.id)).toBe('done');

    // A form item cannot be ticked by the student; a confirm: item can.
    const tick = await call(t.app, 'POST', `/api/student/checklist/${health.id}/confirm`, { token: s.token, body: {} });
    expect(tick.body).toMatchObject({ status: STATUS.MESSAGE, msg: CHECKLIST_MSG.NOT_SELF_CONFIRMED });

    t.clock.advance(6 * HOUR);
    list = (await mine(s.token)).body.data;
    expect([stateOf(list, health.id), stateOf(list, reading.id), stateOf(list, optional.id)]).toEqual(['done', 'late', 'todo']);

    const waive = await call(t.app, 'POST', '/api/admin/checklist/waive', { token: admin, body: { student_id: s.accountId, item_id: reading.id, waived: true } });
    expect(waive.body.status).toBe(200);
    list = (await mine(s.token)).body.data;
    expect(stateOf(list, reading.id)).toBe('waived');
    expect([list?.done, list?.total]).toEqual([2, 3]);

    await call(t.app, 'POST', '/api/admin/checklist/waive', { token: admin, body: { student_id: s.accountId, item_id: reading.id, waived: false } });
    await call(t.app, 'POST', `/api/student/checklist/${reading.id}/confirm`, { token: s.token, body: {} });
    expect(stateOf((await mine(s.token)).body.data, reading.id)).toBe('done');
  });

  it('shows only the items of the student’s track and batch', async () => {
    const s = await admitted('商业经济', 'RD');
    await item({ key: 'form:basic', title: '所有人', kind: 'form' });
    await item({ key: 'form:address', title: '仅人文社科', kind: 'form', track: '人文社科' });
    await item({ key: 'form:previous', title: '仅常规批', kind: 'form', batch: 'RD' });
    await item({ key: 'form:health', title: '仅提前批I', kind: 'form', batch: 'EB1' });
    expect((await mine(s.token)).body.data?.items.map((i) => i.title)).toEqual(['所有人', '仅常规批']);
  });

  it('a sign-up item is done once the student holds a sign-up of that kind in the onboarding module', async () => {
    const s = await admitted();
    const signup = (await item({ key: 'signup:podcast', title: '播客报名', kind: 'signup' })).body.data!;
    expect(signup.tracked).toBe(true);
    expect(stateOf((await mine(s.token)).body.data, signup.id)).toBe('todo');
    const closes = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    const offering = await call<{ id: number }>(t.app, 'POST', '/api/admin/onboarding/offerings', { token: admin, body: { kind: 'podcast', title: '播客', capacity: 10, closes_at: closes } });
    expect(offering.body.status).toBe(200);
    const joined = await call(t.app, 'POST', '/api/student/onboarding/signup', { token: s.token, body: { offering_id: offering.body.data!.id } });
    expect(joined.body.status).toBe(200);
    expect(stateOf((await mine(s.token)).body.data, signup.id)).toBe('done');
  });
});

describe('upload items', () => {
  it('done when the student hands in their own stored file; another student’s file or a made-up address is refused', async () => {
    const s = await admitted();
    const other = await admitted();
    const upload = (await item({ key: 'upload:passport', title: '上传护照首页', kind: 'upload' })).body.data!;
    const reading = (await item({ key: 'confirm:rules', title: '阅读营规', kind: 'reading' })).body.data!;
    let list = (await mine(s.token)).body.data!;
    expect(list.items.find((i) => i.id === upload.id)).toMatchObject({ state: 'todo', self_upload: true, self_confirm: false, file: null });
    const send = (token: string, id: number, file: unknown) => call<StudentChecklist>(t.app, 'POST', `/api/student/checklist/${id}/upload`, { token, body: { file } });

    // Not a tick: an upload item cannot be confirmed, and a reading takes no file.
    expect((await call(t.app, 'POST', `/api/student/checklist/${upload.id}/confirm`, { token: s.token, body: {} })).body.msg).toBe(CHECKLIST_MSG.NOT_SELF_CONFIRMED);
    const mineFile = await uploadPdf(t.app, s.token, 'passport.pdf');
    expect((await send(s.token, reading.id, mineFile)).body).toMatchObject({ status: STATUS.MESSAGE, msg: CHECKLIST_MSG.NOT_UPLOAD });

    const theirs = await uploadPdf(t.app, other.token, 'theirs.pdf');
    for (const bad of [theirs, { name: 'x.pdf', url: '/api/oss/file/student/1/00000000000000000000000000000000/x.pdf' }, { name: 'x.pdf', url: 'https://evil.example/x.pdf' }]) {
      expect((await send(s.token, upload.id, bad)).body, bad.url).toMatchObject({ status: STATUS.PARAM, data: { field: 'file' } });
    }
    expect((await send(s.token, upload.id, { name: '' })).body).toMatchObject({ status: STATUS.PARAM });
    expect(stateOf((await mine(s.token)).body.data, upload.id)).toBe('todo');

    const done = await send(s.token, upload.id, mineFile);
    expect(done.body).toMatchObject({ status: 200, msg: CHECKLIST_MSG.UPLOADED });
    expect(done.body.data?.items.find((i) => i.id === upload.id)).toMatchObject({ state: 'done', file: mineFile });
    // The file is referenced, so the retention sweep keeps it.
    expect(await isUploadReferenced(t.db, fileKeyOf(mineFile.url)!)).toBe(true);
    // The admin sees it done.
    const progress = (await call<ChecklistProgress>(t.app, 'GET', '/api/admin/checklist/progress', { token: admin })).body.data!;
    expect(progress.students.find((r) => r.student_id === s.accountId)?.states[String(upload.id)]).toBe('done');
    const forms = await call<{ uploads: Array<{ key: string; file: unknown }> }>(t.app, 'GET', `/api/admin/onboarding/students/${s.accountId}/forms`, { token: admin });
    expect(forms.body.data?.uploads).toEqual([{ key: 'upload:passport', submitted_at: expect.any(String), file: mineFile }]);
    // A replacement replaces.
    const again = await uploadPdf(t.app, s.token, 'passport-2.pdf');
    list = (await send(s.token, upload.id, again)).body.data!;
    expect(list.items.find((i) => i.id === upload.id)?.file).toEqual(again);
  });
});

describe('admin', () => {
  it('validates items: key, path, duplicate', async () => {
    expect((await item({ key: 'form:nope', title: 'x', kind: 'form' })).body).toMatchObject({ status: STATUS.PARAM, data: { field: 'key' } });
    expect((await item({ key: 'confirm:a', title: 'x', kind: 'reading', target_path: 'https://evil.example' })).body).toMatchObject({ status: STATUS.PARAM, data: { field: 'target_path' } });
    expect((await item({ key: 'confirm:a', title: '', kind: 'reading' })).body).toMatchObject({ status: STATUS.PARAM, msg: CHECKLIST_MSG.TITLE_REQUIRED });
    expect((await item({ key: 'confirm:a', title: 'A', kind: 'reading' })).body.status).toBe(200);
    expect((await item({ key: 'confirm:a', title: 'B', kind: 'reading' })).body).toMatchObject({ status: STATUS.PARAM, msg: CHECKLIST_MSG.KEY_DUPLICATE });
  });

  it('shows completion by item and by student, filters who is behind, messages them, exports', async () => {
    const ahead = await admitted();
    const behind = await admitted();
    const due = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const basic = (await item({ key: 'form:basic', title: '基本信息', kind: 'form', due_at: due })).body.data!;
    await call(t.app, 'POST', '/api/student/form', {
      token: ahead.token,
      body: { form_name: 'basic', value: { chinese_name: '张小明', english_name: 'Ming', gender: '1', birth_date: '2010-05-01', tshirt_size: 'M', diet: 'none' } },
    });
    t.clock.advance(2 * HOUR);

    const all = (await call<ChecklistProgress>(t.app, 'GET', '/api/admin/checklist/progress', { token: admin })).body.data!;
    const summary = all.by_item.find((b) => b.item_id === basic.id)!;
    expect(summary.done).toBeGreaterThanOrEqual(1);
    expect(summary.late).toBeGreaterThanOrEqual(1);
    expect(all.students.find((r) => r.student_id === ahead.accountId)?.states[String(basic.id)]).toBe('done');

    const late = (await call<ChecklistProgress>(t.app, 'GET', '/api/admin/checklist/progress?behind=1', { token: admin })).body.data!;
    const lateIds = late.students.map((r) => r.student_id);
    expect(lateIds).toContain(behind.accountId);
    expect(lateIds).not.toContain(ahead.accountId);

    const msg = await call<{ sent: number }>(t.app, 'POST', '/api/admin/checklist/message', { token: admin, body: { student_ids: [behind.accountId], title: '请尽快完成', body: '基本信息已逾期' } });
    expect(msg.body).toMatchObject({ status: 200, data: { sent: 1 } });
    expect((await listNotices(t.db, behind.accountId)).map((n) => n.title)).toEqual(['请尽快完成']);
    expect(await listNotices(t.db, ahead.accountId)).toEqual([]);
    // The student reads it on their checklist.
    expect((await mine(behind.token)).body.data?.notices.map((n) => [n.title, n.body])).toEqual([['请尽快完成', '基本信息已逾期']]);
    expect((await mine(ahead.token)).body.data?.notices).toEqual([]);

    const file = await t.app.inject({ method: 'GET', url: '/api/admin/checklist/export?behind=1', headers: { authorization: `Bearer ${admin}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('入学清单')!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 7)).toEqual(['学生ID', '姓名', '手机', '方向', '批次', '完成']);
    const basicCol = header.indexOf('基本信息');
    expect(basicCol).toBeGreaterThan(6);
    const exported = new Map<number, unknown[]>();
    sheet.eachRow((r, n) => {
      if (n > 1) exported.set(Number(r.getCell(1).value), r.values as unknown[]);
    });
    // The filtered view: the late student with 已逾期 and their progress, not the one who is done.
    expect(exported.get(behind.accountId)?.[basicCol]).toBe('已逾期');
    expect(exported.get(behind.accountId)?.[6]).toBe('0/1');
    expect(exported.has(ahead.accountId)).toBe(false);
    expect([...exported.values()].every((r) => r[basicCol] === '已逾期')).toBe(true);
    const perItem = wb.getWorksheet('事项')!;
    const basicRow = (perItem.getColumn(1).values as unknown[]).indexOf('基本信息');
    expect(perItem.getRow(basicRow).getCell(2).value).toBe('填写表单');
    expect(Number(perItem.getRow(basicRow).getCell(6).value)).toBe(summary.done);
    expect(Number(perItem.getRow(basicRow).getCell(7).value)).toBe(summary.late);
  });

  it('students and teachers cannot use the admin routes', async () => {
    const s = await admitted();
    const teacher = await createStaffToken(t, 'teacher');
    for (const token of [s.token, teacher]) expect((await call(t.app, 'GET', '/api/admin/checklist/progress', { token })).http).toBe(403);
  });
});

describe('reminders', () => {
  it('one in-app reminder per item and student inside 48 h, SMS only for those who opted in, none for the done', async () => {
    const quiet = await admitted();
    const sms = await admitted();
    const done = await admitted();
    await call(t.app, 'PUT', '/api/student/checklist/preferences', { token: sms.token, body: { sms_reminders: true } });
    const soon = (await item({ key: 'confirm:handbook', title: '阅读学生手册', kind: 'reading', due_at: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString() })).body.data!;
    await item({ key: 'confirm:later', title: '以后的事', kind: 'reading', due_at: new Date(t.clock.now().getTime() + 10 * 24 * HOUR).toISOString() });
    await call(t.app, 'POST', `/api/student/checklist/${soon.id}/confirm`, { token: done.token, body: {} });

    await runChecklistReminders(t.app.ctx);
    await runChecklistReminders(t.app.ctx); // at least once, effect once
    const titles = async (id: number) => (await listNotices(t.db, id)).map((n) => `${n.title}|${n.body}`);
    expect(await titles(quiet.accountId)).toEqual([expect.stringContaining('阅读学生手册')]);
    expect(await titles(sms.accountId)).toHaveLength(1);
    expect(await titles(done.accountId)).toEqual([]);
    // The in-app reminder is read on the student's checklist.
    expect((await mine(quiet.token)).body.data?.notices.map((n) => n.title)).toEqual([CHECKLIST_MSG.REMINDER_TITLE]);

    const outbox = await t.db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'checklist_due'));
    const phones = outbox.map((o) => o.eventKey);
    expect(phones).toEqual([`checklist_due:${soon.id}:${sms.accountId}`]);
    expect(outbox[0]!.content).toContain('阅读学生手册');
  });

  it('is a durable job that reschedules itself', async () => {
    expect(defaultJobRegistry.kinds()).toContain(CHECKLIST_REMINDER_KIND);
    await scheduleReminders(t.db, t.clock.now());
    await scheduleReminders(t.db, t.clock.now());
    const rows = await t.db.select().from(jobs).where(and(eq(jobs.kind, CHECKLIST_REMINDER_KIND), inArray(jobs.key, [`${CHECKLIST_REMINDER_KIND}@${new Date(Math.floor(t.clock.now().getTime() / HOUR) * HOUR + HOUR).toISOString()}`])));
    expect(rows).toHaveLength(1);
  });
});

describe('reminders across processes', () => {
  let second: Database | null = null;
  afterAll(async () => {
    await second?.close();
  });

  it('the hourly pass is claimed by one runner of two, reminds once and schedules the next hour', async () => {
    const s = await admitted();
    second = t.databaseUrl ? await openPostgres(t.databaseUrl, { max: 4 }) : null;
    const registry = new JobRegistry();
    registry.register(CHECKLIST_REMINDER_KIND, defaultJobRegistry.get(CHECKLIST_REMINDER_KIND)!);
    const silent = { error: () => {}, warn: () => {} };
    const a = new JobRunner({ ctx: t.app.ctx, log: silent, registry });
    const b = new JobRunner({ ctx: { ...t.app.ctx, db: second?.db ?? t.app.ctx.db }, log: silent, registry });

    const soon = (await item({ key: 'confirm:runner', title: '阅读安全须知', kind: 'reading', due_at: new Date(t.clock.now().getTime() + 30 * HOUR).toISOString() })).body.data!;
    const hour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR) * HOUR + HOUR);
    const first = hour(t.clock.now());
    expect(await findJobByKey(t.db, `${CHECKLIST_REMINDER_KIND}@${first.toISOString()}`)).not.toBeNull(); // scheduled on item creation

    t.clock.advance(first.getTime() - t.clock.now().getTime() + 1000);
    const ran = await Promise.all([a.tick(), b.tick()]);
    expect(ran.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    expect((await findJobByKey(t.db, `${CHECKLIST_REMINDER_KIND}@${first.toISOString()}`))?.doneAt).toBeInstanceOf(Date);
    const next = hour(t.clock.now());
    expect((await findJobByKey(t.db, `${CHECKLIST_REMINDER_KIND}@${next.toISOString()}`))?.doneAt).toBeNull();
    expect((await listNotices(t.db, s.accountId)).filter((n) => n.body.includes(soon.title))).toHaveLength(1);

    // The next hour's pass finds the reminder written and adds none.
    t.clock.advance(HOUR);
    await Promise.all([a.tick(), b.tick()]);
    expect((await listNotices(t.db, s.accountId)).filter((n) => n.body.includes(soon.title))).toHaveLength(1);
  });
});
