/**
 * The programme information seminar (招生说明会) over WeCom (decision 099): a prospective student or a parent signs
 * up, is assigned a counsellor (招生顾问) by the rules admins set, and adds that counsellor on WeCom through a
 * contact-me code whose `state` names the sign-up; WeCom's callback marks the sign-up connected.
 *
 * Pages: /wecom/seminar (list and form), /wecom/seminar/divide (the assignment step), /wecom/seminar/middle/{type}/
 * {userId} (the assigned counsellor), /wecom/seminar/add/{userId}/{type?} (the contact-me code), /wecom/seminar/error/
 * {type}/{userId?}. `{type}` of middle and add is the seminar's id; `{userId}` is the sign-up's public code
 * (`U` + its id), useless without the sign-up's secret key that only the browser that signed up holds.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { phoneSchema, nameSchema } from '../validation.ts';
import { DB_INT_MAX, boundedStringSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const WECOM_SEMINAR_MSG = {
  SEMINAR_NOT_FOUND: '说明会不存在',
  SEMINAR_CLOSED: '该说明会已停止报名',
  ALREADY_SIGNED_UP: '该手机号已报名本场说明会，请在报名时使用的设备上查看',
  SIGNUP_NOT_FOUND: '报名信息不存在或已失效，请重新报名',
  ROLE_REQUIRED: '请选择报名身份',
  GRADE_REQUIRED: '请选择年级',
  PROVINCE_REQUIRED: '请选择所在省份',
  SCHOOL_REQUIRED: '请填写就读学校',
  KEY_INVALID: '报名凭证无效，请刷新页面后重试',
  NO_COUNSELLOR: '顾问名额已满，我们会尽快安排顾问联系你',
  NOT_ASSIGNED: '尚未分配顾问',
  WECOM_UNAVAILABLE: '企业微信服务暂不可用，请稍后再试',
  SIGNED_UP: '报名成功',
  COUNSELLOR_NOT_FOUND: '顾问不存在',
  COUNSELLOR_NAME: '请填写顾问姓名（不超过 30 字）',
  WECOM_USERID: '请填写顾问的企业微信账号（字母、数字、下划线、点或短横线，不超过 64 位）',
  WECOM_USERID_TAKEN: '该企业微信账号已添加为顾问',
  CAPACITY: '接待上限须为 1 到 100000 之间的整数',
  CAPACITY_BELOW_ASSIGNED: '接待上限不能低于已分配人数',
  PROVINCES: '负责省份无效',
  SCHOOLS: '负责学校无效',
  INTRO: '顾问简介不超过 200 字',
  TITLE: '请填写说明会名称（不超过 60 字）',
  STARTS_AT: '请选择开始时间',
  DESCRIPTION: '说明会介绍不超过 1000 字',
  LOCATION: '地点或形式不超过 60 字',
  SAVED: '已保存',
} as const;

/** The §8 WeCom texts, and the seminar's own failure codes (1–4). Anything else: the stored error or 出错了！. */
export const WECOM_SEMINAR_ERROR_TEXTS: Readonly<Record<string, string>> = {
  'user-1': '认证异常！',
  'user-2': 'eid异常！',
  'eid-1': '认证异常！',
  'eid-2': 'eid异常！',
  user_bind_para: '参数丢失',
  eid_request: 'eid请求异常！',
  oauth_request: '认证请求异常！',
  employee: '员工账户！',
  '1': WECOM_SEMINAR_MSG.SIGNUP_NOT_FOUND,
  '2': WECOM_SEMINAR_MSG.NO_COUNSELLOR,
  '3': WECOM_SEMINAR_MSG.WECOM_UNAVAILABLE,
  '4': WECOM_SEMINAR_MSG.SEMINAR_CLOSED,
};
export const WECOM_SEMINAR_ERROR_FALLBACK = '出错了！';
/** The seminar's failure codes the pages send to /wecom/seminar/error/{type}. */
export const WECOM_SEMINAR_ERRORS = { SIGNUP_NOT_FOUND: '1', NO_COUNSELLOR: '2', WECOM_UNAVAILABLE: '3', SEMINAR_CLOSED: '4' } as const;

/** The text of /wecom/seminar/error/{type}: a known code's text, else the error the page stored, else 出错了！. */
export function wecomSeminarErrorText(type: string | undefined, stored?: string | null): string {
  const known = type !== undefined ? WECOM_SEMINAR_ERROR_TEXTS[type] : undefined;
  if (known) return known;
  const s = stored?.trim();
  return s ? s.slice(0, 100) : WECOM_SEMINAR_ERROR_FALLBACK;
}

export const SEMINAR_ROLES = ['student', 'parent'] as const;
export type SeminarRole = (typeof SEMINAR_ROLES)[number];
export const SEMINAR_ROLE_LABELS: Record<SeminarRole, string> = { student: '学生本人', parent: '家长' };
export const SEMINAR_GRADES = ['初一', '初二', '初三', '高一', '高二', '高三', '其他'] as const;
export const SEMINAR_SIGNUP_STATUSES = ['unassigned', 'assigned', 'connected'] as const;
export type SeminarSignupStatus = (typeof SEMINAR_SIGNUP_STATUSES)[number];
export const SEMINAR_SIGNUP_STATUS_LABELS: Record<SeminarSignupStatus, string> = { unassigned: '待分配', assigned: '已分配，未添加', connected: '已添加顾问' };

/** `U` + the sign-up's id: the {userId} of the pages. */
export const signupCodeOf = (id: number) => `U${id}`;
export function signupIdOf(code: string): number | null {
  const m = /^U([1-9]\d{0,9})$/.exec(code);
  if (!m) return null;
  const n = Number(m[1]);
  return n <= DB_INT_MAX ? n : null;
}

/** The sign-up's secret: 32 random bytes, base64url. Sent as the x-seminar-key header, never in an address. */
export const SEMINAR_KEY_HEADER = 'x-seminar-key';
export const seminarKeySchema = z.string({ error: WECOM_SEMINAR_MSG.KEY_INVALID }).regex(/^[A-Za-z0-9_-]{43}$/, { error: WECOM_SEMINAR_MSG.KEY_INVALID });

const intId = (msg: string) => z.number({ error: msg }).int({ error: msg }).positive({ error: msg }).max(DB_INT_MAX, { error: msg });

// ---- Public ---------------------------------------------------------------------------------------------------

export const seminarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  starts_at: timestampSchema,
  open: z.boolean(),
});
export type Seminar = z.infer<typeof seminarSchema>;
export const seminarListSchema = z.array(seminarSchema);

/**
 * POST /api/wecom/seminar/signups. `key` is made by the browser (32 random bytes) and becomes the sign-up's secret:
 * the same key sent again (a double tap) answers the same sign-up; another key for the same phone is refused.
 */
export const seminarSignupInputSchema = requestObjectSchema({
  seminar_id: intId(WECOM_SEMINAR_MSG.SEMINAR_NOT_FOUND),
  role: z.enum(SEMINAR_ROLES, { error: WECOM_SEMINAR_MSG.ROLE_REQUIRED }),
  name: nameSchema,
  phone: phoneSchema,
  grade: z.enum(SEMINAR_GRADES, { error: WECOM_SEMINAR_MSG.GRADE_REQUIRED }),
  state_id: intId(WECOM_SEMINAR_MSG.PROVINCE_REQUIRED),
  school_id: intId(WECOM_SEMINAR_MSG.SCHOOL_REQUIRED).nullable().optional(),
  school_name: boundedStringSchema(200).trim().max(60, { error: WECOM_SEMINAR_MSG.SCHOOL_REQUIRED }).optional(),
  key: seminarKeySchema,
});
export type SeminarSignupInput = z.infer<typeof seminarSignupInputSchema>;

export const seminarSignupResultSchema = z.object({ code: z.string(), seminar_id: z.number().int() });
export type SeminarSignupResult = z.infer<typeof seminarSignupResultSchema>;

/** POST /api/wecom/seminar/divide: assign the sign-up a counsellor (again: the same answer). */
export const seminarDivideInputSchema = requestObjectSchema({ code: boundedStringSchema(20) });

export const seminarCounsellorCardSchema = z.object({ name: z.string(), intro: z.string() });

/** GET /api/wecom/seminar/signups/{code} (x-seminar-key): what the middle and add pages show. */
export const seminarSignupViewSchema = z.object({
  code: z.string(),
  seminar: z.object({ id: z.number().int(), title: z.string(), starts_at: timestampSchema, location: z.string() }),
  name: z.string(),
  status: z.enum(SEMINAR_SIGNUP_STATUSES),
  counsellor: seminarCounsellorCardSchema.nullable(),
  connected_at: timestampSchema.nullable(),
});
export type SeminarSignupView = z.infer<typeof seminarSignupViewSchema>;

export const seminarCodeParamsSchema = z.object({ code: boundedStringSchema(20) });

/** POST /api/wecom/seminar/signups/{code}/contact: the counsellor's contact-me code for this sign-up. */
export const seminarContactSchema = z.object({
  qr_code: z.string(),
  connected: z.boolean(),
  /** Demo only (WECOM stand-in): the page a phone would open by scanning the code. */
  demo_scan_url: z.string().nullable(),
});
export type SeminarContact = z.infer<typeof seminarContactSchema>;

// ---- Admin ----------------------------------------------------------------------------------------------------

const regionRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const counsellorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  wecom_userid: z.string(),
  intro: z.string(),
  capacity: z.number().int(),
  assigned: z.number().int(),
  connected: z.number().int(),
  active: z.boolean(),
  provinces: z.array(regionRefSchema),
  schools: z.array(regionRefSchema),
});
export type Counsellor = z.infer<typeof counsellorSchema>;
export const counsellorListSchema = z.array(counsellorSchema);

export const COUNSELLOR_CAPACITY_MAX = 100_000;
export const counsellorInputSchema = requestObjectSchema({
  name: boundedStringSchema(200).trim().min(1, { error: WECOM_SEMINAR_MSG.COUNSELLOR_NAME }).max(30, { error: WECOM_SEMINAR_MSG.COUNSELLOR_NAME }),
  wecom_userid: boundedStringSchema(200).trim().regex(/^[A-Za-z0-9_.@-]{1,64}$/, { error: WECOM_SEMINAR_MSG.WECOM_USERID }),
  intro: boundedStringSchema(1000).trim().max(200, { error: WECOM_SEMINAR_MSG.INTRO }).default(''),
  capacity: z.number({ error: WECOM_SEMINAR_MSG.CAPACITY }).int({ error: WECOM_SEMINAR_MSG.CAPACITY }).min(1, { error: WECOM_SEMINAR_MSG.CAPACITY }).max(COUNSELLOR_CAPACITY_MAX, { error: WECOM_SEMINAR_MSG.CAPACITY }),
  active: z.boolean({ error: MSG.PARAM_INVALID }).default(true),
  province_ids: z.array(intId(WECOM_SEMINAR_MSG.PROVINCES), { error: WECOM_SEMINAR_MSG.PROVINCES }).max(40, { error: WECOM_SEMINAR_MSG.PROVINCES }).default([]),
  school_ids: z.array(intId(WECOM_SEMINAR_MSG.SCHOOLS), { error: WECOM_SEMINAR_MSG.SCHOOLS }).max(200, { error: WECOM_SEMINAR_MSG.SCHOOLS }).default([]),
});
export type CounsellorInput = z.infer<typeof counsellorInputSchema>;

export const adminSeminarSchema = seminarSchema.extend({ signups: z.number().int(), connected: z.number().int() });
export const adminSeminarListSchema = z.array(adminSeminarSchema);
export type AdminSeminar = z.infer<typeof adminSeminarSchema>;

export const seminarInputSchema = requestObjectSchema({
  title: boundedStringSchema(200).trim().min(1, { error: WECOM_SEMINAR_MSG.TITLE }).max(60, { error: WECOM_SEMINAR_MSG.TITLE }),
  description: boundedStringSchema(2000).trim().max(1000, { error: WECOM_SEMINAR_MSG.DESCRIPTION }).default(''),
  location: boundedStringSchema(200).trim().max(60, { error: WECOM_SEMINAR_MSG.LOCATION }).default(''),
  starts_at: z.iso.datetime({ offset: true, error: WECOM_SEMINAR_MSG.STARTS_AT }),
  open: z.boolean({ error: MSG.PARAM_INVALID }).default(true),
});
export type SeminarInput = z.infer<typeof seminarInputSchema>;

const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const queryInt = (max: number) =>
  z.preprocess(blankAsAbsent, z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(max, { error: MSG.PARAM_INVALID }).optional());

/** GET /api/admin/wecom-seminar/signups (and its export): who is assigned, and connected, to whom. */
export const seminarSignupQuerySchema = requestObjectSchema({
  seminar_id: queryInt(DB_INT_MAX),
  counsellor_id: queryInt(DB_INT_MAX),
  status: z.preprocess(blankAsAbsent, z.enum(SEMINAR_SIGNUP_STATUSES, { error: MSG.PARAM_INVALID }).optional()),
  q: z.preprocess(blankAsAbsent, boundedStringSchema(50).trim().optional()),
  page: queryInt(100_000),
  page_size: queryInt(100),
});
export type SeminarSignupQuery = z.infer<typeof seminarSignupQuerySchema>;

export const adminSeminarSignupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  seminar: z.object({ id: z.number().int(), title: z.string() }),
  role: z.enum(SEMINAR_ROLES),
  name: z.string(),
  phone: z.string(),
  grade: z.string(),
  province: z.string(),
  school: z.string(),
  counsellor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(SEMINAR_SIGNUP_STATUSES),
  created_at: timestampSchema,
  connected_at: timestampSchema.nullable(),
});
export type AdminSeminarSignup = z.infer<typeof adminSeminarSignupSchema>;
export const adminSeminarSignupPageSchema = z.object({ items: z.array(adminSeminarSignupSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type AdminSeminarSignupPage = z.infer<typeof adminSeminarSignupPageSchema>;

/** The WeCom callback's query (GET: URL verification with echostr; POST: an event). */
export const wecomCallbackQuerySchema = requestObjectSchema({
  msg_signature: boundedStringSchema(100).optional(),
  timestamp: boundedStringSchema(20).optional(),
  nonce: boundedStringSchema(100).optional(),
  echostr: boundedStringSchema(2000).optional(),
});

// ---- The assignment rule --------------------------------------------------------------------------------------

export interface CounsellorCandidate {
  id: number;
  capacity: number;
  assigned: number;
  stateIds: readonly number[];
  schoolIds: readonly number[];
}
export const ASSIGN_RULES = ['school', 'province', 'general'] as const;
export type AssignRule = (typeof ASSIGN_RULES)[number];
export const ASSIGN_RULE_LABELS: Record<AssignRule, string> = { school: '按学校', province: '按省份', general: '通用顾问' };

/**
 * Picks the counsellor for a sign-up (decision 099). Tiers, first that has room wins: counsellors covering the
 * sign-up's school; then those covering its province; then generalists (covering no province and no school).
 * Within a tier, the lowest load (assigned ÷ capacity), then the fewest assigned, then the lowest id: the same
 * inputs always give the same answer. Candidates must be the active counsellors; full ones are skipped.
 */
export function pickCounsellor(candidates: readonly CounsellorCandidate[], who: { stateId: number; schoolId: number | null }): { id: number; rule: AssignRule } | null {
  const open = candidates.filter((c) => c.assigned < c.capacity);
  const tiers: Array<[AssignRule, (c: CounsellorCandidate) => boolean]> = [
    ['school', (c) => who.schoolId !== null && c.schoolIds.includes(who.schoolId)],
    ['province', (c) => c.stateIds.includes(who.stateId)],
    ['general', (c) => c.stateIds.length === 0 && c.schoolIds.length === 0],
  ];
  for (const [rule, covers] of tiers) {
    const best = open.filter(covers).sort(byLoad)[0];
    if (best) return { id: best.id, rule };
  }
  return null;
}

function byLoad(a: CounsellorCandidate, b: CounsellorCandidate): number {
  // a.assigned / a.capacity vs b.assigned / b.capacity without floating point.
  const load = a.assigned * b.capacity - b.assigned * a.capacity;
  return load !== 0 ? load : a.assigned !== b.assigned ? a.assigned - b.assigned : a.id - b.id;
}
