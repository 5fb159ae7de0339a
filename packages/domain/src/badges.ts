/**
 * Badges and the honour roll (decision 104). A badge is an achievement with a criterion: given by staff by hand
 * ('manual') or earned automatically when something happens elsewhere (a week of classes all attended, a Mission X
 * submission accepted, a talent-show finalist). Every award is issued as an Open Badges 3.0 credential
 * (OpenBadgeCredential, VC-JWT signed with RS256 by the programme's key) that anyone can verify publicly.
 */
import { z } from 'zod';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './api/common.ts';
import { MSG } from './messages.ts';

/** How a badge is earned. Anything but 'manual' is awarded by the module that sees it happen. */
export const BADGE_CRITERIA = ['manual', 'attendance_week', 'mission_x_accepted', 'talent_finalist', 'talent_performer', 'forum_helpful'] as const;
export type BadgeCriterion = (typeof BADGE_CRITERIA)[number];
export type AutoBadgeCriterion = Exclude<BadgeCriterion, 'manual'>;

export const BADGE_CRITERION_LABEL: Record<BadgeCriterion, string> = {
  manual: '由老师颁发',
  attendance_week: '一周全勤（该周每节课均已签到）',
  mission_x_accepted: 'Mission X 任务提交被采纳',
  talent_finalist: '才艺展示入围决赛',
  talent_performer: '才艺展示登台表演',
  forum_helpful: '论坛回答被评为有帮助',
};

/** The emblem colours the console offers (contrast-checked against white text). */
export const BADGE_COLOURS = ['#1d4ed8', '#047857', '#b45309', '#b91c1c', '#6d28d9', '#0f766e', '#be185d', '#374151'] as const;

export const BADGE_MSG = {
  NAME: '请填写徽章名称（不超过 30 字）',
  NAME_TAKEN: '已有同名徽章',
  DESCRIPTION: '请填写徽章说明（不超过 300 字）',
  CRITERIA_TEXT: '请填写获得条件（不超过 300 字）',
  CRITERION: '请选择获得方式',
  EMBLEM: '请填写徽章图案文字（1–2 个字）',
  COLOUR: '请选择徽章颜色',
  BADGE_NOT_FOUND: '徽章不存在',
  BADGE_NOT_PUBLISHED: '徽章尚未发布，不能颁发',
  BADGE_NOT_MANUAL: '该徽章由系统自动颁发，不能手动颁发',
  STUDENT_NOT_FOUND: '学生不存在',
  ALREADY_AWARDED: '该学生已获得此徽章',
  AWARD_REVOKED_BEFORE: '该学生的此徽章已被撤销，不能再次颁发',
  AWARD_NOT_FOUND: '徽章记录不存在',
  ALREADY_REVOKED: '该徽章已撤销',
  REASON: '请填写原因（不超过 200 字）',
  NOTE: '备注不超过 200 字',
  CREDENTIAL_NOT_FOUND: '凭证不存在或验证地址无效',
  CREDENTIAL_MALFORMED: '凭证格式无法识别',
  HONOUR_TITLE: '请填写荣誉名称（不超过 40 字）',
  HONOUR_CITATION: '请填写表彰词（不超过 500 字）',
  HONOUREE: '请填写获奖者（不超过 60 字）',
  HONOUR_NOT_FOUND: '荣誉不存在',
  SAVED: '已保存',
  AWARDED: '已颁发',
  REVOKED: '已撤销',
  PUBLISHED: '已发布',
  UNPUBLISHED: '已撤回',
  DELETED: '已删除',
} as const;

export const BADGE_NAME_MAX = 30;
export const BADGE_TEXT_MAX = 300;
export const BADGE_REASON_MAX = 200;
export const HONOUR_TITLE_MAX = 40;
export const HONOUR_CITATION_MAX = 500;
export const HONOUREE_MAX = 60;

const text = (max: number, msg: string) =>
  boundedStringSchema(max + 50)
    .trim()
    .min(1, { error: msg })
    .max(max, { error: msg });
const int4Id = (msg: string) => z.number({ error: msg }).int({ error: msg }).positive({ error: msg }).max(DB_INT_MAX, { error: msg });

export const badgeInputSchema = requestObjectSchema({
  name: text(BADGE_NAME_MAX, BADGE_MSG.NAME),
  description: text(BADGE_TEXT_MAX, BADGE_MSG.DESCRIPTION),
  criteria_text: text(BADGE_TEXT_MAX, BADGE_MSG.CRITERIA_TEXT),
  criterion: z.enum(BADGE_CRITERIA, { error: BADGE_MSG.CRITERION }),
  emblem: boundedStringSchema(20)
    .trim()
    .refine((v) => Array.from(v).length >= 1 && Array.from(v).length <= 2, { error: BADGE_MSG.EMBLEM }),
  colour: z.enum(BADGE_COLOURS, { error: BADGE_MSG.COLOUR }),
  published: z.boolean({ error: MSG.PARAM_INVALID }),
});
export type BadgeInput = z.infer<typeof badgeInputSchema>;

export const badgeManualAwardSchema = requestObjectSchema({
  account_id: int4Id(BADGE_MSG.STUDENT_NOT_FOUND),
  note: boundedStringSchema(BADGE_REASON_MAX + 50)
    .trim()
    .max(BADGE_REASON_MAX, { error: BADGE_MSG.NOTE })
    .optional(),
});
export type BadgeManualAward = z.infer<typeof badgeManualAwardSchema>;

export const badgeRevokeSchema = requestObjectSchema({ reason: text(BADGE_REASON_MAX, BADGE_MSG.REASON) });
export type BadgeRevoke = z.infer<typeof badgeRevokeSchema>;

export const honourInputSchema = requestObjectSchema({
  title: text(HONOUR_TITLE_MAX, BADGE_MSG.HONOUR_TITLE),
  citation: text(HONOUR_CITATION_MAX, BADGE_MSG.HONOUR_CITATION),
  honouree_name: text(HONOUREE_MAX, BADGE_MSG.HONOUREE),
  account_id: int4Id(BADGE_MSG.STUDENT_NOT_FOUND).nullable().optional(),
  published: z.boolean({ error: MSG.PARAM_INVALID }),
});
export type HonourInput = z.infer<typeof honourInputSchema>;

/** The verification link's key: a UUID (the credential's urn:uuid). */
export const badgePublicIdParamsSchema = z.object({ public_id: z.uuid({ error: BADGE_MSG.CREDENTIAL_NOT_FOUND }) });
export const badgeIdParamsSchema = z.object({ id: queryIdSchema });
/** POST /api/badges/verify: a credential someone holds (the compact VC-JWT, or the downloaded JSON file's text). */
export const badgeVerifyInputSchema = requestObjectSchema({ credential: boundedStringSchema(20_000).min(1, { error: BADGE_MSG.CREDENTIAL_MALFORMED }) });

export const badgeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  criteria_text: z.string(),
  criterion: z.enum(BADGE_CRITERIA),
  emblem: z.string(),
  colour: z.string(),
  published: z.boolean(),
  image_url: z.string(),
});
export type Badge = z.infer<typeof badgeSchema>;

export const adminBadgeSchema = badgeSchema.extend({ awarded: z.number().int(), revoked: z.number().int() });
export type AdminBadge = z.infer<typeof adminBadgeSchema>;

export const myBadgeAwardSchema = z.object({
  id: z.number().int(),
  public_id: z.string(),
  badge: badgeSchema,
  awarded_at: timestampSchema,
  note: z.string().nullable(),
  revoked_at: timestampSchema.nullable(),
  revoke_reason: z.string().nullable(),
  verify_path: z.string(),
});
export type MyBadgeAward = z.infer<typeof myBadgeAwardSchema>;

export const myBadgesSchema = z.object({ awards: z.array(myBadgeAwardSchema), catalogue: z.array(badgeSchema) });
export type MyBadges = z.infer<typeof myBadgesSchema>;

export const adminBadgeAwardSchema = z.object({
  id: z.number().int(),
  public_id: z.string(),
  badge_id: z.number().int(),
  badge_name: z.string(),
  student: z.object({ id: z.number().int(), name: z.string() }),
  source_kind: z.string(),
  awarded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  awarded_at: timestampSchema,
  revoked_at: timestampSchema.nullable(),
  revoke_reason: z.string().nullable(),
});
export type AdminBadgeAward = z.infer<typeof adminBadgeAwardSchema>;

export const badgeAwardsQuerySchema = requestObjectSchema({ badge_id: queryIdSchema.optional() });

export const BADGE_VERIFY_STATUS = ['valid', 'revoked', 'invalid'] as const;
export type BadgeVerifyStatus = (typeof BADGE_VERIFY_STATUS)[number];

export const badgeVerificationSchema = z.object({
  /** valid: the signature checks out with the programme's key and the award stands; revoked; invalid: bad signature or unknown. */
  status: z.enum(BADGE_VERIFY_STATUS),
  /** Why it is invalid (shown as is). */
  problem: z.string().nullable(),
  public_id: z.string().nullable(),
  badge: z.object({ name: z.string(), description: z.string(), criteria_text: z.string(), emblem: z.string(), colour: z.string(), image_url: z.string() }).nullable(),
  holder_name: z.string().nullable(),
  issuer_name: z.string(),
  issued_at: timestampSchema.nullable(),
  revoked_at: timestampSchema.nullable(),
});
export type BadgeVerification = z.infer<typeof badgeVerificationSchema>;

export const honourSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  citation: z.string(),
  honouree_name: z.string(),
  /** True when the honour names the caller (the student's roll highlights it). */
  mine: z.boolean(),
  published_at: timestampSchema.nullable(),
});
export type Honour = z.infer<typeof honourSchema>;

export const adminHonourSchema = honourSchema.extend({ account_id: z.number().int().nullable(), account_name: z.string().nullable(), created_at: timestampSchema });
export type AdminHonour = z.infer<typeof adminHonourSchema>;

export const studentLookupQuerySchema = requestObjectSchema({ q: boundedStringSchema(40).trim().min(1, { error: MSG.PARAM_INVALID }) });
export const studentLookupRowSchema = z.object({ id: z.number().int(), name: z.string(), phone_tail: z.string() });
export type StudentLookupRow = z.infer<typeof studentLookupRowSchema>;
