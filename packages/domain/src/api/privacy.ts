/**
 * Minors' personal data (decision 064): the admin's privacy panel of one student — the ID
 * number masked (revealed on request, audited), the guardian's consent, a full data export and an erasure.
 */
import { z } from 'zod';
import { boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const PRIVACY_MSG = {
  STUDENT_NOT_FOUND: '学生不存在',
  NO_ID_NUMBER: '该学生尚未填写证件号码',
  ID_UNREADABLE: '证件号码无法解密，请检查数据加密密钥配置',
  ALREADY_ERASED: '该学生的个人数据已删除，不能重复操作',
  ERASE_CONFIRM: '请输入该学生的手机号以确认删除',
  ERASED: '个人数据已删除',
  REVEALED: '已查看完整证件号（已记入操作日志）',
} as const;

/** What an erased account's name becomes: the orders and invoices the law requires us to keep carry it. */
export const ERASED_STUDENT_NAME = '已注销学生';

/** :userId of the privacy routes. */
export const privacyParamsSchema = z.object({ userId: queryIdSchema });

/** GET /api/admin/students/:userId/data-export?format=json|xlsx */
export const privacyExportQuerySchema = requestObjectSchema({
  format: z.enum(['json', 'xlsx'], { error: '导出格式须为 json 或 xlsx' }).default('json'),
});
export type PrivacyExportQuery = z.infer<typeof privacyExportQuerySchema>;

/** POST /api/admin/students/:userId/erase: the admin retypes the student's phone number (like a repository name). */
export const privacyEraseRequestSchema = requestObjectSchema({
  confirm_phone: boundedStringSchema(32).trim().min(1, { error: PRIVACY_MSG.ERASE_CONFIRM }),
});
export type PrivacyEraseRequest = z.infer<typeof privacyEraseRequestSchema>;

/** The guardian's consent as recorded with step 1 (docs/product/data.md application step 1: 监护人授权). */
export const guardianConsentSchema = z.object({
  recorded: z.boolean(),
  guardian_name: z.string().nullable(),
  guardian_relation: z.string().nullable(),
  consent_version: z.string().nullable(),
  consented_at: timestampSchema.nullable(),
});
export type GuardianConsent = z.infer<typeof guardianConsentSchema>;

/** GET /api/admin/students/:userId/privacy */
export const studentPrivacySchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  card_type: z.string().nullable(),
  /** '1101**********002X'; null when no number is held. */
  id_number_masked: z.string().nullable(),
  may_reveal: z.boolean(),
  guardian_consent: guardianConsentSchema,
  erased_at: timestampSchema.nullable(),
});
export type StudentPrivacy = z.infer<typeof studentPrivacySchema>;

/** POST /api/admin/students/:userId/id-number/reveal */
export const idNumberRevealSchema = z.object({ card_type: z.string().nullable(), id_number: z.string() });
export type IdNumberReveal = z.infer<typeof idNumberRevealSchema>;

/** POST /api/admin/students/:userId/erase */
export const privacyEraseResultSchema = z.object({
  user_id: z.number().int(),
  erased_at: timestampSchema,
  files_deleted: z.number().int(),
  files_failed: z.number().int(),
  sessions_revoked: z.number().int(),
});
export type PrivacyEraseResult = z.infer<typeof privacyEraseResultSchema>;
