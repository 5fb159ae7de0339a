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
