/** Request and response schemas of the course centre (/api/student/course-center/*) and selection rounds (admin). */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { COURSE_CENTRE_MSG, SEAT_TARGET_MAX } from '../course-allocation.ts';
import { COURSE_CATEGORIES, COURSE_LANGUAGES } from '../course-terms.ts';
import { SESSION_KEYS } from '../programme-terms.ts';
import { boundedStringSchema, idSchema, queryIdSchema, requestObjectSchema, DB_INT_MAX } from './common.ts';

const bodyIdSchema = z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID });
const instantSchema = z.iso.datetime({ offset: true, error: MSG.PARAM_INVALID });

export const SELECTION_MODES = ['grab', 'preference'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];
export const SELECTION_MODE_LABELS: Record<SelectionMode, string> = { grab: '先到先得（抢课）', preference: '志愿分配' };
export const ROUND_STATUSES = ['draft', 'open', 'closed', 'allocated'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = { draft: '草稿', open: '已开放', closed: '已关闭', allocated: '已分配' };

export const courseIdBodySchema = requestObjectSchema({ course_id: bodyIdSchema });
export const courseIdParamsSchema = z.object({ course_id: queryIdSchema });
export const centreIdParamsSchema = z.object({ id: queryIdSchema });
export const sortBodySchema = requestObjectSchema({ course_ids: z.array(bodyIdSchema, { error: MSG.PARAM_INVALID }).max(200, { error: MSG.PARAM_INVALID }) });
/** POST cart/grab: one course by id (decision 041: the cart's whole list is taken by cart/submit). */
export const grabBodySchema = courseIdBodySchema;

export const centreCourseListQuerySchema = requestObjectSchema({
  category: z.enum(COURSE_CATEGORIES, { error: MSG.PARAM_INVALID }).optional(),
  keyword: boundedStringSchema(50).optional(),
  period: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(20, { error: MSG.PARAM_INVALID }).optional(),
});
export type CentreCourseListQuery = z.infer<typeof centreCourseListQuerySchema>;

export const meetingSchema = z.object({ starts_at: z.string(), ends_at: z.string(), location: z.string() });
export const centreCourseSchema = z.object({
  id: idSchema,
  code: z.string(),
  title: z.string(),
  teacher_name: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  session_key: z.enum(SESSION_KEYS),
  period: z.number().int(),
  language: z.enum(COURSE_LANGUAGES),
  capacity: z.number().int(),
  seats_left: z.number().int(),
  description: z.string(),
  syllabus: z.string(),
  meetings: z.array(meetingSchema),
  /** Title of the held course it clashes with, or null. */
  clashes_with: z.string().nullable(),
  in_cart: z.boolean(),
  in_wish: z.boolean(),
  enrolled: z.boolean(),
  waitlisted: z.boolean(),
});
export type CentreCourse = z.infer<typeof centreCourseSchema>;

export const roundSchema = z.object({
  id: idSchema,
  name: z.string(),
  session_key: z.enum(SESSION_KEYS),
  venue_id: z.number().int().nullable(),
  categories: z.array(z.enum(COURSE_CATEGORIES)),
  mode: z.enum(SELECTION_MODES),
  /** Preference mode: seats each student should reach before anyone gets more (decision 085). */
  seat_target: z.number().int(),
  opens_at: z.string(),
  closes_at: z.string(),
  status: z.enum(ROUND_STATUSES),
  seed: z.string().nullable(),
  created_at: z.string(),
});
export type SelectionRound = z.infer<typeof roundSchema>;

export const centreConfigSchema = z.object({
  round: roundSchema.nullable(),
  /** before | open | after the round's window, by the server's clock. */
  phase: z.enum(['before', 'open', 'after']).nullable(),
  server_now: z.string(),
  session_key: z.enum(SESSION_KEYS),
  venue: z.object({ id: idSchema, place_name: z.string(), name: z.string() }),
  limits: z.object({ fc_extra_max: z.number().int(), cw_min: z.number().int() }),
});
export type CentreConfig = z.infer<typeof centreConfigSchema>;

export const listItemSchema = z.object({ course: centreCourseSchema, sort: z.number().int() });
export const centreCourseListSchema = z.array(centreCourseSchema);
export const grabResultSchema = z.object({ course_id: idSchema, ok: z.boolean(), msg: z.string() });
export type GrabResult = z.infer<typeof grabResultSchema>;
export const submitResultSchema = z.object({ results: z.array(grabResultSchema) });

export const noticeSchema = z.object({ id: idSchema, title: z.string(), body: z.string(), created_at: z.string(), read_at: z.string().nullable() });
export const timetableSchema = z.object({
  courses: z.array(centreCourseSchema.extend({ source: z.string() })),
  waitlist: z.array(z.object({ course_id: idSchema, title: z.string(), position: z.number().int() })),
  notices: z.array(noticeSchema),
  venue: z.object({ id: idSchema, place_name: z.string(), name: z.string() }),
  session_key: z.enum(SESSION_KEYS),
});
export type Timetable = z.infer<typeof timetableSchema>;

// Admin: selection rounds
export const roundBodySchema = requestObjectSchema({
  name: boundedStringSchema(60).min(1, { error: '请填写轮次名称' }),
  session_key: z.enum(SESSION_KEYS, { error: MSG.PARAM_INVALID }),
  venue_id: bodyIdSchema.nullable(),
  categories: z.array(z.enum(COURSE_CATEGORIES, { error: MSG.PARAM_INVALID }), { error: MSG.PARAM_INVALID }).min(1, { error: '请至少选择一个课程类别' }).max(6, { error: MSG.PARAM_INVALID }),
  mode: z.enum(SELECTION_MODES, { error: MSG.PARAM_INVALID }),
  /** Absent: SEAT_TARGET_DEFAULT on a new round, unchanged on an edit. */
  seat_target: z
    .number({ error: MSG.PARAM_INVALID })
    .int({ error: MSG.PARAM_INVALID })
    .min(1, { error: COURSE_CENTRE_MSG.SEAT_TARGET })
    .max(SEAT_TARGET_MAX, { error: COURSE_CENTRE_MSG.SEAT_TARGET })
    .optional(),
  opens_at: instantSchema,
  closes_at: instantSchema,
});
export type RoundBody = z.infer<typeof roundBodySchema>;
export const roundStatusBodySchema = requestObjectSchema({ status: z.enum(['open', 'closed', 'draft'], { error: MSG.PARAM_INVALID }) });
/** `seed` is required so an empty body is a 4003 like every other; an empty string asks the server for a random one. */
export const dryRunBodySchema = requestObjectSchema({ seed: boundedStringSchema(64) });
export const commitBodySchema = requestObjectSchema({ run_id: bodyIdSchema });

export const fairnessSchema = z.object({
  students: z.number().int(),
  byRank: z.array(z.number().int()),
  first: z.number().int(),
  second: z.number().int(),
  third: z.number().int(),
  unplaced: z.number().int(),
  seatsAssigned: z.number().int(),
  /** Decision 085; absent on runs stored before it. */
  target: z.number().int().optional(),
  belowTarget: z.number().int().optional(),
  belowTargetWithSeatFree: z.number().int().optional(),
});
export const allocationRunSchema = z.object({
  id: idSchema,
  round_id: idSchema,
  seed: z.string(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  fairness: fairnessSchema,
  assignments: z.array(z.object({ student_id: idSchema, student_name: z.string(), course_id: idSchema, course_title: z.string(), rank: z.number().int() })),
  waitlist: z.array(z.object({ student_id: idSchema, course_id: idSchema, rank: z.number().int() })),
});
export type AllocationRun = z.infer<typeof allocationRunSchema>;
export const waitlistViewSchema = z.array(
  z.object({ course_id: idSchema, course_title: z.string(), entries: z.array(z.object({ student_id: idSchema, student_name: z.string(), created_at: z.string(), promoted_at: z.string().nullable() })) }),
);
