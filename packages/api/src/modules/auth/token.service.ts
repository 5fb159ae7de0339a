import { createHash, randomBytes } from 'node:crypto';
import type { AppContext, AuthState, Role } from '../../http/context.ts';
import { findLiveToken, insertToken, revokeToken } from './auth.repo.ts';

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

export async function resolveToken(ctx: AppContext, token: string): Promise<AuthState | null> {
  const row = await findLiveToken(ctx.db, hashToken(token), ctx.now());
  if (!row) return null;
  return { accountId: row.accountId, role: row.role, isAdmin: row.role === 'teacher' && row.isAdmin, tokenId: row.tokenId };
}

export async function revokeTokenById(ctx: AppContext, tokenId: number): Promise<void> {
  await revokeToken(ctx.db, tokenId, ctx.now());
}
