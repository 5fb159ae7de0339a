/**
 * The WeChat mini-program (decision 097): its login (`/api/login-mp`, `/api/login-mp-com` for the club's
 * mini-program), the one-time code its web-view hands the site, scan-to-log-in on the web with a mini-program code
 * (`scene_id`, polled every 3 s), paying natively from the web-view, the referrer carried by shares
 * (`mini_referrer_id`) and the `/mini/{id}` landings.
 */
import { z } from 'zod';
import { loginResultSchema } from './auth.ts';
import { queryIdSchema, requestObjectSchema } from './common.ts';
import { returnPathSchema } from './wechat.ts';

export const MP_MSG = {
  OFF: '未开通微信小程序登录',
  CODE_INVALID: '小程序登录凭证无效或已使用，请重新进入小程序',
  WECHAT_UNAVAILABLE: '微信服务暂不可用，请稍后重试',
  TICKET_INVALID: '登录链接已失效，请返回小程序重新进入',
  BIND_INVALID: '绑定已失效，请返回小程序重新进入',
  NOT_BOUND: '该微信尚未绑定账号，请先在小程序中用手机号登录',
  ALREADY_BOUND_OTHER: '该微信已绑定其他账号',
  ACCOUNT_HAS_MP: '当前账号已绑定其他微信',
  BOUND: '小程序绑定成功',
  SCENE_INVALID: '二维码已失效，请刷新后重新扫码',
  SCENE_EXPIRED: '二维码已过期，请刷新后重新扫码',
  SCENE_SECRET: '仅发起登录的浏览器可以完成登录',
  SCENE_CONFIRMED: '已确认登录',
  SCENE_CANCELLED: '已取消登录',
  STUDENT_ONLY: '仅学生账号可以使用小程序登录',
  ORDER_NOT_FOUND: '订单不存在或不属于当前微信',
  ORDER_NOT_OPEN: '订单已支付或已关闭',
  REFERRER_INVALID: '推荐人无效',
  REFERRER_SELF: '不能推荐自己',
  REFERRER_BOUND: '推荐人已绑定',
  LANDING_NOT_FOUND: '入口不存在',
  PATH_INVALID: '页面地址无效，只能分享本站页面',
} as const;

/** The two mini-programs: the programme's own and the club's (`/api/login-mp-com`). */
export const MP_APPS = ['main', 'com'] as const;
export type MpApp = (typeof MP_APPS)[number];

export const MP_TIMING = {
  /** The one-time code in the web-view's URL. */
  webviewCodeTtlMs: 60_000,
  /** The hand-over of an unbound WeChat to the phone login that follows. */
  bindTicketTtlMs: 10 * 60_000,
  /** A scan-to-log-in code. */
  sceneTtlMs: 2 * 60_000,
  /** The browser asks this often whether the scan was confirmed (spec: mini-program poll 3 s). */
  pollIntervalMs: 3000,
} as const;

/** wx.login's code: WeChat's are 32 characters of [0-9A-Za-z]; allow a little more. */
const wxCodeSchema = z.string({ error: MP_MSG.CODE_INVALID }).regex(/^[A-Za-z0-9_-]{8,128}$/, { error: MP_MSG.CODE_INVALID });
/** Our one-time tokens: 32 random bytes, base64url. */
const oneTimeSchema = (msg: string) => z.string({ error: msg }).regex(/^[A-Za-z0-9_-]{32,64}$/, { error: msg });
/** A getUnlimited scene holds at most 32 visible characters; ours are 22 of base64url. */
export const mpSceneIdSchema = z.string({ error: MP_MSG.SCENE_INVALID }).regex(/^[A-Za-z0-9_-]{16,32}$/, { error: MP_MSG.SCENE_INVALID });
export const mpReferrerIdSchema = z.string({ error: MP_MSG.REFERRER_INVALID }).regex(/^[A-Za-z0-9_-]{6,64}$/, { error: MP_MSG.REFERRER_INVALID });
export const mpOrderNoSchema = z.string({ error: MP_MSG.ORDER_NOT_FOUND }).regex(/^[A-Za-z0-9]{6,40}$/, { error: MP_MSG.ORDER_NOT_FOUND });

// POST /api/login-mp, /api/login-mp-com (the mini-program, after wx.login) -----------------------------------------
export const mpLoginRequestSchema = requestObjectSchema({ code: wxCodeSchema });
export type MpLoginRequest = z.infer<typeof mpLoginRequestSchema>;
export const mpLoginResultSchema = z.object({
  /** Single use, 60 s: the web-view URL carries it in its fragment (#mp_code=…) and the site exchanges it. */
  webview_code: z.string(),
  expires_at: z.string(),
  /** Whether this WeChat already logs in to an account (else the site asks for a phone login, then binds). */
  bound: z.boolean(),
  /** The account's own referral code, for the shares the mini-program makes; null when unbound. */
  referrer_id: z.string().nullable(),
});
export type MpLoginResult = z.infer<typeof mpLoginResultSchema>;

// POST /api/login-mp/exchange (the site in the web-view) --------------------------------------------------------------
export const mpExchangeRequestSchema = requestObjectSchema({ code: oneTimeSchema(MP_MSG.TICKET_INVALID) });
export const mpExchangeResultSchema = z.object({
  app: z.enum(MP_APPS),
  /** A session like a password login's, or null when the WeChat is not bound yet. */
  login: loginResultSchema.nullable(),
  /** Unbound: hand it to POST /api/student/mini/link after the phone login. */
  bind_ticket: z.string().nullable(),
  /** The payer ticket (decision 070) for JSAPI payments made through the mini-program's own pay page. */
  wx_payer: z.string(),
});
export type MpExchangeResult = z.infer<typeof mpExchangeResultSchema>;

// POST /api/student/mini/link -------------------------------------------------------------------------------------------
export const mpLinkRequestSchema = requestObjectSchema({ bind_ticket: oneTimeSchema(MP_MSG.BIND_INVALID) });

// GET /api/student/mini --------------------------------------------------------------------------------------------------
export const mpMeSchema = z.object({
  /** Bound to the programme's mini-program. */
  bound: z.boolean(),
  /** A club user: bound to the club's mini-program (the recommendation icon is theirs, inside a mini-program). */
  club: z.boolean(),
  /** This account's referral code (made on first ask). */
  referrer_id: z.string(),
  /** Whether someone's referral is already bound to this account. */
  referred: z.boolean(),
});
export type MpMe = z.infer<typeof mpMeSchema>;

// POST /api/student/mini/referrer ---------------------------------------------------------------------------------------
export const mpReferrerRequestSchema = requestObjectSchema({ referrer_id: mpReferrerIdSchema });
export const mpReferrerResultSchema = z.object({ bound: z.boolean() });

// Scan to log in ---------------------------------------------------------------------------------------------------------
export const MP_SCENE_STATUSES = ['pending', 'scanned', 'confirmed', 'consumed', 'cancelled', 'expired'] as const;
export type MpSceneStatus = (typeof MP_SCENE_STATUSES)[number];

/** POST /api/login-mp/scene (the login page): a fresh scene, its mini-program code, and the browser's poll secret. */
export const mpSceneCreatedSchema = z.object({
  scene_id: z.string(),
  /** Sent back in the x-mp-poll-secret header: never in the code, never in a URL. */
  poll_secret: z.string(),
  /** The mini-program code (PNG) as a data URL. */
  qr_image: z.string(),
  expires_at: z.string(),
  poll_interval_ms: z.number().int(),
});
export type MpSceneCreated = z.infer<typeof mpSceneCreatedSchema>;

/** GET /api/login-mp/poll?scene_id= */
export const mpPollQuerySchema = requestObjectSchema({ scene_id: mpSceneIdSchema });
export const mpPollResultSchema = z.object({
  status: z.enum(MP_SCENE_STATUSES),
  /** Confirmed: the session, handed out once. */
  login: loginResultSchema.nullable(),
});
export type MpPollResult = z.infer<typeof mpPollResultSchema>;

/** POST /api/login-mp/scene/view|confirm|cancel (the mini-program's scan-confirm page, with a fresh wx.login code). */
export const mpSceneActionRequestSchema = requestObjectSchema({ scene_id: mpSceneIdSchema, code: wxCodeSchema });
export const mpSceneViewSchema = z.object({
  status: z.enum(MP_SCENE_STATUSES),
  /** Which device asked, e.g. "Chrome · Windows". */
  device: z.string(),
  /** Where, coarsely: a city when known, else the address with its last part hidden. */
  place: z.string(),
  expires_at: z.string(),
  /** The account this WeChat would log in to, its name masked; null when unbound. */
  account_name: z.string().nullable(),
});
export type MpSceneView = z.infer<typeof mpSceneViewSchema>;

// POST /api/login-mp/pay (the mini-program's pay page) ------------------------------------------------------------------
export const mpPayRequestSchema = requestObjectSchema({ code: wxCodeSchema, order_id: mpOrderNoSchema });
/** What wx.requestPayment takes, in its own camelCase. */
export const mpPayParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
  amount_fen: z.number().int(),
  description: z.string(),
});
export type MpPayParams = z.infer<typeof mpPayParamsSchema>;

// Landings: /mini/{id} ----------------------------------------------------------------------------------------------------
/** The built-in landing: the programme entry. */
export const MP_ENTRY_LANDING_ID = 1;
export const mpLandingSchema = z.object({
  id: z.number().int(),
  target_path: z.string(),
  title: z.string(),
  referrer_id: z.string().nullable(),
});
export type MpLanding = z.infer<typeof mpLandingSchema>;
export const mpLandingCreateSchema = requestObjectSchema({
  path: returnPathSchema.refine((p) => !p.startsWith('/mini/'), { error: MP_MSG.PATH_INVALID }),
  title: z.string({ error: MP_MSG.PATH_INVALID }).trim().min(1, { error: MP_MSG.PATH_INVALID }).max(40, { error: MP_MSG.PATH_INVALID }).optional(),
});
export const mpLandingCreatedSchema = mpLandingSchema.extend({
  /** A mini-program code (PNG data URL) that opens this landing. */
  qr_image: z.string(),
});
export type MpLandingCreated = z.infer<typeof mpLandingCreatedSchema>;

/** The web-view URL fragment key of the one-time code. */
export const MP_WEBVIEW_CODE_KEY = 'mp_code';

/** A device label's sibling: an IPv4 with its last part hidden, an IPv6 with all but its first three groups. */
export function maskIp(ip: string | null | undefined): string {
  if (!ip) return '未知位置';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.*`;
  const groups = ip.split(':').filter(Boolean);
  return groups.length >= 3 ? `${groups.slice(0, 3).join(':')}:*` : '未知位置';
}

/** GET /api/mini/landing/{id} */
export const mpLandingParamsSchema = z.object({ id: queryIdSchema });
