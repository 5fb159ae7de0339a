/**
 * Certificates (decision 058): the admins' rule (minimum attendance rate and final grade), the
 * certificates issued by course, revocation and reissue, and the public verification by token.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema } from './common.ts';

const err = { error: MSG.PARAM_INVALID };

export const CERT_MSG = {
  NOT_FOUND: '证书不存在',
  ISSUED: '证书已颁发',
  REVOKED: '证书已撤销',
  REISSUED: '证书已重新颁发',
  ALREADY_REVOKED: '该证书已撤销',
  COURSE_NOT_FOUND: '课程不存在',
} as const;

/** The rule: a student of a course gets a certificate when both thresholds are met (decision 058). */
export const certificateRuleSchema = z.object({
  min_attendance_pct: z.number().int().min(0).max(100),
  min_final_grade: z.number().min(0).max(100),
  updated_at: z.string().nullable(),
  updated_by: z.number().int().nullable(),
});
export type CertificateRule = z.infer<typeof certificateRuleSchema>;
export const DEFAULT_CERTIFICATE_RULE = { min_attendance_pct: 80, min_final_grade: 60 } as const;

export const certificateRuleUpdateRequestSchema = requestObjectSchema({
  min_attendance_pct: z.number(err).int(err).min(0, err).max(100, err),
  min_final_grade: z.number(err).min(0, err).max(100, err),
});
export type CertificateRuleUpdateRequest = z.infer<typeof certificateRuleUpdateRequestSchema>;

export const certificateIssueRequestSchema = requestObjectSchema({ course_id: z.number(err).int(err).positive(err).max(DB_INT_MAX, err) });
export const certificateIdParamsSchema = z.object({ id: queryIdSchema });
export const certificateTokenParamsSchema = z.object({ token: boundedStringSchema(64) });
export const certificateCourseQuerySchema = requestObjectSchema({ course_id: queryIdSchema });

/** One certificate as its student (and the admin) sees it. */
export const certificateViewSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  student_id: z.number().int(),
  student_name: z.string(),
  attendance_pct: z.number(),
  final_grade: z.number(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  /** The verification address (only for a certificate still valid; the token is never stored in clear). */
  verify_url: z.string().nullable(),
});
export type CertificateView = z.infer<typeof certificateViewSchema>;

/** The admin's view of a course: each student with the numbers the rule reads and their certificate. */
export const certificateCourseRowSchema = z.object({
  student_id: z.number().int(),
  student_name: z.string(),
  attendance_pct: z.number().nullable(),
  final_grade: z.number().nullable(),
  eligible: z.boolean(),
  certificate: certificateViewSchema.nullable(),
});
export type CertificateCourseRow = z.infer<typeof certificateCourseRowSchema>;

export const certificateIssueResultSchema = z.object({ issued: z.number().int(), rows: z.array(certificateCourseRowSchema) });
export type CertificateIssueResult = z.infer<typeof certificateIssueResultSchema>;

export const certificateVerificationSchema = z.object({
  valid: z.boolean(),
  student_name: z.string(),
  course_title: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
