/**
 * The information seminar over WeCom (decision 099): public sign-ups, the counsellor assignment, the contact-me
 * code and WeCom's callback; the admins' counsellors, seminars and the list of who is connected to whom.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AppError,
  SEMINAR_ROLE_LABELS,
  SEMINAR_SIGNUP_STATUS_LABELS,
  WECOM_SEMINAR_MSG,
  pickCounsellor,
  seminarKeySchema,
  signupCodeOf,
  signupIdOf,
  type AdminSeminar,
  type AdminSeminarSignup,
  type AdminSeminarSignupPage,
  type Counsellor,
  type CounsellorInput,
  type Seminar,
  type SeminarContact,
  type SeminarInput,
  type SeminarRole,
  type SeminarSignupInput,
  type SeminarSignupQuery,
  type SeminarSignupResult,
  type SeminarSignupStatus,
  type SeminarSignupView,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import { WecomCallbackError, openCallbackEvent, verifyCallbackUrl, type CallbackKeys, type CallbackQuery, type WecomContactApi } from '../../providers/wecom/wecom-contact.ts';
import { listStates } from '../region/region.service.ts';
import {
  applyCallback,
  assignSignup,
  ensureContactWay,
  existingSchoolIds,
  findCounsellor,
  findSeminar,
  findSchoolNames,
  findSignup,
  insertCounsellorAudited,
  insertSeminarAudited,
  insertSignup,
  listCounsellors,
  listSeminars,
  listSignups,
  signupKeysetPage,
  updateCounsellorAudited,
  updateSeminarAudited,
  type AdminSignupRow,
  type CallbackOutcome,
  type CounsellorFull,
  type CounsellorWrite,
  type SeminarRow,
  type SignupRow,
} from './wecom-seminar.repo.ts';

const CHINA_ID = 1;
const DEFAULT_PAGE_SIZE = 20;

export interface SeminarDeps {
  ctx: AppContext;
  /** WeCom's customer-contact API; null when WeCom is off. */
  contact: WecomContactApi | null;
  /** The callback's Token, EncodingAESKey and corp id; null when not configured. */
  keys: CallbackKeys | null;
  /** Demo (stand-in) only: the page a phone opens by scanning this contact-me code. */
  demoScanUrl: ((configId: string) => string) | null;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function provinceNames(): Map<number, string> {
  return new Map(listStates(CHINA_ID).map((s) => [s.id, s.name]));
}

function seminarOf(s: SeminarRow): Seminar {
  return { id: s.id, title: s.title, description: s.description, location: s.location, starts_at: s.startsAt.toISOString(), open: s.open };
}

const statusOf = (s: SignupRow): SeminarSignupStatus => (s.connectedAt !== null ? 'connected' : s.counsellorId !== null ? 'assigned' : 'unassigned');

// ---- Public ---------------------------------------------------------------------------------------------------

export async function listOpenSeminars(ctx: AppContext): Promise<Seminar[]> {
  const now = ctx.now().getTime();
  return (await listSeminars(ctx.db, { openOnly: true })).filter((s) => s.startsAt.getTime() > now).map(seminarOf);
}

/** A sign-up: the same key again answers the same sign-up; the phone with another key is refused. */
export async function signUp(ctx: AppContext, input: SeminarSignupInput): Promise<SeminarSignupResult> {
  const seminar = await findSeminar(ctx.db, input.seminar_id);
  if (!seminar) throw AppError.param('seminar_id', WECOM_SEMINAR_MSG.SEMINAR_NOT_FOUND);
  if (!seminar.open || seminar.startsAt.getTime() <= ctx.now().getTime()) throw AppError.message(WECOM_SEMINAR_MSG.SEMINAR_CLOSED);
  if (!provinceNames().has(input.state_id)) throw AppError.param('state_id', WECOM_SEMINAR_MSG.PROVINCE_REQUIRED);
  const schoolId: number | null = input.school_id ?? null;
  if (schoolId !== null && (await existingSchoolIds(ctx.db, [schoolId])).length === 0) throw AppError.param('school_id', WECOM_SEMINAR_MSG.SCHOOL_REQUIRED);
  const schoolName = (input.school_name ?? '').trim();
  if (schoolId === null && !schoolName) throw AppError.param('school_name', WECOM_SEMINAR_MSG.SCHOOL_REQUIRED);
  const keyHash = hashKey(input.key);
  const row = await insertSignup(
    ctx.db,
    {
      seminarId: seminar.id,
      keyHash,
      role: input.role,
      name: input.name,
      phone: input.phone,
      grade: input.grade,
      stateId: input.state_id,
      schoolId,
      schoolName,
      // WeCom's state is at most 30 characters: 20 random base64url characters (120 bits).
      contactState: `s${randomBytes(15).toString('base64url')}`.slice(0, 21),
    },
    ctx.now(),
  );
  if (!sameHash(row.keyHash, keyHash)) throw AppError.message(WECOM_SEMINAR_MSG.ALREADY_SIGNED_UP);
  return { code: signupCodeOf(row.id), seminar_id: row.seminarId };
}

/** The sign-up of `code`, when `key` is its secret; anything else is the same 1 报名信息不存在或已失效. */
async function ownSignup(ctx: AppContext, code: string, key: string | undefined): Promise<SignupRow> {
  const id = signupIdOf(code);
  const parsed = seminarKeySchema.safeParse(key);
  const row = id !== null && parsed.success ? await findSignup(ctx.db, id) : undefined;
  if (!row || !parsed.success || !sameHash(row.keyHash, hashKey(parsed.data))) throw AppError.notFound(WECOM_SEMINAR_MSG.SIGNUP_NOT_FOUND);
  return row;
}

/** POST divide: assigns a counsellor by the rules (once); no counsellor with room: 顾问名额已满…. */
export async function divide(ctx: AppContext, code: string, key: string | undefined): Promise<SeminarSignupView> {
  const row = await ownSignup(ctx, code, key);
  if (row.counsellorId === null) {
    const outcome = await assignSignup(ctx.db, row.id, pickCounsellor, ctx.now());
    if (outcome.kind === 'none') throw AppError.message(WECOM_SEMINAR_MSG.NO_COUNSELLOR);
  }
  return view(ctx, row.id);
}

async function view(ctx: AppContext, id: number): Promise<SeminarSignupView> {
  const row = (await findSignup(ctx.db, id))!;
  const seminar = (await findSeminar(ctx.db, row.seminarId))!;
  const counsellor = row.counsellorId !== null ? await findCounsellor(ctx.db, row.counsellorId) : undefined;
  return {
    code: signupCodeOf(row.id),
    seminar: { id: seminar.id, title: seminar.title, starts_at: seminar.startsAt.toISOString(), location: seminar.location },
    name: row.name,
    status: statusOf(row),
    counsellor: counsellor ? { name: counsellor.name, intro: counsellor.intro } : null,
    connected_at: row.connectedAt?.toISOString() ?? null,
  };
}

export async function getSignup(ctx: AppContext, code: string, key: string | undefined): Promise<SeminarSignupView> {
  const row = await ownSignup(ctx, code, key);
  return view(ctx, row.id);
}

/** The counsellor's contact-me code for this sign-up (made once with add_contact_way, its state naming the sign-up). */
export async function contactWay(deps: SeminarDeps, code: string, key: string | undefined): Promise<SeminarContact> {
  const { ctx } = deps;
  const row = await ownSignup(ctx, code, key);
  if (row.counsellorId === null) throw AppError.message(WECOM_SEMINAR_MSG.NOT_ASSIGNED);
  const contact = deps.contact;
  if (!contact) throw AppError.message(WECOM_SEMINAR_MSG.WECOM_UNAVAILABLE);
  let done: SignupRow | undefined;
  try {
    done = await ensureContactWay(ctx.db, row.id, (s, userId) => contact.addContactWay({ userId, state: s.contactState, remark: `说明会报名 ${signupCodeOf(s.id)}` }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    // WeCom refused or could not be reached: the page shows 企业微信服务暂不可用 and may try again.
    throw AppError.message(WECOM_SEMINAR_MSG.WECOM_UNAVAILABLE);
  }
  return { qr_code: done!.qrCode!, connected: done!.connectedAt !== null, demo_scan_url: deps.demoScanUrl && done!.configId ? deps.demoScanUrl(done!.configId) : null };
}

// ---- WeCom's callback -----------------------------------------------------------------------------------------

export type CallbackAnswer = { ok: true; body: string; outcome?: CallbackOutcome } | { ok: false; reason: string };

export function verifyCallback(deps: SeminarDeps, q: CallbackQuery): CallbackAnswer {
  if (!deps.keys) return { ok: false, reason: 'not-configured' };
  try {
    return { ok: true, body: verifyCallbackUrl(deps.keys, q, Math.floor(deps.ctx.now().getTime() / 1000)) };
  } catch (err) {
    if (err instanceof WecomCallbackError) return { ok: false, reason: err.reason };
    throw err;
  }
}

export async function receiveCallback(deps: SeminarDeps, q: CallbackQuery, body: string): Promise<CallbackAnswer> {
  if (!deps.keys) return { ok: false, reason: 'not-configured' };
  let event;
  try {
    event = openCallbackEvent(deps.keys, q, body, Math.floor(deps.ctx.now().getTime() / 1000));
  } catch (err) {
    if (err instanceof WecomCallbackError) return { ok: false, reason: err.reason };
    throw err;
  }
  const outcome = await applyCallback(deps.ctx.db, { signature: q.msg_signature!.toLowerCase(), event: event.event, changeType: event.changeType, state: event.state, userId: event.userId, externalUserId: event.externalUserId, now: deps.ctx.now() });
  if (outcome === 'replay') return { ok: false, reason: 'replay' };
  // WeCom wants the plain text "success" (or an empty body) for every message it should not send again.
  return { ok: true, body: 'success', outcome };
}

// ---- Admin ----------------------------------------------------------------------------------------------------

function counsellorOf(c: CounsellorFull, names: Map<number, string>): Counsellor {
  return {
    id: c.id,
    name: c.name,
    wecom_userid: c.wecomUserid,
    intro: c.intro,
    capacity: c.capacity,
    assigned: c.assigned,
    connected: c.connected,
    active: c.active,
    provinces: c.stateIds.map((id) => ({ id, name: names.get(id) ?? String(id) })),
    schools: c.schools,
  };
}

export async function getCounsellors(ctx: AppContext): Promise<Counsellor[]> {
  const names = provinceNames();
  return (await listCounsellors(ctx.db)).map((c) => counsellorOf(c, names));
}

async function counsellorValues(ctx: AppContext, input: CounsellorInput) {
  const names = provinceNames();
  const stateIds = [...new Set(input.province_ids)].sort((a, b) => a - b);
  if (stateIds.some((id) => !names.has(id))) throw AppError.param('province_ids', WECOM_SEMINAR_MSG.PROVINCES);
  const schoolIds = [...new Set(input.school_ids)].sort((a, b) => a - b);
  if ((await existingSchoolIds(ctx.db, schoolIds)).length !== schoolIds.length) throw AppError.param('school_ids', WECOM_SEMINAR_MSG.SCHOOLS);
  return { name: input.name, wecomUserid: input.wecom_userid, intro: input.intro, capacity: input.capacity, active: input.active, stateIds, schoolIds };
}

async function counsellorAnswer(ctx: AppContext, w: CounsellorWrite): Promise<Counsellor> {
  if (w.kind === 'missing') throw AppError.notFound(WECOM_SEMINAR_MSG.COUNSELLOR_NOT_FOUND);
  if (w.kind === 'taken') throw AppError.param('wecom_userid', WECOM_SEMINAR_MSG.WECOM_USERID_TAKEN);
  if (w.kind === 'below-assigned') throw AppError.param('capacity', WECOM_SEMINAR_MSG.CAPACITY_BELOW_ASSIGNED);
  const [c] = await listCounsellors(ctx.db, [w.id]);
  return counsellorOf(c!, provinceNames());
}

export async function createCounsellor(ctx: AppContext, auth: AuthState, input: CounsellorInput): Promise<Counsellor> {
  return counsellorAnswer(ctx, await insertCounsellorAudited(ctx.db, await counsellorValues(ctx, input), auth.accountId, ctx.now()));
}

export async function updateCounsellor(ctx: AppContext, auth: AuthState, id: number, input: CounsellorInput): Promise<Counsellor> {
  return counsellorAnswer(ctx, await updateCounsellorAudited(ctx.db, id, await counsellorValues(ctx, input), auth.accountId, ctx.now()));
}

export async function getAdminSeminars(ctx: AppContext): Promise<AdminSeminar[]> {
  return (await listSeminars(ctx.db, { openOnly: false })).map((s) => ({ ...seminarOf(s), signups: s.signups, connected: s.connected }));
}

const seminarValues = (input: SeminarInput) => ({ title: input.title, description: input.description, location: input.location, startsAt: new Date(input.starts_at), open: input.open });

async function adminSeminar(ctx: AppContext, id: number): Promise<AdminSeminar> {
  const found = (await getAdminSeminars(ctx)).find((s) => s.id === id);
  if (!found) throw AppError.notFound(WECOM_SEMINAR_MSG.SEMINAR_NOT_FOUND);
  return found;
}

export async function createSeminar(ctx: AppContext, auth: AuthState, input: SeminarInput): Promise<AdminSeminar> {
  return adminSeminar(ctx, await insertSeminarAudited(ctx.db, seminarValues(input), auth.accountId, ctx.now()));
}

export async function updateSeminar(ctx: AppContext, auth: AuthState, id: number, input: SeminarInput): Promise<AdminSeminar> {
  if (!(await updateSeminarAudited(ctx.db, id, seminarValues(input), auth.accountId, ctx.now()))) throw AppError.notFound(WECOM_SEMINAR_MSG.SEMINAR_NOT_FOUND);
  return adminSeminar(ctx, id);
}

function adminSignupOf(r: AdminSignupRow, names: Map<number, string>, schoolNames: Map<number, string>): AdminSeminarSignup {
  return {
    id: r.s.id,
    code: signupCodeOf(r.s.id),
    seminar: { id: r.s.seminarId, title: r.seminarTitle },
    role: r.s.role as SeminarRole,
    name: r.s.name,
    phone: r.s.phone,
    grade: r.s.grade,
    province: names.get(r.s.stateId) ?? '',
    school: (r.s.schoolId !== null ? schoolNames.get(r.s.schoolId) : undefined) ?? r.s.schoolName,
    counsellor: r.s.counsellorId !== null ? { id: r.s.counsellorId, name: r.counsellorName ?? '' } : null,
    status: statusOf(r.s),
    created_at: r.s.createdAt.toISOString(),
    connected_at: r.s.connectedAt?.toISOString() ?? null,
  };
}

async function schoolNamesOf(ctx: AppContext, rows: AdminSignupRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.s.schoolId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return findSchoolNames(ctx.db, ids);
}

const filterOf = (q: SeminarSignupQuery) => ({ seminarId: q.seminar_id, counsellorId: q.counsellor_id, status: q.status, q: q.q });

export async function getSignups(ctx: AppContext, q: SeminarSignupQuery): Promise<AdminSeminarSignupPage> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const { items, total } = await listSignups(ctx.db, { ...filterOf(q), page, pageSize });
  const names = provinceNames();
  const schools = await schoolNamesOf(ctx, items);
  return { items: items.map((r) => adminSignupOf(r, names, schools)), total, page, page_size: pageSize };
}

const SIGNUP_COLUMNS: readonly SheetColumn<AdminSeminarSignup>[] = [
  { header: '编号', value: (s) => s.code },
  { header: '说明会', width: 24, value: (s) => s.seminar.title },
  { header: '身份', value: (s) => SEMINAR_ROLE_LABELS[s.role] },
  { header: '姓名', value: (s) => s.name },
  { header: '手机号', width: 14, value: (s) => s.phone },
  { header: '年级', value: (s) => s.grade },
  { header: '省份', value: (s) => s.province },
  { header: '学校', width: 24, value: (s) => s.school },
  { header: '顾问', value: (s) => s.counsellor?.name ?? '' },
  { header: '状态', width: 14, value: (s) => SEMINAR_SIGNUP_STATUS_LABELS[s.status] },
  { header: '报名时间', width: 17, value: (s) => beijingTime(s.created_at) },
  { header: '添加时间', width: 17, value: (s) => beijingTime(s.connected_at) },
];

/** The list's export: its filters, every row, oldest first. */
export function exportSignups(ctx: AppContext, q: SeminarSignupQuery): { fileName: string; stream: Readable } {
  const f = filterOf(q);
  const names = provinceNames();
  const day = beijingTime(ctx.now()).slice(0, 10).replace(/-/g, '');
  const batches = keysetBatches(
    async (after, limit) => {
      const rows = await signupKeysetPage(ctx.db, f, after, limit);
      const schools = await schoolNamesOf(ctx, rows);
      return rows.map((r) => adminSignupOf(r, names, schools));
    },
    (s) => s.id,
  );
  return { fileName: `说明会顾问分配-${day}.xlsx`, stream: streamSheet('说明会报名', SIGNUP_COLUMNS, batches) };
}
