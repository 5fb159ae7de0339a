import {
  AppError,
  TALENT_CONSENT_VERSION,
  TALENT_MEDIA_TYPES,
  TALENT_MSG,
  can,
  fileKeyOf,
  isAdminTeacher,
  rankEntries,
  resultsArePublished,
  talentEntryInputSchema,
  talentReviewInputSchema,
  talentRulesInputSchema,
  talentSheetInputSchema,
  weightedScore,
  type StudentTalentShow,
  type TalentEntryInput,
  type TalentGalleryEntry,
  type TalentLike,
  type TalentMyEntry,
  type TalentResultLine,
  type TalentReviewInput,
  type TalentRules,
  type TalentRulesInput,
  type TalentSheetInput,
  type TalentShowInfo,
  type TeacherTalentEntry,
  type TeacherTalentShow,
  UPLOAD_READ_TTL_SECONDS,
} from '@summit/domain';
import type { Readable } from 'node:stream';
import type { AppContext, AuthState } from '../../http/context.ts';
import { activitiesForStudent, activitiesOfKind, activityById, activityWindow, mayTakePart, type ActivityRow } from '../activities/activities.queries.ts';
import { awardBadgesFor } from '../badges/badges.queries.ts';
import { findUploadByKey } from '../storage/storage.queries.ts';
import { isAttachableUpload, storageFor } from '../storage/storage.service.ts';
import {
  approvedCountOf,
  criteriaOf,
  deleteEntryOf,
  entriesOfShow,
  entryOfStudent,
  finalizeResults,
  findEntry,
  findMedia,
  galleryOf,
  isJudge,
  judgesOf,
  likeEntry,
  reviewEntryAudited,
  saveRulesAudited,
  saveSheetAudited,
  sheetCountOfShow,
  sheetsOfShow,
  showOf,
  teacherAccounts,
  teachersExist,
  unlikeEntry,
  upsertEntry,
  type CriterionRow,
  type EntryRow,
  type EntryView,
  type SheetRow,
  type ShowRow,
} from './talent-show.repo.ts';

const KIND = 'talent-show' as const;

/** Staff who review entries: administrators and 工作人员 (type 4), the people who run the programme day to day. */
export function isModerator(auth: AuthState): boolean {
  return auth.role === 'teacher' && can(auth, 'students.write');
}

function isAdmin(auth: AuthState): boolean {
  return auth.role === 'teacher' && isAdminTeacher(auth.teacherType ?? 0, auth.isAdmin);
}

function refOf(a: ActivityRow, now: Date) {
  return { id: a.id, title: a.title, window: activityWindow(a, now) };
}

/** A show that closed this recently is still "the" show (its results come after it closes). */
const RECENT_MS = 14 * 86_400_000;

/**
 * The show to open: the one asked for; else the open one; else one closed in the last 14 days (its results are
 * the news); else the next upcoming; else the latest closed.
 */
function pickShow(rows: ActivityRow[], now: Date, activityId: number | undefined): ActivityRow | null {
  if (activityId !== undefined) {
    const row = rows.find((r) => r.id === activityId);
    if (!row) throw AppError.notFound(TALENT_MSG.SHOW_NOT_FOUND);
    return row;
  }
  const open = rows.filter((r) => activityWindow(r, now) === 'open');
  if (open.length) return open[open.length - 1]!;
  const closed = rows.filter((r) => activityWindow(r, now) === 'closed').sort((a, b) => a.closesAt.getTime() - b.closesAt.getTime());
  const latestClosed = closed[closed.length - 1];
  if (latestClosed && now.getTime() - latestClosed.closesAt.getTime() < RECENT_MS) return latestClosed;
  const upcoming = rows.filter((r) => activityWindow(r, now) === 'upcoming');
  if (upcoming.length) return upcoming[0]!;
  return latestClosed ?? null;
}

async function infoOf(ctx: AppContext, a: ActivityRow, show: ShowRow | undefined, criteria: CriterionRow[]): Promise<TalentShowInfo> {
  const now = ctx.now();
  return {
    activity_id: a.id,
    title: a.title,
    content: a.content,
    opens_at: a.opensAt.toISOString(),
    closes_at: a.closesAt.toISOString(),
    window: activityWindow(a, now),
    rules_published: Boolean(show?.rulesPublishedAt),
    rules_text: show?.rulesText ?? '',
    criteria: criteria.map((c) => ({ id: c.id, name: c.name, description: c.description, weight: c.weight })),
    finalist_count: show?.finalistCount ?? 3,
    results_at: show?.resultsAt?.toISOString() ?? null,
    results_published: resultsArePublished(show?.resultsAt ?? null, now),
    entry_count: await approvedCountOf(ctx.db, a.id),
  };
}

/** Criteria a student sees only once published; teachers see drafts on the rules page. */
function publicInfo(info: TalentShowInfo): TalentShowInfo {
  return info.rules_published ? info : { ...info, rules_text: '', criteria: [] };
}

function mediaUrl(role: 'student' | 'teacher', mediaId: number): string {
  return `/api/${role}/talent-show/media/${mediaId}`;
}

function galleryEntryOf(v: EntryView, role: 'student' | 'teacher', viewerId: number | null): TalentGalleryEntry {
  return {
    id: v.entry.id,
    title: v.entry.title,
    kind: v.entry.kind as TalentGalleryEntry['kind'],
    description: v.entry.description,
    student_name: v.studentName,
    media: v.media.map((m) => ({ id: m.id, name: m.name, content_type: m.contentType, url: mediaUrl(role, m.id) })),
    likes: v.entry.likesCount,
    liked_by_me: v.likedByMe,
    mine: viewerId !== null && v.entry.studentId === viewerId,
    finalist_rank: v.entry.finalistRank,
    created_at: v.entry.createdAt.toISOString(),
  };
}

function consentOf(e: EntryRow): TalentMyEntry['consent'] {
  return { guardian_name: e.guardianName, guardian_relation: e.guardianRelation as TalentMyEntry['consent']['guardian_relation'], consent_at: e.consentAt.toISOString(), consent_version: e.consentVersion };
}

// ---------------------------------------------------------------------------------------------------------
// Results: withheld before results_at; finalised once at the first read after it

function ranking(criteria: CriterionRow[], sheets: SheetRow[], entries: EntryRow[], finalists: number) {
  const byEntry = new Map<number, number[]>();
  for (const s of sheets) byEntry.set(s.entryId, [...(byEntry.get(s.entryId) ?? []), weightedScore(criteria, s.scores)]);
  return rankEntries(
    entries.filter((e) => e.status === 'approved').map((e) => ({ entryId: e.id, sheetScores: byEntry.get(e.id) ?? [], submittedAt: e.createdAt })),
    finalists,
  );
}

/** Finalises the results if their time has come and nobody has yet; true when results are out. */
async function ensureFinalised(ctx: AppContext, activityId: number, show: ShowRow | undefined): Promise<boolean> {
  const now = ctx.now();
  if (!show || !resultsArePublished(show.resultsAt, now)) return false;
  if (show.finalizedAt) return true;
  const [criteria, sheets, entries] = await Promise.all([criteriaOf(ctx.db, activityId), sheetsOfShow(ctx.db, activityId), entriesOfShow(ctx.db, activityId, { approvedOnly: true })]);
  const ranked = ranking(criteria, sheets, entries.map((v) => v.entry), show.finalistCount).filter((r) => r.finalist);
  await finalizeResults(
    ctx.db,
    activityId,
    now,
    ranked.map((r, i) => ({ entryId: r.entryId, rank: i + 1 })),
    async (tx, f) => {
      await awardBadgesFor(tx, f.studentId, 'talent_finalist', { kind: 'talent-show-entry', id: f.entryId, now });
    },
  );
  return true;
}

async function resultLines(ctx: AppContext, activityId: number, show: ShowRow): Promise<TalentResultLine[]> {
  const [criteria, sheets, entries] = await Promise.all([criteriaOf(ctx.db, activityId), sheetsOfShow(ctx.db, activityId), entriesOfShow(ctx.db, activityId, { approvedOnly: true })]);
  const byId = new Map(entries.map((v) => [v.entry.id, v]));
  return ranking(criteria, sheets, entries.map((v) => v.entry), show.finalistCount).map((r) => {
    const v = byId.get(r.entryId)!;
    return { rank: r.rank, entry_id: r.entryId, title: v.entry.title, kind: v.entry.kind as TalentResultLine['kind'], student_name: v.studentName, average: r.average, sheets: r.sheets, finalist: v.entry.finalistRank !== null };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Student

export async function getStudentTalentShow(ctx: AppContext, auth: AuthState, activityId?: number): Promise<StudentTalentShow> {
  const now = ctx.now();
  const rows = await activitiesForStudent(ctx.db, auth.accountId, KIND);
  const a = pickShow(rows, now, activityId);
  const shows = rows.map((r) => refOf(r, now));
  if (!a) return { shows, show: null, eligible: false, my_entry: null, gallery: [], finalists: null };
  let show = await showOf(ctx.db, a.id);
  const out = await ensureFinalised(ctx, a.id, show);
  if (out) show = await showOf(ctx.db, a.id);
  const [criteria, gallery, mine] = await Promise.all([criteriaOf(ctx.db, a.id), galleryOf(ctx.db, a.id, auth.accountId), entryOfStudent(ctx.db, a.id, auth.accountId)]);
  const finalists = out && show ? (await resultLines(ctx, a.id, show)).filter((l) => l.finalist) : null;
  return {
    shows,
    show: publicInfo(await infoOf(ctx, a, show, criteria)),
    eligible: true,
    my_entry: mine ? { ...galleryEntryOf(mine, 'student', auth.accountId), status: mine.entry.status, files: mine.media.map((m) => ({ name: m.name, url: m.url })), review_note: mine.entry.reviewNote, consent: consentOf(mine.entry), updated_at: mine.entry.updatedAt.toISOString() } : null,
    gallery: gallery.map((v) => galleryEntryOf(v, 'student', auth.accountId)),
    finalists,
  };
}

async function mustTakePart(ctx: AppContext, auth: AuthState, activityId: number): Promise<ActivityRow> {
  const a = await activityById(ctx.db, activityId);
  if (!a || a.kind !== KIND || !a.published) throw AppError.notFound(TALENT_MSG.SHOW_NOT_FOUND);
  if (!(await mayTakePart(ctx.db, activityId, auth.accountId))) throw AppError.message(TALENT_MSG.NOT_ELIGIBLE);
  return a;
}

export async function submitEntry(ctx: AppContext, auth: AuthState, raw: TalentEntryInput): Promise<TalentMyEntry> {
  const input = talentEntryInputSchema.parse(raw);
  const now = ctx.now();
  const a = await mustTakePart(ctx, auth, input.activity_id);
  if (activityWindow(a, now) !== 'open') throw AppError.message(TALENT_MSG.NOT_OPEN);
  const show = await showOf(ctx.db, a.id);
  if (resultsArePublished(show?.resultsAt ?? null, now)) throw AppError.message(TALENT_MSG.RESULTS_OUT);
  const media: Array<{ name: string; url: string; contentType: string }> = [];
  for (const [i, file] of input.media.entries()) {
    const key = fileKeyOf(file.url);
    const row = key ? await findUploadByKey(ctx.db, key) : undefined;
    const isPicture = row !== undefined && (TALENT_MEDIA_TYPES as readonly string[]).includes(row.contentType);
    if (!isPicture || !(await isAttachableUpload(ctx, 'student', auth.accountId, file.url))) throw AppError.param(`media.${i}`, TALENT_MSG.MEDIA_NOT_OWN);
    media.push({ name: file.name, url: file.url, contentType: row.contentType });
  }
  await upsertEntry(ctx.db, {
    activityId: a.id,
    studentId: auth.accountId,
    title: input.title,
    kind: input.kind,
    description: input.description,
    guardianName: input.consent.guardian_name,
    guardianRelation: input.consent.guardian_relation,
    consentVersion: TALENT_CONSENT_VERSION,
    media,
    now,
  });
  const mine = await entryOfStudent(ctx.db, a.id, auth.accountId);
  return { ...galleryEntryOf(mine!, 'student', auth.accountId), status: mine!.entry.status, files: mine!.media.map((m) => ({ name: m.name, url: m.url })), review_note: mine!.entry.reviewNote, consent: consentOf(mine!.entry), updated_at: mine!.entry.updatedAt.toISOString() };
}

/** Withdraws my entry (and with it the consent to show it); not once results are out. */
export async function withdrawEntry(ctx: AppContext, auth: AuthState, entryId: number): Promise<void> {
  const entry = await findEntry(ctx.db, entryId);
  if (!entry || entry.studentId !== auth.accountId) throw AppError.notFound(TALENT_MSG.ENTRY_NOT_FOUND);
  const show = await showOf(ctx.db, entry.activityId);
  if (resultsArePublished(show?.resultsAt ?? null, ctx.now())) throw AppError.message(TALENT_MSG.RESULTS_OUT);
  await deleteEntryOf(ctx.db, entryId, auth.accountId);
}

/** An approved entry of a show the student takes part in; never their own. */
async function likeableEntry(ctx: AppContext, auth: AuthState, entryId: number): Promise<EntryRow> {
  const entry = await findEntry(ctx.db, entryId);
  if (!entry || entry.status !== 'approved' || !(await mayTakePart(ctx.db, entry.activityId, auth.accountId))) throw AppError.notFound(TALENT_MSG.ENTRY_NOT_FOUND);
  if (entry.studentId === auth.accountId) throw AppError.message(TALENT_MSG.OWN_ENTRY_LIKE);
  return entry;
}

export async function like(ctx: AppContext, auth: AuthState, entryId: number): Promise<TalentLike> {
  await likeableEntry(ctx, auth, entryId);
  return { entry_id: entryId, liked: true, likes: await likeEntry(ctx.db, entryId, auth.accountId, ctx.now()) };
}

export async function unlike(ctx: AppContext, auth: AuthState, entryId: number): Promise<TalentLike> {
  const entry = await findEntry(ctx.db, entryId);
  if (!entry || entry.studentId === auth.accountId) throw AppError.notFound(TALENT_MSG.ENTRY_NOT_FOUND);
  return { entry_id: entryId, liked: false, likes: await unlikeEntry(ctx.db, entryId, auth.accountId) };
}

// ---------------------------------------------------------------------------------------------------------
// Pictures: served through the show's own rules, not the uploads' owner-only rule

export type MediaAnswer = { kind: 'redirect'; url: string } | { kind: 'stream'; stream: Readable; sizeBytes: number; contentType: string };

/**
 * The owner always; other students only an approved entry of a show they take part in; moderators every entry;
 * other teachers approved entries. Every refusal is the same 404, so a picture's existence is not revealed.
 */
export async function readMedia(ctx: AppContext, auth: AuthState, mediaId: number): Promise<MediaAnswer> {
  const found = await findMedia(ctx.db, mediaId);
  const denied = AppError.notFound(TALENT_MSG.ENTRY_NOT_FOUND);
  if (!found) throw denied;
  const { media, entry } = found;
  let allowed = entry.studentId === auth.accountId && auth.role === 'student';
  if (!allowed && auth.role === 'student') allowed = entry.status === 'approved' && (await mayTakePart(ctx.db, entry.activityId, auth.accountId));
  if (!allowed && auth.role === 'teacher') allowed = isModerator(auth) || entry.status === 'approved';
  if (!allowed) throw denied;
  const key = fileKeyOf(media.url);
  if (!key) throw denied;
  const storage = storageFor(ctx);
  if (storage.kind === 'remote') return { kind: 'redirect', url: await storage.signedReadUrl(key, { downloadName: media.name, contentType: media.contentType, expiresInSeconds: UPLOAD_READ_TTL_SECONDS }) };
  const opened = await storage.openRead(key);
  if (!opened) throw denied;
  return { kind: 'stream', stream: opened.stream, sizeBytes: opened.sizeBytes, contentType: media.contentType };
}

// ---------------------------------------------------------------------------------------------------------
// Teachers: judging and review

async function teacherShows(ctx: AppContext, auth: AuthState): Promise<ActivityRow[]> {
  const rows = await activitiesOfKind(ctx.db, KIND);
  return isAdmin(auth) ? rows : rows.filter((r) => r.published);
}

function sheetOf(criteria: CriterionRow[], s: SheetRow | undefined): TeacherTalentEntry['my_sheet'] {
  if (!s) return null;
  return {
    scores: criteria.filter((c) => s.scores.has(c.id)).map((c) => ({ criterion_id: c.id, score: s.scores.get(c.id)! })),
    comment: s.comment,
    total: weightedScore(criteria, s.scores),
    updated_at: s.updatedAt.toISOString(),
  };
}

export async function getTeacherTalentShow(ctx: AppContext, auth: AuthState, activityId?: number): Promise<TeacherTalentShow> {
  const now = ctx.now();
  const rows = await teacherShows(ctx, auth);
  const a = pickShow(rows, now, activityId);
  const shows = rows.map((r) => refOf(r, now));
  const moderator = isModerator(auth);
  if (!a) return { shows, show: null, is_judge: false, is_moderator: moderator, scoring_open: false, entries: [], results: null };
  let show = await showOf(ctx.db, a.id);
  const out = await ensureFinalised(ctx, a.id, show);
  if (out) show = await showOf(ctx.db, a.id);
  const judge = await isJudge(ctx.db, a.id, auth.accountId);
  const [criteria, sheets] = await Promise.all([criteriaOf(ctx.db, a.id), sheetsOfShow(ctx.db, a.id)]);
  // Judges score approved entries; staff review every entry; other teachers see the gallery.
  const entries = await entriesOfShow(ctx.db, a.id, { approvedOnly: !moderator });
  const mine = new Map(sheets.filter((s) => s.judgeId === auth.accountId).map((s) => [s.entryId, s]));
  const counts = new Map<number, number>();
  for (const s of sheets) counts.set(s.entryId, (counts.get(s.entryId) ?? 0) + 1);
  return {
    shows,
    show: await infoOf(ctx, a, show, criteria),
    is_judge: judge,
    is_moderator: moderator,
    scoring_open: judge && Boolean(show?.rulesPublishedAt) && !out,
    entries: entries.map((v) => ({
      ...galleryEntryOf(v, 'teacher', null),
      status: v.entry.status,
      review_note: v.entry.reviewNote,
      consent: consentOf(v.entry),
      my_sheet: judge ? sheetOf(criteria, mine.get(v.entry.id)) : null,
      sheet_count: moderator || out ? (counts.get(v.entry.id) ?? 0) : 0,
    })),
    results: out && show ? await resultLines(ctx, a.id, show) : null,
  };
}

export async function reviewEntry(ctx: AppContext, auth: AuthState, entryId: number, raw: TalentReviewInput): Promise<void> {
  if (!isModerator(auth)) throw AppError.message(TALENT_MSG.NOT_MODERATOR);
  const input = talentReviewInputSchema.parse(raw);
  const entry = await findEntry(ctx.db, entryId);
  if (!entry) throw AppError.notFound(TALENT_MSG.ENTRY_NOT_FOUND);
  const show = await showOf(ctx.db, entry.activityId);
  if (resultsArePublished(show?.resultsAt ?? null, ctx.now())) throw AppError.message(TALENT_MSG.RESULTS_OUT);
  await reviewEntryAudited(ctx.db, { entryId, status: input.status, note: input.note, actorId: auth.accountId, now: ctx.now() });
}

export async function saveSheet(ctx: AppContext, auth: AuthState, entryId: number, raw: TalentSheetInput): Promise<TeacherTalentEntry['my_sheet']> {
  const input = talentSheetInputSchema.parse(raw);
  const entry = await findEntry(ctx.db, entryId);
  if (!entry) throw AppError.notFound(TALENT_MSG.ENTRY_NOT_FOUND);
  if (!(await isJudge(ctx.db, entry.activityId, auth.accountId))) throw AppError.message(TALENT_MSG.NOT_JUDGE);
  const show = await showOf(ctx.db, entry.activityId);
  if (!show?.rulesPublishedAt) throw AppError.message(TALENT_MSG.RULES_NOT_PUBLISHED);
  if (resultsArePublished(show.resultsAt, ctx.now())) throw AppError.message(TALENT_MSG.RESULTS_OUT);
  if (entry.status !== 'approved') throw AppError.message(TALENT_MSG.ENTRY_NOT_APPROVED);
  const criteria = await criteriaOf(ctx.db, entry.activityId);
  const given = new Map(input.scores.map((s) => [s.criterion_id, s.score]));
  // Every criterion exactly once, and nothing else: a sheet is whole or refused.
  if (given.size !== input.scores.length || given.size !== criteria.length || criteria.some((c) => !given.has(c.id))) throw AppError.param('scores', TALENT_MSG.SCORES);
  await saveSheetAudited(ctx.db, { entryId, judgeId: auth.accountId, comment: input.comment, scores: criteria.map((c) => ({ criterionId: c.id, score: given.get(c.id)! })), now: ctx.now() });
  const sheet = (await sheetsOfShow(ctx.db, entry.activityId)).find((s) => s.entryId === entryId && s.judgeId === auth.accountId);
  return sheetOf(criteria, sheet);
}

// ---------------------------------------------------------------------------------------------------------
// Rules

export async function getRules(ctx: AppContext, auth: AuthState, activityId?: number): Promise<TalentRules> {
  const rows = await teacherShows(ctx, auth);
  const a = pickShow(rows, ctx.now(), activityId);
  const shows = rows.map((r) => refOf(r, ctx.now()));
  const admin = isAdmin(auth);
  const teachers = admin ? await teacherAccounts(ctx.db) : [];
  if (!a) return { shows, show: null, published_at: null, judges: [], can_edit: admin, criteria_locked: false, teachers };
  const [show, criteria, judges, sheets] = await Promise.all([showOf(ctx.db, a.id), criteriaOf(ctx.db, a.id), judgesOf(ctx.db, a.id), sheetCountOfShow(ctx.db, a.id)]);
  return {
    shows,
    show: await infoOf(ctx, a, show, criteria),
    published_at: show?.rulesPublishedAt?.toISOString() ?? null,
    judges,
    can_edit: admin,
    criteria_locked: sheets > 0,
    teachers,
  };
}

export async function saveRules(ctx: AppContext, auth: AuthState, raw: TalentRulesInput): Promise<TalentRules> {
  if (!isAdmin(auth)) throw AppError.message(TALENT_MSG.NOT_ADMIN);
  const input = talentRulesInputSchema.parse(raw);
  const now = ctx.now();
  const a = await activityById(ctx.db, input.activity_id);
  if (!a || a.kind !== KIND) throw AppError.notFound(TALENT_MSG.SHOW_NOT_FOUND);
  const show = await showOf(ctx.db, a.id);
  const resultsAt = input.results_at === null ? null : new Date(input.results_at);
  if (resultsArePublished(show?.resultsAt ?? null, now)) {
    // Published results are final: only the text may still be corrected.
    const same = resultsAt?.getTime() === show!.resultsAt!.getTime() && input.finalist_count === show!.finalistCount;
    if (!same) throw AppError.message(TALENT_MSG.RESULTS_OUT);
  }
  if (!(await teachersExist(ctx.db, input.judge_ids))) throw AppError.param('judge_ids', TALENT_MSG.JUDGES);
  const current = await criteriaOf(ctx.db, a.id);
  const unchanged =
    current.length === input.criteria.length && current.every((c, i) => c.name === input.criteria[i]!.name && c.weight === input.criteria[i]!.weight && c.description === input.criteria[i]!.description);
  if (!unchanged && (await sheetCountOfShow(ctx.db, a.id)) > 0) throw AppError.param('criteria', TALENT_MSG.CRITERIA_LOCKED);
  await saveRulesAudited(ctx.db, {
    activityId: a.id,
    rulesText: input.rules_text,
    criteria: unchanged ? null : input.criteria,
    judgeIds: input.judge_ids,
    resultsAt,
    finalistCount: input.finalist_count,
    published: input.published,
    actorId: auth.accountId,
    now,
  });
  return getRules(ctx, auth, a.id);
}
