/**
 * Venue and house results (decision 040): the student's success card, the house pages, the rosters and
 * the admin's assignment, sorting and publication calls.
 */
import { z } from 'zod';
import { SESSION_KEYS } from '../programme-terms.ts';
import { MSG } from '../messages.ts';
import { DB_INT_MAX, boundedStringSchema, requestObjectSchema, timestampSchema } from './common.ts';

const nullableTime = timestampSchema.nullable();
const int4Id = z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID });

export const houseBriefSchema = z.object({ code: z.string(), name: z.string(), english_name: z.string(), colour: z.string(), motto: z.string() });
export type HouseBrief = z.infer<typeof houseBriefSchema>;

export const venueBriefSchema = z.object({ place_name: z.string(), name: z.string(), city: z.string(), is_beijing: z.boolean() });
export type VenueBrief = z.infer<typeof venueBriefSchema>;

/** GET /api/student/success-card-status (docs/product/data.md success-card status; extra fields after `user` are ours). */
export const successCardStatusSchema = z.object({
  cards: z.object({ is_new: z.boolean() }),
  course_apply: z.object({ place_name: z.string().nullable(), open_at: nullableTime, close_at: nullableTime }),
  place_apply: z.object({ open_at: nullableTime }),
  allow_course_cart: z.boolean(),
  user: z.object({ house: houseBriefSchema.nullable() }),
  tuition_paid: z.boolean(),
  session: z.object({ key: z.enum(SESSION_KEYS), name: z.string() }).nullable(),
  /** The venue, once its result is published. */
  venue: venueBriefSchema.nullable(),
  /** When the house result of the student's venue is (to be) published. */
  house_open_at: nullableTime,
  /** Why course selection is closed for this student (the docs/product/errors.md message), null when open. */
  course_gate_msg: z.string().nullable(),
  /** H-week / X-week (decisions 075, 076): the released admit of programme hxweek and its offer type, else null. */
  hxweek_offer_letter: z.object({ offer_type: z.string() }).nullable(),
  /** Fen paid towards hxweek (deposit, final or whole); null when nothing is paid. */
  hxweek_paid_status: z.object({ fee: z.number().int() }).nullable(),
});
export type SuccessCardStatus = z.infer<typeof successCardStatusSchema>;

export const placementSeenRequestSchema = requestObjectSchema({ kind: z.enum(['venue', 'house'], { error: MSG.PARAM_INVALID }) });

/** GET /api/student/house: the student's house once published (the reveal result). */
export const myHouseSchema = z.object({ house: houseBriefSchema, venue: venueBriefSchema, members: z.number().int(), first_seen: z.boolean() });
export type MyHouse = z.infer<typeof myHouseSchema>;

export const houseCountSchema = houseBriefSchema.extend({ members: z.number().int() });
export type HouseCount = z.infer<typeof houseCountSchema>;

/** GET /api/houses (/12house): every house with its published members count across venues. */
export const twelveHousesSchema = z.object({ houses: z.array(houseCountSchema), published_venues: z.number().int() });
export type TwelveHouses = z.infer<typeof twelveHousesSchema>;

/** GET /api/student/sorting-ceremony (Beijing only). */
export const sortingCeremonySchema = z.object({ venue: venueBriefSchema, houses: z.array(houseCountSchema), my_house: houseBriefSchema.nullable() });
export type SortingCeremony = z.infer<typeof sortingCeremonySchema>;

/** GET /api/roster: venues with house counts (public: no names). */
export const rosterVenueSchema = venueBriefSchema.extend({ house_published: z.boolean(), students: z.number().int().nullable(), houses: z.array(houseCountSchema) });
export const rosterListSchema = z.object({ venues: z.array(rosterVenueSchema) });
export type RosterList = z.infer<typeof rosterListSchema>;

/** GET /api/roster/{place}: members' names only for staff and the venue's own students (decision 040). */
export const rosterDetailSchema = z.object({
  venue: rosterVenueSchema,
  can_see_names: z.boolean(),
  houses: z.array(houseCountSchema.extend({ names: z.array(z.string()) })),
});
export type RosterDetail = z.infer<typeof rosterDetailSchema>;
export const rosterParamsSchema = z.object({ place: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: MSG.PARAM_INVALID }) });

export const houseRulesSchema = z.object({ text: z.string(), updated_at: nullableTime });
export type HouseRules = z.infer<typeof houseRulesSchema>;
export const HOUSE_RULES_MAX = 20_000;
export const houseRulesSaveSchema = requestObjectSchema({ text: boundedStringSchema(HOUSE_RULES_MAX) });

// Admin ----------------------------------------------------------------------------------------------------

export const PLACEMENT_MSG = {
  VENUE_FULL: '该会场已满，请先调整容量或其他同学',
  NOT_PAID: '仅已缴学费的同学可分配会场',
  SORT_AFTER_PUBLISH: '该会场的学院分配已公布，不能重新分配',
  OVERWRITE_AFTER_PUBLISH: '会场结果已公布，不能整体覆盖重新分配；请逐个调整',
  NO_STUDENTS: '该会场暂无学生，无需分配学院',
  VENUE_NOT_FOUND: '会场不存在',
  STUDENT_NOT_FOUND: '学生不存在',
  NO_HOUSES: '尚未设置学院',
  UNPUBLISH_AFTER_PUBLISH: '结果已公布，不能撤回',
  ASSIGNED: '已分配',
  SORTED: '学院分配完成',
  LATECOMERS_UNSORTED: '该会场尚未分配学院，请先分配学院',
  LATECOMERS_PLACED: '已补分学院',
  SAVED: '已保存',
} as const;

export const venueRuleRequestSchema = requestObjectSchema({
  session_key: z.enum(SESSION_KEYS, { error: MSG.SELECT_REQUIRED }),
  overwrite: z.boolean({ error: MSG.PARAM_INVALID }).default(false),
  dry_run: z.boolean({ error: MSG.PARAM_INVALID }).default(true),
});
export const venueRuleResultSchema = z.object({
  dry_run: z.boolean(),
  students: z.number().int(),
  counts: z.array(z.object({ venue_id: z.number().int(), name: z.string(), capacity: z.number().int(), assigned: z.number().int(), local: z.number().int(), online: z.number().int(), overflow: z.number().int() })),
  unassigned: z.number().int(),
});
export type VenueRuleResult = z.infer<typeof venueRuleResultSchema>;

export const venueMoveRequestSchema = requestObjectSchema({ student_id: int4Id, venue_id: int4Id });
/** The move's answer: the house the student joined when the new venue was already sorted (decision 045). */
export const venueMoveResultSchema = z.object({ house: houseBriefSchema.nullable() });
export type VenueMoveResult = z.infer<typeof venueMoveResultSchema>;
/** POST /api/admin/placement/house-latecomers: places a sorted venue's students who have no house (decision 045). */
export const houseLatecomersRequestSchema = requestObjectSchema({ venue_id: int4Id });
export const houseLatecomersResultSchema = z.object({ placed: z.number().int(), houses: z.array(houseCountSchema) });
export type HouseLatecomersResult = z.infer<typeof houseLatecomersResultSchema>;
export const houseSortRequestSchema = requestObjectSchema({
  venue_id: int4Id,
  seed: z.string({ error: MSG.PARAM_INVALID }).regex(/^[A-Za-z0-9_-]{1,40}$/, { error: MSG.PARAM_INVALID }).optional(),
});
export const houseSortResultSchema = z.object({ run_id: z.number().int(), seed: z.string(), students: z.number().int(), houses: z.array(houseCountSchema) });
export type HouseSortResult = z.infer<typeof houseSortResultSchema>;

export const publicationRequestSchema = requestObjectSchema({
  kind: z.enum(['venue', 'house'], { error: MSG.PARAM_INVALID }),
  venue_id: int4Id.nullable().default(null),
  /** null clears a time not yet reached. */
  publish_at: z.iso.datetime({ offset: true, error: '请选择公布时间' }).nullable(),
});

export const adminPlacementStudentsQuerySchema = requestObjectSchema({
  session_key: z.enum(SESSION_KEYS, { error: MSG.PARAM_INVALID }).optional(),
  venue_id: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(0, { error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }).optional(),
  q: boundedStringSchema(40).optional(),
});

export const adminPlacementStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  session_name: z.string().nullable(),
  school_name: z.string().nullable(),
  venue_id: z.number().int().nullable(),
  method: z.string().nullable(),
  house: z.string().nullable(),
});
export const adminPlacementStudentsSchema = z.object({ students: z.array(adminPlacementStudentSchema), total: z.number().int() });
export type AdminPlacementStudents = z.infer<typeof adminPlacementStudentsSchema>;

export const adminPlacementVenueSchema = z.object({
  id: z.number().int(),
  place_name: z.string(),
  name: z.string(),
  city: z.string(),
  is_beijing: z.boolean(),
  capacity: z.number().int(),
  session_keys: z.array(z.string()),
  assigned: z.number().int(),
  housed: z.number().int(),
  venue_publish_at: nullableTime,
  house_publish_at: nullableTime,
  last_run: z.object({ id: z.number().int(), seed: z.string(), students: z.number().int(), created_at: timestampSchema }).nullable(),
  houses: z.array(houseCountSchema),
});
export const adminPlacementOverviewSchema = z.object({
  now: timestampSchema,
  venues: z.array(adminPlacementVenueSchema),
  /** The programme-wide publication times (venue_id null). */
  venue_publish_at: nullableTime,
  house_publish_at: nullableTime,
  unassigned_paid: z.array(z.object({ session_key: z.enum(SESSION_KEYS), count: z.number().int() })),
});
export type AdminPlacementOverview = z.infer<typeof adminPlacementOverviewSchema>;
