/**
 * Activities (decision 100): the one model behind every community card of the summer (ceremonies, Mission X,
 * the talent show, the forum, the honour wall, the SBP, 城市见面会 and HAA cards, …). An activity has a kind, a
 * title, sanitised rich-text content, a window (opens_at ≤ now < closes_at is open), and an audience: everyone,
 * or the students of some sessions, venues, houses or courses. A new activity of an existing kind needs no code.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { SESSION_KEYS } from './programme-terms.ts';
import { DB_INT_MAX, boundedStringSchema, requestObjectSchema, timestampSchema } from './api/common.ts';

/** Every kind of activity. The student card of a kind is /student/card/{kind} (brain-olympics: /student/brain-olympics). */
export const ACTIVITY_KINDS = [
  'opening',
  'ending',
  'mission-x',
  'talent-show',
  'forum',
  'honor',
  'sbp',
  'land',
  'coop',
  'haa',
  'brain-olympics',
  'answer-book',
  'course-vote',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  opening: '开营典礼',
  ending: '结营典礼',
  'mission-x': 'Mission X',
  'talent-show': '才艺秀',
  forum: '论坛',
  honor: '荣誉墙',
  sbp: 'SBP 项目',
  land: '城市见面会',
  coop: '合作项目',
  haa: 'HAA 学术奖',
  'brain-olympics': '脑力奥林匹克',
  'answer-book': '答案之书',
  'course-vote': '课程投票',
};

/** Ceremonies: an agenda, a live link near the start, a replay after, attendance, teachers' cues. */
export const CEREMONY_KINDS = ['opening', 'ending'] as const satisfies readonly ActivityKind[];
export type CeremonyKind = (typeof CEREMONY_KINDS)[number];
export function isCeremonyKind(kind: string): kind is CeremonyKind {
  return (CEREMONY_KINDS as readonly string[]).includes(kind);
}

/** Content-only cards: the activity's text, window and a call-to-action link configured by the programme office. */
export const CONTENT_CARD_KINDS = ['sbp', 'land', 'haa', 'coop'] as const satisfies readonly ActivityKind[];
export type ContentCardKind = (typeof CONTENT_CARD_KINDS)[number];
export function isContentCardKind(kind: string): kind is ContentCardKind {
  return (CONTENT_CARD_KINDS as readonly string[]).includes(kind);
}

/** The student's page of a kind: where a hub card leads. */
export function activityCardPath(kind: ActivityKind): string {
  return kind === 'brain-olympics' ? '/student/brain-olympics' : `/student/card/${kind}`;
}

/** Who may take part: everyone, or students of any of the listed sessions / venues / houses / courses. */
export const AUDIENCE_KINDS = ['all', 'session', 'venue', 'house', 'course'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export const AUDIENCE_KIND_LABELS: Record<AudienceKind, string> = { all: '全体学生', session: '指定期次', venue: '指定会场', house: '指定学院', course: '指定课程' };

/** Session audiences name the session keys; the others name ids (as strings, one column for every kind). */
export interface ActivityAudience {
  kind: AudienceKind;
  values: string[];
}

/** What decides a student's audiences: their sessions (from their seats), venue, house and courses. */
export interface AudienceFacts {
  sessions: readonly string[];
  venueId: number | null;
  houseId: number | null;
  courseIds: readonly number[];
}

/** Does the audience include a student with these facts? 'all' includes every programme student. */
export function audienceIncludes(audience: ActivityAudience, facts: AudienceFacts): boolean {
  const values = new Set(audience.values);
  switch (audience.kind) {
    case 'all':
      return true;
    case 'session':
      return facts.sessions.some((s) => values.has(s));
    case 'venue':
      return facts.venueId !== null && values.has(String(facts.venueId));
    case 'house':
      return facts.houseId !== null && values.has(String(facts.houseId));
    case 'course':
      return facts.courseIds.some((c) => values.has(String(c)));
  }
}

export type ActivityWindow = 'upcoming' | 'open' | 'closed';
export const ACTIVITY_WINDOW_LABELS: Record<ActivityWindow, string> = { upcoming: '即将开始', open: '进行中', closed: '已结束' };

/** The one window rule: upcoming before opens_at, open until closes_at (exclusive), closed after. */
export function activityWindow(activity: { opensAt: Date | string; closesAt: Date | string }, now: Date): ActivityWindow {
  const opens = new Date(activity.opensAt).getTime();
  const closes = new Date(activity.closesAt).getTime();
  const t = now.getTime();
  if (t < opens) return 'upcoming';
  if (t < closes) return 'open';
  return 'closed';
}

/** A ceremony's live link is shown from this long before it opens until it closes; the server withholds it otherwise. */
export const CEREMONY_LIVE_LEAD_MS = 15 * 60_000;

export type LiveLinkState = 'before' | 'live' | 'after';
export function liveLinkState(activity: { opensAt: Date | string; closesAt: Date | string }, now: Date): LiveLinkState {
  const t = now.getTime();
  if (t < new Date(activity.opensAt).getTime() - CEREMONY_LIVE_LEAD_MS) return 'before';
  if (t < new Date(activity.closesAt).getTime()) return 'live';
  return 'after';
}

export const ACTIVITY_MSG = {
  NOT_FOUND: '活动不存在',
  KIND: '请选择活动类型',
  TITLE: '请填写标题（不超过 60 字）',
  CONTENT: '内容过长',
  WINDOW: '结束时间须晚于开始时间',
  OPENS: '请填写开始时间',
  CLOSES: '请填写结束时间',
  AUDIENCE_VALUES: '请选择参与范围',
  AUDIENCE_UNKNOWN: '参与范围中有不存在的期次、会场、学院或课程',
  URL: '链接须以 https:// 或 http:// 开头，或为站内路径（以 / 开头）',
  CTA_LABEL: '按钮文字不超过 12 字',
  AGENDA_TITLE: '请填写议程标题（不超过 60 字）',
  AGENDA_TOO_MANY: '议程最多 40 项',
  SPEAKER_NOT_TEACHER: '议程负责人须为教师账号',
  SAVED: '已保存',
  CREATED: '活动已创建',
  PUBLISHED: '已发布',
  UNPUBLISHED: '已撤回',
  NOT_ELIGIBLE: '你不在该活动的参与范围内',
  NOT_LIVE: '直播尚未开始，请在开始前 15 分钟进入',
  ENDED: '直播已结束，请观看回放',
  NO_LIVE_URL: '直播链接尚未公布',
} as const;

export const ACTIVITY_TITLE_MAX = 60;
export const ACTIVITY_CONTENT_MAX = 50_000;
export const ACTIVITY_URL_MAX = 500;
export const ACTIVITY_CTA_LABEL_MAX = 12;
export const ACTIVITY_AUDIENCE_VALUES_MAX = 200;
export const ACTIVITY_AGENDA_MAX = 40;

const err = { error: MSG.PARAM_INVALID };
const isoInstant = (msg: string) => z.iso.datetime({ offset: true, error: msg });

/** A link the admin configures: absolute http(s) or a path inside the site; never javascript: or data:. */
export function isActivityUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  return /^https?:\/\/[^\s/?#<>"']+[^\s<>"']*$/i.test(value);
}
const urlSchema = boundedStringSchema(ACTIVITY_URL_MAX)
  .trim()
  .refine((v) => v === '' || isActivityUrl(v), { error: ACTIVITY_MSG.URL });

export const activityAudienceSchema = z
  .object(
    {
      kind: z.enum(AUDIENCE_KINDS, err),
      values: z.array(boundedStringSchema(20).trim().min(1, err), err).max(ACTIVITY_AUDIENCE_VALUES_MAX, err).default([]),
    },
    err,
  )
  .superRefine((a, ctx) => {
    if (a.kind === 'all') return;
    if (a.values.length === 0) ctx.addIssue({ code: 'custom', message: ACTIVITY_MSG.AUDIENCE_VALUES, path: ['values'] });
    const ok = a.kind === 'session' ? (v: string) => (SESSION_KEYS as readonly string[]).includes(v) : (v: string) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= DB_INT_MAX;
    if (a.values.some((v) => !ok(v))) ctx.addIssue({ code: 'custom', message: ACTIVITY_MSG.AUDIENCE_UNKNOWN, path: ['values'] });
  });

export const agendaItemInputSchema = z.object(
  {
    starts_at: isoInstant(MSG.PARAM_INVALID),
    title: boundedStringSchema(ACTIVITY_TITLE_MAX + 20).trim().min(1, { error: ACTIVITY_MSG.AGENDA_TITLE }).max(ACTIVITY_TITLE_MAX, { error: ACTIVITY_MSG.AGENDA_TITLE }),
    /** The speaker's name as shown to students. */
    speaker: boundedStringSchema(40).trim().default(''),
    /** The teacher account who holds this item: they see it, with its cue, on /teacher/openning or /teacher/ending. */
    teacher_id: z.number(err).int(err).positive(err).max(DB_INT_MAX, err).nullable().optional(),
    /** Backstage cue for the teacher (not shown to students). */
    cue: boundedStringSchema(500).trim().default(''),
  },
  err,
);
export type AgendaItemInput = z.infer<typeof agendaItemInputSchema>;

/** POST /api/admin/activities and PUT /api/admin/activities/:id. */
export const activityInputSchema = requestObjectSchema({
  kind: z.enum(ACTIVITY_KINDS, { error: ACTIVITY_MSG.KIND }),
  title: boundedStringSchema(ACTIVITY_TITLE_MAX + 50).trim().min(1, { error: ACTIVITY_MSG.TITLE }).max(ACTIVITY_TITLE_MAX, { error: ACTIVITY_MSG.TITLE }),
  /** Rich text; the server sanitises it. */
  content: boundedStringSchema(ACTIVITY_CONTENT_MAX).default(''),
  opens_at: isoInstant(ACTIVITY_MSG.OPENS),
  closes_at: isoInstant(ACTIVITY_MSG.CLOSES),
  audience: activityAudienceSchema.default({ kind: 'all', values: [] }),
  cta_label: boundedStringSchema(ACTIVITY_CTA_LABEL_MAX + 10).trim().max(ACTIVITY_CTA_LABEL_MAX, { error: ACTIVITY_MSG.CTA_LABEL }).default(''),
  cta_url: urlSchema.default(''),
  live_url: urlSchema.default(''),
  replay_url: urlSchema.default(''),
  agenda: z.array(agendaItemInputSchema, err).max(ACTIVITY_AGENDA_MAX, { error: ACTIVITY_MSG.AGENDA_TOO_MANY }).default([]),
}).refine((a) => Date.parse(a.closes_at) > Date.parse(a.opens_at), { error: ACTIVITY_MSG.WINDOW, path: ['closes_at'] });
export type ActivityInput = z.infer<typeof activityInputSchema>;

export const activityPublishSchema = requestObjectSchema({ published: z.boolean(err) });

const queryKind = z.preprocess((v) => (v === '' ? undefined : v), z.enum(ACTIVITY_KINDS, err).optional());
export const activityListQuerySchema = requestObjectSchema({ kind: queryKind });

export const agendaItemSchema = z.object({
  id: z.number().int(),
  starts_at: timestampSchema,
  title: z.string(),
  speaker: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  cue: z.string(),
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;

/** The admin's view of an activity: everything, including links and cues. */
export const adminActivitySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
  content: z.string(),
  opens_at: timestampSchema,
  closes_at: timestampSchema,
  audience: z.object({ kind: z.enum(AUDIENCE_KINDS), values: z.array(z.string()) }),
  cta_label: z.string(),
  cta_url: z.string(),
  live_url: z.string(),
  replay_url: z.string(),
  published: z.boolean(),
  window: z.enum(['upcoming', 'open', 'closed']),
  agenda: z.array(agendaItemSchema),
  attendance: z.number().int(),
  updated_at: timestampSchema,
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;
export const adminActivityListSchema = z.object({ items: z.array(adminActivitySchema) });
export type AdminActivityList = z.infer<typeof adminActivityListSchema>;

/** A hub card: the student's activity of a kind. */
export const activityCardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
  opens_at: timestampSchema,
  closes_at: timestampSchema,
  window: z.enum(['upcoming', 'open', 'closed']),
  path: z.string(),
});
export type ActivityCard = z.infer<typeof activityCardSchema>;

/** GET /api/student/activities/hub. */
export const activityHubSchema = z.object({ lit: z.array(activityCardSchema), upcoming: z.array(activityCardSchema), closed: z.array(activityCardSchema) });
export type ActivityHub = z.infer<typeof activityHubSchema>;

/** What a student sees of one activity; live_url only inside its window, replay_url only after. */
export const studentActivitySchema = activityCardSchema.extend({
  content: z.string(),
  cta_label: z.string(),
  cta_url: z.string(),
  live_state: z.enum(['before', 'live', 'after']),
  live_url: z.string().nullable(),
  replay_url: z.string().nullable(),
  agenda: z.array(agendaItemSchema.omit({ teacher_id: true, cue: true })),
  attended: z.boolean(),
});
export type StudentActivity = z.infer<typeof studentActivitySchema>;

/** GET /api/student/activities/card/:kind: the activity to show now (open, else next, else latest) and the next date. */
export const studentActivityCardSchema = z.object({
  activity: studentActivitySchema.nullable(),
  next_opens_at: timestampSchema.nullable(),
});
export type StudentActivityCard = z.infer<typeof studentActivityCardSchema>;

/** POST /api/student/activities/:id/join: the live link, once the student is marked present. */
export const activityJoinSchema = z.object({ live_url: z.string(), attended_at: timestampSchema });
export type ActivityJoin = z.infer<typeof activityJoinSchema>;

/** GET /api/teacher/ceremonies/:kind: the ceremony, the whole agenda, and the items this teacher holds, with cues. */
export const teacherCeremonySchema = z.object({
  activity: z
    .object({
      id: z.number().int(),
      kind: z.enum(ACTIVITY_KINDS),
      title: z.string(),
      content: z.string(),
      opens_at: timestampSchema,
      closes_at: timestampSchema,
      window: z.enum(['upcoming', 'open', 'closed']),
      live_state: z.enum(['before', 'live', 'after']),
      live_url: z.string().nullable(),
      replay_url: z.string().nullable(),
      agenda: z.array(agendaItemSchema.omit({ cue: true })),
      my_items: z.array(agendaItemSchema),
    })
    .nullable(),
});
export type TeacherCeremony = z.infer<typeof teacherCeremonySchema>;

export const activityAttendanceSchema = z.object({
  activity_id: z.number().int(),
  total: z.number().int(),
  items: z.array(z.object({ student_id: z.number().int(), name: z.string(), attended_at: timestampSchema })),
});
export type ActivityAttendance = z.infer<typeof activityAttendanceSchema>;

export const ceremonyKindParamsSchema = z.object({ kind: z.enum(CEREMONY_KINDS, err) });
export const activityKindParamsSchema = z.object({ kind: z.enum(ACTIVITY_KINDS, err) });
