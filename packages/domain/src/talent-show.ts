/**
 * The talent show (才艺秀, decision 103). It runs inside an activity of kind 'talent-show' (decision 100): the
 * activity gives the title, the text and the window in which students submit; the show adds the rules (criteria
 * with weights), the judges, the number of finalists and the time results are published.
 *
 * A student submits one entry per show (title, kind, description, pictures) with the guardian's consent to show
 * a minor's image; staff approve it before anyone else sees it; students like entries (one like each); judges
 * fill one score sheet per entry (0–10 per criterion), editable until results are published; at that time the
 * finalists are the best weighted averages.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { uploadedFileSchema } from './api/storage.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './api/common.ts';

export const TALENT_MSG = {
  NO_SHOW: '暂无才艺秀活动',
  SHOW_NOT_FOUND: '才艺秀活动不存在',
  NOT_ELIGIBLE: '你不在本次才艺秀的参与范围内',
  NOT_ENROLLED: '完成学费缴纳后方可参加才艺秀',
  NOT_OPEN: '当前不在作品提交时间内',
  RESULTS_OUT: '结果已公布，不能再修改',
  TITLE: '请填写作品名称（不超过 40 字）',
  KIND: '请选择才艺类别',
  DESCRIPTION: '作品介绍不超过 500 字',
  MEDIA: '请上传 1 至 6 张作品图片（JPG 或 PNG）',
  MEDIA_NOT_OWN: '作品图片须为本人上传的 JPG 或 PNG 图片',
  CONSENT: '须经监护人同意展示作品中的学生肖像后方可提交',
  GUARDIAN_NAME: '请填写监护人姓名（不超过 20 字）',
  GUARDIAN_RELATION: '请选择监护人与学生的关系',
  ENTRY_NOT_FOUND: '作品不存在',
  OWN_ENTRY_LIKE: '不能给自己的作品点赞',
  REVIEW_STATUS: '请选择审核结果',
  NOT_MODERATOR: '仅管理员和工作人员可以审核作品',
  NOT_JUDGE: '你不是本次才艺秀的评委',
  NOT_ADMIN: '仅管理员可以修改评选规则',
  RULES_NOT_PUBLISHED: '评选规则尚未发布，暂不能评分',
  ENTRY_NOT_APPROVED: '作品审核通过后才能评分',
  SCORES: '请为每一项评分标准打分（0–10 的整数）',
  COMMENT: '评语不超过 300 字',
  CRITERIA: '请填写 1 至 8 项评分标准',
  CRITERION_NAME: '请填写评分标准名称（不超过 20 字）',
  WEIGHTS: '各项权重须为正整数，合计 100',
  CRITERIA_LOCKED: '已有评委评分，不能再修改评分标准',
  RULES_TEXT: '规则说明不超过 2000 字',
  FINALISTS: '入围人数须为 1 至 50 的整数',
  RESULTS_AT: '请设置结果公布时间',
  JUDGES: '评委须为教师账号（最多 30 位）',
  SUBMITTED: '作品已提交，审核通过后将在作品展中展示',
  WITHDRAWN: '作品已撤回',
  APPROVED: '已通过，作品将在作品展中展示',
  HIDDEN: '已隐藏',
  SCORED: '评分已保存',
  RULES_SAVED: '评选规则已保存',
} as const;

export const TALENT_KINDS = ['music', 'dance', 'art', 'drama', 'recitation', 'sport', 'tech', 'other'] as const;
export type TalentKind = (typeof TALENT_KINDS)[number];
export const TALENT_KIND_LABELS: Record<TalentKind, string> = {
  music: '音乐',
  dance: '舞蹈',
  art: '美术与手工',
  drama: '戏剧与表演',
  recitation: '朗诵与演讲',
  sport: '体育',
  tech: '科技与编程',
  other: '其他',
};

/** pending: waiting for staff; approved: in the gallery; hidden: taken down by staff (the student sees why). */
export const TALENT_ENTRY_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type TalentEntryStatus = (typeof TALENT_ENTRY_STATUSES)[number];
export const TALENT_STATUS_LABELS: Record<TalentEntryStatus, string> = { pending: '待审核', approved: '已展示', hidden: '已隐藏' };

export const TALENT_GUARDIAN_RELATIONS = ['father', 'mother', 'guardian'] as const;
export type TalentGuardianRelation = (typeof TALENT_GUARDIAN_RELATIONS)[number];
export const TALENT_GUARDIAN_RELATION_LABELS: Record<TalentGuardianRelation, string> = { father: '父亲', mother: '母亲', guardian: '其他法定监护人' };

/** The text the guardian agrees to; its version is stored with the consent so a later wording is told apart. */
export const TALENT_CONSENT_VERSION = 'talent-show-2026-1';
export const TALENT_CONSENT_TEXT =
  '我是该学生的监护人，同意 Summit 在项目平台内向本项目师生展示该作品及其中的学生肖像、声音与姓名，仅用于才艺秀展示与评选；撤回作品即撤回本授权。';

export const TALENT_TITLE_MAX = 40;
export const TALENT_DESCRIPTION_MAX = 500;
export const TALENT_MEDIA_MAX = 6;
/** Pictures only: the platform's upload allow-list holds no video or audio type yet (decision 103). */
export const TALENT_MEDIA_TYPES = ['image/jpeg', 'image/png'] as const;
export const TALENT_SCORE_MAX = 10;
export const TALENT_CRITERIA_MAX = 8;
export const TALENT_WEIGHT_TOTAL = 100;
export const TALENT_COMMENT_MAX = 300;
export const TALENT_RULES_TEXT_MAX = 2000;
export const TALENT_JUDGES_MAX = 30;
export const TALENT_FINALISTS_MAX = 50;

const int4Id = (msg: string) => z.number({ error: msg }).int({ error: msg }).positive({ error: msg }).max(DB_INT_MAX, { error: msg });
const text = (max: number, msg: string, min = 0) =>
  boundedStringSchema(max + 50)
    .trim()
    .min(min, { error: msg })
    .max(max, { error: msg });

// ---------------------------------------------------------------------------------------------------------
// Requests

/** ?activity_id=: which talent show; absent: the current one (open first, then upcoming, then the latest closed). */
export const talentShowQuerySchema = requestObjectSchema({
  activity_id: z.preprocess((v) => (v === '' ? undefined : v), queryIdSchema.optional()),
});
export type TalentShowQuery = z.infer<typeof talentShowQuerySchema>;

export const talentConsentInputSchema = z.object(
  {
    guardian_name: text(20, TALENT_MSG.GUARDIAN_NAME, 1),
    guardian_relation: z.enum(TALENT_GUARDIAN_RELATIONS, { error: TALENT_MSG.GUARDIAN_RELATION }),
    agreed: z.literal(true, { error: TALENT_MSG.CONSENT }),
  },
  { error: TALENT_MSG.CONSENT },
);

/** POST /api/student/talent-show/entries: submit (or resubmit) my entry to the show; the consent is required. */
export const talentEntryInputSchema = requestObjectSchema({
  activity_id: int4Id(TALENT_MSG.SHOW_NOT_FOUND),
  title: text(TALENT_TITLE_MAX, TALENT_MSG.TITLE, 1),
  kind: z.enum(TALENT_KINDS, { error: TALENT_MSG.KIND }),
  description: text(TALENT_DESCRIPTION_MAX, TALENT_MSG.DESCRIPTION).default(''),
  media: z.array(uploadedFileSchema, { error: TALENT_MSG.MEDIA }).min(1, { error: TALENT_MSG.MEDIA }).max(TALENT_MEDIA_MAX, { error: TALENT_MSG.MEDIA }),
  consent: talentConsentInputSchema,
});
export type TalentEntryInput = z.input<typeof talentEntryInputSchema>;

/** PUT /api/teacher/talent-show/entries/{id}/review: approve or hide (staff); the note is shown to the student. */
export const talentReviewInputSchema = requestObjectSchema({
  status: z.enum(['approved', 'hidden'], { error: TALENT_MSG.REVIEW_STATUS }),
  note: text(200, MSG.PARAM_INVALID).default(''),
});
export type TalentReviewInput = z.input<typeof talentReviewInputSchema>;

/** PUT /api/teacher/talent-show/entries/{id}/sheet: my score sheet for the entry, one score per criterion. */
export const talentSheetInputSchema = requestObjectSchema({
  scores: z
    .array(
      requestObjectSchema({
        criterion_id: int4Id(TALENT_MSG.SCORES),
        score: z.number({ error: TALENT_MSG.SCORES }).int({ error: TALENT_MSG.SCORES }).min(0, { error: TALENT_MSG.SCORES }).max(TALENT_SCORE_MAX, { error: TALENT_MSG.SCORES }),
      }),
      { error: TALENT_MSG.SCORES },
    )
    .min(1, { error: TALENT_MSG.SCORES })
    .max(TALENT_CRITERIA_MAX, { error: TALENT_MSG.SCORES }),
  comment: text(TALENT_COMMENT_MAX, TALENT_MSG.COMMENT).default(''),
});
export type TalentSheetInput = z.input<typeof talentSheetInputSchema>;

export const talentCriterionInputSchema = requestObjectSchema({
  name: text(20, TALENT_MSG.CRITERION_NAME, 1),
  description: text(100, MSG.PARAM_INVALID).default(''),
  weight: z.number({ error: TALENT_MSG.WEIGHTS }).int({ error: TALENT_MSG.WEIGHTS }).min(1, { error: TALENT_MSG.WEIGHTS }).max(TALENT_WEIGHT_TOTAL, { error: TALENT_MSG.WEIGHTS }),
});

/** PUT /api/teacher/talent-show/rules (admins): the rules, judges, finalists and publication time of one show. */
export const talentRulesInputSchema = requestObjectSchema({
  activity_id: int4Id(TALENT_MSG.SHOW_NOT_FOUND),
  rules_text: text(TALENT_RULES_TEXT_MAX, TALENT_MSG.RULES_TEXT).default(''),
  criteria: z
    .array(talentCriterionInputSchema, { error: TALENT_MSG.CRITERIA })
    .min(1, { error: TALENT_MSG.CRITERIA })
    .max(TALENT_CRITERIA_MAX, { error: TALENT_MSG.CRITERIA })
    .refine((list) => list.reduce((sum, c) => sum + c.weight, 0) === TALENT_WEIGHT_TOTAL, { error: TALENT_MSG.WEIGHTS }),
  judge_ids: z.array(int4Id(TALENT_MSG.JUDGES), { error: TALENT_MSG.JUDGES }).max(TALENT_JUDGES_MAX, { error: TALENT_MSG.JUDGES }).default([]),
  /** null: no publication time yet (results stay withheld). */
  results_at: z.iso.datetime({ offset: true, error: TALENT_MSG.RESULTS_AT }).nullable(),
  finalist_count: z.number({ error: TALENT_MSG.FINALISTS }).int({ error: TALENT_MSG.FINALISTS }).min(1, { error: TALENT_MSG.FINALISTS }).max(TALENT_FINALISTS_MAX, { error: TALENT_MSG.FINALISTS }),
  /** Publish the rules to teachers and students (judging starts); false keeps them a draft. */
  published: z.boolean({ error: MSG.PARAM_INVALID }),
});
export type TalentRulesInput = z.input<typeof talentRulesInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Rules of the show, pure

export interface WeightedCriterion {
  id: number;
  weight: number;
}

/**
 * A sheet's weighted score out of 100: Σ(score × weight) / Σ(weight) × 10, with scores 0–10. A sheet missing a
 * criterion counts it as 0 (never happens through the API: a sheet must score every criterion).
 */
export function weightedScore(criteria: readonly WeightedCriterion[], scores: ReadonlyMap<number, number>): number {
  const weights = criteria.reduce((s, c) => s + c.weight, 0);
  if (weights === 0) return 0;
  const sum = criteria.reduce((s, c) => s + (scores.get(c.id) ?? 0) * c.weight, 0);
  return Math.round((sum / weights) * (100 / TALENT_SCORE_MAX) * 100) / 100;
}

export interface RankableEntry {
  entryId: number;
  /** The weighted scores of its sheets. */
  sheetScores: readonly number[];
  submittedAt: Date;
}

export interface RankedEntry {
  entryId: number;
  rank: number;
  average: number;
  sheets: number;
  finalist: boolean;
}

/**
 * The result: entries with at least one sheet, by average weighted score (two decimals); a tie goes to the entry
 * more judges scored, then to the earlier submission. Equal average and sheets share a rank. The first
 * `finalists` places (by position, so a tie at the cut is settled by the submission time) are the finalists.
 */
export function rankEntries(entries: readonly RankableEntry[], finalists: number): RankedEntry[] {
  const scored = entries
    .filter((e) => e.sheetScores.length > 0)
    .map((e) => ({ e, average: Math.round((e.sheetScores.reduce((s, x) => s + x, 0) / e.sheetScores.length) * 100) / 100 }));
  scored.sort((a, b) => b.average - a.average || b.e.sheetScores.length - a.e.sheetScores.length || a.e.submittedAt.getTime() - b.e.submittedAt.getTime() || a.e.entryId - b.e.entryId);
  const out: RankedEntry[] = [];
  scored.forEach((s, i) => {
    const prev = out[i - 1];
    const tied = prev !== undefined && prev.average === s.average && prev.sheets === s.e.sheetScores.length;
    out.push({ entryId: s.e.entryId, rank: tied ? prev.rank : i + 1, average: s.average, sheets: s.e.sheetScores.length, finalist: i < finalists });
  });
  return out;
}

/** Results are out once the publication time has come; before it the server answers none. */
export function resultsArePublished(resultsAt: Date | string | null, now: Date): boolean {
  return resultsAt !== null && new Date(resultsAt).getTime() <= now.getTime();
}

// ---------------------------------------------------------------------------------------------------------
// Responses

export const talentCriterionSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string(), weight: z.number().int() });
export type TalentCriterion = z.infer<typeof talentCriterionSchema>;

export const talentShowInfoSchema = z.object({
  activity_id: z.number().int(),
  title: z.string(),
  /** The activity's sanitised rich text. */
  content: z.string(),
  opens_at: timestampSchema,
  closes_at: timestampSchema,
  window: z.enum(['upcoming', 'open', 'closed']),
  rules_published: z.boolean(),
  rules_text: z.string(),
  criteria: z.array(talentCriterionSchema),
  finalist_count: z.number().int(),
  results_at: timestampSchema.nullable(),
  results_published: z.boolean(),
  entry_count: z.number().int(),
});
export type TalentShowInfo = z.infer<typeof talentShowInfoSchema>;

export const talentMediaSchema = z.object({ id: z.number().int(), name: z.string(), content_type: z.string(), url: z.string() });
export type TalentMedia = z.infer<typeof talentMediaSchema>;

/** An entry as the gallery shows it. */
export const talentGalleryEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(TALENT_KINDS),
  description: z.string(),
  student_name: z.string(),
  media: z.array(talentMediaSchema),
  likes: z.number().int(),
  liked_by_me: z.boolean(),
  mine: z.boolean(),
  finalist_rank: z.number().int().nullable(),
  created_at: timestampSchema,
});
export type TalentGalleryEntry = z.infer<typeof talentGalleryEntrySchema>;

export const talentConsentSchema = z.object({
  guardian_name: z.string(),
  guardian_relation: z.enum(TALENT_GUARDIAN_RELATIONS),
  consent_at: timestampSchema,
  consent_version: z.string(),
});

/** The student's own entry: the gallery's view plus its review state and the consent on record. */
export const talentMyEntrySchema = talentGalleryEntrySchema.extend({
  /** The pictures' own upload addresses (the owner's files), so a change of the entry can keep them. */
  files: z.array(uploadedFileSchema),
  status: z.enum(TALENT_ENTRY_STATUSES),
  review_note: z.string(),
  consent: talentConsentSchema,
  updated_at: timestampSchema,
});
export type TalentMyEntry = z.infer<typeof talentMyEntrySchema>;

export const talentResultLineSchema = z.object({
  rank: z.number().int(),
  entry_id: z.number().int(),
  title: z.string(),
  kind: z.enum(TALENT_KINDS),
  student_name: z.string(),
  average: z.number(),
  sheets: z.number().int(),
  finalist: z.boolean(),
});
export type TalentResultLine = z.infer<typeof talentResultLineSchema>;

export const talentActivityRefSchema = z.object({ id: z.number().int(), title: z.string(), window: z.enum(['upcoming', 'open', 'closed']) });

/** GET /api/student/talent-show: the show, my entry, the gallery and (once published) the finalists. */
export const studentTalentShowSchema = z.object({
  shows: z.array(talentActivityRefSchema),
  show: talentShowInfoSchema.nullable(),
  /** Whether I may submit to this show (enrolled and in its audience). */
  eligible: z.boolean(),
  my_entry: talentMyEntrySchema.nullable(),
  gallery: z.array(talentGalleryEntrySchema),
  /** null before the publication time: the server withholds results. Finalists only. */
  finalists: z.array(talentResultLineSchema).nullable(),
});
export type StudentTalentShow = z.infer<typeof studentTalentShowSchema>;

export const talentLikeSchema = z.object({ entry_id: z.number().int(), liked: z.boolean(), likes: z.number().int() });
export type TalentLike = z.infer<typeof talentLikeSchema>;

export const talentSheetSchema = z.object({
  scores: z.array(z.object({ criterion_id: z.number().int(), score: z.number().int() })),
  comment: z.string(),
  total: z.number(),
  updated_at: timestampSchema,
});
export type TalentSheet = z.infer<typeof talentSheetSchema>;

/** An entry on the judging page. */
export const teacherTalentEntrySchema = talentGalleryEntrySchema.extend({
  status: z.enum(TALENT_ENTRY_STATUSES),
  review_note: z.string(),
  consent: talentConsentSchema,
  my_sheet: talentSheetSchema.nullable(),
  sheet_count: z.number().int(),
});
export type TeacherTalentEntry = z.infer<typeof teacherTalentEntrySchema>;

/** GET /api/teacher/talent-show: entries to score (judges) and to review (staff). */
export const teacherTalentShowSchema = z.object({
  shows: z.array(talentActivityRefSchema),
  show: talentShowInfoSchema.nullable(),
  is_judge: z.boolean(),
  is_moderator: z.boolean(),
  /** Judges may save sheets: rules published, results not yet out. */
  scoring_open: z.boolean(),
  entries: z.array(teacherTalentEntrySchema),
  /** The whole ranking, once published (null before). */
  results: z.array(talentResultLineSchema).nullable(),
});
export type TeacherTalentShow = z.infer<typeof teacherTalentShowSchema>;

export const talentPersonSchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /api/teacher/talent-show/rules: every teacher reads; admins also get the teachers to pick judges from. */
export const talentRulesSchema = z.object({
  shows: z.array(talentActivityRefSchema),
  show: talentShowInfoSchema.nullable(),
  published_at: timestampSchema.nullable(),
  judges: z.array(talentPersonSchema),
  can_edit: z.boolean(),
  /** Criteria are fixed once a sheet exists (a change would re-weigh sheets already filled in). */
  criteria_locked: z.boolean(),
  teachers: z.array(talentPersonSchema),
});
export type TalentRules = z.infer<typeof talentRulesSchema>;
