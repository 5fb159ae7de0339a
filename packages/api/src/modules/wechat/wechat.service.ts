/**
 * The WeChat browser (decision 069): web-page OAuth for logging in with a bound open id, binding one to a
 * student account, and handing a payer's open id to JSAPI payment; JS-SDK signatures.
 *
 * Identities are per app id: every lookup is by (our app id, open id), and a state carries the app id it was
 * made for, so an open id issued to another official account can neither log in nor bind here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError, MSG, WECHAT_JS_API_LIST, WECHAT_MSG, isSameOriginPath, type WechatBinding, type WechatJsConfig, type WechatOauthCallbackResult, type WechatOauthPurpose } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { WechatApiError, type OauthScope, type WechatOfficialAccount } from '../../providers/wechat/official-account.ts';
import { findAccountById } from '../auth/auth.queries.ts';
import { startSession, type RequestMeta } from '../auth/account.service.ts';
import { issuePayerTicket } from './payer-ticket.ts';
import type { CredentialStore } from './wechat-credentials.ts';
import { consumeOauthState, deleteIdentity, findIdentityByOpenId, findIdentityOfAccount, insertOauthState, upsertIdentity, type WechatStateRow } from './wechat.repo.ts';

export const STATE_TTL_MS = 10 * 60_000;
/** Where WeChat sends the browser back: the web page that finishes the flow (docs/product/screens-and-routes.md). */
export const OAUTH_REDIRECT_PATH = '/wx-code-redirect';

export interface WechatRuntime {
  mode: 'off' | 'standin' | 'live';
  account: WechatOfficialAccount | null;
  credentials: CredentialStore;
}

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

function accountOf(wx: WechatRuntime): WechatOfficialAccount {
  if (!wx.account) throw AppError.message(WECHAT_MSG.OFF);
  return wx.account;
}

function unavailable(err: unknown): never {
  if (err instanceof WechatApiError && err.isBadCode) throw AppError.message(WECHAT_MSG.CODE_INVALID);
  if (err instanceof AppError) throw err;
  throw AppError.message(WECHAT_MSG.WECHAT_UNAVAILABLE);
}

async function newState(ctx: AppContext, row: { purpose: WechatOauthPurpose; returnPath: string; appId: string; accountId: number | null; openId?: string; unionId?: string | null }): Promise<string> {
  if (!isSameOriginPath(row.returnPath)) throw AppError.param('return_url', WECHAT_MSG.RETURN_URL_INVALID);
  const nonce = randomBytes(24).toString('base64url');
  const now = ctx.now();
  await insertOauthState(ctx.db, { ...row, nonceHash: hashNonce(nonce), expiresAt: new Date(now.getTime() + STATE_TTL_MS), createdAt: now });
  return nonce;
}

/** The URL that sends the browser to WeChat's authorize page; `origin` is PUBLIC_URL or the request's. */
export async function startOauth(
  ctx: AppContext,
  wx: WechatRuntime,
  input: { purpose: Exclude<WechatOauthPurpose, 'link'>; returnPath: string; accountId: number | null; origin: string },
): Promise<string> {
  const account = accountOf(wx);
  const state = await newState(ctx, { purpose: input.purpose, returnPath: input.returnPath, appId: account.appId, accountId: input.accountId });
  const scope: OauthScope = input.purpose === 'bind' ? 'snsapi_userinfo' : 'snsapi_base';
  return account.authorizeUrl({ redirectUri: `${input.origin.replace(/\/+$/, '')}${OAUTH_REDIRECT_PATH}`, scope, state });
}

async function bindIdentity(
  ctx: AppContext,
  appId: string,
  accountId: number,
  who: { openId: string; unionId: string | null; nickname: string | null; avatarUrl: string | null },
): Promise<void> {
  const byOpenId = await findIdentityByOpenId(ctx.db, appId, who.openId);
  if (byOpenId && byOpenId.accountId !== accountId) throw AppError.message(WECHAT_MSG.ALREADY_BOUND_OTHER);
  const ofAccount = await findIdentityOfAccount(ctx.db, accountId, appId);
  if (ofAccount && ofAccount.openId !== who.openId) throw AppError.message(WECHAT_MSG.ACCOUNT_HAS_WECHAT);
  const row = await upsertIdentity(ctx.db, { accountId, appId, ...who, boundAt: ctx.now() });
  // Lost a race with another binding of the same open id or account.
  if (!row) throw AppError.message(WECHAT_MSG.ALREADY_BOUND_OTHER);
}

/** WeChat sent the browser back to /wx-code-redirect with code and state: finish what the state was for. */
export async function completeOauth(ctx: AppContext, wx: WechatRuntime, input: { code: string; state: string }, meta: RequestMeta): Promise<WechatOauthCallbackResult> {
  const account = accountOf(wx);
  const state: WechatStateRow | null = await consumeOauthState(ctx.db, hashNonce(input.state), ctx.now());
  // Unknown, tampered, expired, already used, made for another app id, or a link ticket passed off as a state.
  if (!state || state.appId !== account.appId || state.purpose === 'link') throw AppError.message(WECHAT_MSG.STATE_INVALID);
  const grant = await account.exchangeCode(input.code).catch(unavailable);

  if (state.purpose === 'pay') {
    return { purpose: 'pay', return_path: state.returnPath, payer_ticket: await issuePayerTicket(ctx, { appId: account.appId, openId: grant.openId }) };
  }

  if (state.purpose === 'bind') {
    if (state.accountId === null) throw AppError.message(WECHAT_MSG.STATE_INVALID);
    const info = grant.scope.includes('snsapi_userinfo') ? await account.userInfo(grant).catch(unavailable) : null;
    await bindIdentity(ctx, account.appId, state.accountId, { openId: grant.openId, unionId: info?.unionId ?? grant.unionId, nickname: info?.nickname ?? null, avatarUrl: info?.avatarUrl ?? null });
    return { purpose: 'bind', return_path: state.returnPath, nickname: info?.nickname ?? null };
  }

  // Login: a bound open id (of this app) starts a session as a password login does.
  const identity = await findIdentityByOpenId(ctx.db, account.appId, grant.openId);
  if (identity) {
    const owner = await findAccountById(ctx.db, identity.accountId);
    if (!owner) throw AppError.message(WECHAT_MSG.STATE_INVALID);
    if (owner.disabledAt) throw AppError.message(MSG.ACCOUNT_DISABLED);
    return { purpose: 'login', return_path: state.returnPath, login: await startSession(ctx, owner, meta), bind_ticket: null };
  }
  // Unbound: the person logs in (or registers) with their phone, then this ticket binds the open id.
  const ticket = await newState(ctx, { purpose: 'link', returnPath: state.returnPath, appId: account.appId, accountId: null, openId: grant.openId, unionId: grant.unionId });
  return { purpose: 'login', return_path: state.returnPath, login: null, bind_ticket: ticket };
}

/** After a phone login that followed an unbound WeChat login: binds the open id the ticket carries. */
export async function linkAfterLogin(ctx: AppContext, wx: WechatRuntime, auth: AuthState, bindTicket: string): Promise<void> {
  const account = accountOf(wx);
  const state = await consumeOauthState(ctx.db, hashNonce(bindTicket), ctx.now());
  if (!state || state.purpose !== 'link' || state.appId !== account.appId || !state.openId) throw AppError.message(WECHAT_MSG.STATE_INVALID);
  await bindIdentity(ctx, account.appId, auth.accountId, { openId: state.openId, unionId: state.unionId, nickname: null, avatarUrl: null });
}

export async function getBinding(ctx: AppContext, wx: WechatRuntime, auth: AuthState): Promise<WechatBinding> {
  if (!wx.account) return { enabled: false, bound: false, nickname: null, avatar_url: null, bound_at: null };
  const row = await findIdentityOfAccount(ctx.db, auth.accountId, wx.account.appId);
  return { enabled: true, bound: Boolean(row), nickname: row?.nickname ?? null, avatar_url: row?.avatarUrl ?? null, bound_at: row ? row.boundAt.getTime() : null };
}

export async function unbind(ctx: AppContext, wx: WechatRuntime, auth: AuthState): Promise<void> {
  const account = accountOf(wx);
  if (!(await deleteIdentity(ctx.db, auth.accountId, account.appId))) throw AppError.message(WECHAT_MSG.NOT_BOUND);
}

// JS-SDK -----------------------------------------------------------------------------------------------------

/** WeChat JS-SDK appendix 1: sha1 over the four fields in this order; the url without its #fragment. */
export function jsapiSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = input.url.split('#')[0]!;
  return createHash('sha1').update(`jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`).digest('hex');
}

async function accessToken(wx: WechatRuntime, account: WechatOfficialAccount): Promise<string> {
  return wx.credentials.get(account.appId, 'access_token', () => account.fetchAccessToken());
}

/**
 * The token is resolved before the ticket's lock is taken: on PGlite (one connection) a credential read inside
 * another credential's transaction would wait for itself.
 */
async function jsapiTicket(wx: WechatRuntime, account: WechatOfficialAccount): Promise<string> {
  const token = await accessToken(wx, account);
  try {
    return await wx.credentials.get(account.appId, 'jsapi_ticket', () => account.fetchJsapiTicket(token));
  } catch (err) {
    // The token was replaced elsewhere (another system fetched one) or revoked: fetch a new one, once.
    if (!(err instanceof WechatApiError && err.isBadAccessToken)) throw err;
    await wx.credentials.invalidate(account.appId, 'access_token', token);
    const fresh = await accessToken(wx, account);
    return wx.credentials.get(account.appId, 'jsapi_ticket', () => account.fetchJsapiTicket(fresh));
  }
}

export async function jsConfig(ctx: AppContext, wx: WechatRuntime, input: { url: string; host: string }): Promise<WechatJsConfig> {
  const account = accountOf(wx);
  let pageHost: string;
  try {
    pageHost = new URL(input.url).host;
  } catch {
    throw AppError.param('url', WECHAT_MSG.URL_INVALID);
  }
  // Only our own pages are signed: the ticket is the official account's, not a signing service for others.
  if (pageHost.toLowerCase() !== input.host.toLowerCase()) throw AppError.param('url', WECHAT_MSG.URL_INVALID);
  const ticket = await jsapiTicket(wx, account).catch(unavailable);
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  const nonceStr = randomBytes(12).toString('base64url');
  return { app_id: account.appId, timestamp, nonce_str: nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url: input.url }), js_api_list: [...WECHAT_JS_API_LIST] };
}
