/**
 * 工时 (decision 065): staff record volunteers' and trainees' hours and approve them; totals per
 * person; the volunteer reads their own sheet. Only students of active_type 4, 8 or 12 get new entries.
 */
import type { Readable } from 'node:stream';
import {
  ACTIVE_TYPE_LABELS,
  AppError,
  beijingDate,
  TIME_SHEET_MSG,
  TIME_SHEET_STATUS_LABELS,
  hoursOfMinutes,
  isTimeSheetActiveType,
  maskPhone,
  minutesOfHours,
  type TimeSheet,
  type TimeSheetListQuery,
  type TimeSheetPage,
  type TimeSheetPerson,
  type TimeSheetUpdateRequest,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import { decideEntriesAudited, editEntryAudited, findPerson, insertEntryAudited, listEntries, listEntriesAfter, listPeople, type EntryExportRow, type PersonTotalsRow } from './time-sheets.repo.ts';

const DEFAULT_PAGE_SIZE = 20;

async function requirePerson(ctx: AppContext, studentId: number) {
  const person = await findPerson(ctx.db, studentId);
  if (!person) throw AppError.notFound(TIME_SHEET_MSG.STUDENT_NOT_FOUND);
  return person;
}

async function sheetOf(ctx: AppContext, person: { id: number; name: string; phone: string; activeType: number }): Promise<TimeSheet> {
  const entries = await listEntries(ctx.db, person.id);
  const sum = (status: string) => hoursOfMinutes(entries.filter((e) => e.status === status).reduce((s, e) => s + e.minutes, 0));
  return {
    student: { id: person.id, name: person.name, phone: maskPhone(person.phone), active_type: person.activeType },
    totals: { approved_hours: sum('approved'), pending_hours: sum('pending'), rejected_hours: sum('rejected') },
    entries: entries.map((e) => ({
      id: e.id,
      work_date: e.workDate,
      hours: hoursOfMinutes(e.minutes),
      activity: e.activity,
      status: e.status,
      note: e.note,
      recorded_by: { id: e.recordedBy, name: e.recorderName ?? '' },
      recorded_at: e.createdAt.toISOString(),
      decided_by: e.decidedBy === null ? null : { id: e.decidedBy, name: e.deciderName ?? '' },
      decided_at: e.decidedAt ? e.decidedAt.toISOString() : null,
    })),
  };
}

export async function getTimeSheet(ctx: AppContext, studentId: number): Promise<TimeSheet> {
  return sheetOf(ctx, await requirePerson(ctx, studentId));
}

/** The volunteer's own sheet, read-only: they see what was recorded and whether it was approved. */
export async function getMyTimeSheet(ctx: AppContext, auth: AuthState): Promise<TimeSheet> {
  return sheetOf(ctx, await requirePerson(ctx, auth.accountId));
}

/** Which message the PUT answers with. */
export const updateMessage = (action: TimeSheetUpdateRequest['action']) =>
  ({ add: TIME_SHEET_MSG.ADDED, edit: TIME_SHEET_MSG.EDITED, approve: TIME_SHEET_MSG.APPROVED, reject: TIME_SHEET_MSG.REJECTED })[action];

export async function updateTimeSheet(ctx: AppContext, auth: AuthState, studentId: number, body: TimeSheetUpdateRequest): Promise<TimeSheet> {
  const person = await requirePerson(ctx, studentId);
  const now = ctx.now();
  const actorId = auth.accountId;
  // Hours are recorded once worked: never for a day still to come (Beijing calendar).
  if (body.work_date && body.work_date > beijingDate(now.toISOString())) throw AppError.param('work_date', TIME_SHEET_MSG.FUTURE_DATE);
  if (body.action === 'add') {
    // A student who is not (or no longer) a volunteer keeps their past entries but gets no new ones.
    if (!isTimeSheetActiveType(person.activeType)) throw AppError.message(TIME_SHEET_MSG.NOT_VOLUNTEER);
    await insertEntryAudited(ctx.db, { studentId, workDate: body.work_date!, minutes: minutesOfHours(body.hours!), activity: body.activity!, actorId, now });
  } else if (body.action === 'edit') {
    const found = await editEntryAudited(ctx.db, { studentId, id: body.id!, workDate: body.work_date!, minutes: minutesOfHours(body.hours!), activity: body.activity!, actorId, now });
    if (!found) throw AppError.param('id', TIME_SHEET_MSG.ENTRY_NOT_FOUND);
  } else {
    const outcome = await decideEntriesAudited(ctx.db, { studentId, ids: body.ids!, status: body.action === 'approve' ? 'approved' : 'rejected', note: body.note ?? '', actorId, now });
    if (outcome.kind === 'missing') throw AppError.param('ids', TIME_SHEET_MSG.ENTRY_NOT_FOUND);
    if (outcome.kind === 'not-pending') throw AppError.message(TIME_SHEET_MSG.NOT_PENDING);
  }
  return sheetOf(ctx, person);
}

const personOf = (r: PersonTotalsRow): TimeSheetPerson => ({
  student_id: r.student_id,
  name: r.name,
  phone: maskPhone(r.phone),
  active_type: r.active_type,
  school: r.school,
  entries: r.entries,
  last_work_date: r.last_work_date,
  approved_hours: hoursOfMinutes(r.approved_minutes),
  pending_hours: hoursOfMinutes(r.pending_minutes),
  rejected_hours: hoursOfMinutes(r.rejected_minutes),
});

export async function listTimeSheets(ctx: AppContext, q: TimeSheetListQuery): Promise<TimeSheetPage> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const rows = await listPeople(ctx.db, { keyword: q.keyword, activeType: q.active_type, pendingOnly: q.pending === '1', limit: pageSize, offset: (page - 1) * pageSize });
  return { items: rows.map(personOf), total: rows[0]?.total ?? 0, page, page_size: pageSize };
}

const day = (ctx: AppContext) => beijingTime(ctx.now()).slice(0, 10).replace(/-/g, '');
const typeLabel = (t: number) => ACTIVE_TYPE_LABELS[t] ?? String(t);

/** Totals per person (one row each), with the list's filters. */
export function exportTotals(ctx: AppContext, q: TimeSheetListQuery): { fileName: string; stream: Readable } {
  const batches = keysetBatches((after, limit) => listPeople(ctx.db, { keyword: q.keyword, activeType: q.active_type, pendingOnly: q.pending === '1', limit, offset: 0, afterId: after }), (r) => r.student_id, 500);
  const columns: SheetColumn<PersonTotalsRow>[] = [
    { header: '姓名', width: 12, value: (r) => r.name },
    { header: '手机号', width: 14, value: (r) => maskPhone(r.phone) },
    { header: '身份', width: 12, value: (r) => typeLabel(r.active_type) },
    { header: '学校', width: 24, value: (r) => r.school },
    { header: '记录数', value: (r) => r.entries },
    { header: '已通过工时', numFmt: '0.0', value: (r) => hoursOfMinutes(r.approved_minutes) },
    { header: '待审核工时', numFmt: '0.0', value: (r) => hoursOfMinutes(r.pending_minutes) },
    { header: '未通过工时', numFmt: '0.0', value: (r) => hoursOfMinutes(r.rejected_minutes) },
    { header: '最近工作日', value: (r) => r.last_work_date ?? '' },
  ];
  return { fileName: `工时汇总-${day(ctx)}.xlsx`, stream: streamSheet('工时汇总', columns, batches) };
}

/** Every entry with who recorded and who decided it. */
export function exportEntries(ctx: AppContext, q: TimeSheetListQuery): { fileName: string; stream: Readable } {
  const batches = keysetBatches((after, limit) => listEntriesAfter(ctx.db, { keyword: q.keyword, activeType: q.active_type, afterId: after, limit }), (r) => r.id, 500);
  const columns: SheetColumn<EntryExportRow>[] = [
    { header: '编号', value: (r) => r.id },
    { header: '姓名', width: 12, value: (r) => r.name },
    { header: '手机号', width: 14, value: (r) => maskPhone(r.phone) },
    { header: '身份', width: 12, value: (r) => typeLabel(r.active_type) },
    { header: '日期', value: (r) => r.work_date },
    { header: '工时', numFmt: '0.0', value: (r) => hoursOfMinutes(r.minutes) },
    { header: '工作内容', width: 30, value: (r) => r.activity },
    { header: '状态', value: (r) => TIME_SHEET_STATUS_LABELS[r.status] },
    { header: '备注', width: 20, value: (r) => r.note },
    { header: '记录人', value: (r) => r.recorded_by ?? '' },
    { header: '记录时间', width: 18, value: (r) => beijingTime(r.created_at) },
    { header: '审核人', value: (r) => r.decided_by ?? '' },
    { header: '审核时间', width: 18, value: (r) => beijingTime(r.decided_at) },
  ];
  return { fileName: `工时明细-${day(ctx)}.xlsx`, stream: streamSheet('工时明细', columns, batches) };
}
