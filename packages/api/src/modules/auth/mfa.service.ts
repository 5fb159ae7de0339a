/**
 * Two-factor sign-in for staff (decision 036). The step sits between a right password (or SMS code) and
 * issueToken: login() asks secondFactorStep() whether to answer with a challenge instead of a session.
 */
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import {
  AppError,
  MFA_LIMITS,
  MFA_MSG,
  TOTP_ISSUER,
  isAdminTeacher,
  isMfaEnforcedRole,
  mayEnrolMfa,
  mustEnrolMfa,
  normaliseRecoveryCode,
  type MfaChallengeResult,
  type MfaEnrolment,
  type MfaEnrolResult,
  type MfaStatus,
  type SecuritySettings,
  type StaffMfaList,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { readSettings, writeSettingsAudited } from '../settings/settings.queries.ts';
import { findAccountById, type AccountRow } from './auth.repo.ts';
import { dataKey, decryptField, encryptField, hashRecoveryCode, newRecoveryCode } from './mfa-crypto.ts';
import {
  claimTotpStep,
  confirmEnrolment,
  consumeChallenge,
  countUnusedRecoveryCodes,
  deleteMfa,
  findAccountMfa,
  findLiveChallenge,
  insertChallenge,
  insertMfaAudit,
  listStaffMfa,
  recordMfaFailure,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  type AccountMfaRow,
} from './mfa.repo.ts';
import { hashToken, newOpaqueToken, revokeAccountTokens } from './token.service.ts';

export const MFA_ENFORCED_SETTING = 'security.mfa_enforced';

/** On by default, except in demo mode where the demo accounts keep signing in with their password alone. */
export async function isMfaEnforced(ctx: AppContext): Promise<boolean> {
  const [row] = await readSettings(ctx.db, [MFA_ENFORCED_SETTING]);
  return typeof row?.value === 'boolean' ? row.value : !ctx.env.DEMO_MODE;
}

const secretAad = (accountId: number) => `totp:${accountId}`;

function totpFor(account: Pick<AccountRow, 'phone'>, secretBase32: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account.phone,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: MFA_LIMITS.digits,
    period: MFA_LIMITS.period,
  });
}

/** The time step a code belongs to, or null when it matches none within the window. */
function matchStep(totp: TOTP, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: MFA_LIMITS.window });
  if (delta === null) return null;
  return totp.counter({ timestamp }) + delta;
}

/**
 * A secret that does not decrypt (the key changed, or a row was copied between accounts) is a refusal the admin
 * can fix with a reset, never a 500.
 */
function openSecret(key: Buffer, stored: string, accountId: number): string {
  try {
    return decryptField(key, stored, secretAad(accountId));
  } catch {
    throw AppError.message(MFA_MSG.UNREADABLE);
  }
}

function subjectOf(account: AccountRow) {
  return { role: account.role, teacherType: account.teacherType, isAdmin: account.isAdmin };
}

// Login step -------------------------------------------------------------------------------------------------

/**
 * After the password: null lets login issue the session; otherwise the answer is a challenge to verify with a
 * code (factor enrolled) or to enrol with (the account must have one and has none).
 */
export async function secondFactorStep(ctx: AppContext, account: AccountRow, plat: string | null): Promise<MfaChallengeResult | null> {
  if (!mayEnrolMfa(account)) return null;
  const mfa = await findAccountMfa(ctx.db, account.id);
  let purpose: 'verify' | 'enrol';
  if (mfa?.secretEnc) purpose = 'verify';
  else if (mustEnrolMfa(subjectOf(account), await isMfaEnforced(ctx))) purpose = 'enrol';
  else return null;
  const challenge = newOpaqueToken();
  const now = ctx.now();
  await insertChallenge(ctx.db, {
    tokenHash: hashToken(challenge),
    accountId: account.id,
    purpose,
    plat,
    createdAt: now,
    expiresAt: new Date(now.getTime() + MFA_LIMITS.challengeTtlSeconds * 1000),
  });
  return {
    type: account.role.toUpperCase() as MfaChallengeResult['type'],
    name: account.name,
    is_admin: account.role === 'teacher' && isAdminTeacher(account.teacherType ?? 0, account.isAdmin),
    is_dl: account.isDl,
    mfa_required: true,
    mfa_enrol_required: purpose === 'enrol',
    challenge,
    expires_in: MFA_LIMITS.challengeTtlSeconds,
  };
}

async function liveChallenge(ctx: AppContext, challenge: string, purpose: 'verify' | 'enrol') {
  const row = await findLiveChallenge(ctx.db, hashToken(challenge), ctx.now());
  if (!row || row.purpose !== purpose) throw AppError.message(MFA_MSG.CHALLENGE_EXPIRED);
  const account = await findAccountById(ctx.db, row.accountId);
  if (!account) throw AppError.message(MFA_MSG.CHALLENGE_EXPIRED);
  if (account.disabledAt) throw AppError.message('账号已停用，请联系项目办公室');
  return { row, account };
}

// Code checks ------------------------------------------------------------------------------------------------

function assertNotLocked(ctx: AppContext, mfa: AccountMfaRow): void {
  if (mfa.lockedUntil && mfa.lockedUntil > ctx.now()) throw AppError.tooMany(MFA_MSG.LOCKED);
}

/** A wrong code counts toward the lock; the failure that reaches the limit is audited and answered 429. */
async function failCode(ctx: AppContext, accountId: number, msg: string = MFA_MSG.CODE_WRONG): Promise<never> {
  const now = ctx.now();
  const lockUntil = new Date(now.getTime() + MFA_LIMITS.lockMinutes * 60_000);
  const locked = await recordMfaFailure(ctx.db, accountId, MFA_LIMITS.maxFailures, lockUntil, now);
  if (locked) {
    await insertMfaAudit(ctx.db, { actorId: accountId, action: 'mfa.lockout', accountId, after: { locked_until: locked.toISOString() } }, now);
    throw AppError.tooMany(MFA_MSG.LOCKED);
  }
  throw AppError.param('code', msg);
}

/**
 * Checks a code against the enrolled factor: a TOTP code whose step is later than the last accepted one, or
 * (when allowed) an unused recovery code. Returns how it was proved.
 */
async function checkCode(ctx: AppContext, account: AccountRow, mfa: AccountMfaRow, code: string, action: string): Promise<'totp' | 'recovery'> {
  assertNotLocked(ctx, mfa);
  if (!mfa.secretEnc) throw AppError.message(MFA_MSG.NOT_ENABLED);
  const key = await dataKey(ctx);
  const now = ctx.now();
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchStep(totpFor(account, openSecret(key, mfa.secretEnc, account.id)), trimmed, now);
    if (step === null) return failCode(ctx, account.id);
    // The right code again (a double submit, or a replay of a seen code) is refused but is no guess: it does not
    // count toward the lock, or a double click would lock the owner out (decision 092).
    if (!(await claimTotpStep(ctx.db, account.id, step, now))) throw AppError.param('code', MFA_MSG.CODE_REPLAYED);
    return 'totp';
  }
  const codeHash = hashRecoveryCode(key, account.id, normaliseRecoveryCode(trimmed));
  const audit = { actorId: account.id, action: 'mfa.recovery.use', accountId: account.id, after: { for: action, codes_left: (await countUnusedRecoveryCodes(ctx.db, account.id)) - 1 } };
  if (!(await useRecoveryCode(ctx.db, account.id, codeHash, audit, now))) return failCode(ctx, account.id);
  return 'recovery';
}

/** Answers a sign-in challenge; the caller then issues the session for the returned account. */
export async function verifyChallenge(ctx: AppContext, input: { challenge: string; code: string }): Promise<{ account: AccountRow; plat: string | null }> {
  const { row, account } = await liveChallenge(ctx, input.challenge, 'verify');
  const mfa = await findAccountMfa(ctx.db, account.id);
  if (!mfa?.secretEnc) throw AppError.message(MFA_MSG.CHALLENGE_EXPIRED);
  const how = await checkCode(ctx, account, mfa, input.code, 'login');
  if (!(await consumeChallenge(ctx.db, row.id, ctx.now()))) throw AppError.message(MFA_MSG.CHALLENGE_EXPIRED);
  await insertMfaAudit(ctx.db, { actorId: account.id, action: 'mfa.verify', accountId: account.id, after: { method: how } }, ctx.now());
  return { account, plat: row.plat };
}

// Enrolment --------------------------------------------------------------------------------------------------

async function beginEnrolmentFor(ctx: AppContext, account: AccountRow): Promise<MfaEnrolment> {
  if (!mayEnrolMfa(account)) throw AppError.message(MFA_MSG.NOT_ALLOWED);
  const existing = await findAccountMfa(ctx.db, account.id);
  if (existing?.secretEnc) throw AppError.message(MFA_MSG.ALREADY_ENABLED);
  if (existing) assertNotLocked(ctx, existing);
  const secret = new Secret({ size: 20 });
  const key = await dataKey(ctx);
  await savePendingSecret(ctx.db, account.id, encryptField(key, secret.base32, secretAad(account.id)), ctx.now());
  const uri = totpFor(account, secret.base32).toString();
  return {
    secret: secret.base32,
    otpauth_uri: uri,
    qr_data_url: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
  };
}

/**
 * Binds the pending authenticator and ends the account's other sessions in the same transaction (decision 082):
 * a session opened before the factor existed must not outlive it. `keepTokenId` is the confirming session (null at
 * sign-in). Every process drops the account's cached tokens through the bus, as 退出其他所有设备 does.
 */
async function confirmEnrolmentFor(ctx: AppContext, account: AccountRow, code: string, via: 'account' | 'login', keepTokenId: number | null): Promise<{ codes: string[]; sessionsEnded: number }> {
  const mfa = await findAccountMfa(ctx.db, account.id);
  if (mfa?.secretEnc) throw AppError.message(MFA_MSG.ALREADY_ENABLED);
  if (!mfa?.pendingSecretEnc) throw AppError.message(MFA_MSG.NO_PENDING);
  assertNotLocked(ctx, mfa);
  const key = await dataKey(ctx);
  const now = ctx.now();
  const secretBase32 = openSecret(key, mfa.pendingSecretEnc, account.id);
  const step = matchStep(totpFor(account, secretBase32), code.trim(), now);
  if (step === null) return failCode(ctx, account.id);
  const codes = Array.from({ length: MFA_LIMITS.recoveryCodeCount }, newRecoveryCode);
  const confirmed = await confirmEnrolment(ctx.db, {
    accountId: account.id,
    // Re-encrypted so the stored ciphertext of the live secret never equals the pending one.
    secretEnc: encryptField(key, secretBase32, secretAad(account.id)),
    step,
    codeHashes: codes.map((c) => hashRecoveryCode(key, account.id, normaliseRecoveryCode(c))),
    keepTokenId,
    audit: { actorId: account.id, action: 'mfa.enrol', accountId: account.id, after: { via, recovery_codes: codes.length } },
    now,
  });
  if (!confirmed) throw AppError.message(MFA_MSG.ALREADY_ENABLED);
  if (confirmed.sessionsEnded > 0) ctx.bus.publish({ channel: 'account-revoked', accountId: account.id });
  return { codes, sessionsEnded: confirmed.sessionsEnded };
}

async function accountOf(ctx: AppContext, auth: AuthState): Promise<AccountRow> {
  const account = await findAccountById(ctx.db, auth.accountId);
  if (!account) throw AppError.login();
  return account;
}

/** Student and SL tokens reach the neutral /api/auth/mfa/* paths too: they get the same 403 as another role's path. */
async function staffAccountOf(ctx: AppContext, auth: AuthState): Promise<AccountRow> {
  const account = await accountOf(ctx, auth);
  if (!mayEnrolMfa(account)) throw AppError.forbidden();
  return account;
}

export async function beginEnrolment(ctx: AppContext, auth: AuthState): Promise<MfaEnrolment> {
  return beginEnrolmentFor(ctx, await staffAccountOf(ctx, auth));
}

/** 开启两步验证 on the account page: the other sessions end, this one stays. */
export async function confirmAccountEnrolment(ctx: AppContext, auth: AuthState, code: string): Promise<MfaEnrolResult> {
  const { codes, sessionsEnded } = await confirmEnrolmentFor(ctx, await staffAccountOf(ctx, auth), code, 'account', auth.tokenId);
  return { recovery_codes: codes, sessions_ended: sessionsEnded };
}

/** Forced enrolment at sign-in: the challenge stands in for the session the account may not have yet. */
export async function beginChallengeEnrolment(ctx: AppContext, challenge: string): Promise<MfaEnrolment> {
  const { account } = await liveChallenge(ctx, challenge, 'enrol');
  return beginEnrolmentFor(ctx, account);
}

export async function confirmChallengeEnrolment(
  ctx: AppContext,
  input: { challenge: string; code: string },
): Promise<{ account: AccountRow; plat: string | null; recoveryCodes: string[] }> {
  const { row, account } = await liveChallenge(ctx, input.challenge, 'enrol');
  // Any session the account still has predates the factor: all end, the sign-in's new one comes after.
  const { codes: recoveryCodes } = await confirmEnrolmentFor(ctx, account, input.code, 'login', null);
  // The factor is bound either way; a lost race on the challenge only means signing in once more.
  if (!(await consumeChallenge(ctx.db, row.id, ctx.now()))) throw AppError.message(MFA_MSG.CHALLENGE_EXPIRED);
  return { account, plat: row.plat, recoveryCodes };
}

// Account page -----------------------------------------------------------------------------------------------

export async function getMfaStatus(ctx: AppContext, auth: AuthState): Promise<MfaStatus> {
  const account = await accountOf(ctx, auth);
  const allowed = mayEnrolMfa(account);
  const mfa = allowed ? await findAccountMfa(ctx.db, account.id) : undefined;
  const enabled = Boolean(mfa?.secretEnc);
  const locked = mfa?.lockedUntil && mfa.lockedUntil > ctx.now() ? mfa.lockedUntil.toISOString() : null;
  return {
    allowed,
    enabled,
    required: allowed && mustEnrolMfa(subjectOf(account), await isMfaEnforced(ctx)),
    enabled_at: enabled && mfa?.enabledAt ? mfa.enabledAt.toISOString() : null,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(ctx.db, account.id) : 0,
    locked_until: locked,
  };
}

async function enrolledFactor(ctx: AppContext, account: AccountRow): Promise<AccountMfaRow> {
  const mfa = await findAccountMfa(ctx.db, account.id);
  if (!mfa?.secretEnc) throw AppError.message(MFA_MSG.NOT_ENABLED);
  return mfa;
}

export async function disableMfa(ctx: AppContext, auth: AuthState, code: string): Promise<void> {
  const account = await staffAccountOf(ctx, auth);
  if (mustEnrolMfa(subjectOf(account), await isMfaEnforced(ctx))) throw AppError.message(MFA_MSG.ENFORCED_CANNOT_DISABLE);
  const mfa = await enrolledFactor(ctx, account);
  await checkCode(ctx, account, mfa, code, 'disable');
  await deleteMfa(ctx.db, account.id, { actorId: account.id, action: 'mfa.disable', accountId: account.id, before: { enabled_at: mfa.enabledAt?.toISOString() ?? null } }, ctx.now());
}

export async function regenerateRecoveryCodes(ctx: AppContext, auth: AuthState, code: string): Promise<{ recovery_codes: string[] }> {
  const account = await staffAccountOf(ctx, auth);
  const mfa = await enrolledFactor(ctx, account);
  await checkCode(ctx, account, mfa, code, 'regenerate');
  const key = await dataKey(ctx);
  const codes = Array.from({ length: MFA_LIMITS.recoveryCodeCount }, newRecoveryCode);
  await replaceRecoveryCodes(
    ctx.db,
    account.id,
    codes.map((c) => hashRecoveryCode(key, account.id, normaliseRecoveryCode(c))),
    { actorId: account.id, action: 'mfa.recovery.regenerate', accountId: account.id, after: { recovery_codes: codes.length } },
    ctx.now(),
  );
  return { recovery_codes: codes };
}

// Administration ---------------------------------------------------------------------------------------------

export async function listStaffSecondFactors(ctx: AppContext): Promise<StaffMfaList> {
  const enforced = await isMfaEnforced(ctx);
  const rows = await listStaffMfa(ctx.db);
  return {
    enforced,
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      type: r.role === 'school' ? ('SCHOOL' as const) : ('TEACHER' as const),
      teacher_type: r.teacherType,
      is_admin: r.isAdmin,
      required: isMfaEnforcedRole({ role: r.role, teacherType: r.teacherType, isAdmin: r.isAdmin }),
      enabled: r.enabledAt !== null,
      enabled_at: r.enabledAt ? r.enabledAt.toISOString() : null,
    })),
  };
}

/**
 * An administrator removes another staff member's factor (lost phone): audited, and the member's sessions end so
 * the next sign-in binds a new authenticator where it is required.
 */
export async function resetStaffMfa(ctx: AppContext, auth: AuthState, accountId: number): Promise<void> {
  if (accountId === auth.accountId) throw AppError.message('不能重置自己的两步验证，请在“账号安全”中操作');
  const target = await findAccountById(ctx.db, accountId);
  if (!target || !mayEnrolMfa(target)) throw AppError.notFound('没有找到该员工账号');
  const mfa = await findAccountMfa(ctx.db, accountId);
  if (!mfa?.secretEnc && !mfa?.pendingSecretEnc) throw AppError.message(MFA_MSG.NOT_ENABLED);
  await deleteMfa(ctx.db, accountId, { actorId: auth.accountId, action: 'mfa.admin_reset', accountId, before: { enabled_at: mfa.enabledAt?.toISOString() ?? null } }, ctx.now());
  await revokeAccountTokens(ctx, accountId);
}

export async function getSecuritySettings(ctx: AppContext): Promise<SecuritySettings> {
  return { mfa_enforced: await isMfaEnforced(ctx), demo_mode: ctx.env.DEMO_MODE };
}

/**
 * Switching enforcement on also ends the live sessions of every account that must now have a second factor and
 * has none, so nobody keeps reaching the console on a password-only session until it expires. The acting
 * administrator keeps theirs (they just changed the setting; their next sign-in enrols). The ended accounts are
 * listed in the setting's audit row.
 */
export async function updateSecuritySettings(ctx: AppContext, auth: AuthState, input: { mfa_enforced: boolean }): Promise<SecuritySettings> {
  const wasEnforced = await isMfaEnforced(ctx);
  const mustEnd = input.mfa_enforced && !wasEnforced
    ? (await listStaffMfa(ctx.db))
        .filter((r) => r.id !== auth.accountId && r.enabledAt === null && isMfaEnforcedRole({ role: r.role, teacherType: r.teacherType, isAdmin: r.isAdmin }))
        .map((r) => r.id)
    : [];
  await writeSettingsAudited(ctx.db, {
    values: [{ key: MFA_ENFORCED_SETTING, value: input.mfa_enforced }],
    actorId: auth.accountId,
    now: ctx.now(),
    audit: {
      action: 'settings.security.update',
      entityId: 'security',
      before: (rows) => ({ mfa_enforced: typeof rows[0]?.value === 'boolean' ? rows[0].value : !ctx.env.DEMO_MODE }),
      after: mustEnd.length > 0 ? { mfa_enforced: input.mfa_enforced, sessions_ended_for: mustEnd } : { mfa_enforced: input.mfa_enforced },
    },
  });
  for (const accountId of mustEnd) await revokeAccountTokens(ctx, accountId);
  return getSecuritySettings(ctx);
}

