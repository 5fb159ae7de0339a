/**
 * The WeChat mini-program (decision 097). The mini-program itself never holds a session: each of its native
 * actions (logging in, confirming a scan, paying) proves who is there with a fresh `wx.login` code, which the
 * server exchanges with WeChat (`code2Session`) for the open id under the mini-program's app id. The site in the
 * web-view gets its session from a one-time code (60 s, single use, only its SHA-256 stored, never logged).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  MP_ENTRY_LANDING_ID,
  MP_MSG,
  MP_TIMING,
  MSG,
  PAYMENT_PURPOSE_LABELS,
  STATUS,
  deviceLabel,
  maskIp,
  maskName,
  type LoginResult,
  type MpApp,
  type MpExchangeResult,
  type MpLanding,
  type MpLandingCreated,
  type MpLoginResult,
  type MpMe,
  type MpPayParams,
  type MpPollResult,
  type MpSceneCreated,
  type MpSceneView,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { WechatApiError } from '../../providers/wechat/official-account.ts';
import type { MiniProgramSession, WechatMiniProgram } from '../../providers/wechat/mini-program.ts';
import { findAccountById } from '../auth/auth.queries.ts';
import { startSession, type RequestMeta } from '../auth/account.service.ts';
import { findOrderByNo } from '../payments/payments.queries.ts';
import { issuePayerTicket } from '../wechat/payer-ticket.ts';
import type { CredentialStore } from '../wechat/wechat-credentials.ts';
import {
  consumeTicket,
  deleteScene,
  ensureLanding,
  ensureReferrerCode,
  findIdentity,
  findIdentityByUnionId,
  findIdentityOfAccount,
  findLanding,
  findReferral,
  findReferrerByCode,
  findReferrerCode,
  findScene,
  insertIdentity,
  insertReferral,
  insertScene,
  insertTicket,
  moveScene,
  type SceneRow,
} from './miniprogram.repo.ts';

export interface MiniprogramRuntime {
  mode: 'off' | 'standin' | 'live';
  apps: Partial<Record<MpApp, WechatMiniProgram>>;
  /** Decision 069's shared access-token store (a row per app id). */
  credentials: CredentialStore;
  codeVersion: 'release' | 'trial' | 'develop';
}

/** The page a scan-to-log-in code opens, and the page a landing's code opens. */
export const SCAN_PAGE = 'pages/scan-confirm/index';
export const LANDING_PAGE = 'pages/index/index';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const oneTime = () => randomBytes(32).toString('base64url');

function clientOf(mp: MiniprogramRuntime, app: MpApp): WechatMiniProgram {
  const client = mp.apps[app];
  if (!client) throw AppError.message(MP_MSG.OFF);
  return client;
}

function wechatFailure(err: unknown): never {
  if (err instanceof AppError) throw err;
  // A code used twice (40163), unknown or expired (40029), or made for another app: wx.login again.
  if (err instanceof WechatApiError && err.isBadCode) throw AppError.param('code', MP_MSG.CODE_INVALID);
  // WeChat could not be reached or refused for its own reasons: try again later.
  throw new AppError(STATUS.MESSAGE, MP_MSG.WECHAT_UNAVAILABLE, { httpStatus: 503 });
}

async function whoIs(client: WechatMiniProgram, code: string): Promise<MiniProgramSession> {
  return client.code2Session(code).catch(wechatFailure);
}

const ourAppIds = (ctx: AppContext, mp: MiniprogramRuntime, officialAccountAppId: string | null) =>
  [officialAccountAppId, ...Object.values(mp.apps).map((c) => c.appId)].filter((id): id is string => Boolean(id));

/**
 * The student account this WeChat logs in to under `appId`: its binding there, else (one union id across our apps)
 * its binding under another of our apps, which then binds this app too. Staff never log in through WeChat.
 */
async function accountFor(ctx: AppContext, appIds: readonly string[], appId: string, who: MiniProgramSession) {
  let identity = await findIdentity(ctx.db, appId, who.openId);
  if (!identity && who.unionId) {
    const sibling = await findIdentityByUnionId(ctx.db, who.unionId, appIds);
    if (sibling && !(await findIdentityOfAccount(ctx.db, sibling.accountId, appId))) {
      identity = await insertIdentity(ctx.db, { accountId: sibling.accountId, appId, openId: who.openId, unionId: who.unionId, boundAt: ctx.now() });
    }
  }
  if (!identity) return null;
  const account = await findAccountById(ctx.db, identity.accountId);
  if (!account || account.role !== 'student') return null;
  if (account.disabledAt) throw AppError.message(MSG.ACCOUNT_DISABLED);
  return account;
}

// Login: the mini-program's wx.login → the web-view's one-time code → the site's session ------------------------------------

export async function loginFromMiniProgram(ctx: AppContext, mp: MiniprogramRuntime, officialAppId: string | null, app: MpApp, code: string): Promise<MpLoginResult> {
  const client = clientOf(mp, app);
  const who = await whoIs(client, code);
  const account = await accountFor(ctx, ourAppIds(ctx, mp, officialAppId), client.appId, who);
  const webviewCode = oneTime();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + MP_TIMING.webviewCodeTtlMs);
  await insertTicket(ctx.db, { hash: sha256(webviewCode), kind: 'webview', app, appId: client.appId, openId: who.openId, unionId: who.unionId, accountId: account?.id ?? null, expiresAt, createdAt: now });
  const referrerId = account ? await ensureReferrerCode(ctx.db, account.id, referralCode, now) : null;
  return { webview_code: webviewCode, expires_at: expiresAt.toISOString(), bound: account !== null, referrer_id: referrerId };
}

/** The site, in the web-view, trades the one-time code for its session (or, unbound, for a bind ticket). */
export async function exchangeWebviewCode(ctx: AppContext, code: string, meta: RequestMeta): Promise<MpExchangeResult> {
  const now = ctx.now();
  const ticket = await consumeTicket(ctx.db, sha256(code), 'webview', now);
  if (!ticket) throw AppError.message(MP_MSG.TICKET_INVALID);
  const wxPayer = await issuePayerTicket(ctx, { appId: ticket.appId, openId: ticket.openId });
  if (ticket.accountId !== null) {
    const account = await findAccountById(ctx.db, ticket.accountId);
    if (!account) throw AppError.message(MP_MSG.TICKET_INVALID);
    if (account.disabledAt) throw AppError.message(MSG.ACCOUNT_DISABLED);
    const login = await startSession(ctx, account, { ...meta, plat: 'wechatweb' });
    return { app: ticket.app, login, bind_ticket: null, wx_payer: wxPayer };
  }
  const bindTicket = oneTime();
  await insertTicket(ctx.db, {
    hash: sha256(bindTicket),
    kind: 'bind',
    app: ticket.app,
    appId: ticket.appId,
    openId: ticket.openId,
    unionId: ticket.unionId,
    accountId: null,
    expiresAt: new Date(now.getTime() + MP_TIMING.bindTicketTtlMs),
    createdAt: now,
  });
  return { app: ticket.app, login: null, bind_ticket: bindTicket, wx_payer: wxPayer };
}

/** After the phone login that followed an unbound mini-program login: binds that WeChat to this student. */
export async function linkAfterLogin(ctx: AppContext, auth: AuthState, bindTicket: string): Promise<void> {
  const ticket = await consumeTicket(ctx.db, sha256(bindTicket), 'bind', ctx.now());
  if (!ticket) throw AppError.message(MP_MSG.BIND_INVALID);
  const byOpenId = await findIdentity(ctx.db, ticket.appId, ticket.openId);
  if (byOpenId && byOpenId.accountId !== auth.accountId) throw AppError.message(MP_MSG.ALREADY_BOUND_OTHER);
  if (byOpenId) return;
  const ofAccount = await findIdentityOfAccount(ctx.db, auth.accountId, ticket.appId);
  if (ofAccount) throw AppError.message(MP_MSG.ACCOUNT_HAS_MP);
  const row = await insertIdentity(ctx.db, { accountId: auth.accountId, appId: ticket.appId, openId: ticket.openId, unionId: ticket.unionId, boundAt: ctx.now() });
  if (!row) throw AppError.message(MP_MSG.ALREADY_BOUND_OTHER);
}

// The student's mini-program side: bindings, referral code, club ---------------------------------------------------------

const referralCode = () => randomBytes(9).toString('base64url');

export async function describeMe(ctx: AppContext, mp: MiniprogramRuntime, auth: AuthState): Promise<MpMe> {
  const main = mp.apps.main ? await findIdentityOfAccount(ctx.db, auth.accountId, mp.apps.main.appId) : null;
  const club = mp.apps.com ? await findIdentityOfAccount(ctx.db, auth.accountId, mp.apps.com.appId) : null;
  return {
    bound: main !== null,
    club: club !== null,
    referrer_id: await ensureReferrerCode(ctx.db, auth.accountId, referralCode, ctx.now()),
    referred: (await findReferral(ctx.db, auth.accountId)) !== null,
  };
}

/**
 * Binds the `mini_referrer_id` the browser kept to the student who just logged in. The first binding stays;
 * the same referrer again is answered as bound (a retried request), another one is refused.
 */
export async function bindReferrer(ctx: AppContext, auth: AuthState, code: string): Promise<{ bound: boolean }> {
  const referrer = await findReferrerByCode(ctx.db, code);
  if (referrer === null) throw AppError.param('referrer_id', MP_MSG.REFERRER_INVALID);
  if (referrer === auth.accountId) throw AppError.param('referrer_id', MP_MSG.REFERRER_SELF);
  if (await insertReferral(ctx.db, { accountId: auth.accountId, referrerAccountId: referrer, boundAt: ctx.now() })) return { bound: true };
  const existing = await findReferral(ctx.db, auth.accountId);
  if (existing?.referrerAccountId === referrer) return { bound: true };
  throw AppError.message(MP_MSG.REFERRER_BOUND);
}

// Mini-program codes ------------------------------------------------------------------------------------------------------

async function accessToken(mp: MiniprogramRuntime, client: WechatMiniProgram): Promise<string> {
  return mp.credentials.get(client.appId, 'access_token', () => client.fetchAccessToken());
}

/** A mini-program code as a data URL; a token WeChat says is stale (replaced elsewhere) is dropped and fetched once more. */
async function drawCode(mp: MiniprogramRuntime, client: WechatMiniProgram, scene: string, page: string): Promise<string> {
  const token = await accessToken(mp, client);
  let png: Buffer;
  try {
    png = await client.getUnlimitedCode(token, { scene, page, envVersion: mp.codeVersion, width: 430 });
  } catch (err) {
    if (!(err instanceof WechatApiError && err.isBadAccessToken)) throw err;
    await mp.credentials.invalidate(client.appId, 'access_token', token);
    png = await client.getUnlimitedCode(await accessToken(mp, client), { scene, page, envVersion: mp.codeVersion, width: 430 });
  }
  return `data:image/png;base64,${png.toString('base64')}`;
}

// Scan to log in on the web -----------------------------------------------------------------------------------------------

/** The login page asks for a code: a fresh scene bound to a secret only this browser gets. */
export async function createScene(ctx: AppContext, mp: MiniprogramRuntime, meta: RequestMeta): Promise<MpSceneCreated> {
  const client = clientOf(mp, 'main');
  const sceneId = randomBytes(16).toString('base64url');
  const secret = oneTime();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + MP_TIMING.sceneTtlMs);
  await insertScene(ctx.db, { sceneId, secretHash: sha256(secret), userAgent: meta.userAgent?.slice(0, 400) ?? null, ip: meta.ip, expiresAt, createdAt: now });
  let image: string;
  try {
    image = await drawCode(mp, client, sceneId, SCAN_PAGE);
  } catch (err) {
    await deleteScene(ctx.db, sceneId);
    return wechatFailure(err);
  }
  return { scene_id: sceneId, poll_secret: secret, qr_image: image, expires_at: expiresAt.toISOString(), poll_interval_ms: MP_TIMING.pollIntervalMs };
}

function secretMatches(row: SceneRow, secret: string | undefined): boolean {
  if (!secret || secret.length > 128) return false;
  const a = Buffer.from(row.secretHash);
  const b = Buffer.from(sha256(secret));
  return a.length === b.length && timingSafeEqual(a, b);
}

const isExpired = (row: SceneRow, now: Date) => row.expiresAt.getTime() <= now.getTime();

/**
 * The asking browser's poll (every 3 s). Only the browser holding the scene's secret gets an answer; a confirmed
 * scene hands out its session once (the move to `consumed` is one statement, so two polls cannot both get it).
 */
export async function pollScene(ctx: AppContext, sceneId: string, secret: string | undefined, meta: RequestMeta): Promise<MpPollResult> {
  const row = await findScene(ctx.db, sceneId);
  if (!row) throw AppError.message(MP_MSG.SCENE_INVALID);
  if (!secretMatches(row, secret)) throw new AppError(STATUS.MESSAGE, MP_MSG.SCENE_SECRET, { httpStatus: 403 });
  const now = ctx.now();
  if (row.status === 'consumed' || row.status === 'cancelled') return { status: row.status, login: null };
  if (isExpired(row, now)) return { status: 'expired', login: null };
  if (row.status !== 'confirmed') return { status: row.status, login: null };
  const taken = await moveScene(ctx.db, sceneId, ['confirmed'], { status: 'consumed' }, now, row.secretHash);
  if (!taken || taken.accountId === null) return { status: 'consumed', login: null };
  const account = await findAccountById(ctx.db, taken.accountId);
  if (!account) throw AppError.message(MP_MSG.SCENE_INVALID);
  if (account.disabledAt) throw AppError.message(MSG.ACCOUNT_DISABLED);
  const login: LoginResult = await startSession(ctx, account, meta);
  return { status: 'confirmed', login };
}

async function liveScene(ctx: AppContext, sceneId: string): Promise<SceneRow> {
  const row = await findScene(ctx.db, sceneId);
  if (!row || row.status === 'consumed' || row.status === 'cancelled') throw AppError.message(MP_MSG.SCENE_INVALID);
  if (isExpired(row, ctx.now())) throw AppError.message(MP_MSG.SCENE_EXPIRED);
  return row;
}

/** The scan-confirm page opened: which device and place asked, and whom this WeChat would log in as. */
export async function viewScene(ctx: AppContext, mp: MiniprogramRuntime, officialAppId: string | null, sceneId: string, code: string): Promise<MpSceneView> {
  const client = clientOf(mp, 'main');
  const who = await whoIs(client, code);
  const row = await liveScene(ctx, sceneId);
  const account = await accountFor(ctx, ourAppIds(ctx, mp, officialAppId), client.appId, who);
  const moved = row.status === 'pending' ? await moveScene(ctx.db, sceneId, ['pending', 'scanned'], { status: 'scanned', appId: client.appId, openId: who.openId }, ctx.now()) : row;
  return {
    status: moved?.status ?? row.status,
    device: deviceLabel(row.userAgent),
    place: maskIp(row.ip),
    expires_at: row.expiresAt.toISOString(),
    account_name: account ? maskName(account.name) || '学生账号' : null,
  };
}

/** 确认登录 in the mini-program: the scene now logs the asking browser in as this WeChat's student. */
export async function confirmScene(ctx: AppContext, mp: MiniprogramRuntime, officialAppId: string | null, sceneId: string, code: string): Promise<void> {
  const client = clientOf(mp, 'main');
  const who = await whoIs(client, code);
  await liveScene(ctx, sceneId);
  const account = await accountFor(ctx, ourAppIds(ctx, mp, officialAppId), client.appId, who);
  if (!account) throw AppError.message(MP_MSG.NOT_BOUND);
  const moved = await moveScene(ctx.db, sceneId, ['pending', 'scanned'], { status: 'confirmed', appId: client.appId, openId: who.openId, accountId: account.id }, ctx.now());
  if (!moved) {
    // Lost a race with another confirmation or cancellation: the same answer for the same WeChat, else refused.
    const now = await findScene(ctx.db, sceneId);
    if (now?.status === 'confirmed' && now.openId === who.openId) return;
    throw AppError.message(MP_MSG.SCENE_INVALID);
  }
}

export async function cancelScene(ctx: AppContext, mp: MiniprogramRuntime, sceneId: string, code: string): Promise<void> {
  const client = clientOf(mp, 'main');
  await whoIs(client, code);
  const moved = await moveScene(ctx.db, sceneId, ['pending', 'scanned'], { status: 'cancelled' }, ctx.now());
  if (!moved) {
    const now = await findScene(ctx.db, sceneId);
    if (now?.status === 'cancelled') return;
    throw AppError.message(MP_MSG.SCENE_INVALID);
  }
}

// Pay in the mini-program ------------------------------------------------------------------------------------------------

/**
 * The mini-program's pay page, opened by the site with an order id: the order's JSAPI parameters, only to the
 * WeChat user they were made for (the open id under this mini-program's app id, from a fresh wx.login).
 */
export async function payParams(ctx: AppContext, mp: MiniprogramRuntime, code: string, orderNo: string): Promise<MpPayParams> {
  const client = clientOf(mp, 'main');
  const who = await whoIs(client, code);
  const order = await findOrderByNo(ctx.db, orderNo);
  const stored = order?.payKind === 'jsapi' ? order.payParams : null;
  if (!order || !stored || stored.payerAppId !== client.appId || stored.payerOpenId !== who.openId) throw AppError.notFound(MP_MSG.ORDER_NOT_FOUND);
  if (order.status !== 'pending' || order.expiresAt.getTime() <= ctx.now().getTime()) throw AppError.message(MP_MSG.ORDER_NOT_OPEN);
  const p = stored.params;
  return { appId: p.appId, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.package, signType: p.signType, paySign: p.paySign, amount_fen: order.amountFen, description: PAYMENT_PURPOSE_LABELS[order.purpose] };
}

// Landings: /mini/{id} --------------------------------------------------------------------------------------------------

const ENTRY: MpLanding = { id: MP_ENTRY_LANDING_ID, target_path: '/', title: 'Summit 高中生夏季学术项目', referrer_id: null };

export async function getLanding(ctx: AppContext, id: number): Promise<MpLanding> {
  if (id === MP_ENTRY_LANDING_ID) return ENTRY;
  const row = await findLanding(ctx.db, id);
  if (!row) throw AppError.notFound(MP_MSG.LANDING_NOT_FOUND);
  const referrerId = row.referrerAccountId === null ? null : await findReferrerCode(ctx.db, row.referrerAccountId);
  return { id: row.id, target_path: row.targetPath, title: row.title, referrer_id: referrerId };
}

/** A student's landing for a page (a card or a printed code that carries them as the referrer); one per page. */
export async function createLanding(ctx: AppContext, mp: MiniprogramRuntime, auth: AuthState, input: { path: string; title?: string | undefined }): Promise<MpLandingCreated> {
  const client = clientOf(mp, 'main');
  const now = ctx.now();
  const referrerId = await ensureReferrerCode(ctx.db, auth.accountId, referralCode, now);
  const row = await ensureLanding(ctx.db, { targetPath: input.path, title: input.title ?? ENTRY.title, referrerAccountId: auth.accountId, createdAt: now });
  const image = await drawCode(mp, client, `l${row.id}`, LANDING_PAGE).catch(wechatFailure);
  return { id: row.id, target_path: row.targetPath, title: row.title, referrer_id: referrerId, qr_image: image };
}
