/**
 * Sessions under the user's control (decision 037): the signed-in devices of an account,
 * ending one or all others, changing the password, and an administrator ending an account's sessions.
 */
import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { emptyResponseSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './api/common.ts';
import { passwordSchema } from './validation.ts';
import { MSG } from './messages.ts';

export const SESSION_MSG = {
  REVOKED_ONE: '已退出该设备',
  REVOKED_OTHERS: '已退出其他所有设备',
  /** 4004: the list is stale (ended elsewhere, expired, or not this account's), so the page reloads it. */
  NOT_FOUND: '该设备已退出登录',
  /** The current device leaves through 退出登录, which also clears this browser's login. */
  CURRENT_USE_LOGOUT: '当前设备请使用“退出登录”',
  PASSWORD_CHANGED: '密码已修改，其他设备已退出登录',
  OLD_PASSWORD_REQUIRED: '请输入当前密码',
  OLD_PASSWORD_WRONG: '当前密码错误',
  PASSWORD_SAME: '新密码不能与当前密码相同',
  ADMIN_REVOKED: '已退出该账号的所有设备',
  ACCOUNT_NOT_FOUND: '账号不存在',
} as const;

const PLATFORM_LABELS: Record<string, string> = { web: '网页', wechat: '微信小程序', wechatweb: '微信网页' };

/** The x-plat a session logged in with, in Chinese; null when the client sent none. */
export function platformLabel(plat: string | null | undefined): string | null {
  return plat ? (PLATFORM_LABELS[plat] ?? plat) : null;
}

// Ordered: in-app browsers put "Safari" and "Chrome" in their user agents too, so they are tested first.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/wxwork\//i, '企业微信'],
  [/miniProgram/i, '微信小程序'],
  [/MicroMessenger\//i, '微信内置浏览器'],
  [/DingTalk\//i, '钉钉'],
  [/\bQQ\/|MQQBrowser\//i, 'QQ浏览器'],
  [/UCBrowser\//i, 'UC浏览器'],
  [/Quark\//i, '夸克浏览器'],
  [/HuaweiBrowser\//i, '华为浏览器'],
  [/MiuiBrowser\//i, '小米浏览器'],
  [/SamsungBrowser\//i, '三星浏览器'],
  [/Edg(e|A|iOS)?\//i, 'Edge'],
  [/OPR\/|Opera/i, 'Opera'],
  [/Firefox\/|FxiOS\//i, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//i, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//i, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPhone/i, 'iPhone'],
  [/iPad/i, 'iPad'],
  [/OpenHarmony|HarmonyOS/i, '鸿蒙'],
  [/Android/i, 'Android'],
  [/Windows/i, 'Windows'],
  [/Macintosh|Mac OS X/i, 'Mac'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];

/**
 * A readable device label from a user agent, e.g. "微信内置浏览器 · iPhone", "Chrome · Windows". Small on
 * purpose: the owner only needs to recognise their own devices, not an exact model or version.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return '未知设备';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? '未知浏览器';
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? '未知系统';
  return `${browser} · ${system}`;
}

// GET /api/auth/sessions ----------------------------------------------------------------------------------
export const sessionItemSchema = z.object({
  id: z.number().int(),
  /** The session making this request. */
  current: z.boolean(),
  device: z.string(),
  platform: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: timestampSchema,
  /** Coarse: moved at most every few minutes (decision 037). */
  last_active_at: timestampSchema,
});
export type SessionItem = z.infer<typeof sessionItemSchema>;
export const sessionListSchema = z.array(sessionItemSchema);
export const sessionListResponseSchema = envelopeSchema(sessionListSchema);

// POST /api/auth/sessions/{id}/revoke ---------------------------------------------------------------------
export const sessionParamsSchema = z.object({ id: queryIdSchema });
export const sessionRevokeResponseSchema = emptyResponseSchema;

// POST /api/auth/sessions/revoke-others and POST /api/admin/accounts/{id}/sessions/revoke ----------------
export const sessionsRevokedSchema = z.object({ count: z.number().int().nonnegative() });
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;
export const sessionsRevokedResponseSchema = envelopeSchema(sessionsRevokedSchema);
export const adminAccountParamsSchema = z.object({ id: queryIdSchema });

// POST /api/auth/password ---------------------------------------------------------------------------------
/**
 * The current password is checked, not validated against today's format rules: an older password that
 * no longer fits them must still let its owner change it.
 */
export const passwordChangeRequestSchema = requestObjectSchema({
  password: z.string({ error: SESSION_MSG.OLD_PASSWORD_REQUIRED }).min(1, { error: SESSION_MSG.OLD_PASSWORD_REQUIRED }).max(64, { error: MSG.PASSWORD_FORMAT }),
  new_password: passwordSchema,
}).refine((v) => v.password !== v.new_password, { message: SESSION_MSG.PASSWORD_SAME, path: ['new_password'] });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
export const passwordChangeResponseSchema = emptyResponseSchema;
