/**
 * Onboarding of the admitted student (decisions 048–049): sign-ups with capacity and
 * closing time, info sessions with an .ics entry and a join link near the start, orientation and the reading
 * unlocked by the docs/product/users-and-roles.md limited-paid rule. Every student call needs a released offer and paid tuition (403-10).
 */
import {
  AppError,
  LIMITED_PAID_DEFAULTS,
  MSG,
  ONBOARDING_MSG,
  SINGLE_CHOICE_KINDS,
  STATUS,
  STUDENT_CONTENT_PAGES,
  joinLinkOpensAt,
  joinLinkVisible,
  limitedPaidSettingsSchema,
  limitedPaidUnlocked,
  signupOpen,
  type AdminOffering,
  type AdminOnboarding,
  type AdminSignups,
  type LimitedPaidSettings,
  type OfferingKind,
  type OfferingSaveRequest,
  type StudentContentSlug,
  type StudentOffering,
  type StudentOfferings,
  type StudentReading,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { readSettings, writeSettingsAudited } from '../settings/settings.queries.ts';
import { getStudentContentPage } from '../content/content.service.ts';
import { buildIcs } from './ics.ts';
import {
  cancelSignup,
  findOffering,
  findStudentState,
  insertOfferingAudited,
  listOfferings,
  listSignups,
  signUp,
  signedUpOfferingIds,
  updateOfferingAudited,
  type OfferingRow,
  type OfferingValues,
} from './onboarding.repo.ts';

export const LIMITED_PAID_KEY = 'onboarding.limited_paid';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The released offer and paid tuition every onboarding page needs (docs/product/users-and-roles.md "admission pages"). */
async function admittedStudent(ctx: AppContext, auth: AuthState) {
  const s = await findStudentState(ctx.db, auth.accountId);
  if (!s) throw AppError.login();
  // offer_letter 1 is a released offer (docs/product/data.md); a decision row, when present, must be the offer.
  const offered = s.offerLetter === 1 && (s.decision === null || s.decision === 'offer');
  if (!offered || !s.tuitionPaidAt) throw AppError.gate(STATUS.GATE_OFFER, MSG.OFFER_AND_PAID_ONLY);
  return { ...s, offerAt: s.releasedAt ?? s.offerCreatedAt, tuitionPaidAt: s.tuitionPaidAt };
}

function studentOffering(row: OfferingRow, signedUp: boolean, now: Date): StudentOffering {
  const startsAt = iso(row.startsAt);
  const isSession = row.kind === 'info_session' && startsAt !== null;
  const showLink = isSession && signedUp && row.joinUrl !== null && joinLinkVisible({ startsAt, durationMinutes: row.durationMinutes }, now.toISOString());
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    capacity: row.capacity,
    taken: row.taken,
    remaining: Math.max(row.capacity - row.taken, 0),
    closes_at: row.closesAt.toISOString(),
    closed: !signupOpen(row.closesAt.toISOString(), now.toISOString()),
    starts_at: startsAt,
    duration_minutes: row.durationMinutes,
    signed_up: signedUp,
    join_opens_at: isSession ? joinLinkOpensAt(startsAt) : null,
    join_url: showLink ? row.joinUrl : null,
  };
}

export async function getStudentOfferings(ctx: AppContext, auth: AuthState, kind: OfferingKind): Promise<StudentOfferings> {
  const s = await admittedStudent(ctx, auth);
  const [rows, mine] = await Promise.all([listOfferings(ctx.db, kind), signedUpOfferingIds(ctx.db, auth.accountId, kind)]);
  const now = ctx.now();
  return {
    kind,
    items: rows.map((r) => studentOffering(r, mine.has(r.id), now)),
    offer_track: kind === 'major' ? (s.decisionTrack ?? s.professionalTrack ?? null) : null,
  };
}

async function offeringOrThrow(ctx: AppContext, id: number): Promise<OfferingRow> {
  const row = await findOffering(ctx.db, id);
  if (!row) throw AppError.message(ONBOARDING_MSG.NOT_FOUND);
  return row;
}

export async function signUpStudent(ctx: AppContext, auth: AuthState, offeringId: number): Promise<StudentOfferings> {
  await admittedStudent(ctx, auth);
  const offering = await offeringOrThrow(ctx, offeringId);
  const outcome = await signUp(ctx.db, { offeringId, studentId: auth.accountId, now: ctx.now(), singleChoice: SINGLE_CHOICE_KINDS.includes(offering.kind) });
  if (outcome === 'missing') throw AppError.message(ONBOARDING_MSG.NOT_FOUND);
  if (outcome === 'closed') throw AppError.message(ONBOARDING_MSG.CLOSED);
  if (outcome === 'full') throw AppError.message(ONBOARDING_MSG.FULL);
  if (outcome === 'already') throw AppError.message(ONBOARDING_MSG.ALREADY);
  return getStudentOfferings(ctx, auth, offering.kind);
}

export async function cancelStudentSignup(ctx: AppContext, auth: AuthState, offeringId: number): Promise<StudentOfferings> {
  await admittedStudent(ctx, auth);
  const offering = await offeringOrThrow(ctx, offeringId);
  const outcome = await cancelSignup(ctx.db, { offeringId, studentId: auth.accountId, now: ctx.now() });
  if (outcome === 'missing') throw AppError.message(ONBOARDING_MSG.NOT_FOUND);
  if (outcome === 'closed') throw AppError.message(ONBOARDING_MSG.CLOSED);
  if (outcome === 'not_signed_up') throw AppError.message(ONBOARDING_MSG.NOT_SIGNED_UP);
  return getStudentOfferings(ctx, auth, offering.kind);
}

/** The .ics of an info session the student signed up for (a session they did not sign up for is a 4001). */
export async function infoSessionIcs(ctx: AppContext, auth: AuthState, offeringId: number, origin: string): Promise<{ body: string; fileName: string }> {
  await admittedStudent(ctx, auth);
  const row = await findOffering(ctx.db, offeringId);
  if (!row || row.kind !== 'info_session' || !row.startsAt) throw AppError.message(ONBOARDING_MSG.NOT_FOUND);
  const mine = await signedUpOfferingIds(ctx.db, auth.accountId, 'info_session');
  if (!mine.has(row.id)) throw AppError.message(ONBOARDING_MSG.NOT_SIGNED_UP);
  const body = buildIcs({
    uid: `info-session-${row.id}-student-${auth.accountId}@summit`,
    start: row.startsAt,
    durationMinutes: row.durationMinutes,
    title: row.title,
    description: [row.description, `入会链接将于开始前 15 分钟在 ${origin}/student/college-info-session 显示。`].filter(Boolean).join('\n'),
    url: `${origin}/student/college-info-session`,
    stamp: ctx.now(),
  });
  return { body, fileName: `info-session-${row.id}.ics` };
}

// Settings and reading ---------------------------------------------------------------------------------------

export async function getLimitedPaidSettings(ctx: AppContext): Promise<LimitedPaidSettings> {
  const [row] = await readSettings(ctx.db, [LIMITED_PAID_KEY]);
  const parsed = limitedPaidSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : LIMITED_PAID_DEFAULTS;
}

export async function saveLimitedPaidSettings(ctx: AppContext, auth: AuthState, value: LimitedPaidSettings): Promise<LimitedPaidSettings> {
  const next = { days: value.days, cutoff: value.cutoff ? new Date(value.cutoff).toISOString() : null };
  await writeSettingsAudited(ctx.db, {
    values: [{ key: LIMITED_PAID_KEY, value: next }],
    actorId: auth.accountId,
    now: ctx.now(),
    audit: { action: 'update', entityId: LIMITED_PAID_KEY, before: (rows) => rows[0]?.value ?? null, after: next },
  });
  return next;
}

/** Orientation for every admitted student; the two readings only when the docs/product/users-and-roles.md limited-paid rule unlocks them. */
export async function getStudentReading(ctx: AppContext, auth: AuthState, slug: StudentContentSlug): Promise<StudentReading> {
  const s = await admittedStudent(ctx, auth);
  const def = STUDENT_CONTENT_PAGES.find((p) => p.slug === slug)!;
  if (def.locked) {
    const unlocked = limitedPaidUnlocked({ offerAt: iso(s.offerAt), tuitionPaidAt: iso(s.tuitionPaidAt) }, await getLimitedPaidSettings(ctx));
    if (!unlocked) return { page: null, locked: true, msg: MSG.LIMITED_PAID_ONLY };
  }
  return { page: await getStudentContentPage(ctx, slug), locked: false, msg: null };
}

// Admin --------------------------------------------------------------------------------------------------------

function adminOffering(row: OfferingRow, now: Date): AdminOffering {
  const base = studentOffering(row, false, now);
  return {
    id: base.id,
    kind: base.kind,
    title: base.title,
    description: base.description,
    capacity: base.capacity,
    taken: base.taken,
    remaining: base.remaining,
    closes_at: base.closes_at,
    starts_at: base.starts_at,
    duration_minutes: base.duration_minutes,
    join_url: row.joinUrl,
    closed: base.closed,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getAdminOnboarding(ctx: AppContext): Promise<AdminOnboarding> {
  const [rows, limited] = await Promise.all([listOfferings(ctx.db), getLimitedPaidSettings(ctx)]);
  const now = ctx.now();
  return { offerings: rows.map((r) => adminOffering(r, now)), limited_paid: limited };
}

function valuesOf(input: OfferingSaveRequest): OfferingValues {
  if (input.kind === 'info_session' && !input.starts_at) throw AppError.param('starts_at', ONBOARDING_MSG.START_REQUIRED);
  return {
    kind: input.kind,
    title: input.title,
    description: input.description,
    capacity: input.capacity,
    closesAt: new Date(input.closes_at),
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    durationMinutes: input.duration_minutes,
    joinUrl: input.join_url ? input.join_url : null,
  };
}

export async function createOffering(ctx: AppContext, auth: AuthState, input: OfferingSaveRequest): Promise<AdminOffering> {
  const row = await insertOfferingAudited(ctx.db, { values: valuesOf(input), actorId: auth.accountId, now: ctx.now() });
  return adminOffering(row, ctx.now());
}

export async function updateOffering(ctx: AppContext, auth: AuthState, id: number, input: OfferingSaveRequest): Promise<AdminOffering> {
  const outcome = await updateOfferingAudited(ctx.db, { id, values: valuesOf(input), actorId: auth.accountId, now: ctx.now() });
  if (outcome.kind === 'missing') throw AppError.message(ONBOARDING_MSG.NOT_FOUND);
  if (outcome.kind !== 'ok') throw AppError.param('capacity', ONBOARDING_MSG.CAPACITY_BELOW_TAKEN);
  return adminOffering(outcome.row, ctx.now());
}

export const ADMIN_SIGNUP_LIMIT = 2000;
export const EXPORT_SIGNUP_LIMIT = 100_000;

export async function getAdminSignups(ctx: AppContext, kind: OfferingKind | undefined, limit = ADMIN_SIGNUP_LIMIT): Promise<AdminSignups> {
  const rows = await listSignups(ctx.db, { ...(kind ? { kind } : {}), limit: limit + 1 });
  return {
    truncated: rows.length > limit,
    signups: rows.slice(0, limit).map((r) => ({
      offering_id: r.offeringId,
      kind: r.kind,
      offering_title: r.offeringTitle,
      student_id: r.studentId,
      name: r.name ?? '',
      phone: r.phoneCode === '86' ? r.phone : `+${r.phoneCode} ${r.phone}`,
      signed_up_at: r.createdAt.toISOString(),
    })),
  };
}
