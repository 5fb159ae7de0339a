/**
 * The admin's operations views over the course centre and classes data (decision 065):
 * the courses overview (fill, waitlist, attendance, average grade), grade distributions, attendance by
 * meeting / day / course, and a course's own grades and signs tabs of /admin/course-detail/{id}/{period}/{tab}.
 * The figures are computed here from counts so the api, the web and the tests share one definition.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { SESSION_KEYS } from '../programme-terms.ts';
import { GRADE_BANDS, letterOf } from '../coursework.ts';
import { DB_INT_MAX, idSchema, requestObjectSchema, timestampSchema } from './common.ts';

/** n / d as a percentage with one decimal, half up (integer arithmetic); null when there is nothing to divide by. */
export function percentOf(n: number, d: number): number | null {
  if (d <= 0) return null;
  return Math.round((n * 1000) / d) / 10;
}

/** The mean of the final grades present, one decimal; null when no student has one. */
export function averageOf(grades: ReadonlyArray<number | null>): number | null {
  const present = grades.filter((g): g is number => g !== null);
  if (present.length === 0) return null;
  // Final grades have one decimal: sum in tenths so 0.1 steps do not drift.
  const tenths = present.reduce((s, g) => s + Math.round(g * 10), 0);
  return Math.round(tenths / present.length) / 10;
}

export const GRADE_LETTERS = GRADE_BANDS.map((b) => b.letter) as readonly string[];

/** Counts per letter band (A–F, decision 053) and the enrolled students with no final grade yet. */
export const gradeDistributionSchema = z.object({
  A: z.number().int(),
  B: z.number().int(),
  C: z.number().int(),
  D: z.number().int(),
  F: z.number().int(),
  /** Enrolled, but some component has no score (no final grade; never shown as a low grade). */
  incomplete: z.number().int(),
});
export type GradeDistribution = z.infer<typeof gradeDistributionSchema>;

export const emptyDistribution = (): GradeDistribution => ({ A: 0, B: 0, C: 0, D: 0, F: 0, incomplete: 0 });

export function distributionOf(grades: ReadonlyArray<number | null>): GradeDistribution {
  const d = emptyDistribution();
  for (const g of grades) {
    if (g === null) d.incomplete += 1;
    else d[letterOf(g) as 'A' | 'B' | 'C' | 'D' | 'F'] += 1;
  }
  return d;
}

// Queries ---------------------------------------------------------------------------------------------------

const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const queryInt = (max: number) =>
  z.preprocess(blankAsAbsent, z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(max, { error: MSG.PARAM_INVALID }).optional());

export const OPS_COURSE_SORTS = ['code', 'enrolled', 'fill_rate', 'waitlist', 'attendance_rate', 'average_grade'] as const;
export type OpsCourseSort = (typeof OPS_COURSE_SORTS)[number];

const opsFilter = {
  session_key: z.preprocess(blankAsAbsent, z.enum(SESSION_KEYS, { error: MSG.PARAM_INVALID }).optional()),
  venue_id: queryInt(DB_INT_MAX),
  course_id: queryInt(DB_INT_MAX),
  /** Part of the course code or title. */
  q: z.preprocess(blankAsAbsent, z.string({ error: MSG.PARAM_INVALID }).trim().max(40, { error: MSG.PARAM_INVALID }).optional()),
};

/** GET /api/admin/courses/overview (and its export): filters, sort and server paging. */
export const opsCourseQuerySchema = requestObjectSchema({
  ...opsFilter,
  sort: z.preprocess(blankAsAbsent, z.enum(OPS_COURSE_SORTS, { error: MSG.PARAM_INVALID }).optional()),
  order: z.preprocess(blankAsAbsent, z.enum(['asc', 'desc'], { error: MSG.PARAM_INVALID }).optional()),
  page: queryInt(100_000),
  page_size: queryInt(100),
});
export type OpsCourseQuery = z.infer<typeof opsCourseQuerySchema>;

/** GET /api/admin/grades (and its export). */
export const opsGradeQuerySchema = requestObjectSchema({ ...opsFilter, page: queryInt(100_000), page_size: queryInt(100) });
export type OpsGradeQuery = z.infer<typeof opsGradeQuerySchema>;

export const OPS_SIGN_GROUPS = ['meeting', 'day', 'course'] as const;
export type OpsSignGroup = (typeof OPS_SIGN_GROUPS)[number];
export const OPS_SIGN_GROUP_LABELS: Record<OpsSignGroup, string> = { meeting: '按课次', day: '按日期', course: '按课程' };

/** GET /api/admin/signs/overview (and its export): attendance grouped by meeting, Beijing day or course. */
export const opsSignQuerySchema = requestObjectSchema({
  ...opsFilter,
  group: z.preprocess(blankAsAbsent, z.enum(OPS_SIGN_GROUPS, { error: MSG.PARAM_INVALID }).optional()),
  page: queryInt(100_000),
  page_size: queryInt(100),
});
export type OpsSignQuery = z.infer<typeof opsSignQuerySchema>;

// Answers ---------------------------------------------------------------------------------------------------

const courseRefSchema = z.object({
  course_id: idSchema,
  code: z.string(),
  title: z.string(),
  period: z.number().int(),
  session_key: z.enum(SESSION_KEYS),
  venue: z.string().nullable(),
  teacher_name: z.string(),
});
export type OpsCourseRef = z.infer<typeof courseRefSchema>;

export const opsCourseRowSchema = courseRefSchema.extend({
  capacity: z.number().int(),
  enrolled: z.number().int(),
  /** enrolled / capacity, %. */
  fill_rate: z.number().nullable(),
  waitlist: z.number().int(),
  /** Sign-ins of the course that have closed. */
  closed_signs: z.number().int(),
  /** (present + late) / (enrolled × closed sign-ins), % — decision 058's definition; null before any closes. */
  attendance_rate: z.number().nullable(),
  graded: z.number().int(),
  average_grade: z.number().nullable(),
});
export type OpsCourseRow = z.infer<typeof opsCourseRowSchema>;

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const opsCoursePageSchema = page(opsCourseRowSchema);
export type OpsCoursePage = z.infer<typeof opsCoursePageSchema>;

export const opsGradeRowSchema = courseRefSchema.extend({
  enrolled: z.number().int(),
  distribution: gradeDistributionSchema,
  average_grade: z.number().nullable(),
  /** When the course's grades are (or will be) visible to students; null: not scheduled. */
  publish_at: timestampSchema.nullable(),
});
export type OpsGradeRow = z.infer<typeof opsGradeRowSchema>;

export const opsGradePageSchema = page(opsGradeRowSchema).extend({ totals: gradeDistributionSchema, average_grade: z.number().nullable() });
export type OpsGradePage = z.infer<typeof opsGradePageSchema>;

const attendanceCounts = {
  /** Student-meetings expected: enrolled students × sign-ins (closed ones, except on a meeting row). */
  expected: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  /** Marked absent, or no record once the sign-in closed. */
  absent: z.number().int(),
  /** (present + late) / expected, %. */
  rate: z.number().nullable(),
};

export const opsSignRowSchema = z.object({
  /** meeting: the sign-in id; day: YYYY-MM-DD (Beijing); course: the course id. */
  key: z.string(),
  course: courseRefSchema.nullable(),
  sign_id: z.number().int().nullable(),
  meeting_starts_at: timestampSchema.nullable(),
  day: z.string().nullable(),
  /** The sign-ins counted in the row. */
  signs: z.number().int(),
  open: z.boolean(),
  ...attendanceCounts,
});
export type OpsSignRow = z.infer<typeof opsSignRowSchema>;

export const opsSignPageSchema = page(opsSignRowSchema).extend({
  group: z.enum(OPS_SIGN_GROUPS),
  totals: z.object(attendanceCounts),
});
export type OpsSignPage = z.infer<typeof opsSignPageSchema>;

// A course's own tabs -----------------------------------------------------------------------------------------

export const COURSE_DETAIL_TABS = ['students', 'grades', 'signs'] as const;
export type CourseDetailTab = (typeof COURSE_DETAIL_TABS)[number];
export const COURSE_DETAIL_TAB_LABELS: Record<CourseDetailTab, string> = { students: '学生名单', grades: '成绩', signs: '出勤' };

export const courseGradesTabSchema = z.object({
  course: courseRefSchema.extend({ capacity: z.number().int(), enrolled: z.number().int() }),
  components: z.array(z.object({ id: z.number().int(), name: z.string(), weight: z.number().int() })),
  publish_at: timestampSchema.nullable(),
  distribution: gradeDistributionSchema,
  average_grade: z.number().nullable(),
  students: z.array(
    z.object({
      student_id: idSchema,
      name: z.string(),
      /** Masked 138****0001. */
      phone: z.string(),
      /** Component id → score. */
      scores: z.record(z.string(), z.number()),
      final_grade: z.number().nullable(),
      letter: z.string().nullable(),
    }),
  ),
});
export type CourseGradesTab = z.infer<typeof courseGradesTabSchema>;

export const courseSignsTabSchema = z.object({
  course: courseRefSchema.extend({ capacity: z.number().int(), enrolled: z.number().int() }),
  attendance_rate: z.number().nullable(),
  meetings: z.array(
    z.object({
      meeting_id: z.number().int(),
      starts_at: timestampSchema,
      location: z.string(),
      sign_id: z.number().int().nullable(),
      /** none: no sign-in opened; open; closed. */
      state: z.enum(['none', 'open', 'closed']),
      ...attendanceCounts,
    }),
  ),
  students: z.array(
    z.object({
      student_id: idSchema,
      name: z.string(),
      phone: z.string(),
      present: z.number().int(),
      late: z.number().int(),
      excused: z.number().int(),
      absent: z.number().int(),
      /** Over the course's closed sign-ins. */
      rate: z.number().nullable(),
    }),
  ),
});
export type CourseSignsTab = z.infer<typeof courseSignsTabSchema>;
