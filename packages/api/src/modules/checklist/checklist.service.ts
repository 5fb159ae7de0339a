import ExcelJS from 'exceljs';
import {
  AppError,
  CHECKLIST_KIND_LABELS,
  CHECKLIST_MSG,
  CHECKLIST_NOTICE_LIMIT,
  CHECKLIST_REMINDER_LEAD_MS,
  CHECKLIST_STATE_LABELS,
  STATUS,
  checklistItemApplies,
  checklistStateOf,
  isBehind,
  isSelfConfirmedKey,
  isUploadKey,
  type ChecklistItem,
  type ChecklistItemInput,
  type ChecklistProgress,
  type ChecklistProgressQuery,
  type ChecklistState,
  type StudentChecklist,
  type UploadedFile,
  noticePlainText,
} from '@summit/domain';
import { isAttachableUpload } from '../storage/storage.service.ts';
import type { AuthState } from '../../http/auth-state.ts';
import type { AppContext } from '../../http/context.ts';
import { registerJobHandler, scheduleJob } from '../jobs/job-runner.ts';
import type { Db } from '../../db/client.ts';
import { completionFor, isTracked } from './completion.ts';
import {
  deleteItemAudited,
  findChecklistStudent,
  findItem,
  findSmsPreference,
  insertConfirmation,
  insertItemAudited,
  insertNoticesAudited,
  keyTaken,
  listChecklistStudents,
  listItems,
  listItemsDueBetween,
  listUploadedFiles,
  listWaivers,
  recentNotices,
  remindedStudents,
  saveUploadedFile,
  setSmsPreference,
  setWaiverAudited,
  updateItemAudited,
  writeReminder,
  type ChecklistStudent,
  type ItemRow,
} from './checklist.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function itemOut(row: ItemRow): ChecklistItem {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    description: row.description,
    kind: row.kind,
    required: row.required,
    due_at: iso(row.dueAt),
    target_path: row.targetPath,
    track: row.track,
    batch: row.batch,
    sort: row.sort,
    tracked: isTracked(row.key),
  };
}

/** State of every applicable item for every student: the one computation the student page, the admin and the export share. */
async function computeStates(db: Db, items: ItemRow[], students: ChecklistStudent[], now: Date): Promise<Map<number, Map<number, ChecklistState>>> {
  const ids = students.map((s) => s.id);
  const waived = new Set((await listWaivers(db, ids)).map((w) => `${w.itemId}:${w.studentId}`));
  const out = new Map<number, Map<number, ChecklistState>>(students.map((s) => [s.id, new Map()]));
  for (const item of items) {
    const applies = students.filter((s) => checklistItemApplies(item, s));
    if (applies.length === 0) continue;
    const check = completionFor(item.key);
    const done = check ? await check(db, applies.map((s) => s.id)) : new Set<number>();
    for (const s of applies) {
      out.get(s.id)!.set(item.id, checklistStateOf({ done: done.has(s.id), waived: waived.has(`${item.id}:${s.id}`), required: item.required, dueAt: item.dueAt, now }));
    }
  }
  return out;
}

async function admittedStudent(ctx: AppContext, accountId: number): Promise<ChecklistStudent> {
  const student = await findChecklistStudent(ctx.db, accountId);
  if (!student || !student.admitted) throw AppError.gate(STATUS.GATE_OFFER);
  return student;
}

// Student -----------------------------------------------------------------------------------------------------

export async function getStudentChecklist(ctx: AppContext, auth: AuthState): Promise<StudentChecklist> {
  const student = await admittedStudent(ctx, auth.accountId);
  const items = (await listItems(ctx.db)).filter((i) => checklistItemApplies(i, student));
  const states = (await computeStates(ctx.db, items, [student], ctx.now())).get(student.id)!;
  const files = await listUploadedFiles(ctx.db, student.id, items.filter((i) => isUploadKey(i.key)).map((i) => i.key));
  const entries = items.map((i) => ({
    id: i.id,
    key: i.key,
    title: i.title,
    description: i.description,
    kind: i.kind,
    required: i.required,
    due_at: iso(i.dueAt),
    target_path: i.targetPath,
    state: states.get(i.id) ?? 'todo',
    self_confirm: isSelfConfirmedKey(i.key),
    self_upload: isUploadKey(i.key),
    file: files.get(i.key) ?? null,
  }));
  return {
    items: entries,
    done: entries.filter((e) => e.state === 'done' || e.state === 'waived').length,
    total: entries.length,
    sms_reminders: await findSmsPreference(ctx.db, student.id),
    notices: (await recentNotices(ctx.db, student.id, CHECKLIST_NOTICE_LIMIT)).map((n) => ({ id: n.id, title: n.title, body: noticePlainText(n.body, n.format), created_at: n.createdAt.toISOString() })),
  };
}

/** 我已阅读 / 我已确认: only for confirm:* items that apply to the student. */
export async function confirmChecklistItem(ctx: AppContext, auth: AuthState, itemId: number): Promise<StudentChecklist> {
  const student = await admittedStudent(ctx, auth.accountId);
  const item = await findItem(ctx.db, itemId);
  if (!item || !checklistItemApplies(item, student)) throw AppError.param('id', CHECKLIST_MSG.ITEM_MISSING);
  if (!isSelfConfirmedKey(item.key)) throw AppError.message(CHECKLIST_MSG.NOT_SELF_CONFIRMED);
  await insertConfirmation(ctx.db, student.id, item.key, ctx.now());
  return getStudentChecklist(ctx, auth);
}

/** An upload:* item: the student hands in one of their own stored uploads (a new one replaces the old). */
export async function uploadChecklistFile(ctx: AppContext, auth: AuthState, itemId: number, file: UploadedFile): Promise<StudentChecklist> {
  const student = await admittedStudent(ctx, auth.accountId);
  const item = await findItem(ctx.db, itemId);
  if (!item || !checklistItemApplies(item, student)) throw AppError.param('id', CHECKLIST_MSG.ITEM_MISSING);
  if (!isUploadKey(item.key)) throw AppError.message(CHECKLIST_MSG.NOT_UPLOAD);
  if (!(await isAttachableUpload(ctx, auth.role, student.id, file.url))) throw AppError.param('file', CHECKLIST_MSG.FILE_INVALID);
  await saveUploadedFile(ctx.db, student.id, item.key, { name: file.name, url: file.url }, ctx.now());
  return getStudentChecklist(ctx, auth);
}

export async function setChecklistPreference(ctx: AppContext, auth: AuthState, smsReminders: boolean): Promise<StudentChecklist> {
  await admittedStudent(ctx, auth.accountId);
  await setSmsPreference(ctx.db, auth.accountId, smsReminders, ctx.now());
  return getStudentChecklist(ctx, auth);
}

// Admin -------------------------------------------------------------------------------------------------------

export async function listChecklistItems(ctx: AppContext): Promise<{ items: ChecklistItem[] }> {
  return { items: (await listItems(ctx.db)).map(itemOut) };
}

export async function createChecklistItem(ctx: AppContext, auth: AuthState, input: ChecklistItemInput): Promise<ChecklistItem> {
  if (await keyTaken(ctx.db, input, null)) throw AppError.param('key', CHECKLIST_MSG.KEY_DUPLICATE);
  const row = await insertItemAudited(ctx.db, input, auth.accountId, ctx.now());
  await scheduleReminders(ctx.db, ctx.now());
  return itemOut(row);
}

export async function updateChecklistItem(ctx: AppContext, auth: AuthState, id: number, input: ChecklistItemInput): Promise<ChecklistItem> {
  if (await keyTaken(ctx.db, input, id)) throw AppError.param('key', CHECKLIST_MSG.KEY_DUPLICATE);
  const row = await updateItemAudited(ctx.db, id, input, auth.accountId, ctx.now());
  if (!row) throw AppError.param('id', CHECKLIST_MSG.ITEM_MISSING);
  return itemOut(row);
}

export async function deleteChecklistItem(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  if (!(await deleteItemAudited(ctx.db, id, auth.accountId, ctx.now()))) throw AppError.param('id', CHECKLIST_MSG.ITEM_MISSING);
}

export async function getChecklistProgress(ctx: AppContext, query: ChecklistProgressQuery): Promise<ChecklistProgress> {
  const items = await listItems(ctx.db);
  const students = await listChecklistStudents(ctx.db, query.q);
  const states = await computeStates(ctx.db, items, students, ctx.now());
  const rows = students.map((s) => {
    const mine = states.get(s.id)!;
    const list = [...mine.values()];
    return {
      student_id: s.id,
      name: s.name,
      phone: s.phone,
      track: s.track,
      batch: s.batch,
      states: Object.fromEntries([...mine.entries()].map(([k, v]) => [String(k), v])),
      done: list.filter((v) => v === 'done' || v === 'waived').length,
      total: list.length,
      behind: isBehind(list),
    };
  });
  const byItem = items.map((i) => {
    const counts = { todo: 0, done: 0, late: 0, waived: 0 };
    for (const s of students) {
      const st = states.get(s.id)!.get(i.id);
      if (st) counts[st] += 1;
    }
    return { item_id: i.id, title: i.title, ...counts };
  });
  let filtered = rows;
  if (query.behind === '1') filtered = filtered.filter((r) => r.behind);
  if (query.item_id !== undefined) {
    const key = String(query.item_id);
    filtered = filtered.filter((r) => r.states[key] === 'todo' || r.states[key] === 'late');
  }
  return { items: items.map(itemOut), by_item: byItem, students: filtered };
}

export async function waiveChecklistItem(ctx: AppContext, auth: AuthState, input: { student_id: number; item_id: number; waived: boolean }): Promise<void> {
  const item = await findItem(ctx.db, input.item_id);
  if (!item) throw AppError.param('item_id', CHECKLIST_MSG.ITEM_MISSING);
  const student = await findChecklistStudent(ctx.db, input.student_id);
  if (!student || !student.admitted) throw AppError.param('student_id', '该学生不在入学清单范围内');
  await setWaiverAudited(ctx.db, { itemId: item.id, studentId: student.id, waived: input.waived, actorId: auth.accountId, now: ctx.now() });
}

/** An in-app notice to the chosen admitted students (others in the list are ignored, not an error). */
export async function messageStudents(ctx: AppContext, auth: AuthState, input: { student_ids: number[]; title: string; body: string }): Promise<{ sent: number }> {
  const admitted = new Set((await listChecklistStudents(ctx.db)).map((s) => s.id));
  const ids = [...new Set(input.student_ids)].filter((id) => admitted.has(id));
  if (ids.length === 0) throw AppError.param('student_ids', '所选学生均不在入学清单范围内');
  await insertNoticesAudited(ctx.db, { studentIds: ids, title: input.title, body: input.body, actorId: auth.accountId, now: ctx.now() });
  return { sent: ids.length };
}

const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export async function exportChecklist(ctx: AppContext, query: ChecklistProgressQuery): Promise<Buffer> {
  const progress = await getChecklistProgress(ctx, query);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('入学清单');
  sheet.columns = [
    { header: '学生ID', key: 'id', width: 10 },
    { header: '姓名', key: 'name', width: 14 },
    { header: '手机', key: 'phone', width: 16 },
    { header: '方向', key: 'track', width: 12 },
    { header: '批次', key: 'batch', width: 8 },
    { header: '完成', key: 'progress', width: 10 },
    ...progress.items.map((i) => ({ header: i.title, key: `i${i.id}`, width: 14 })),
  ];
  for (const s of progress.students) {
    const row: Record<string, string | number> = { id: s.student_id, name: s.name, phone: s.phone, track: s.track ?? '', batch: s.batch ?? '', progress: `${s.done}/${s.total}` };
    for (const i of progress.items) {
      const st = s.states[String(i.id)];
      row[`i${i.id}`] = st ? CHECKLIST_STATE_LABELS[st] : '不适用';
    }
    sheet.addRow(row);
  }
  sheet.getRow(1).font = { bold: true };
  const items = workbook.addWorksheet('事项');
  items.columns = [
    { header: '事项', key: 'title', width: 24 },
    { header: '类型', key: 'kind', width: 10 },
    { header: '必做', key: 'required', width: 6 },
    { header: '截止时间（北京时间）', key: 'due', width: 20 },
    { header: '待完成', key: 'todo', width: 8 },
    { header: '已完成', key: 'done', width: 8 },
    { header: '已逾期', key: 'late', width: 8 },
    { header: '已豁免', key: 'waived', width: 8 },
  ];
  for (const i of progress.items) {
    const c = progress.by_item.find((b) => b.item_id === i.id)!;
    items.addRow({ title: i.title, kind: CHECKLIST_KIND_LABELS[i.kind], required: i.required ? '是' : '否', due: i.due_at ? beijing(new Date(i.due_at)) : '', todo: c.todo, done: c.done, late: c.late, waived: c.waived });
  }
  items.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// Reminders (durable job, decision 038) ------------------------------------------------------------------------

export const CHECKLIST_REMINDER_KIND = 'checklist-reminders';

/** The next run at the top of the next hour; called at start and by each run, the key makes it one job. */
export function scheduleReminders(db: Db, now: Date): Promise<boolean> {
  const next = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  return scheduleJob(db, { kind: CHECKLIST_REMINDER_KIND, key: `${CHECKLIST_REMINDER_KIND}@${next.toISOString()}`, runAt: next });
}

const dueText = (d: Date) => {
  const b = new Date(d.getTime() + 8 * 3_600_000);
  return `${b.getUTCMonth() + 1}月${b.getUTCDate()}日 ${String(b.getUTCHours()).padStart(2, '0')}:${String(b.getUTCMinutes()).padStart(2, '0')}`;
};

/**
 * One pass: every item due within the lead time, every admitted student it applies to who has not done it and
 * is not waived, and who has had no reminder for it yet, gets one (in-app, plus SMS if they opted in). The SMS
 * row is written pending in the reminder's transaction; the notifications sweep delivers it (decision 026).
 */
export async function runChecklistReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const items = await listItemsDueBetween(ctx.db, now, new Date(now.getTime() + CHECKLIST_REMINDER_LEAD_MS));
  if (items.length === 0) return 0;
  const students = await listChecklistStudents(ctx.db);
  const states = await computeStates(ctx.db, items, students, now);
  let written = 0;
  for (const item of items) {
    const already = await remindedStudents(ctx.db, item.id);
    for (const s of students) {
      if (states.get(s.id)?.get(item.id) !== 'todo' || already.has(s.id)) continue;
      const due = dueText(item.dueAt!);
      const sms = (await findSmsPreference(ctx.db, s.id)) ? { item: item.title, due } : null;
      const body = `“${item.title}”将于${due}截止，请尽快完成。${item.targetPath ? `前往：${item.targetPath}` : ''}`;
      const r = await writeReminder(ctx.db, { itemId: item.id, studentId: s.id, title: CHECKLIST_MSG.REMINDER_TITLE, body, sms, now });
      if (r.written) written += 1;
    }
  }
  return written;
}

registerJobHandler(CHECKLIST_REMINDER_KIND, async (_payload, _job, ctx) => {
  // The next run first: a pass that keeps failing must not end the chain.
  await scheduleReminders(ctx.db, ctx.now());
  await runChecklistReminders(ctx);
});
