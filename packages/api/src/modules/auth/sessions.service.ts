import { AppError, SESSION_MSG, deviceLabel, platformLabel, type SessionItem } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { findAccountRole, listLiveSessions, revokeAccountSessionsAudited, revokeOtherSessions, revokeOwnSession } from './sessions.repo.ts';

/** The caller's signed-in devices, the current one flagged (decision 037). The owner sees the full IP. */
export async function listSessions(ctx: AppContext, auth: AuthState): Promise<SessionItem[]> {
  const rows = await listLiveSessions(ctx.db, auth.accountId, ctx.now());
  return rows.map((r) => ({
    id: r.id,
    current: r.id === auth.tokenId,
    device: deviceLabel(r.userAgent),
    platform: platformLabel(r.plat),
    ip: r.ip,
    created_at: r.createdAt.toISOString(),
    last_active_at: r.lastSeenAt.toISOString(),
  }));
}

/**
 * Ends one of the caller's other sessions. Another account's id, or one already ended, is a 4004 (the
 * list is stale: the page reloads it) without telling which. The current device uses 退出登录 instead.
 */
export async function endSession(ctx: AppContext, auth: AuthState, tokenId: number): Promise<void> {
  if (tokenId === auth.tokenId) throw AppError.message(SESSION_MSG.CURRENT_USE_LOGOUT);
  const ended = await revokeOwnSession(ctx.db, auth.accountId, tokenId, ctx.now());
  if (!ended) throw AppError.reload(SESSION_MSG.NOT_FOUND);
  ctx.bus.publish({ channel: 'token-revoked', tokenId });
}

/** 退出其他所有设备: every session of the caller's account but this one. */
export async function endOtherSessions(ctx: AppContext, auth: AuthState): Promise<{ count: number }> {
  const count = await revokeOtherSessions(ctx.db, auth.accountId, auth.tokenId, ctx.now());
  ctx.bus.publish({ channel: 'account-revoked', accountId: auth.accountId });
  return { count };
}

/** An administrator ends every session of an account (a lost phone, a leaver); audited. */
export async function adminEndAccountSessions(ctx: AppContext, auth: AuthState, accountId: number): Promise<{ count: number }> {
  if (!(await findAccountRole(ctx.db, accountId))) throw AppError.notFound(SESSION_MSG.ACCOUNT_NOT_FOUND);
  const count = await revokeAccountSessionsAudited(ctx.db, { actorId: auth.accountId, accountId, now: ctx.now() });
  ctx.bus.publish({ channel: 'account-revoked', accountId });
  return { count };
}
