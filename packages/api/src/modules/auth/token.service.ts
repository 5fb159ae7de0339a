import { createHash, randomBytes } from 'node:crypto';
import { isAdminTeacher } from '@summit/domain';
import type { AppContext, AuthState, Role } from '../../http/context.ts';
import { findLiveToken, insertToken, revokeAllTokens, revokeToken, touchToken } from './auth.repo.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 bits from the OS CSPRNG, base64url: unguessable and safe in headers and URLs. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Who logged in from where, recorded for the owner's 登录设备 list (decision 037). */
export interface SessionDevice {
  ip: string | null;
  userAgent: string | null;
}

/** The stored user agent is for recognising a device, not forensics: a bounded prefix is enough. */
const USER_AGENT_MAX = 512;

/**
 * Last activity is written at most this often per token, and only when the token misses the cache, so an
 * authenticated read stays one cached check (decisions 008, 021). Idle expiry is enforced from it.
 */
export const SESSION_TOUCH_MS = 5 * 60_000;

/** Absolute and idle lifetime of a role's session: teacher accounts (staff, admins) get the shorter pair. */
export function sessionLifetime(env: AppContext['env'], role: Role): { absoluteMs: number; idleMs: number } {
  if (role === 'teacher') return { absoluteMs: env.STAFF_TOKEN_TTL_DAYS * 86_400_000, idleMs: env.STAFF_TOKEN_IDLE_HOURS * 3_600_000 };
  return { absoluteMs: env.TOKEN_TTL_DAYS * 86_400_000, idleMs: env.TOKEN_IDLE_DAYS * 86_400_000 };
}

export async function issueToken(ctx: AppContext, accountId: number, role: Role, plat: string | null, device: SessionDevice = { ip: null, userAgent: null }): Promise<string> {
  const token = newOpaqueToken();
  const now = ctx.now();
  const life = sessionLifetime(ctx.env, role);
  await insertToken(ctx.db, {
    tokenHash: hashToken(token),
    accountId,
    role,
    plat,
    ip: device.ip,
    userAgent: device.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + life.absoluteMs),
    idleExpiresAt: new Date(now.getTime() + life.idleMs),
  });
  return token;
}

/** The caller of a token this process resolved a moment ago, without a database trip (null: ask resolveToken). */
export function cachedToken(ctx: AppContext, token: string): AuthState | null {
  return ctx.tokenCache.get(hashToken(token), ctx.now());
}

export async function resolveToken(ctx: AppContext, token: string): Promise<AuthState | null> {
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const cached = ctx.tokenCache.get(tokenHash, now);
  if (cached) return cached;
  const row = await findLiveToken(ctx.db, tokenHash, now);
  if (!row) return null;
  let idleExpiresAt = row.idleExpiresAt;
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    // Conditional, so several processes missing the cache at once write once.
    idleExpiresAt = new Date(now.getTime() + sessionLifetime(ctx.env, row.role).idleMs);
    lastSeenAt = now;
    await touchToken(ctx.db, row.tokenId, now, idleExpiresAt, new Date(now.getTime() - SESSION_TOUCH_MS));
  }
  const teacherType = row.role === 'teacher' ? row.teacherType : null;
  const auth: AuthState = { accountId: row.accountId, role: row.role, isAdmin: row.role === 'teacher' && isAdminTeacher(teacherType ?? 0, row.isAdmin), teacherType, tokenId: row.tokenId };
  // The entry ends when the token does (absolute or idle) and when its next touch is due, so a long cache
  // TTL can never hide an idle expiry nor keep last activity from moving.
  const until = Math.min(row.expiresAt.getTime(), idleExpiresAt?.getTime() ?? Infinity, lastSeenAt.getTime() + SESSION_TOUCH_MS);
  ctx.tokenCache.set(tokenHash, auth, new Date(until));
  return auth;
}

export async function revokeTokenById(ctx: AppContext, tokenId: number): Promise<void> {
  await revokeToken(ctx.db, tokenId, ctx.now());
  // After the write: a process that re-reads the token now finds it revoked. Evicts here at once, elsewhere soon.
  ctx.bus.publish({ channel: 'token-revoked', tokenId });
}

/** Ends every session of an account (password reset, disabling). */
export async function revokeAccountTokens(ctx: AppContext, accountId: number): Promise<void> {
  await revokeAllTokens(ctx.db, accountId, ctx.now());
  ctx.bus.publish({ channel: 'account-revoked', accountId });
}
