import { createHash, randomBytes } from 'node:crypto';
import type { AppContext, AuthState, Role } from '../../http/context.ts';
import { findLiveToken, insertToken, revokeAllTokens, revokeToken } from './auth.repo.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 bits from the OS CSPRNG, base64url: unguessable and safe in headers and URLs. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function issueToken(ctx: AppContext, accountId: number, role: Role, plat: string | null): Promise<string> {
  const token = newOpaqueToken();
  const expiresAt = new Date(ctx.now().getTime() + ctx.env.TOKEN_TTL_DAYS * 86_400_000);
  await insertToken(ctx.db, { tokenHash: hashToken(token), accountId, role, plat, expiresAt });
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
  const auth: AuthState = { accountId: row.accountId, role: row.role, isAdmin: row.role === 'teacher' && row.isAdmin, tokenId: row.tokenId };
  ctx.tokenCache.set(tokenHash, auth, row.expiresAt);
  return auth;
}

export async function revokeTokenById(ctx: AppContext, tokenId: number): Promise<void> {
  ctx.tokenCache.evictToken(tokenId);
  await revokeToken(ctx.db, tokenId, ctx.now());
}

/** Ends every session of an account (password reset, disabling). */
export async function revokeAccountTokens(ctx: AppContext, accountId: number): Promise<void> {
  ctx.tokenCache.evictAccount(accountId);
  await revokeAllTokens(ctx.db, accountId, ctx.now());
}
