/**
 * Programme structure edited by admins (decision 039): venues, the twelve houses, courses with
 * their meetings, and the Excel sheet courses are imported from and exported to. Request and response schemas
 * per endpoint, each field rule with its Chinese message, and the sheet's columns as data so the api's import and
 * export (and the template) cannot drift apart.
 */
import { z } from 'zod';
import { COURSE_CATEGORIES, COURSE_CATEGORY_LABELS, COURSE_LANGUAGES, COURSE_LANGUAGE_LABELS, type CourseCategory, type CourseLanguage } from '../course-terms.ts';
import { SESSION_KEYS, SESSION_NAMES, type SessionKey } from '../programme-terms.ts';
import { MSG } from '../messages.ts';
import { idSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const COURSE_MSG = {
  PLACE_NAME: '会场标识须为 2–32 位小写字母、数字或连字符，以字母开头',
  PLACE_NAME_TAKEN: '会场标识已存在',
  VENUE_NAME: '请输入会场名称（1–40 字）',
  CITY: '城市最多 40 字',
  VENUE_CAPACITY: '容量须为不小于 0 的整数',
  TRACKS: '专业方向每项 1–20 字，最多 10 项',
  VENUE_SESSIONS: '请至少选择一期',
  ADDRESS: '地址最多 200 字',
  VENUE_NOT_FOUND: '会场不存在',
  VENUE_IN_USE: '该会场已有课程或学生，不能删除',
  HOUSE_NAME: '请输入学院名称（1–20 字）',
  HOUSE_ENGLISH: '英文名最多 40 字',
  HOUSE_COLOUR: '颜色须为 #RRGGBB 格式',
  HOUSE_MOTTO: '院训最多 100 字',
  HOUSE_NOT_FOUND: '学院不存在',
  CODE: '课程代码不能为空，最多 32 位字母、数字、点、横线或下划线',
  CODE_DUPLICATE: '课程代码重复：同一期同一时段已有该代码的课程',
  TITLE: '请输入课程名称（1–100 字）',
  TEACHER: '教师不存在',
  TEACHER_NAME: '教师姓名最多 40 字',
  TEACHER_PHONE: '未找到该手机号的教师账号',
  CATEGORY: '请选择课程类别',
  SESSION: '请选择期次（第一期、第二期或第三期）',
  PERIOD: '时段须为 1–20 的整数',
  VENUE: '会场不存在',
  CAPACITY: '容量须为正整数',
  CAPACITY_BELOW_TAKEN: (taken: number) => `容量不能小于已选人数（${taken} 人）`,
  LANGUAGE: '请选择授课语言',
  DESCRIPTION: '课程简介最多 5000 字',
  SYLLABUS: '教学大纲最多 20000 字',
  PUBLISHED: '请选择是否发布',
  MEETINGS: '上课时间最多 60 次',
  MEETING_TIME: '请填写上课时间',
  MEETING_ORDER: '结束时间须晚于开始时间',
  MEETING_FORMAT: '上课时间格式应为 2027-07-18 09:00-10:30 @地点，多次用分号分隔',
  LOCATION: '上课地点最多 100 字',
  COURSE_NOT_FOUND: '课程不存在',
  COURSE_HAS_STUDENTS: (taken: number) => `已有 ${taken} 名学生选了这门课，不能删除`,
  COURSE_IN_USE: '该课程已被学生加入心愿单、购物车或候补，不能删除',
  IMPORT_FILE: '请上传 .xlsx 格式的 Excel 文件',
  IMPORT_TOO_LARGE: '文件不能超过 2MB',
  IMPORT_UNREADABLE: '无法读取该 Excel 文件，请使用导出的模板',
  IMPORT_HEADER: (header: string) => `第1行缺少“${header}”列，请使用导出的模板`,
  IMPORT_EMPTY: '表格中没有课程',
  IMPORT_TOO_MANY: '一次最多导入 2000 门课程',
  IMPORT_ROWS_INVALID: (n: number) => `有 ${n} 处错误，未导入任何课程`,
  IMPORT_DUPLICATE_ROW: (row: number) => `与第${row}行的课程代码、期次、时段重复`,
  IMPORT_OK: (created: number, updated: number) => `导入成功：新增 ${created} 门，更新 ${updated} 门`,
  DELETED: '已删除',
} as const;

const text = (max: number, msg: string, min = 0) => z.string({ error: msg }).trim().min(min, { error: msg }).max(max, { error: msg });

// Venues ----------------------------------------------------------------------------------------------------

export const PLACE_NAME_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

export const venueInputSchema = requestObjectSchema({
  place_name: z.string({ error: COURSE_MSG.PLACE_NAME }).trim().regex(PLACE_NAME_PATTERN, { error: COURSE_MSG.PLACE_NAME }),
  name: text(40, COURSE_MSG.VENUE_NAME, 1),
  city: text(40, COURSE_MSG.CITY).default(''),
  is_beijing: z.boolean({ error: MSG.PARAM_INVALID }).default(false),
  capacity: z.number({ error: COURSE_MSG.VENUE_CAPACITY }).int({ error: COURSE_MSG.VENUE_CAPACITY }).min(0, { error: COURSE_MSG.VENUE_CAPACITY }).max(1_000_000, { error: COURSE_MSG.VENUE_CAPACITY }),
  professional_tracks: z.array(text(20, COURSE_MSG.TRACKS, 1), { error: COURSE_MSG.TRACKS }).max(10, { error: COURSE_MSG.TRACKS }).default([]),
  session_keys: z
    .array(z.enum(SESSION_KEYS, { error: COURSE_MSG.VENUE_SESSIONS }), { error: COURSE_MSG.VENUE_SESSIONS })
    .min(1, { error: COURSE_MSG.VENUE_SESSIONS })
    .max(SESSION_KEYS.length, { error: COURSE_MSG.VENUE_SESSIONS })
    // Stored in the programme's order, once each.
    .transform((keys) => SESSION_KEYS.filter((k) => keys.includes(k))),
  address: text(200, COURSE_MSG.ADDRESS).default(''),
  sort: z.number({ error: '排序须为整数' }).int({ error: '排序须为整数' }).min(0, { error: '排序须为整数' }).max(10_000, { error: '排序须为整数' }).default(0),
});
export type VenueInput = z.infer<typeof venueInputSchema>;

export const venueSchema = z.object({
  id: z.number().int(),
  place_name: z.string(),
  name: z.string(),
  city: z.string(),
  is_beijing: z.boolean(),
  capacity: z.number().int(),
  professional_tracks: z.array(z.string()),
  session_keys: z.array(z.enum(SESSION_KEYS)),
  address: z.string(),
  sort: z.number().int(),
  /** Students assigned to this venue, and courses held only here. */
  students: z.number().int(),
  courses: z.number().int(),
  updated_at: timestampSchema,
});
export type Venue = z.infer<typeof venueSchema>;
export const venueListSchema = z.array(venueSchema);

export const idParamsSchema = z.object({ id: queryIdSchema });

// Houses ----------------------------------------------------------------------------------------------------

export const HOUSE_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const houseUpdateSchema = requestObjectSchema({
  name: text(20, COURSE_MSG.HOUSE_NAME, 1),
  english_name: text(40, COURSE_MSG.HOUSE_ENGLISH).default(''),
  colour: z.string({ error: COURSE_MSG.HOUSE_COLOUR }).regex(HOUSE_COLOUR_PATTERN, { error: COURSE_MSG.HOUSE_COLOUR }),
  motto: text(100, COURSE_MSG.HOUSE_MOTTO).default(''),
});
export type HouseUpdate = z.infer<typeof houseUpdateSchema>;

export const houseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  english_name: z.string(),
  colour: z.string(),
  motto: z.string(),
  sort: z.number().int(),
  /** Students sorted into this house, across venues. */
  students: z.number().int(),
});
export type HouseRecord = z.infer<typeof houseSchema>;
export const houseListSchema = z.array(houseSchema);

// Courses ---------------------------------------------------------------------------------------------------

export const COURSE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;

export const courseMeetingInputSchema = z
  .object(
    {
      starts_at: z.iso.datetime({ offset: true, error: COURSE_MSG.MEETING_TIME }),
      ends_at: z.iso.datetime({ offset: true, error: COURSE_MSG.MEETING_TIME }),
      location: text(100, COURSE_MSG.LOCATION).default(''),
    },
    { error: COURSE_MSG.MEETING_TIME },
  )
  .superRefine((m, ctx) => {
    if (Date.parse(m.ends_at) <= Date.parse(m.starts_at)) ctx.addIssue({ code: 'custom', message: COURSE_MSG.MEETING_ORDER, path: ['ends_at'] });
  });
export type CourseMeetingInput = z.infer<typeof courseMeetingInputSchema>;

const nullableId = (msg: string) => z.union([idSchema.max(2_147_483_647), z.null()], { error: msg });

export const courseInputSchema = requestObjectSchema({
  code: z.string({ error: COURSE_MSG.CODE }).trim().regex(COURSE_CODE_PATTERN, { error: COURSE_MSG.CODE }),
  title: text(100, COURSE_MSG.TITLE, 1),
  teacher_id: nullableId(COURSE_MSG.TEACHER).default(null),
  teacher_name: text(40, COURSE_MSG.TEACHER_NAME).default(''),
  category: z.enum(COURSE_CATEGORIES, { error: COURSE_MSG.CATEGORY }),
  session_key: z.enum(SESSION_KEYS, { error: COURSE_MSG.SESSION }),
  period: z.number({ error: COURSE_MSG.PERIOD }).int({ error: COURSE_MSG.PERIOD }).min(1, { error: COURSE_MSG.PERIOD }).max(20, { error: COURSE_MSG.PERIOD }).default(1),
  venue_id: nullableId(COURSE_MSG.VENUE).default(null),
  capacity: z.number({ error: COURSE_MSG.CAPACITY }).int({ error: COURSE_MSG.CAPACITY }).min(1, { error: COURSE_MSG.CAPACITY }).max(100_000, { error: COURSE_MSG.CAPACITY }),
  language: z.enum(COURSE_LANGUAGES, { error: COURSE_MSG.LANGUAGE }).default('zh'),
  description: text(5000, COURSE_MSG.DESCRIPTION).default(''),
  syllabus: text(20_000, COURSE_MSG.SYLLABUS).default(''),
  published: z.boolean({ error: COURSE_MSG.PUBLISHED }).default(true),
  meetings: z.array(courseMeetingInputSchema, { error: COURSE_MSG.MEETING_TIME }).max(60, { error: COURSE_MSG.MEETINGS }).default([]),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

export const courseMeetingSchema = z.object({ id: z.number().int(), starts_at: timestampSchema, ends_at: timestampSchema, location: z.string() });
export type CourseMeeting = z.infer<typeof courseMeetingSchema>;

export const courseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  session_key: z.enum(SESSION_KEYS),
  period: z.number().int(),
  venue_id: z.number().int().nullable(),
  /** The venue's place_name, or null when the course is open to every venue of the session. */
  venue_place_name: z.string().nullable(),
  capacity: z.number().int(),
  taken: z.number().int(),
  language: z.enum(COURSE_LANGUAGES),
  description: z.string(),
  syllabus: z.string(),
  published: z.boolean(),
  meetings: z.array(courseMeetingSchema),
  updated_at: timestampSchema,
});
export type Course = z.infer<typeof courseSchema>;
export const courseListSchema = z.array(courseSchema);

/** Filters of the admin course table (and of the teacher's own list). */
export const courseListQuerySchema = requestObjectSchema({
  session_key: z.enum(SESSION_KEYS, { error: COURSE_MSG.SESSION }).optional(),
  category: z.enum(COURSE_CATEGORIES, { error: COURSE_MSG.CATEGORY }).optional(),
  /** A venue id; 0 = courses open to every venue. */
  venue_id: z.coerce.number({ error: COURSE_MSG.VENUE }).int({ error: COURSE_MSG.VENUE }).min(0, { error: COURSE_MSG.VENUE }).max(2_147_483_647, { error: COURSE_MSG.VENUE }).optional(),
  q: z.string({ error: '关键词最多 50 字' }).trim().max(50, { error: '关键词最多 50 字' }).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/** The teacher's own courses (GET /api/teacher/courses), by session and period. */
export const teacherCourseListQuerySchema = courseListQuerySchema.pick({ session_key: true });

/** A teacher account the course form can pick. */
export const teacherOptionSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export type TeacherOption = z.infer<typeof teacherOptionSchema>;
export const teacherOptionListSchema = z.array(teacherOptionSchema);

export const courseImportErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type CourseImportError = z.infer<typeof courseImportErrorSchema>;
export const courseImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type CourseImportResult = z.infer<typeof courseImportResultSchema>;

// The Excel sheet --------------------------------------------------------------------------------------------

/** Beijing wall-clock minute of an instant, "2027-07-18 09:00". */
function beijingMinute(iso: string): { day: string; time: string } {
  const d = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return { day: d.slice(0, 10), time: d.slice(11, 16) };
}

/** "2027-07-18 09:00-10:30 @教室A; …": meetings in one cell, Beijing time (a meeting past midnight spells out both days). */
export function formatMeetingsCell(meetings: ReadonlyArray<{ starts_at: string; ends_at: string; location: string }>): string {
  return meetings
    .map((m) => {
      const s = beijingMinute(m.starts_at);
      const e = beijingMinute(m.ends_at);
      const span = s.day === e.day ? `${s.day} ${s.time}-${e.time}` : `${s.day} ${s.time}-${e.day} ${e.time}`;
      return m.location ? `${span} @${m.location}` : span;
    })
    .join('; ');
}

const MEETING_PATTERN = /^(\d{4}-\d{2}-\d{2})\s+(\d{1,2}:\d{2})\s*[-–—~～]\s*(?:(\d{4}-\d{2}-\d{2})\s+)?(\d{1,2}:\d{2})(?:\s*[@＠]\s*(.*))?$/;

function beijingIso(day: string, time: string): string | null {
  const [h, m] = time.split(':').map(Number);
  if (h === undefined || m === undefined || h > 23 || m > 59) return null;
  const iso = `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00+08:00`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  // Rejects 2027-02-30, which Date.parse rolls over.
  if (beijingMinute(new Date(ms).toISOString()).day !== day) return null;
  return new Date(ms).toISOString();
}

/** The meetings of one cell, or the message of the first bad one. */
export function parseMeetingsCell(cell: string): { meetings: CourseMeetingInput[] } | { error: string } {
  const parts = cell
    .split(/[;；\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 60) return { error: COURSE_MSG.MEETINGS };
  const meetings: CourseMeetingInput[] = [];
  for (const part of parts) {
    const m = MEETING_PATTERN.exec(part);
    if (!m) return { error: `${COURSE_MSG.MEETING_FORMAT}（“${part.slice(0, 30)}”）` };
    const startDay = m[1] ?? '';
    const starts = beijingIso(startDay, m[2] ?? '');
    const ends = beijingIso(m[3] ?? startDay, m[4] ?? '');
    if (!starts || !ends) return { error: `${COURSE_MSG.MEETING_FORMAT}（“${part.slice(0, 30)}”）` };
    if (Date.parse(ends) <= Date.parse(starts)) return { error: `${COURSE_MSG.MEETING_ORDER}（“${part.slice(0, 30)}”）` };
    const location = (m[5] ?? '').trim();
    if (location.length > 100) return { error: COURSE_MSG.LOCATION };
    meetings.push({ starts_at: starts, ends_at: ends, location });
  }
  return { meetings };
}

/** A course as the sheet holds it: the venue by place_name and the teacher by phone, resolved by the api. */
export interface CourseSheetRow {
  code: string;
  title: string;
  teacher_phone: string | null;
  teacher_name: string;
  category: CourseCategory;
  session_key: SessionKey;
  period: number;
  venue_place_name: string | null;
  capacity: number;
  language: CourseLanguage;
  description: string;
  syllabus: string;
  published: boolean;
  meetings: CourseMeetingInput[];
}

/** What the exporter writes per course (the api fills teacher_phone and venue_place_name). */
export type CourseSheetSource = Omit<Course, 'id' | 'taken' | 'updated_at' | 'meetings' | 'teacher_id' | 'venue_id'> & {
  teacher_phone: string | null;
  meetings: ReadonlyArray<{ starts_at: string; ends_at: string; location: string }>;
};

type ParseResult<T> = { value: T } | { error: string };

/** A label or the stored key (so a sheet written by hand in either form imports). */
function pickByLabel<K extends string>(cell: string, labels: Record<K, string>, error: string): ParseResult<K> {
  const wanted = cell.trim();
  for (const [key, label] of Object.entries(labels) as Array<[K, string]>) {
    if (wanted === key || wanted === label || label.startsWith(`${wanted}（`)) return { value: key };
  }
  return { error };
}

function intCell(cell: string, min: number, max: number, error: string): ParseResult<number> {
  const t = cell.trim();
  if (!/^\d+$/.test(t)) return { error };
  const n = Number(t);
  return n >= min && n <= max ? { value: n } : { error };
}

function textCell(cell: string, max: number, error: string, required = false): ParseResult<string> {
  const t = cell.trim();
  if ((required && !t) || t.length > max) return { error };
  return { value: t };
}

const ALL_VENUES = '全部会场';

export interface CourseSheetColumn<K extends keyof CourseSheetRow = keyof CourseSheetRow> {
  key: K;
  header: string;
  /** Column width in characters, for the exported sheet. */
  width: number;
  /** A note for the template's header comment. */
  hint: string;
  parse: (cell: string) => ParseResult<CourseSheetRow[K]>;
  format: (course: CourseSheetSource) => string | number;
}

function column<K extends keyof CourseSheetRow>(c: CourseSheetColumn<K>): CourseSheetColumn<K> {
  return c;
}

/** The sheet, column by column, in order. Import reads headers by these names; export writes them. */
export const COURSE_SHEET_COLUMNS = [
  column({
    key: 'code',
    header: '课程代码',
    width: 14,
    hint: '必填；字母、数字、点、横线或下划线，最多 32 位',
    parse: (c) => (COURSE_CODE_PATTERN.test(c.trim()) ? { value: c.trim() } : { error: COURSE_MSG.CODE }),
    format: (c) => c.code,
  }),
  column({ key: 'title', header: '课程名称', width: 28, hint: '必填，最多 100 字', parse: (c) => textCell(c, 100, COURSE_MSG.TITLE, true), format: (c) => c.title }),
  column({
    key: 'category',
    header: '类别',
    width: 16,
    hint: Object.values(COURSE_CATEGORY_LABELS).join(' / '),
    parse: (c) => pickByLabel(c, COURSE_CATEGORY_LABELS, COURSE_MSG.CATEGORY),
    format: (c) => COURSE_CATEGORY_LABELS[c.category],
  }),
  column({ key: 'session_key', header: '期次', width: 8, hint: '第一期 / 第二期 / 第三期', parse: (c) => pickByLabel(c, SESSION_NAMES, COURSE_MSG.SESSION), format: (c) => SESSION_NAMES[c.session_key] }),
  column({ key: 'period', header: '时段', width: 6, hint: '1–20 的整数', parse: (c) => (c.trim() === '' ? { value: 1 } : intCell(c, 1, 20, COURSE_MSG.PERIOD)), format: (c) => c.period }),
  column({
    key: 'venue_place_name',
    header: '会场',
    width: 12,
    hint: `会场标识（如 beijing），留空或填“${ALL_VENUES}”表示所有会场`,
    parse: (c) => {
      const t = c.trim();
      if (t === '' || t === ALL_VENUES) return { value: null };
      return PLACE_NAME_PATTERN.test(t) ? { value: t } : { error: COURSE_MSG.VENUE };
    },
    format: (c) => c.venue_place_name ?? ALL_VENUES,
  }),
  column({ key: 'teacher_name', header: '教师', width: 10, hint: '教师姓名，最多 40 字', parse: (c) => textCell(c, 40, COURSE_MSG.TEACHER_NAME), format: (c) => c.teacher_name }),
  column({
    key: 'teacher_phone',
    header: '教师手机号',
    width: 14,
    hint: '可选；填写后课程关联该教师账号',
    parse: (c) => {
      const t = c.trim();
      if (t === '') return { value: null };
      return /^1\d{10}$/.test(t) ? { value: t } : { error: COURSE_MSG.TEACHER_PHONE };
    },
    format: (c) => c.teacher_phone ?? '',
  }),
  column({ key: 'capacity', header: '容量', width: 8, hint: '正整数', parse: (c) => intCell(c, 1, 100_000, COURSE_MSG.CAPACITY), format: (c) => c.capacity }),
  column({ key: 'language', header: '授课语言', width: 10, hint: Object.values(COURSE_LANGUAGE_LABELS).join(' / '), parse: (c): ParseResult<CourseLanguage> => (c.trim() === '' ? { value: 'zh' } : pickByLabel(c, COURSE_LANGUAGE_LABELS, COURSE_MSG.LANGUAGE)), format: (c) => COURSE_LANGUAGE_LABELS[c.language] }),
  column({
    key: 'meetings',
    header: '上课时间',
    width: 44,
    hint: '北京时间，如 2027-07-18 09:00-10:30 @教室A；多次用分号分隔',
    parse: (c) => {
      const r = parseMeetingsCell(c);
      return 'error' in r ? r : { value: r.meetings };
    },
    format: (c) => formatMeetingsCell(c.meetings),
  }),
  column({
    key: 'published',
    header: '发布',
    width: 6,
    hint: '是 / 否',
    parse: (c) => {
      const t = c.trim();
      if (t === '' || t === '是') return { value: true };
      return t === '否' ? { value: false } : { error: COURSE_MSG.PUBLISHED };
    },
    format: (c) => (c.published ? '是' : '否'),
  }),
  column({ key: 'description', header: '课程简介', width: 40, hint: '最多 5000 字', parse: (c) => textCell(c, 5000, COURSE_MSG.DESCRIPTION), format: (c) => c.description }),
  column({ key: 'syllabus', header: '教学大纲', width: 40, hint: '最多 20000 字', parse: (c) => textCell(c, 20_000, COURSE_MSG.SYLLABUS), format: (c) => c.syllabus }),
] as const satisfies ReadonlyArray<CourseSheetColumn<keyof CourseSheetRow>>;

export const COURSE_SHEET_NAME = '课程';
export const COURSE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const COURSE_IMPORT_MAX_ROWS = 2000;

/**
 * One sheet row (cells by header) → the course, or every bad cell with its column header. `row` is the sheet's
 * 1-based row number (the header is row 1), as the admin sees it in Excel.
 */
export function parseCourseSheetRow(row: number, cells: Readonly<Record<string, string>>): { value: CourseSheetRow } | { errors: CourseImportError[] } {
  const errors: CourseImportError[] = [];
  const value: Partial<Record<keyof CourseSheetRow, unknown>> = {};
  for (const col of COURSE_SHEET_COLUMNS as ReadonlyArray<CourseSheetColumn>) {
    const result = col.parse(cells[col.header] ?? '');
    if ('error' in result) errors.push({ row, column: col.header, message: result.error });
    else value[col.key] = result.value;
  }
  return errors.length ? { errors } : { value: value as CourseSheetRow };
}

/** The import error as one line: 第3行 容量列：容量须为正整数. */
export function describeImportError(e: CourseImportError): string {
  return `第${e.row}行 ${e.column}列：${e.message}`;
}
