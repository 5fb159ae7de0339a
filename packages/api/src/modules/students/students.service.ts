/**
 * The admin Students console (decision 062). Phones leave the server masked; writes are audited
 * in the repository's transactions.
 */
import type { Readable } from 'node:stream';
import {
  ADMISSION_DECISION_LABELS,
  ATTENDANCE_LABELS,
  AppError,
  PAYMENT_PURPOSE_LABELS,
  SEGMENT_USER_IDS_MAX,
  STUDENT_FIELD_LABELS,
  STUDENT_MSG,
  STUDENT_PAGE_SIZE_DEFAULT,
  TIMELINE_KIND_LABELS,
  formatAmount,
  maskPhone,
  signupStatus,
  studentStageOf,
  type AdminStudentDetail,
  type AdminStudentItem,
  type AdminStudentList,
  type SegmentFilter,
  type StudentListQuery,
  type StudentTimelineEntry,
  type StudentUpdateRequest,
  type StudentTagsResult,
} from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import type { AuthState } from '../../http/auth-state.ts';
import { beijingDayTag, keysetBatches } from '../../exports/sheet-stream.ts';
import { regionCatalog } from '../region/region-catalog.ts';
import { bulkTagAudited, findSchoolById, findStudentRow, listStudentRows, studentRowsAfter, timelineSources, updateStudentAudited, type StudentChanges, type StudentRow, type StudentSearchFilter } from './students.repo.ts';
import { idNumberSearchHash } from '../privacy/identity.service.ts';
import { writeStudentSheet } from './students-sheet.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function provinceName(stateId: number | null): string | null {
  return stateId === null ? null : (regionCatalog().stateById.get(stateId)?.name ?? null);
}

export function studentItemOf(r: StudentRow): AdminStudentItem {
  return {
    user_id: r.userId,
    name: r.name || r.legalName || '',
    phone: maskPhone(r.phone),
    school: r.schoolName,
    province: provinceName(r.stateId),
    grade: r.grade,
    batch: r.batch,
    stage: studentStageOf(r),
    signup_status: signupStatus({
      apply_v5: { step1_submitted: r.step1SubmittedAt != null, step1_submitted_at: null, step2_submitted: r.step2SubmittedAt != null, step2_submitted_at: null },
      is_apply_paid: r.applyPaidAt != null,
    }),
    decision: r.decision,
    decision_released: r.decisionReleasedAt != null,
    session: r.placeName,
    venue: r.venue,
    house: r.house,
    active_type: r.activeType,
    tags: r.tags,
    tuition_paid: r.tuitionPaidAt != null,
    tuition_paid_at: iso(r.tuitionPaidAt),
    registered_at: r.registeredAt.toISOString(),
  };
}

/** The filter with the keyed hash of its search when the search reads as a whole ID number (decision 064). */
async function searchFilterOf(ctx: AppContext, filter: SegmentFilter): Promise<StudentSearchFilter> {
  return filter.q ? { ...filter, idHash: await idNumberSearchHash(ctx, filter.q) } : filter;
}

export async function listStudents(ctx: AppContext, q: StudentListQuery, filter: SegmentFilter): Promise<AdminStudentList> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? STUDENT_PAGE_SIZE_DEFAULT;
  const sort = q.sort ?? 'registered_at';
  const order = q.order ?? (sort === 'name' || sort === 'school' ? 'asc' : 'desc');
  const { rows, total } = await listStudentRows(ctx.db, await searchFilterOf(ctx, filter), sort, order, (page - 1) * pageSize, pageSize);
  return { items: rows.map(studentItemOf), total, page, page_size: pageSize };
}

function timelineOf(r: StudentRow, s: Awaited<ReturnType<typeof timelineSources>>): StudentTimelineEntry[] {
  const out: Array<{ at: Date; kind: StudentTimelineEntry['kind']; text: string }> = [];
  const add = (at: Date | null | undefined, kind: StudentTimelineEntry['kind'], detail = '') => {
    if (at) out.push({ at, kind, text: detail ? `${TIMELINE_KIND_LABELS[kind]}：${detail}` : TIMELINE_KIND_LABELS[kind] });
  };
  add(r.registeredAt, 'registered');
  add(r.infoCompletedAt, 'info_completed');
  add(r.step1SubmittedAt, 'step1', r.batch ?? '');
  add(r.applyPaidAt, 'apply_paid');
  add(r.step2SubmittedAt, 'step2');
  for (const o of s.orders) add(o.paidAt, 'order_paid', `${PAYMENT_PURPOSE_LABELS[o.purpose]} ${formatAmount(o.amountFen, o.currency)}${o.payer === 'student' ? '' : '（家长代付）'}`);
  for (const f of s.refunds) add(f.succeededAt, 'order_refunded', `${PAYMENT_PURPOSE_LABELS[f.purpose]} ${formatAmount(f.amountFen, f.currency)}`);
  if (s.decision) {
    const place = [s.decision.placeName, s.decision.track].filter(Boolean).join(' · ');
    const what = `${ADMISSION_DECISION_LABELS[s.decision.decision]}${place ? `（${place}）` : ''}`;
    add(s.decision.decidedAt, 'decision', what);
    add(s.decision.releasedAt, 'decision_released', what);
  }
  add(r.tuitionPaidAt, 'tuition_paid');
  if (s.venue) add(s.venue.at, 'venue', `${s.venue.name}${s.venue.method === 'manual' ? '（手动调整）' : ''}`);
  if (s.house) add(s.house.at, 'house', s.house.name);
  for (const c of s.courses) add(c.at, 'enrolment', `${c.code} ${c.title}`);
  for (const a of s.attendance) add(a.at, 'attendance', `${a.title} ${ATTENDANCE_LABELS[a.status]}`);
  for (const g of s.grades) add(g.at, 'grade', `${g.title} ${g.grade != null ? Math.round(g.grade * 10) / 10 : ''}`);
  for (const n of s.notices) {
    add(n.at, 'message', n.title);
    add(n.readAt, 'message_read', n.title);
  }
  for (const e of s.edits) {
    const keys = e.after && typeof e.after === 'object' ? Object.keys(e.after as object) : [];
    // jsonb keeps its own key order: list the fields in the form's order instead.
    const order = Object.keys(STUDENT_FIELD_LABELS);
    const fields = [...new Set([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((k) => STUDENT_FIELD_LABELS[k] ?? k))].join('、');
    add(e.at, 'edit', `${e.actorName ?? '系统'} 修改 ${fields}`);
  }
  // Stable: equal times keep the journey's order above.
  return out
    .map((x, i) => ({ x, i }))
    .sort((a, b) => a.x.at.getTime() - b.x.at.getTime() || a.i - b.i)
    .map(({ x }) => ({ at: x.at.toISOString(), kind: x.kind, text: x.text }));
}

export async function getStudent(ctx: AppContext, userId: number): Promise<AdminStudentDetail> {
  const row = await findStudentRow(ctx.db, userId);
  if (!row) throw AppError.notFound(STUDENT_MSG.NOT_FOUND);
  const sources = await timelineSources(ctx.db, userId);
  return {
    ...studentItemOf(row),
    gender: row.gender,
    school_id: row.schoolId,
    email: row.email,
    admin_note: row.adminNote,
    guardian_consent_at: iso(row.consentAt),
    timeline: timelineOf(row, sources),
  };
}

export async function updateStudent(ctx: AppContext, auth: AuthState, userId: number, body: StudentUpdateRequest): Promise<AdminStudentDetail> {
  const changes: StudentChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.gender !== undefined) changes.gender = body.gender;
  if (body.grade !== undefined) changes.grade = body.grade;
  if (body.batch !== undefined) changes.batch = body.batch;
  if (body.active_type !== undefined) changes.activeType = body.active_type;
  if (body.tags !== undefined) changes.tags = [...new Set(body.tags)];
  if (body.admin_note !== undefined) changes.adminNote = body.admin_note;
  if (body.school_id !== undefined) {
    const school = await findSchoolById(ctx.db, body.school_id);
    if (!school) throw AppError.param('school_id', STUDENT_MSG.SCHOOL_NOT_FOUND);
    changes.school = { id: school.id, name: school.name, countryId: school.countryId, stateId: school.stateId, cityId: school.cityId, zoneId: school.zoneId };
  }
  // An empty body is a malformed request (4003), like any body of the wrong shape.
  if (Object.keys(changes).length === 0) throw AppError.param('name', STUDENT_MSG.NOTHING_TO_SAVE);
  const result = await updateStudentAudited(ctx.db, userId, changes, auth.accountId, ctx.now());
  if (result === 'missing') throw AppError.notFound(STUDENT_MSG.NOT_FOUND);
  return getStudent(ctx, userId);
}

export async function tagStudents(ctx: AppContext, auth: AuthState, filter: SegmentFilter, add: string[], remove: string[]): Promise<StudentTagsResult> {
  if (add.length === 0 && remove.length === 0) throw AppError.param('add', STUDENT_MSG.TAGS_REQUIRED);
  const result = await bulkTagAudited(ctx.db, filter, add, remove, SEGMENT_USER_IDS_MAX, auth.accountId, ctx.now());
  if (result === 'too_many') throw AppError.message(STUDENT_MSG.TOO_MANY_FOR_BULK);
  return result;
}

/** Every student the filter matches, in account-id order, streamed batch by batch. */
export function exportStudents(ctx: AppContext, filter: SegmentFilter): { fileName: string; stream: Readable } {
  async function* items() {
    const search = await searchFilterOf(ctx, filter);
    for await (const rows of keysetBatches((after, limit) => studentRowsAfter(ctx.db, search, after, limit), (r) => r.userId, 250)) yield rows.map(studentItemOf);
  }
  return { fileName: `学生名单-${beijingDayTag(ctx.now())}.xlsx`, stream: writeStudentSheet(items()) };
}
