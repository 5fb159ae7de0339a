/**
 * WeCom (企业微信) sign-in and binding (decision 098). A staff member whose account an administrator linked to
 * their WeCom member user id signs in from WeCom; a student (someone outside the corp) binds their WeCom
 * identity — its open id and external_userid, the "eid" — to their account on /register.
 *
 * The round trip: POST /api/wecom/oauth/authorize { scope, return_url } → WeCom's authorize URL; WeCom sends the
 * browser to /wecom/oauth/middle?code&state; POST /api/wecom/oauth/eid { code, state, app_bind_url } resolves
 * the identity. Failures name a page suffix (/wecom/oauth/fail/{type}, texts in messages.ts
 * WECOM_ERROR_MESSAGES); code 66 sends the browser back to the stored entry address to start again.
 */
import { z } from 'zod';
import { loginResultSchema } from './auth.ts';
import { mfaChallengeResultSchema } from './mfa.ts';
import { requestObjectSchema } from './common.ts';
import { isSameOriginPath, returnPathSchema } from './wechat.ts';

export const WECOM_MSG = {
  OFF: '未开启企业微信登录',
  BIND_TICKET_INVALID: '企业微信身份已失效，请重新从企业微信打开',
  STUDENT_ONLY: '仅学生账号可以绑定企业微信',
  ALREADY_BOUND_OTHER: '该企业微信身份已绑定其他账号',
  ACCOUNT_HAS_WECOM: '当前账号已绑定其他企业微信身份',
  BOUND: '企业微信绑定成功',
  USER_ID_INVALID: '请填写企业微信账号（成员 UserID：字母、数字、下划线、点、@ 或短横线，不超过 64 位）',
  USER_ID_TAKEN: '该企业微信账号已关联其他员工',
  NOT_MEMBER: '企业微信通讯录中没有这个成员',
  MEMBER_INACTIVE: '该成员在企业微信中已停用、未激活或已离职',
  WECOM_UNAVAILABLE: '企业微信服务暂不可用，请稍后再试',
  LINKED: '已关联企业微信',
  UNLINKED: '已解除企业微信关联',
  NOT_LINKED: '该账号未关联企业微信',
  STAFF_NOT_FOUND: '员工账号不存在',
} as const;

/** The failure page suffixes (/wecom/oauth/fail/{type}); their texts are WECOM_ERROR_MESSAGES in messages.ts. */
export const WECOM_FAIL_TYPES = ['user-1', 'user-2', 'eid-1', 'eid-2', 'user_bind_para', 'eid_request', 'oauth_request', 'employee'] as const;
export type WecomFailType = (typeof WECOM_FAIL_TYPES)[number];

/** The answer code that sends the browser back to the stored entry address (the state ran out or was used). */
export const WECOM_RESTART_CODE = 66;

/** A WeCom member UserID as an administrator types it (WeCom allows letters, digits, _ . @ -; 1–64). */
export const WECOM_USER_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;

const opaqueSchema = (msg: string) => z.string({ error: msg }).regex(/^[A-Za-z0-9_-]{16,128}$/, { error: msg });
const codeSchema = z.string({ error: '授权码无效' }).regex(/^[A-Za-z0-9_-]{1,256}$/, { error: '授权码无效' });

// GET /api/wecom/status ----------------------------------------------------------------------------------------
export const wecomStatusSchema = z.object({ enabled: z.boolean(), mode: z.enum(['off', 'standin', 'live']) });
export type WecomStatus = z.infer<typeof wecomStatusSchema>;

// POST /api/wecom/oauth/authorize ------------------------------------------------------------------------------
export const wecomAuthorizeRequestSchema = requestObjectSchema({
  /** snsapi_base inside WeCom; `sso` in another browser (a QR code scanned with WeCom). */
  scope: z.enum(['snsapi_base', 'snsapi_privateinfo', 'sso'], { error: '授权范围无效' }).default('snsapi_base'),
  /** Where a signed-in staff member goes afterwards (a same-origin path; `/` is their home). */
  return_url: returnPathSchema,
});
export type WecomAuthorizeRequest = z.infer<typeof wecomAuthorizeRequestSchema>;
/** `state` is also in the URL: the entry page keeps it to check the state WeCom sends back (login CSRF). */
export const wecomAuthorizeResultSchema = z.object({ authorize_url: z.string(), state: z.string() });
export type WecomAuthorizeResult = z.infer<typeof wecomAuthorizeResultSchema>;

// POST /api/wecom/oauth/eid ------------------------------------------------------------------------------------
/** The register page path a student binds on: /register (with its own query), never another origin. */
export const appBindUrlSchema = z
  .string({ error: '绑定地址无效' })
  .refine((v) => isSameOriginPath(v) && /^\/register(\?|$)/.test(v), { error: '绑定地址无效' });

export const wecomEidRequestSchema = requestObjectSchema({
  code: codeSchema,
  state: opaqueSchema('授权状态无效'),
  app_bind_url: appBindUrlSchema.default('/register'),
});
export type WecomEidRequest = z.infer<typeof wecomEidRequestSchema>;

export const wecomEidResultSchema = z.discriminatedUnion('outcome', [
  /** A linked staff member: a session like a password login's. */
  z.object({ outcome: z.literal('signed_in'), code: z.literal(0), login: loginResultSchema, return_path: z.string() }),
  /** A linked staff member with a second factor: answer the challenge on /login/mfa first (decision 036). */
  z.object({ outcome: z.literal('mfa'), code: z.literal(0), mfa: mfaChallengeResultSchema, return_path: z.string() }),
  /** Someone outside the corp: a single-use ticket the register page binds after sign-in (kept in storage, not the URL). */
  z.object({ outcome: z.literal('bind'), code: z.literal(0), bind_ticket: z.string(), bind_url: z.string() }),
  /** The state ran out or was already used (a reload, the back button): start again from the entry address. */
  z.object({ outcome: z.literal('restart'), code: z.literal(WECOM_RESTART_CODE) }),
  /**
   * A failure page suffix; `disabled` (the account is disabled) is not one of §8's codes, so the page shows the
   * `message` it stored (the spec's "unknown code shows the stored error").
   */
  z.object({ outcome: z.literal('failed'), code: z.literal(1), fail: z.enum([...WECOM_FAIL_TYPES, 'disabled']), message: z.string().optional() }),
]);
export type WecomEidResult = z.infer<typeof wecomEidResultSchema>;

// POST /api/student/wecom/bind, GET /api/student/wecom -----------------------------------------------------------
export const wecomBindRequestSchema = requestObjectSchema({ bind_ticket: opaqueSchema(WECOM_MSG.BIND_TICKET_INVALID) });
export type WecomBindRequest = z.infer<typeof wecomBindRequestSchema>;

export const wecomStudentIdentitySchema = z.object({
  bound: z.boolean(),
  /** Present when the student is an external contact of a corp member. */
  external_user_id: z.string().nullable(),
  open_id: z.string().nullable(),
  bound_at: z.string().nullable(),
});
export type WecomStudentIdentity = z.infer<typeof wecomStudentIdentitySchema>;

// Staff links: GET /api/admin/wecom/staff-links, PUT / DELETE /api/admin/staff/:id/wecom -----------------------
export const wecomStaffLinkRequestSchema = requestObjectSchema({
  wecom_user_id: z
    .string({ error: WECOM_MSG.USER_ID_INVALID })
    .trim()
    .regex(WECOM_USER_ID_PATTERN, { error: WECOM_MSG.USER_ID_INVALID }),
});
export type WecomStaffLinkRequest = z.infer<typeof wecomStaffLinkRequestSchema>;

export const wecomStaffLinkSchema = z.object({
  account_id: z.number().int(),
  wecom_user_id: z.string(),
  wecom_name: z.string().nullable(),
  linked_at: z.string(),
  last_signin_at: z.string().nullable(),
});
export type WecomStaffLink = z.infer<typeof wecomStaffLinkSchema>;
export const wecomStaffLinkListSchema = z.object({ enabled: z.boolean(), items: z.array(wecomStaffLinkSchema) });
export type WecomStaffLinkList = z.infer<typeof wecomStaffLinkListSchema>;
