/**
 * Two-factor sign-in for staff (decision 036): TOTP (RFC 6238) with one-time recovery codes. The rules of who
 * must, may and may not enrol live here so the api and the web app agree on them.
 */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { requestObjectSchema } from './common.ts';
import { loginResultSchema } from './auth.ts';

export const MFA_MSG = {
  ENROL_REQUIRED: '请先绑定身份验证器（两步验证）后再进入管理后台',
  CODE_REQUIRED: '请输入身份验证器上的6位验证码',
  CODE_FORMAT: '请输入6位数字验证码或恢复码',
  CODE_WRONG: '验证码错误，请重新输入',
  CODE_REPLAYED: '该验证码已使用过，请等待身份验证器显示新的验证码',
  LOCKED: '验证码错误次数过多，请15分钟后再试',
  CHALLENGE_EXPIRED: '登录已过期，请重新输入密码登录',
  UNREADABLE: '两步验证数据无法读取，请联系管理员重置两步验证',
  NOT_ALLOWED: '该账号类型无需设置两步验证',
  ALREADY_ENABLED: '两步验证已开启',
  NOT_ENABLED: '尚未开启两步验证',
  NO_PENDING: '请先获取新的密钥，再输入验证码',
  ENFORCED_CANNOT_DISABLE: '管理员和工作人员账号必须开启两步验证，不能关闭',
  ENABLED_OK: '两步验证已开启，请妥善保存恢复码',
  /** Turning the factor on ends the account's other sessions (decision 082); said when there were any. */
  ENABLED_OTHERS_ENDED: '已开启两步验证，其他设备已退出登录',
  DISABLED_OK: '两步验证已关闭',
  RESET_OK: '已重置该账号的两步验证，下次登录时需重新绑定',
  CODES_REGENERATED: '已生成新的恢复码，旧恢复码全部失效',
  VERIFY_OK: '登录成功',
  SETTING_SAVED: '两步验证设置已保存',
} as const;

/** 10 codes of 10 characters: 50 bits each, one use each. */
export const MFA_LIMITS = {
  recoveryCodeCount: 10,
  /** Wrong codes (TOTP or recovery) in a row before the account's second factor locks. */
  maxFailures: 5,
  lockMinutes: 15,
  challengeTtlSeconds: 300,
  /** Accepted clock drift: one 30 s step either side. */
  window: 1,
  period: 30,
  digits: 6,
} as const;

export const TOTP_ISSUER = 'Summit';

/** Teacher types that are staff of the programme office: 4 staff, 9 administrator (spec: accounts). */
export const MFA_ENFORCED_TEACHER_TYPES: readonly number[] = [4, 9];

export interface MfaSubject {
  role: 'student' | 'teacher' | 'school' | 'sl';
  teacherType: number | null;
  isAdmin: boolean;
}

/** Staff and school accounts may protect their sign-in with an authenticator; students and SL accounts do not. */
export function mayEnrolMfa(subject: Pick<MfaSubject, 'role'>): boolean {
  return subject.role === 'teacher' || subject.role === 'school';
}

/** Administrators and programme staff reach the console, so their sign-in needs a second factor when enforced. */
export function isMfaEnforcedRole(subject: MfaSubject): boolean {
  return subject.role === 'teacher' && (subject.isAdmin || (subject.teacherType !== null && MFA_ENFORCED_TEACHER_TYPES.includes(subject.teacherType)));
}

export function mustEnrolMfa(subject: MfaSubject, enforced: boolean): boolean {
  return enforced && isMfaEnforcedRole(subject);
}

/** "ab3de-fg7hk" → "ab3defg7hk": people copy recovery codes with spaces, dashes and capitals. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export const totpCodeSchema = z
  .string({ error: MFA_MSG.CODE_REQUIRED })
  .trim()
  .regex(/^\d{6}$/, MFA_MSG.CODE_REQUIRED);

/** A 6-digit TOTP code, or a recovery code (10 letters/digits, dashes and spaces ignored). */
export const mfaCodeSchema = z
  .string({ error: MFA_MSG.CODE_FORMAT })
  .max(40, MFA_MSG.CODE_FORMAT)
  .refine((v) => /^\d{6}$/.test(v.trim()) || /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(v)), MFA_MSG.CODE_FORMAT);

const challengeSchema = z.string({ error: MFA_MSG.CHALLENGE_EXPIRED }).min(16, MFA_MSG.CHALLENGE_EXPIRED).max(128, MFA_MSG.CHALLENGE_EXPIRED);

/**
 * What /api/login answers instead of a token when a second factor stands between the password and the session:
 * `mfa_enrol_required` says the account must first bind an authenticator (the challenge then only allows that).
 */
export const mfaChallengeResultSchema = z.object({
  type: z.enum(['STUDENT', 'TEACHER', 'SCHOOL', 'SL']),
  name: z.string(),
  is_admin: z.boolean(),
  is_dl: z.boolean(),
  mfa_required: z.literal(true),
  mfa_enrol_required: z.boolean(),
  challenge: z.string(),
  expires_in: z.number().int().positive(),
});
export type MfaChallengeResult = z.infer<typeof mfaChallengeResultSchema>;

/** /api/login: a session, or (staff with a second factor) a challenge to answer first. */
export const loginAnswerSchema = z.union([mfaChallengeResultSchema, loginResultSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export function isMfaChallenge(answer: LoginAnswer): answer is MfaChallengeResult {
  return 'mfa_required' in answer && answer.mfa_required === true;
}

// POST /api/auth/mfa/verify
export const mfaVerifyRequestSchema = requestObjectSchema({ challenge: challengeSchema, code: mfaCodeSchema });
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequestSchema>;

// GET /api/auth/mfa/status
export const mfaStatusSchema = z.object({
  allowed: z.boolean(),
  enabled: z.boolean(),
  /** This account cannot switch it off (administrators and staff while enforcement is on). */
  required: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int().nonnegative(),
  locked_until: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const mfaStatusResponseSchema = envelopeSchema(mfaStatusSchema);

// POST /api/auth/mfa/enrol (token) and POST /api/auth/mfa/setup (challenge): a new secret to scan
export const mfaSetupRequestSchema = requestObjectSchema({ challenge: challengeSchema });
export const mfaEnrolmentSchema = z.object({
  /** Base32 secret for typing in by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_data_url: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

// POST /api/auth/mfa/enrol/confirm (token) and POST /api/auth/mfa/setup/confirm (challenge)
export const mfaConfirmRequestSchema = requestObjectSchema({ code: totpCodeSchema });
export const mfaSetupConfirmRequestSchema = requestObjectSchema({ challenge: challengeSchema, code: totpCodeSchema });
export const mfaRecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesSchema>;
/** POST /api/auth/mfa/enrol/confirm also says how many other sessions of the account it ended (decision 082). */
export const mfaEnrolResultSchema = mfaRecoveryCodesSchema.extend({ sessions_ended: z.number().int().min(0) });
export type MfaEnrolResult = z.infer<typeof mfaEnrolResultSchema>;

// POST /api/auth/mfa/disable and POST /api/auth/mfa/recovery-codes: both need a current code
export const mfaCodeRequestSchema = requestObjectSchema({ code: mfaCodeSchema });

// GET /api/admin/staff/mfa, POST /api/admin/staff/{id}/mfa/reset
export const staffMfaRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  type: z.enum(['TEACHER', 'SCHOOL']),
  teacher_type: z.number().int().nullable(),
  is_admin: z.boolean(),
  required: z.boolean(),
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
});
export type StaffMfaRow = z.infer<typeof staffMfaRowSchema>;
export const staffMfaListSchema = z.object({ enforced: z.boolean(), list: z.array(staffMfaRowSchema) });
export type StaffMfaList = z.infer<typeof staffMfaListSchema>;

// GET/PUT /api/admin/settings/security
export const securitySettingsSchema = z.object({ mfa_enforced: z.boolean(), demo_mode: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsUpdateRequestSchema = requestObjectSchema({ mfa_enforced: z.boolean({ error: '请选择是否强制两步验证' }) });
