import { z } from 'zod';
import { MSG } from '../messages.ts';
import { requestObjectSchema } from './common.ts';
import { uploadedFileSchema } from './storage.ts';

/**
 * GET /api/site/config (public): what the web shell needs before any page (decision 015).
 * `amc` and `non_production` come from the request's host; `enrolment_over` is true once the RD deadline
 * has passed; `server_time` is epoch milliseconds (same clock as /api/clock).
 */
export const siteConfigSchema = z.object({
  amc: z.boolean(),
  non_production: z.boolean(),
  enrolment_over: z.boolean(),
  server_time: z.number().int(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** POST /api/site/tester: the password of the non-production gate (checked, nothing stored server side). */
export const testerRequestSchema = requestObjectSchema({
  password: z.string({ error: MSG.TESTER_PASSWORD_WRONG }).min(1, { error: MSG.TESTER_PASSWORD_WRONG }).max(200, { error: MSG.TESTER_PASSWORD_WRONG }),
});
export type TesterRequest = z.infer<typeof testerRequestSchema>;
export const testerResultSchema = z.object({ tester: z.literal(true) });

/** The two QR codes of the side helper: 在线客服 and 关注公众号. */
export const SITE_QR_KINDS = ['service', 'official'] as const;
export type SiteQrKind = (typeof SITE_QR_KINDS)[number];
export const siteQrParamsSchema = z.object({ which: z.enum(SITE_QR_KINDS, { error: MSG.PARAM_INVALID }) });

/** PUT /api/admin/site/qr: an image the admin uploaded (an /api/oss/file/ address), or null to remove it. */
export const siteQrUpdateRequestSchema = requestObjectSchema({
  which: z.enum(SITE_QR_KINDS, { error: MSG.PARAM_INVALID }),
  file: z.union([uploadedFileSchema, z.null()], { error: MSG.SITE_QR_FILE_INVALID }),
});
export type SiteQrUpdateRequest = z.infer<typeof siteQrUpdateRequestSchema>;

/** GET/PUT /api/admin/site/qr answer: each QR's stored file (null = the placeholder is served). */
export const siteQrSettingsSchema = z.object({
  service: uploadedFileSchema.nullable(),
  official: uploadedFileSchema.nullable(),
});
export type SiteQrSettings = z.infer<typeof siteQrSettingsSchema>;

/** Public address of a QR image (the placeholder SVG until an admin uploads one). */
export function siteQrPath(which: SiteQrKind): string {
  return `/api/site/qr/${which}`;
}

// Contact details (decision 030) -----------------------------------------------------------

export const SITE_CONTACT_MSG = {
  PHONE: '请输入联系电话（数字、空格、+ 或 -，6–20 位）',
  EMAIL: '请输入有效的邮箱地址',
  WECHAT_ID: '微信号须为 6–20 位字母、数字、下划线或减号，以字母开头',
  HOURS: '请输入服务时间（1–40 字，不含 < > & 引号）',
  COPIED: '已复制微信号',
  COPY_FAILED: '复制失败，请长按微信号手动复制',
} as const;

/**
 * What visitors see under 在线客服 and 关注公众号, and what the FAQ quotes through `{{contact.*}}`. Every
 * field is a plain value with no markup characters, so a page can quote it inside rich text as it is.
 */
export const siteContactSchema = z.object({
  phone: z.string({ error: SITE_CONTACT_MSG.PHONE }).trim().regex(/^\+?[0-9][0-9 -]{4,18}[0-9]$/, { error: SITE_CONTACT_MSG.PHONE }),
  email: z.string({ error: SITE_CONTACT_MSG.EMAIL }).trim().max(100, { error: SITE_CONTACT_MSG.EMAIL }).pipe(z.email({ error: SITE_CONTACT_MSG.EMAIL })),
  wechat_id: z.string({ error: SITE_CONTACT_MSG.WECHAT_ID }).trim().regex(/^[A-Za-z][A-Za-z0-9_-]{5,19}$/, { error: SITE_CONTACT_MSG.WECHAT_ID }),
  hours: z.string({ error: SITE_CONTACT_MSG.HOURS }).trim().min(1, { error: SITE_CONTACT_MSG.HOURS }).max(40, { error: SITE_CONTACT_MSG.HOURS }).regex(/^[^<>&"']*$/, { error: SITE_CONTACT_MSG.HOURS }),
});
export type SiteContact = z.infer<typeof siteContactSchema>;

/** PUT /api/admin/site/contact. */
export const siteContactUpdateRequestSchema = requestObjectSchema(siteContactSchema.shape);

/** The demo programme's contact details (seeded on first read; admins replace them). */
export const DEFAULT_SITE_CONTACT: SiteContact = {
  phone: '010-6275 2027',
  email: 'admissions@summit.example.com',
  wechat_id: 'SummitAcademy2027',
  hours: '工作日 9:00–21:00（北京时间）',
};
