import {
  AppError,
  COURSE_IMPORT_MAX_ROWS,
  COURSE_MSG,
  COURSE_SHEET_COLUMNS,
  STATUS,
  type CourseSheetColumn,
  parseCourseSheetRow,
  type Course,
  type CourseImportError,
  type CourseImportResult,
  type CourseInput,
  type CourseListQuery,
  type CourseSheetRow,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import {
  deleteCourseAudited,
  findTeacherIds,
  findTeachersByPhone,
  getCourse,
  importCoursesAudited,
  insertCourseAudited,
  listCourses,
  listTeacherOptions,
  teacherPhones,
  updateCourseAudited,
  venueExists,
  venueIdsByPlaceName,
  type ImportCourse,
} from './courses.repo.ts';
import { readCourseSheet, writeCourseSheet } from './course-sheet.ts';

const columnOf = (key: keyof CourseSheetRow) => (COURSE_SHEET_COLUMNS as ReadonlyArray<CourseSheetColumn>).find((c) => c.key === key)!;
const VENUE_COLUMN = columnOf('venue_place_name');
const PHONE_COLUMN = columnOf('teacher_phone');
const CODE_COLUMN = columnOf('code');

export function listTeachers(ctx: AppContext) {
  return listTeacherOptions(ctx.db);
}

export function listAdminCourses(ctx: AppContext, query: CourseListQuery): Promise<Course[]> {
  return listCourses(ctx.db, query);
}

/** The teacher's own courses (the teaching work (decisions 050–058) builds on this), by session and period. */
export function listTeacherCourses(ctx: AppContext, auth: AuthState, sessionKey: CourseListQuery['session_key']): Promise<Course[]> {
  return listCourses(ctx.db, { teacherId: auth.accountId, ...(sessionKey ? { session_key: sessionKey } : {}) });
}

async function mustGetCourse(ctx: AppContext, id: number): Promise<Course> {
  const course = await getCourse(ctx.db, id);
  if (!course) throw AppError.notFound(COURSE_MSG.COURSE_NOT_FOUND);
  return course;
}

/** References the form sends by id must exist: 4003 on the field, not a foreign-key 500. */
async function checkReferences(ctx: AppContext, input: CourseInput): Promise<CourseInput> {
  let teacherName = input.teacher_name;
  if (input.teacher_id !== null) {
    const teacher = (await findTeacherIds(ctx.db, [input.teacher_id])).get(input.teacher_id);
    if (teacher === undefined) throw AppError.param('teacher_id', COURSE_MSG.TEACHER);
    // The shown name defaults to the account's, as the import does.
    teacherName ||= teacher;
  }
  if (input.venue_id !== null && !(await venueExists(ctx.db, input.venue_id))) throw AppError.param('venue_id', COURSE_MSG.VENUE);
  return { ...input, teacher_name: teacherName };
}

async function uniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.param('code', COURSE_MSG.CODE_DUPLICATE);
    // A venue or teacher removed between the check and the write.
    if (pgErrorCode(error) === '23503') throw AppError.param('venue_id', COURSE_MSG.VENUE);
    throw error;
  }
}

export async function createCourse(ctx: AppContext, auth: AuthState, input: CourseInput): Promise<Course> {
  const checked = await checkReferences(ctx, input);
  const id = await uniqueCode(() => insertCourseAudited(ctx.db, checked, auth.accountId, ctx.now()));
  return mustGetCourse(ctx, id);
}

export async function updateCourse(ctx: AppContext, auth: AuthState, id: number, input: CourseInput): Promise<Course> {
  const checked = await checkReferences(ctx, input);
  const outcome = await uniqueCode(() => updateCourseAudited(ctx.db, id, checked, auth.accountId, ctx.now()));
  if (outcome.kind === 'missing') throw AppError.notFound(COURSE_MSG.COURSE_NOT_FOUND);
  if (outcome.kind === 'below-taken') throw AppError.param('capacity', COURSE_MSG.CAPACITY_BELOW_TAKEN(outcome.taken));
  return mustGetCourse(ctx, id);
}

export async function deleteCourse(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  let outcome;
  try {
    outcome = await deleteCourseAudited(ctx.db, id, auth.accountId, ctx.now());
  } catch (error) {
    // Wish lists, carts or waitlists of the course centre still point at it.
    if (pgErrorCode(error) === '23503') throw AppError.message(COURSE_MSG.COURSE_IN_USE);
    throw error;
  }
  if (outcome.kind === 'missing') throw AppError.notFound(COURSE_MSG.COURSE_NOT_FOUND);
  if (outcome.kind === 'has-students') throw AppError.message(COURSE_MSG.COURSE_HAS_STUDENTS(outcome.taken));
}

/** Every course (or the filtered ones) as an .xlsx buffer; with `template`, the headers and the help sheet only. */
export async function exportCourses(ctx: AppContext, query: CourseListQuery, template = false): Promise<Buffer> {
  if (template) return writeCourseSheet([]);
  const list = await listCourses(ctx.db, query);
  const phones = await teacherPhones(ctx.db, [...new Set(list.flatMap((c) => (c.teacher_id === null ? [] : [c.teacher_id])))]);
  return writeCourseSheet(list.map((c) => ({ ...c, teacher_phone: c.teacher_id === null ? null : (phones.get(c.teacher_id) ?? null) })));
}

function importRefused(errors: CourseImportError[]): AppError {
  return new AppError(STATUS.PARAM, COURSE_MSG.IMPORT_ROWS_INVALID(errors.length), { data: { field: 'file', errors } });
}

/**
 * Reads every row first; any bad cell (format, unknown venue or teacher, a duplicate key within the file, a
 * capacity below the seats already taken) → 4003 listing each by row and column, and nothing is written.
 */
export async function importCourses(ctx: AppContext, auth: AuthState, buffer: Buffer): Promise<CourseImportResult> {
  const sheet = await readCourseSheet(buffer);
  if (!sheet) throw AppError.param('file', COURSE_MSG.IMPORT_UNREADABLE);
  if (sheet.kind === 'error') throw importRefused([{ row: 1, column: sheet.column, message: sheet.message }]);
  if (sheet.rows.length === 0) throw AppError.param('file', COURSE_MSG.IMPORT_EMPTY);
  if (sheet.rows.length > COURSE_IMPORT_MAX_ROWS) throw AppError.param('file', COURSE_MSG.IMPORT_TOO_MANY);

  const errors: CourseImportError[] = [];
  const parsed: Array<{ row: number; value: CourseSheetRow }> = [];
  // References are checked on every row, parsed or not, so one upload reports every mistake at once.
  const refs = sheet.rows.map(({ row, cells }) => {
    const venue = VENUE_COLUMN.parse(cells[VENUE_COLUMN.header] ?? '');
    const phone = PHONE_COLUMN.parse(cells[PHONE_COLUMN.header] ?? '');
    return { row, venue: 'value' in venue && typeof venue.value === 'string' ? venue.value : null, phone: 'value' in phone && typeof phone.value === 'string' ? phone.value : null };
  });
  for (const { row, cells } of sheet.rows) {
    const result = parseCourseSheetRow(row, cells);
    if ('errors' in result) errors.push(...result.errors);
    else parsed.push({ row, value: result.value });
  }
  const venueIds = await venueIdsByPlaceName(ctx.db);
  const teachers = await findTeachersByPhone(ctx.db, [...new Set(refs.flatMap((r) => (r.phone ? [r.phone] : [])))]);
  for (const ref of refs) {
    if (ref.venue !== null && !venueIds.has(ref.venue)) errors.push({ row: ref.row, column: VENUE_COLUMN.header, message: COURSE_MSG.VENUE });
    if (ref.phone !== null && !teachers.has(ref.phone)) errors.push({ row: ref.row, column: PHONE_COLUMN.header, message: COURSE_MSG.TEACHER_PHONE });
  }

  const seen = new Map<string, number>();
  const resolved: ImportCourse[] = [];
  for (const { row, value } of parsed) {
    const key = `${value.code}|${value.session_key}|${value.period}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) errors.push({ row, column: CODE_COLUMN.header, message: COURSE_MSG.IMPORT_DUPLICATE_ROW(earlier) });
    else seen.set(key, row);
    const teacher = value.teacher_phone ? teachers.get(value.teacher_phone) : undefined;
    const { teacher_phone: _p, venue_place_name: place, ...course } = value;
    resolved.push({ ...course, row, venue_id: place === null ? null : (venueIds.get(place) ?? null), teacher_id: teacher?.id ?? null, teacher_name: value.teacher_name || teacher?.name || '' });
  }
  // Row by row, in the sheet's column order within a row.
  const order = new Map(COURSE_SHEET_COLUMNS.map((c, i) => [c.header as string, i]));
  errors.sort((a, b) => a.row - b.row || (order.get(a.column) ?? 0) - (order.get(b.column) ?? 0));
  if (errors.length) throw importRefused(errors);

  const outcome = await importCoursesAudited(ctx.db, resolved, auth.accountId, ctx.now());
  if (outcome.belowTaken.length) throw importRefused(outcome.belowTaken.map((b) => ({ row: b.row, column: '容量', message: COURSE_MSG.CAPACITY_BELOW_TAKEN(b.taken) })));
  return { created: outcome.created, updated: outcome.updated };
}
