/**
 * WeCom sign-in and binding (decision 098). The OAuth round trip resolves who opened the page inside WeCom:
 * a corp member (an employee) whose user id an administrator linked to a staff account signs in as that account;
 * someone outside the corp (a student) gets a single-use ticket that the register page binds to the account they
 * sign in or register with. A bound student opening the entry again is signed in.
 *
 * Identities are per corp: every lookup is by (corp id, id), and a state carries the corp it was made for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError, MSG, STATUS, WECOM_MSG, WECOM_RESTART_CODE, type WecomAuthorizeResult, type WecomEidResult, type WecomFailType, type WecomStaffLink, type WecomStaffLinkList, type WecomStudentIdentity } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { WecomApiError, type WecomClient, type WecomSigninScope } from '../../providers/wecom/wecom-client.ts';
import type { WecomRuntime } from '../../providers/wecom/wecom-runtime.ts';
import { findAccountById } from '../auth/auth.queries.ts';
import { startSession, type RequestMeta } from '../auth/account.service.ts';
import { secondFactorStep } from '../auth/mfa.service.ts';
import * as repo from './wecom.repo.ts';

export const STATE_TTL_MS = 10 * 60_000;
/** A bind ticket lives long enough to register with an SMS code. */
export const TICKET_TTL_MS = 30 * 60_000;
/** Where WeCom sends the browser back: the web page that finishes the flow. */
export const OAUTH_MIDDLE_PATH = '/wecom/oauth/middle';

const STAFF_ROLES = new Set(['teacher', 'school']);
const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');
const newNonce = () => randomBytes(24).toString('base64url');

function clientOf(wecom: WecomRuntime): WecomClient {
  if (!wecom.client) throw AppError.message(WECOM_MSG.OFF);
  return wecom.client;
}

const failed = (fail: WecomFailType | 'disabled', message?: string): WecomEidResult => ({ outcome: 'failed', code: 1, fail, ...(message ? { message } : {}) });

/** The URL that sends the browser to WeCom's authorize page; `origin` is PUBLIC_URL or the request's. */
export async function authorize(ctx: AppContext, wecom: WecomRuntime, input: { scope: WecomSigninScope; returnPath: string; origin: string }): Promise<WecomAuthorizeResult> {
  const client = clientOf(wecom);
  const state = newNonce();
  const now = ctx.now();
  await repo.insertState(ctx.db, { nonceHash: hashNonce(state), purpose: 'signin', returnPath: input.returnPath, corpId: client.corpId, expiresAt: new Date(now.getTime() + STATE_TTL_MS), createdAt: now });
  const redirectUri = `${input.origin.replace(/\/+$/, '')}${OAUTH_MIDDLE_PATH}`;
  return { authorize_url: client.authorizeUrl({ redirectUri, state, scope: input.scope }), state };
}

/**
 * WeCom sent the browser back with code and state. Answers an outcome, never an error, for what the person can
 * do something about: the page shows /wecom/oauth/fail/{type} or starts again (code 66).
 */
export async function resolveEid(ctx: AppContext, wecom: WecomRuntime, input: { code: string; state: string; appBindUrl: string }, meta: RequestMeta): Promise<WecomEidResult> {
  const client = clientOf(wecom);
  const nonceHash = hashNonce(input.state);
  const state = await repo.consumeState(ctx.db, nonceHash, ctx.now());
  if (!state || state.purpose !== 'signin' || state.corpId !== client.corpId) {
    // Issued here but used or run out (a reload, the back button, a slow hand): start again from the entry.
    if (!state && (await repo.stateExists(ctx.db, nonceHash))) return { outcome: 'restart', code: WECOM_RESTART_CODE };
    return failed('eid-1');
  }

  let identity;
  try {
    identity = await client.userInfoByCode(input.code);
  } catch (err) {
    // WeCom refused the code (unknown, expired, replayed): 认证异常; WeCom unreachable: the eid request failed.
    if (err instanceof WecomApiError && !err.isTransport) return failed('user-1');
    return failed('eid_request');
  }

  if (identity.kind === 'member') {
    const link = await repo.findLinkByUser(ctx.db, client.corpId, identity.userId);
    // An employee of the corp that no staff account is linked to: not a student either.
    if (!link) return failed('employee');
    const account = await findAccountById(ctx.db, link.accountId);
    if (!account || !STAFF_ROLES.has(account.role)) return failed('eid-2');
    if (account.disabledAt) return failed('disabled', MSG.ACCOUNT_DISABLED);
    // The member must still be active in the corp: someone who left keeps no way in.
    try {
      const member = await client.getMember(identity.userId);
      if (member.status !== 1) return failed('user-2');
    } catch (err) {
      if (err instanceof WecomApiError && !err.isTransport) return failed('user-2');
      return failed('eid_request');
    }
    await repo.touchSignin(ctx.db, link.id, account.id, identity.userId, ctx.now());
    // Staff with a second factor answer it first, as after a password (decision 036).
    const challenge = await secondFactorStep(ctx, account, meta.plat);
    if (challenge) return { outcome: 'mfa', code: 0, mfa: challenge, return_path: state.returnPath };
    return { outcome: 'signed_in', code: 0, login: await startSession(ctx, account, meta), return_path: state.returnPath };
  }

  // Outside the corp: a student. Already bound → signed in; else a ticket for the register page.
  const bound = await repo.findBindingByOpenId(ctx.db, client.corpId, identity.openId);
  if (bound) {
    const account = await findAccountById(ctx.db, bound.accountId);
    if (account && account.role === 'student') {
      if (account.disabledAt) return failed('disabled', MSG.ACCOUNT_DISABLED);
      if (identity.externalUserId && identity.externalUserId !== bound.externalUserId) {
        await repo.upsertBinding(ctx.db, { accountId: account.id, corpId: client.corpId, openId: identity.openId, externalUserId: identity.externalUserId, boundAt: bound.boundAt });
      }
      return { outcome: 'signed_in', code: 0, login: await startSession(ctx, account, meta), return_path: state.returnPath };
    }
  }
  const ticket = newNonce();
  const now = ctx.now();
  await repo.insertState(ctx.db, {
    nonceHash: hashNonce(ticket),
    purpose: 'ticket',
    returnPath: state.returnPath,
    corpId: client.corpId,
    openId: identity.openId,
    externalUserId: identity.externalUserId,
    expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
    createdAt: now,
  });
  const bindUrl = `${input.appBindUrl}${input.appBindUrl.includes('?') ? '&' : '?'}wecom=bind`;
  return { outcome: 'bind', code: 0, bind_ticket: ticket, bind_url: bindUrl };
}

/** A bind failure: 绑定失败 on the page, which then shows /wecom/oauth/fail/{fail}. */
const bindFailure = (msg: string, fail: WecomFailType) => new AppError(STATUS.MESSAGE, msg, { data: { fail } });

/** The signed-in student binds the WeCom identity the ticket carries (on /register, after login or registration). */
export async function bindStudent(ctx: AppContext, wecom: WecomRuntime, auth: AuthState, bindTicket: string): Promise<WecomStudentIdentity> {
  const client = clientOf(wecom);
  const ticket = await repo.consumeState(ctx.db, hashNonce(bindTicket), ctx.now());
  if (!ticket || ticket.purpose !== 'ticket' || ticket.corpId !== client.corpId || !ticket.openId) throw bindFailure(WECOM_MSG.BIND_TICKET_INVALID, 'eid-1');
  const byOpenId = await repo.findBindingByOpenId(ctx.db, client.corpId, ticket.openId);
  if (byOpenId && byOpenId.accountId !== auth.accountId) throw bindFailure(WECOM_MSG.ALREADY_BOUND_OTHER, 'eid-2');
  const ofAccount = await repo.findBindingOfAccount(ctx.db, auth.accountId, client.corpId);
  if (ofAccount && ofAccount.openId !== ticket.openId) throw bindFailure(WECOM_MSG.ACCOUNT_HAS_WECOM, 'eid-2');
  const row = await repo.upsertBinding(ctx.db, { accountId: auth.accountId, corpId: client.corpId, openId: ticket.openId, externalUserId: ticket.externalUserId, boundAt: ctx.now() });
  // Lost a race with another binding of the same identity or account.
  if (!row) throw bindFailure(WECOM_MSG.ALREADY_BOUND_OTHER, 'eid-2');
  return identityOf(row);
}

const identityOf = (row: repo.WecomStudentBindingRow | null): WecomStudentIdentity =>
  row ? { bound: true, external_user_id: row.externalUserId, open_id: row.openId, bound_at: row.boundAt.toISOString() } : { bound: false, external_user_id: null, open_id: null, bound_at: null };

/** A student's WeCom identity: their own, or (admins) any student's. */
export async function studentIdentity(ctx: AppContext, wecom: WecomRuntime, accountId: number): Promise<WecomStudentIdentity> {
  if (!wecom.client) return identityOf(null);
  return identityOf(await repo.findBindingOfAccount(ctx.db, accountId, wecom.client.corpId));
}

export async function adminStudentIdentity(ctx: AppContext, wecom: WecomRuntime, studentId: number): Promise<WecomStudentIdentity> {
  const account = await findAccountById(ctx.db, studentId);
  if (!account || account.role !== 'student') throw AppError.notFound(MSG.NOT_FOUND_API);
  return studentIdentity(ctx, wecom, studentId);
}

// Staff links ---------------------------------------------------------------------------------------------------

const linkOf = (row: repo.WecomStaffLinkRow): WecomStaffLink => ({
  account_id: row.accountId,
  wecom_user_id: row.wecomUserId,
  wecom_name: row.wecomName,
  linked_at: row.linkedAt.toISOString(),
  last_signin_at: row.lastSigninAt ? row.lastSigninAt.toISOString() : null,
});

export async function listStaffLinks(ctx: AppContext, wecom: WecomRuntime): Promise<WecomStaffLinkList> {
  if (!wecom.client) return { enabled: false, items: [] };
  return { enabled: true, items: (await repo.listLinks(ctx.db, wecom.client.corpId)).map(linkOf) };
}

async function loadStaffAccount(ctx: AppContext, id: number) {
  const account = await findAccountById(ctx.db, id);
  // Students are not staff: the same answer as an unknown id.
  if (!account || !STAFF_ROLES.has(account.role)) throw AppError.notFound(WECOM_MSG.STAFF_NOT_FOUND);
  return account;
}

/** Links a staff account to a WeCom member after WeCom confirms the member exists and is active. */
export async function linkStaff(ctx: AppContext, wecom: WecomRuntime, auth: AuthState, accountId: number, wecomUserId: string): Promise<WecomStaffLink> {
  const client = clientOf(wecom);
  await loadStaffAccount(ctx, accountId);
  let name: string | null = null;
  try {
    const member = await client.getMember(wecomUserId);
    if (member.status !== 1) throw AppError.param('wecom_user_id', WECOM_MSG.MEMBER_INACTIVE);
    name = member.name || null;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof WecomApiError && err.errcode === 60111) throw AppError.param('wecom_user_id', WECOM_MSG.NOT_MEMBER);
    throw AppError.message(WECOM_MSG.WECOM_UNAVAILABLE);
  }
  const outcome = await repo.saveLink(ctx.db, { accountId, corpId: client.corpId, wecomUserId, wecomName: name, actorId: auth.accountId, now: ctx.now() });
  if (outcome.kind === 'gone') throw AppError.notFound(WECOM_MSG.STAFF_NOT_FOUND);
  if (outcome.kind === 'taken') throw AppError.param('wecom_user_id', WECOM_MSG.USER_ID_TAKEN);
  return linkOf(outcome.row);
}

export async function unlinkStaff(ctx: AppContext, wecom: WecomRuntime, auth: AuthState, accountId: number): Promise<void> {
  clientOf(wecom);
  await loadStaffAccount(ctx, accountId);
  if (!(await repo.deleteLink(ctx.db, { accountId, actorId: auth.accountId, now: ctx.now() }))) throw AppError.message(WECOM_MSG.NOT_LINKED);
}
