/**
 * WeChat browser endpoints (decision 069): web-page OAuth for login, binding and the payer's
 * open id, and JS-SDK signatures. docs/api-contract.md: `/api/payment/wechat/oauth` (return_url, scope base →
 * data.wechat_pay_oauth_url) and `/api/wechat/js-config`.
 */
import { z } from 'zod';
import { loginResultSchema } from './auth.ts';
import { requestObjectSchema } from './common.ts';

export const WECHAT_MSG = {
  OFF: '未开启微信登录与支付',
  STATE_INVALID: '微信授权已失效，请重新发起',
  CODE_INVALID: '微信授权码无效或已使用，请重新授权',
  DENIED: '您已拒绝微信授权',
  RETURN_URL_INVALID: '返回地址无效，只能返回本站页面',
  URL_INVALID: '页面地址无效',
  NOT_BOUND: '当前账号未绑定微信',
  ALREADY_BOUND_OTHER: '该微信已绑定其他账号，请先在原账号解绑',
  ACCOUNT_HAS_WECHAT: '当前账号已绑定其他微信，请先解绑',
  BOUND: '微信绑定成功',
  UNBOUND: '已解绑微信',
  NEED_BIND: '该微信尚未绑定账号，请用手机号登录或注册，登录后自动绑定',
  WECHAT_UNAVAILABLE: '微信服务暂不可用，请稍后重试',
  STUDENT_ONLY: '仅学生账号可以绑定微信登录',
} as const;

export const WECHAT_OAUTH_PURPOSES = ['login', 'bind', 'pay', 'link'] as const;
export type WechatOauthPurpose = (typeof WECHAT_OAUTH_PURPOSES)[number];

/** The JS-SDK interfaces the pages use (share, JSAPI pay, scanning a check-in code). */
export const WECHAT_JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'chooseWXPay', 'scanQRCode'] as const;

/**
 * A same-origin path to come back to: starts with one "/", never "//" or "/\" (a protocol-relative URL that
 * browsers treat as another host), no control characters.
 */
export function isSameOriginPath(value: string): boolean {
  if (value.length === 0 || value.length > 1000) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  return !/[\u0000-\u001f\u007f]/.test(value);
}

export const returnPathSchema = z
  .string({ error: WECHAT_MSG.RETURN_URL_INVALID })
  .refine(isSameOriginPath, { error: WECHAT_MSG.RETURN_URL_INVALID });

// GET /api/payment/wechat/oauth ---------------------------------------------------------------------------
export const wechatPayOauthQuerySchema = requestObjectSchema({
  return_url: returnPathSchema,
  scope: z.enum(['base'], { error: WECHAT_MSG.STATE_INVALID }).default('base'),
});
export type WechatPayOauthQuery = z.infer<typeof wechatPayOauthQuerySchema>;
export const wechatPayOauthResultSchema = z.object({ wechat_pay_oauth_url: z.string() });

// GET /api/wechat/oauth/login, POST /api/student/wechat/bind-start -----------------------------------------
export const wechatOauthStartQuerySchema = requestObjectSchema({ return_url: returnPathSchema.default('/') });
export type WechatOauthStartQuery = z.infer<typeof wechatOauthStartQuerySchema>;
export const wechatOauthStartRequestSchema = requestObjectSchema({ return_url: returnPathSchema });
export const wechatOauthUrlSchema = z.object({ oauth_url: z.string() });

// POST /api/wechat/oauth/callback --------------------------------------------------------------------------
const codeSchema = z.string({ error: WECHAT_MSG.CODE_INVALID }).regex(/^[A-Za-z0-9_-]{1,128}$/, { error: WECHAT_MSG.CODE_INVALID });
const stateTokenSchema = z.string({ error: WECHAT_MSG.STATE_INVALID }).regex(/^[A-Za-z0-9_-]{16,128}$/, { error: WECHAT_MSG.STATE_INVALID });
export const wechatOauthCallbackRequestSchema = requestObjectSchema({ code: codeSchema, state: stateTokenSchema });
export type WechatOauthCallbackRequest = z.infer<typeof wechatOauthCallbackRequestSchema>;

export const wechatOauthCallbackResultSchema = z.discriminatedUnion('purpose', [
  /** A bound open id: a session like a password login's. Unbound: a single-use ticket for /api/student/wechat/link. */
  z.object({ purpose: z.literal('login'), return_path: z.string(), login: loginResultSchema.nullable(), bind_ticket: z.string().nullable() }),
  z.object({ purpose: z.literal('bind'), return_path: z.string(), nickname: z.string().nullable() }),
  z.object({ purpose: z.literal('pay'), return_path: z.string(), payer_ticket: z.string() }),
]);
export type WechatOauthCallbackResult = z.infer<typeof wechatOauthCallbackResultSchema>;

// POST /api/student/wechat/link -----------------------------------------------------------------------------
export const wechatLinkRequestSchema = requestObjectSchema({ bind_ticket: stateTokenSchema });
export type WechatLinkRequest = z.infer<typeof wechatLinkRequestSchema>;

// GET /api/student/wechat -------------------------------------------------------------------------------------
export const wechatBindingSchema = z.object({
  enabled: z.boolean(),
  bound: z.boolean(),
  nickname: z.string().nullable(),
  avatar_url: z.string().nullable(),
  bound_at: z.number().nullable(),
});
export type WechatBinding = z.infer<typeof wechatBindingSchema>;

// GET /api/wechat/js-config ----------------------------------------------------------------------------------
export const wechatJsConfigQuerySchema = requestObjectSchema({
  url: z
    .string({ error: WECHAT_MSG.URL_INVALID })
    .max(2000, { error: WECHAT_MSG.URL_INVALID })
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), { error: WECHAT_MSG.URL_INVALID }),
});
export type WechatJsConfigQuery = z.infer<typeof wechatJsConfigQuerySchema>;
export const wechatJsConfigSchema = z.object({
  app_id: z.string(),
  timestamp: z.number(),
  nonce_str: z.string(),
  signature: z.string(),
  js_api_list: z.array(z.string()),
});
export type WechatJsConfig = z.infer<typeof wechatJsConfigSchema>;

// GET /api/wechat/status (public): whether WeChat login is on, and whether the demo "以微信打开" switch may act.
export const wechatStatusSchema = z.object({ enabled: z.boolean(), mode: z.enum(['off', 'standin', 'live']), demo: z.boolean() });
export type WechatStatus = z.infer<typeof wechatStatusSchema>;
