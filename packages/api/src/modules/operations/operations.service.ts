/**
 * The admin's operations views (decision 065): courses overview, grade distributions,
 * attendance by meeting / day / course, a course's grades and signs tabs, and their Excel exports.
 */
import type { Readable } from 'node:stream';
import {
  AppError,
  COURSE_ADMIN_MSG,
  OPS_SIGN_GROUP_LABELS,
  SESSION_NAMES,
  averageOf,
  distributionOf,
  letterOf,
  maskPhone,
  percentOf,
  type CourseGradesTab,
  type CourseSignsTab,
  type GradeDistribution,
  type OpsCoursePage,
  type OpsCourseQuery,
  type OpsCourseRef,
  type OpsCourseRow,
  type OpsGradePage,
  type OpsGradeQuery,
  type OpsGradeRow,
  type OpsSignGroup,
  type OpsSignPage,
  type OpsSignQuery,
  type OpsSignRow,
} from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import {
  countClosedSigns,
  findCourseRef,
  gradeTotals,
  listComponents,
  listCourseFigures,
  listGradeFigures,
  listMeetingFigures,
  listSignFigures,
  listStudentAttendance,
  listStudentGrades,
  publishAtOf,
  type CourseFigures,
  type CourseRefRow,
  type GradeFigures,
  type OpsFilter,
  type SignFigures,
} from './operations.repo.ts';

const DEFAULT_PAGE_SIZE = 20;
const EXPORT_BATCH = 500;

const filterOf = (q: { session_key?: OpsFilter['sessionKey']; venue_id?: number | undefined; course_id?: number | undefined; q?: string | undefined }): OpsFilter => ({
  sessionKey: q.session_key,
  venueId: q.venue_id,
  courseId: q.course_id,
  q: q.q,
});

const refOut = (r: CourseRefRow): OpsCourseRef => ({ course_id: r.course_id, code: r.code, title: r.title, period: r.period, session_key: r.session_key, venue: r.venue, teacher_name: r.teacher_name });

/** Σ tenths / n → the mean with one decimal, half up (the domain's averageOf on the same numbers). */
const meanOfTenths = (tenths: number, n: number): number | null => (n > 0 ? Math.round(tenths / n) / 10 : null);

function courseRowOf(r: CourseFigures): OpsCourseRow {
  return {
    ...refOut(r),
    capacity: r.capacity,
    enrolled: r.enrolled,
    fill_rate: percentOf(r.enrolled, r.capacity),
    waitlist: r.waitlist,
    closed_signs: r.closed_signs,
    attendance_rate: percentOf(r.attended, r.enrolled * r.closed_signs),
    graded: r.graded,
    average_grade: meanOfTenths(r.grade_tenths, r.graded),
  };
}

export async function coursesOverview(ctx: AppContext, q: OpsCourseQuery): Promise<OpsCoursePage> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const rows = await listCourseFigures(ctx.db, { ...filterOf(q), sort: q.sort ?? 'code', order: q.order ?? (q.sort && q.sort !== 'code' ? 'desc' : 'asc'), limit: pageSize, offset: (page - 1) * pageSize, now: ctx.now() });
  return { items: rows.map(courseRowOf), total: rows[0]?.total ?? (page > 1 ? await countOf(ctx, q) : 0), page, page_size: pageSize };
}

/** A page past the end still reports how many there are. */
async function countOf(ctx: AppContext, q: OpsCourseQuery): Promise<number> {
  const [first] = await listCourseFigures(ctx.db, { ...filterOf(q), sort: 'code', order: 'asc', limit: 1, offset: 0, now: ctx.now() });
  return first?.total ?? 0;
}

const dist = (r: { a: number; b: number; c: number; d: number; f: number }, enrolled: number): GradeDistribution => ({
  A: r.a,
  B: r.b,
  C: r.c,
  D: r.d,
  F: r.f,
  incomplete: enrolled - (r.a + r.b + r.c + r.d + r.f),
});
const graded = (r: { a: number; b: number; c: number; d: number; f: number }) => r.a + r.b + r.c + r.d + r.f;

function gradeRowOf(r: GradeFigures): OpsGradeRow {
  return { ...refOut(r), enrolled: r.enrolled, distribution: dist(r, r.enrolled), average_grade: meanOfTenths(r.grade_tenths, graded(r)), publish_at: r.publish_at ? r.publish_at.toISOString() : null };
}

export async function gradesOverview(ctx: AppContext, q: OpsGradeQuery): Promise<OpsGradePage> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const f = filterOf(q);
  const [rows, totals] = await Promise.all([listGradeFigures(ctx.db, { ...f, limit: pageSize, offset: (page - 1) * pageSize }), gradeTotals(ctx.db, f)]);
  return {
    items: rows.map(gradeRowOf),
    total: rows[0]?.total ?? 0,
    page,
    page_size: pageSize,
    totals: dist(totals, totals.enrolled),
    average_grade: meanOfTenths(totals.grade_tenths, graded(totals)),
  };
}

// Attendance ---------------------------------------------------------------------------------------------------

/** 2026-07-01T17:00:00Z → 2026-07-02 (the Beijing calendar day). */
const beijingDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

interface Counts {
  expected: number;
  present: number;
  late: number;
  excused: number;
  absent: number;
}
const zero = (): Counts => ({ expected: 0, present: 0, late: 0, excused: 0, absent: 0 });
const withRate = (c: Counts) => ({ ...c, rate: percentOf(c.present + c.late, c.expected) });

/** A sign-in's counts: once closed, an enrolled student without a record is absent (decision 051). */
function countsOf(s: { enrolled: number; present: number; late: number; excused: number; absent_marked: number; recorded: number }, closed: boolean): Counts {
  return { expected: s.enrolled, present: s.present, late: s.late, excused: s.excused, absent: s.absent_marked + (closed ? Math.max(0, s.enrolled - s.recorded) : 0) };
}
const add = (a: Counts, b: Counts): Counts => ({ expected: a.expected + b.expected, present: a.present + b.present, late: a.late + b.late, excused: a.excused + b.excused, absent: a.absent + b.absent });

/**
 * Rows per meeting show every sign-in, open ones live; rows per day or course and the totals add up closed
 * sign-ins only, so a sign-in still open does not read as a roomful of absences.
 */
export function groupSigns(signs: readonly SignFigures[], group: OpsSignGroup, now: Date): { rows: OpsSignRow[]; totals: ReturnType<typeof withRate> } {
  let totals = zero();
  const closedOf = (s: SignFigures) => s.closes_at.getTime() <= now.getTime();
  for (const s of signs) if (closedOf(s)) totals = add(totals, countsOf(s, true));
  if (group === 'meeting') {
    const rows = signs.map((s) => ({
      key: String(s.sign_id),
      course: refOut(s),
      sign_id: s.sign_id,
      meeting_starts_at: s.starts_at.toISOString(),
      day: beijingDay(s.starts_at),
      signs: 1,
      open: !closedOf(s) && s.opens_at.getTime() <= now.getTime(),
      ...withRate(countsOf(s, closedOf(s))),
    }));
    return { rows, totals: withRate(totals) };
  }
  const groups = new Map<string, { course: OpsCourseRef | null; day: string | null; signs: number; open: boolean; counts: Counts }>();
  for (const s of signs) {
    const key = group === 'day' ? beijingDay(s.starts_at) : String(s.course_id);
    const g = groups.get(key) ?? { course: group === 'course' ? refOut(s) : null, day: group === 'day' ? key : null, signs: 0, open: false, counts: zero() };
    if (closedOf(s)) {
      g.signs += 1;
      g.counts = add(g.counts, countsOf(s, true));
    } else if (s.opens_at.getTime() <= now.getTime()) g.open = true;
    groups.set(key, g);
  }
  const rows = [...groups.entries()].map(([key, g]) => ({ key, course: g.course, sign_id: null, meeting_starts_at: null, day: g.day, signs: g.signs, open: g.open, ...withRate(g.counts) }));
  // Days newest first (the list is already so); courses by code.
  if (group === 'course') rows.sort((a, b) => (a.course!.code === b.course!.code ? a.course!.period - b.course!.period : a.course!.code < b.course!.code ? -1 : 1));
  return { rows, totals: withRate(totals) };
}

export async function signsOverview(ctx: AppContext, q: OpsSignQuery): Promise<OpsSignPage> {
  const group = q.group ?? 'meeting';
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const { rows, totals } = groupSigns(await listSignFigures(ctx.db, filterOf(q)), group, ctx.now());
  return { group, items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, page_size: pageSize, totals };
}

// One course's tabs ----------------------------------------------------------------------------------------------

async function requireCourse(ctx: AppContext, courseId: number, period: number) {
  const course = await findCourseRef(ctx.db, courseId);
  if (!course || course.period !== period) throw AppError.message(COURSE_ADMIN_MSG.COURSE_NOT_FOUND);
  return course;
}

const headOf = (c: CourseRefRow & { enrolled: number }) => ({ ...refOut(c), capacity: c.capacity, enrolled: c.enrolled });

export async function courseGradesTab(ctx: AppContext, courseId: number, period: number): Promise<CourseGradesTab> {
  const course = await requireCourse(ctx, courseId, period);
  const [components, publishAt, students] = await Promise.all([listComponents(ctx.db, course.course_id), publishAtOf(ctx.db, course.course_id), listStudentGrades(ctx.db, course.course_id)]);
  const finals = students.map((s) => s.final_grade);
  return {
    course: headOf(course),
    components,
    publish_at: publishAt ? publishAt.toISOString() : null,
    distribution: distributionOf(finals),
    average_grade: averageOf(finals),
    students: students.map((s) => ({ student_id: s.student_id, name: s.name, phone: maskPhone(s.phone), scores: s.scores, final_grade: s.final_grade, letter: s.final_grade === null ? null : letterOf(s.final_grade) })),
  };
}

export async function courseSignsTab(ctx: AppContext, courseId: number, period: number): Promise<CourseSignsTab> {
  const course = await requireCourse(ctx, courseId, period);
  const now = ctx.now();
  const [meetings, students, closed] = await Promise.all([listMeetingFigures(ctx.db, course.course_id), listStudentAttendance(ctx.db, course.course_id, now), countClosedSigns(ctx.db, course.course_id, now)]);
  let attended = 0;
  for (const s of students) attended += s.present + s.late;
  return {
    course: headOf(course),
    attendance_rate: percentOf(attended, course.enrolled * closed),
    meetings: meetings.map((m) => {
      const state = m.sign_id === null || !m.closes_at ? 'none' : m.closes_at.getTime() <= now.getTime() ? 'closed' : 'open';
      const counts = state === 'none' ? zero() : countsOf({ enrolled: course.enrolled, ...m }, state === 'closed');
      return { meeting_id: m.meeting_id, starts_at: m.starts_at.toISOString(), location: m.location, sign_id: m.sign_id, state, ...withRate(counts) };
    }),
    students: students.map((s) => ({ ...s, phone: maskPhone(s.phone), rate: percentOf(s.present + s.late, closed) })),
  };
}

// Exports --------------------------------------------------------------------------------------------------------

const pct = (v: number | null) => (v === null ? null : v);
const refColumns = <Row extends { course: OpsCourseRef | null }>(): SheetColumn<Row>[] => [
  { header: '课程代码', width: 12, value: (r) => r.course?.code ?? '' },
  { header: '课程名称', width: 28, value: (r) => r.course?.title ?? '' },
  { header: '期次', width: 8, value: (r) => (r.course ? SESSION_NAMES[r.course.session_key] : '') },
  { header: '时段', width: 6, value: (r) => r.course?.period ?? null },
  { header: '会场', width: 12, value: (r) => (r.course ? (r.course.venue ?? '全部会场') : '') },
  { header: '教师', width: 12, value: (r) => r.course?.teacher_name ?? '' },
];

const todayOf = (ctx: AppContext) => beijingDay(ctx.now()).replace(/-/g, '');

export function exportCourses(ctx: AppContext, q: OpsCourseQuery): { fileName: string; stream: Readable } {
  const f = filterOf(q);
  const now = ctx.now();
  async function* batches() {
    for await (const rows of keysetBatches((after, limit) => listCourseFigures(ctx.db, { ...f, sort: 'code', order: 'asc', limit, offset: 0, now, afterId: after }), (r) => r.course_id, EXPORT_BATCH))
      yield rows.map((r) => ({ course: refOut(r), row: courseRowOf(r) }));
  }
  type Row = { course: OpsCourseRef; row: OpsCourseRow };
  const columns: SheetColumn<Row>[] = [
    ...refColumns<Row>(),
    { header: '容量', value: (r) => r.row.capacity },
    { header: '已选', value: (r) => r.row.enrolled },
    { header: '满额率(%)', numFmt: '0.0', value: (r) => pct(r.row.fill_rate) },
    { header: '候补', value: (r) => r.row.waitlist },
    { header: '已结束签到', value: (r) => r.row.closed_signs },
    { header: '出勤率(%)', numFmt: '0.0', value: (r) => pct(r.row.attendance_rate) },
    { header: '已出成绩', value: (r) => r.row.graded },
    { header: '平均成绩', numFmt: '0.0', value: (r) => r.row.average_grade },
  ];
  return { fileName: `课程概览-${todayOf(ctx)}.xlsx`, stream: streamSheet('课程概览', columns, batches()) };
}

export function exportGrades(ctx: AppContext, q: OpsGradeQuery): { fileName: string; stream: Readable } {
  const f = filterOf(q);
  async function* batches() {
    for await (const rows of keysetBatches((after, limit) => listGradeFigures(ctx.db, { ...f, limit, offset: 0, afterId: after }), (r) => r.course_id, EXPORT_BATCH))
      yield rows.map((r) => ({ course: refOut(r), row: gradeRowOf(r) }));
  }
  type Row = { course: OpsCourseRef; row: OpsGradeRow };
  const columns: SheetColumn<Row>[] = [
    ...refColumns<Row>(),
    { header: '已选', value: (r) => r.row.enrolled },
    { header: 'A（≥90）', value: (r) => r.row.distribution.A },
    { header: 'B（80–89.9）', value: (r) => r.row.distribution.B },
    { header: 'C（70–79.9）', value: (r) => r.row.distribution.C },
    { header: 'D（60–69.9）', value: (r) => r.row.distribution.D },
    { header: 'F（<60）', value: (r) => r.row.distribution.F },
    { header: '未完成', value: (r) => r.row.distribution.incomplete },
    { header: '平均成绩', numFmt: '0.0', value: (r) => r.row.average_grade },
    { header: '发布时间', width: 18, value: (r) => (r.row.publish_at ? beijingTime(r.row.publish_at) : '未设置') },
  ];
  return { fileName: `成绩分布-${todayOf(ctx)}.xlsx`, stream: streamSheet('成绩分布', columns, batches()) };
}

export function exportSigns(ctx: AppContext, q: OpsSignQuery): { fileName: string; stream: Readable } {
  const group = q.group ?? 'meeting';
  async function* batches() {
    const { rows } = groupSigns(await listSignFigures(ctx.db, filterOf(q)), group, ctx.now());
    for (let i = 0; i < rows.length; i += EXPORT_BATCH) yield rows.slice(i, i + EXPORT_BATCH);
  }
  const columns: SheetColumn<OpsSignRow>[] = [
    ...(group === 'day' ? [] : refColumns<OpsSignRow>()),
    ...(group === 'course' ? [] : [{ header: group === 'day' ? '日期' : '上课时间', width: 18, value: (r: OpsSignRow) => (group === 'day' ? r.day : r.meeting_starts_at ? beijingTime(r.meeting_starts_at) : '') }]),
    ...(group === 'meeting' ? [{ header: '状态', value: (r: OpsSignRow) => (r.open ? '签到中' : '已结束') }] : [{ header: '签到次数', value: (r: OpsSignRow) => r.signs }]),
    { header: '应到', value: (r) => r.expected },
    { header: '出勤', value: (r) => r.present },
    { header: '迟到', value: (r) => r.late },
    { header: '请假', value: (r) => r.excused },
    { header: '缺勤', value: (r) => r.absent },
    { header: '出勤率(%)', numFmt: '0.0', value: (r) => pct(r.rate) },
  ];
  return { fileName: `出勤统计-${OPS_SIGN_GROUP_LABELS[group]}-${todayOf(ctx)}.xlsx`, stream: streamSheet('出勤统计', columns, batches()) };
}
