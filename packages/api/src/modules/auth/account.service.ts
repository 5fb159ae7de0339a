import { AppError, MSG, SESSION_MSG, isAdminTeacher, type MfaChallengeResult } from '@summit/domain';
import { ACCOUNT_LIMITS as L } from '@summit/domain/account-limits';
import type { AppContext, AuthState } from '../../http/context.ts';
import {
  countFailedLogins,
  findAccountById,
  findAccountByPhone,
  insertStudent,
  recordLoginAttempt,
  updatePasswordHash,
  type AccountRow,
} from './auth.repo.ts';
import { assertUncommonPassword } from './common-passwords.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { issueToken, revokeAccountTokens } from './token.service.ts';
import { revokeOtherSessions } from './sessions.repo.ts';
import { checkSmsCode, type PhoneRef } from './verification.service.ts';
import { secondFactorStep } from './mfa.service.ts';

export interface LoginResult {
  type: 'STUDENT' | 'TEACHER' | 'SCHOOL' | 'SL';
  token: string;
  name: string;
  is_admin: boolean;
  is_dl: boolean;
}

export interface RequestMeta {
  ip: string;
  plat: string | null;
  /** Recorded with the session for the owner's 登录设备 list (decision 037). */
  userAgent?: string | null;
}

export async function startSession(ctx: AppContext, account: AccountRow, meta: RequestMeta): Promise<LoginResult> {
  const token = await issueToken(ctx, account.id, account.role, meta.plat, { ip: meta.ip, userAgent: meta.userAgent ?? null });
  return {
    type: account.role.toUpperCase() as LoginResult['type'],
    token,
    name: account.name,
    is_admin: account.role === 'teacher' && isAdminTeacher(account.teacherType ?? 0, account.isAdmin),
    is_dl: account.isDl,
  };
}

export async function registerStudent(ctx: AppContext, input: PhoneRef & { code: string; password: string }, meta: RequestMeta): Promise<LoginResult> {
  // Refuse before consuming the code, so a registered phone can still use it to log in.
  if (await findAccountByPhone(ctx.db, input.phoneCode, input.phone)) throw AppError.message(MSG.PHONE_REGISTERED);
  // Likewise a common password: the person picks another and submits again with the same code.
  assertUncommonPassword(input.password);
  await checkSmsCode(ctx, input, input.code);
  const passwordHash = await hashPassword(input.password, ctx.env.ARGON2_MEMORY_KIB);
  const account = await insertStudent(ctx.db, { phoneCode: input.phoneCode, phone: input.phone, passwordHash, now: ctx.now() });
  if (!account) throw AppError.message(MSG.PHONE_REGISTERED);
  return startSession(ctx, account, meta);
}

async function assertNotThrottled(ctx: AppContext, phone: string, ip: string): Promise<void> {
  const since = new Date(ctx.now().getTime() - L.loginWindowMs);
  const [byPhone, byIp] = await Promise.all([countFailedLogins(ctx.db, { phone }, since), countFailedLogins(ctx.db, { ip }, since)]);
  if (byPhone >= L.loginFailuresPerPhone || byIp >= ctx.env.LOGIN_FAILURES_PER_IP) throw AppError.tooMany(MSG.LOGIN_TOO_MANY);
}

export async function login(
  ctx: AppContext,
  input: PhoneRef & ({ password: string; code?: undefined } | { code: string; password?: undefined }),
  meta: RequestMeta,
): Promise<LoginResult | MfaChallengeResult> {
  await assertNotThrottled(ctx, input.phone, meta.ip);
  const now = ctx.now();
  const account = await findAccountByPhone(ctx.db, input.phoneCode, input.phone);
  if (input.password !== undefined) {
    const stored = account?.passwordHash ?? (await dummyPasswordHash(ctx.env.ARGON2_MEMORY_KIB));
    const valid = await verifyPassword(stored, input.password);
    if (!account || !account.passwordHash || !valid) {
      await recordLoginAttempt(ctx.db, { phone: input.phone, ip: meta.ip, success: false, createdAt: now });
      throw AppError.message(MSG.WRONG_PASSWORD);
    }
  } else {
    if (!account) throw AppError.message(MSG.PHONE_NOT_REGISTERED);
    try {
      await checkSmsCode(ctx, input, input.code);
    } catch (err) {
      await recordLoginAttempt(ctx.db, { phone: input.phone, ip: meta.ip, success: false, createdAt: now });
      throw err;
    }
  }
  if (account.disabledAt) throw AppError.message(MSG.ACCOUNT_DISABLED);
  await recordLoginAttempt(ctx.db, { phone: input.phone, ip: meta.ip, success: true, createdAt: now });
  // Staff with a second factor (or who must bind one) get a challenge, not a token (decision 036).
  const challenge = await secondFactorStep(ctx, account, meta.plat);
  if (challenge) return challenge;
  return startSession(ctx, account, meta);
}

export async function resetPassword(ctx: AppContext, input: PhoneRef & { code: string; password: string }): Promise<void> {
  const account = await findAccountByPhone(ctx.db, input.phoneCode, input.phone);
  if (!account) throw AppError.message(MSG.PHONE_NOT_REGISTERED);
  assertUncommonPassword(input.password);
  await checkSmsCode(ctx, input, input.code);
  const now = ctx.now();
  await updatePasswordHash(ctx.db, account.id, await hashPassword(input.password, ctx.env.ARGON2_MEMORY_KIB), now);
  await revokeAccountTokens(ctx, account.id);
}

/**
 * A logged-in user changes their password with the current one. Every other session ends (a password
 * change is what someone does after losing a device); this one stays. Wrong guesses count as failed
 * logins, so a borrowed session cannot walk the password (decision 037).
 */
export async function changePassword(ctx: AppContext, auth: AuthState, input: { password: string; newPassword: string }, meta: RequestMeta): Promise<void> {
  const account = await findAccountById(ctx.db, auth.accountId);
  if (!account) throw AppError.login();
  await assertNotThrottled(ctx, account.phone, meta.ip);
  const now = ctx.now();
  if (!account.passwordHash || !(await verifyPassword(account.passwordHash, input.password))) {
    await recordLoginAttempt(ctx.db, { phone: account.phone, ip: meta.ip, success: false, createdAt: now });
    throw AppError.message(SESSION_MSG.OLD_PASSWORD_WRONG);
  }
  assertUncommonPassword(input.newPassword, 'new_password');
  await updatePasswordHash(ctx.db, account.id, await hashPassword(input.newPassword, ctx.env.ARGON2_MEMORY_KIB), now);
  await revokeOtherSessions(ctx.db, account.id, auth.tokenId, now);
  // Every process drops its cached entries of the account; this session re-reads and stays live.
  ctx.bus.publish({ channel: 'account-revoked', accountId: account.id });
}
