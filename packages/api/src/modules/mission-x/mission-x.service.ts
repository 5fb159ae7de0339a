/**
 * Mission X (decision 101): the rules. Missions live inside activities of kind 'mission-x' (decision 100: who takes
 * part and when it is open come from there). A student hands in once per mission; a reviewer — the mission's poster,
 * an admin or staff member, or the CSL of the student's house — accepts it (the mission's points go to the student's
 * house in the 学院杯 ledger, and a badge when the mission names one) or returns it; un-accepting reverses the points
 * with a counter-entry and revokes the badge. Every review names the version it judged; a stale one is refused with
 * what happened in between.
 */
import {
  AppError,
  HOUSE_CUP_MSG,
  HOUSE_CUP_REASON_MAX,
  MISSION_IMAGE_EXTENSIONS,
  MISSION_VIDEO_EXTENSIONS,
  MISSION_X_MSG,
  REVIEW_DECISION_LABELS,
  STATUS,
  TEACHER_TYPE,
  fileExtensionOf,
  fileKeyOf,
  formatMessage,
  missionState,
  reviewAllowed,
  statusAfter,
  type HandIn,
  type HandInInput,
  type MissionActivity,
  type MissionBadgeCriterion,
  type MissionHandIns,
  type MissionInput,
  type ReviewHandIn,
  type ReviewInput,
  type StudentMission,
  type StudentMissionBoard,
  type TeacherMission,
  type TeacherMissionBoard,
  type UploadedFile,
} from '@summit/domain';
import type { Db } from '../../db/client.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import { beijingTime } from '../../exports/sheet-stream.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { activitiesForStudent, activitiesOfKind, activityById, activityWindow, mayTakePart, type ActivityRow } from '../activities/activities.queries.ts';
import { awardBadgesFor, revokeBadgeAward } from '../badges/badges.queries.ts';
import { giveHousePoints, reverseHousePoints } from '../house-cup/house-cup.service.ts';
import { findUploadByKey } from '../storage/storage.queries.ts';
import { isAttachableUpload, registerTeacherReadGrant } from '../storage/storage.service.ts';
import * as repo from './mission-x.repo.ts';

const MISSION_SOURCE = 'mission-x';

// A reviewer reads the files handed in to them (the storage module's one read rule, decision 023).
registerTeacherReadGrant((ctx, teacherId, keyDirectory) => repo.isFileHandedInToReviewer(ctx.db, teacherId, keyDirectory));

// --- presenting ---------------------------------------------------------------------------------------------

function activityOf(a: ActivityRow, now: Date): MissionActivity {
  return { id: a.id, title: a.title, opens_at: a.opensAt.toISOString(), closes_at: a.closesAt.toISOString(), window: activityWindow(a, now) };
}

function missionOf(m: repo.MissionRow, activity: ActivityRow | undefined, now: Date) {
  return {
    id: m.id,
    activity_id: m.activityId,
    activity_title: activity?.title ?? '',
    title: m.title,
    brief: m.brief,
    deliverables: m.deliverables,
    points: m.points,
    due_at: m.dueAt.toISOString(),
    badge_criterion: (m.badgeCriterion as MissionBadgeCriterion | null) ?? null,
    posted_by: { id: m.createdBy, name: m.posterName },
    created_at: m.createdAt.toISOString(),
    state: activity ? missionState(m, activityWindow(activity, now), now) : ('closed' as const),
  };
}

function handInOf(h: repo.HandInRow): HandIn {
  return {
    id: h.id,
    mission_id: h.missionId,
    status: h.status,
    text: h.text,
    files: h.files,
    video_url: h.videoUrl,
    comment: h.comment,
    version: h.version,
    submitted_at: h.submittedAt.toISOString(),
    reviewed_at: h.reviewedAt ? h.reviewedAt.toISOString() : null,
    reviewer: h.reviewedBy !== null ? { id: h.reviewedBy, name: h.reviewerName ?? '' } : null,
    points_awarded: h.pointsAwarded,
    points_house: h.pointsAwarded > 0 ? h.pointsHouse : null,
  };
}

// --- student ------------------------------------------------------------------------------------------------

/** GET /api/student/activity/mission-x: the live missions of every Mission X activity the student takes part in. */
export async function getStudentBoard(ctx: AppContext, auth: AuthState): Promise<StudentMissionBoard> {
  const now = ctx.now();
  const acts = await activitiesForStudent(ctx.db, auth.accountId, 'mission-x');
  const byId = new Map(acts.map((a) => [a.id, a]));
  // Missions are shown once their activity has opened; before that the card shows the date.
  const openedIds = acts.filter((a) => activityWindow(a, now) !== 'upcoming').map((a) => a.id);
  const missions = await repo.listMissions(ctx.db, openedIds, { withdrawn: false });
  const [mine, house, consent] = await Promise.all([
    repo.handInsOfStudent(ctx.db, auth.accountId, missions.map((m) => m.id)),
    repo.houseOf(ctx.db, auth.accountId),
    repo.guardianConsentRecorded(ctx.db, auth.accountId),
  ]);
  const handInBy = new Map(mine.map((h) => [h.missionId, h]));
  return {
    activities: acts.map((a) => activityOf(a, now)),
    missions: missions.map((m): StudentMission => {
      const h = handInBy.get(m.id);
      return { ...missionOf(m, byId.get(m.activityId), now), hand_in: h ? handInOf(h) : null };
    }),
    house: house ? { id: house.id, name: house.name } : null,
    media_allowed: consent,
  };
}

async function liveMission(ctx: AppContext, id: number): Promise<repo.MissionRow> {
  const m = await repo.findMission(ctx.db, id);
  if (!m || m.withdrawnAt) throw AppError.notFound(MISSION_X_MSG.MISSION_NOT_FOUND);
  return m;
}

/**
 * Files handed in must be the student's own stored uploads: images when the mission asks for images, video files
 * when it asks for a video (judged by the stored name, not the name the form sends).
 */
async function checkFiles(ctx: AppContext, auth: AuthState, files: UploadedFile[], asks: { image: boolean; video: boolean }): Promise<UploadedFile[]> {
  const out: UploadedFile[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.url)) continue;
    seen.add(f.url);
    if (!(await isAttachableUpload(ctx, auth.role, auth.accountId, f.url))) throw AppError.param('files', MISSION_X_MSG.FILE_INVALID);
    const row = await findUploadByKey(ctx.db, fileKeyOf(f.url)!);
    if (!row) throw AppError.param('files', MISSION_X_MSG.FILE_INVALID);
    const ext = fileExtensionOf(row.fileName);
    const isImage = (MISSION_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
    const isVideo = (MISSION_VIDEO_EXTENSIONS as readonly string[]).includes(ext);
    if (!isImage && !isVideo) throw AppError.param('files', MISSION_X_MSG.FILE_TYPE);
    if (isImage && !asks.image) throw AppError.param('files', MISSION_X_MSG.IMAGE_NOT_ASKED);
    if (isVideo && !asks.video) throw AppError.param('files', MISSION_X_MSG.VIDEO_NOT_ASKED);
    out.push({ name: f.name.trim() || row.fileName, url: f.url });
  }
  return out;
}

/** POST /api/student/activity/mission-x/:id/hand-in. */
export async function handIn(ctx: AppContext, auth: AuthState, missionId: number, input: HandInInput): Promise<HandIn> {
  const now = ctx.now();
  const mission = await liveMission(ctx, missionId);
  const activity = await activityById(ctx.db, mission.activityId);
  if (!activity || !(await mayTakePart(ctx.db, mission.activityId, auth.accountId))) throw new AppError(STATUS.MESSAGE, MISSION_X_MSG.NOT_ELIGIBLE, { httpStatus: 403 });
  const state = missionState(mission, activityWindow(activity, now), now);
  if (state === 'upcoming') throw AppError.message(MISSION_X_MSG.NOT_OPEN);
  if (state === 'closed') throw AppError.message(MISSION_X_MSG.CLOSED);

  const asks = { text: mission.deliverables.includes('text'), image: mission.deliverables.includes('image'), video: mission.deliverables.includes('video') };
  const text = input.text.trim();
  if (text !== '' && !asks.text) throw AppError.param('text', MISSION_X_MSG.TEXT_NOT_ASKED);
  if (input.video_url !== '' && !asks.video) throw AppError.param('video_url', MISSION_X_MSG.VIDEO_NOT_ASKED);
  const files = await checkFiles(ctx, auth, input.files, asks);
  // Images and videos of minors: the guardian's consent on record (decision 064) and the student's word for the
  // people shown (the schema asks for people_consent whenever media is attached).
  if ((files.length > 0 || input.video_url !== '') && !(await repo.guardianConsentRecorded(ctx.db, auth.accountId))) {
    throw AppError.param('files', MISSION_X_MSG.GUARDIAN_CONSENT);
  }
  const outcome = await repo.upsertHandIn(ctx.db, { missionId, studentId: auth.accountId, text, files, videoUrl: input.video_url, peopleConsent: input.people_consent, now });
  if (outcome === 'accepted') throw AppError.message(MISSION_X_MSG.ALREADY_ACCEPTED);
  const row = await repo.findHandIn(ctx.db, outcome.id);
  return handInOf(row!);
}

// --- teacher: who may do what --------------------------------------------------------------------------------

interface Scope {
  facts: repo.StaffFacts;
  /** Admins and staff (运营): every mission and hand-in. */
  all: boolean;
}

async function scopeOf(ctx: AppContext, auth: AuthState): Promise<Scope> {
  const facts = await repo.staffFacts(ctx.db, auth.accountId);
  if (!facts || facts.disabled) throw AppError.forbidden();
  const all = facts.isAdmin || facts.teacherType === TEACHER_TYPE.ADMIN || facts.teacherType === TEACHER_TYPE.STAFF;
  return { facts, all };
}

const mayPost = (s: Scope) => s.facts.teacherType !== TEACHER_TYPE.TF;
const mayManage = (s: Scope, auth: AuthState, m: repo.MissionRow) => s.all || m.createdBy === auth.accountId;

/** Whose hand-ins this reviewer sees on a mission: everyone's, one house's, or none. */
function reviewHouse(s: Scope, auth: AuthState, m: repo.MissionRow): 'all' | number | null {
  if (mayManage(s, auth, m)) return 'all';
  if (s.facts.teacherType === TEACHER_TYPE.CSL && s.facts.cslHouseId !== null) return s.facts.cslHouseId;
  return null;
}

// --- teacher: missions --------------------------------------------------------------------------------------

async function teacherMissionOf(ctx: AppContext, s: Scope, auth: AuthState, m: repo.MissionRow, activity: ActivityRow | undefined): Promise<TeacherMission> {
  const counts = (await repo.handInCounts(ctx.db, [m.id])).get(m.id) ?? { submitted: 0, accepted: 0, returned: 0 };
  return { ...missionOf(m, activity, ctx.now()), withdrawn: m.withdrawnAt !== null, may_manage: mayManage(s, auth, m), counts };
}

/** GET /api/teacher/mission-x: every Mission X activity and its missions (withdrawn ones marked), with hand-in counts. */
export async function getTeacherBoard(ctx: AppContext, auth: AuthState): Promise<TeacherMissionBoard> {
  const s = await scopeOf(ctx, auth);
  const now = ctx.now();
  const acts = await activitiesOfKind(ctx.db, 'mission-x');
  const byId = new Map(acts.map((a) => [a.id, a]));
  // Withdrawn missions stay listed (marked) so their hand-ins remain reachable.
  const missions = await repo.listMissions(ctx.db, [...byId.keys()], { withdrawn: true });
  const counts = await repo.handInCounts(ctx.db, missions.map((m) => m.id));
  return {
    activities: acts.map((a) => activityOf(a, now)),
    missions: missions.map((m) => ({
      ...missionOf(m, byId.get(m.activityId), now),
      withdrawn: m.withdrawnAt !== null,
      may_manage: mayManage(s, auth, m),
      counts: counts.get(m.id) ?? { submitted: 0, accepted: 0, returned: 0 },
    })),
    may_post: mayPost(s),
  };
}

async function missionWrite(ctx: AppContext, input: MissionInput, unchangedDue?: Date): Promise<repo.MissionWrite & { activity: ActivityRow }> {
  const activity = await activityById(ctx.db, input.activity_id);
  if (!activity || activity.kind !== 'mission-x') throw AppError.param('activity_id', MISSION_X_MSG.ACTIVITY_NOT_FOUND);
  const now = ctx.now();
  if (activityWindow(activity, now) === 'closed') throw AppError.param('activity_id', MISSION_X_MSG.ACTIVITY_CLOSED);
  const dueAt = new Date(input.due_at);
  if (dueAt.getTime() <= now.getTime() && dueAt.getTime() !== unchangedDue?.getTime()) throw AppError.param('due_at', MISSION_X_MSG.DUE_PAST);
  if (dueAt.getTime() > activity.closesAt.getTime()) throw AppError.param('due_at', MISSION_X_MSG.DUE_OUTSIDE);
  return { activity, activityId: activity.id, title: input.title, brief: input.brief, deliverables: input.deliverables, points: input.points, dueAt, badgeCriterion: input.badge_criterion };
}

function duplicateTitle(error: unknown): never {
  if (pgErrorCode(error) === '23505') throw AppError.param('title', MISSION_X_MSG.DUPLICATE_TITLE);
  throw error;
}

/** POST /api/teacher/mission-x. */
export async function postMission(ctx: AppContext, auth: AuthState, input: MissionInput): Promise<TeacherMission> {
  const s = await scopeOf(ctx, auth);
  if (!mayPost(s)) throw new AppError(STATUS.MESSAGE, MISSION_X_MSG.MAY_NOT_POST, { httpStatus: 403 });
  const w = await missionWrite(ctx, input);
  const id = await repo.insertMissionAudited(ctx.db, { ...w, actorId: auth.accountId, now: ctx.now() }).catch(duplicateTitle);
  return teacherMissionOf(ctx, s, auth, (await repo.findMission(ctx.db, id))!, w.activity);
}

/** PUT /api/teacher/mission-x/:id: the poster or an admin edits a live mission. */
export async function updateMission(ctx: AppContext, auth: AuthState, id: number, input: MissionInput): Promise<TeacherMission> {
  const s = await scopeOf(ctx, auth);
  const m = await liveMission(ctx, id);
  if (!mayManage(s, auth, m)) throw new AppError(STATUS.MESSAGE, MISSION_X_MSG.NOT_POSTER, { httpStatus: 403 });
  const w = await missionWrite(ctx, input, m.dueAt);
  const saved = await repo.updateMissionAudited(ctx.db, id, { ...w, actorId: auth.accountId, now: ctx.now() }).catch(duplicateTitle);
  if (!saved) throw AppError.notFound(MISSION_X_MSG.MISSION_NOT_FOUND);
  return teacherMissionOf(ctx, s, auth, (await repo.findMission(ctx.db, id))!, w.activity);
}

/** DELETE /api/teacher/mission-x/:id: withdrawn for students; hand-ins and awarded points stay. Idempotent. */
export async function withdrawMission(ctx: AppContext, auth: AuthState, id: number): Promise<TeacherMission> {
  const s = await scopeOf(ctx, auth);
  const m = await repo.findMission(ctx.db, id);
  if (!m) throw AppError.notFound(MISSION_X_MSG.MISSION_NOT_FOUND);
  if (!mayManage(s, auth, m)) throw new AppError(STATUS.MESSAGE, MISSION_X_MSG.NOT_POSTER, { httpStatus: 403 });
  const outcome = await repo.withdrawMissionAudited(ctx.db, id, { actorId: auth.accountId, now: ctx.now() });
  if (outcome === 'missing') throw AppError.notFound(MISSION_X_MSG.MISSION_NOT_FOUND);
  return teacherMissionOf(ctx, s, auth, (await repo.findMission(ctx.db, id))!, await activityById(ctx.db, m.activityId));
}

// --- teacher: reviewing -------------------------------------------------------------------------------------

function reviewHandInOf(h: repo.ReviewHandInRow): ReviewHandIn {
  return { ...handInOf(h), student: { id: h.studentId, name: h.studentName, house: h.houseName } };
}

/** GET /api/teacher/mission-x/:id/hand-ins: what this reviewer may judge (withdrawn missions too: hand-ins stay). */
export async function getMissionHandIns(ctx: AppContext, auth: AuthState, id: number): Promise<MissionHandIns> {
  const s = await scopeOf(ctx, auth);
  const m = await repo.findMission(ctx.db, id);
  if (!m) throw AppError.notFound(MISSION_X_MSG.MISSION_NOT_FOUND);
  const scope = reviewHouse(s, auth, m);
  if (scope === null) throw AppError.forbidden();
  const items = await repo.handInsOfMission(ctx.db, id, scope === 'all' ? null : scope);
  return { mission: await teacherMissionOf(ctx, s, auth, m, await activityById(ctx.db, m.activityId)), items: items.map(reviewHandInOf) };
}

/** What happened to a hand-in since the version a reviewer saw, in words. */
function whatChanged(row: { status: string; submittedAt: Date; reviewedAt: Date | null }, reviewerName: string | null, lastDecision: string): string {
  if (row.status === 'submitted' && (!row.reviewedAt || row.submittedAt.getTime() >= row.reviewedAt.getTime())) return MISSION_X_MSG.STALE_RESUBMITTED;
  return formatMessage(MISSION_X_MSG.STALE_REVIEWED, reviewerName ?? '其他老师', beijingTime(row.reviewedAt), lastDecision);
}

function lastDecisionOf(status: string): string {
  return status === 'accepted' ? REVIEW_DECISION_LABELS.accept : status === 'returned' ? REVIEW_DECISION_LABELS.return : REVIEW_DECISION_LABELS.unaccept;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * PUT /api/teacher/mission-x/hand-ins/:id: accept, return or un-accept, in one transaction under the hand-in's row
 * lock: the ledger entry (or its counter-entry), the badge, the status and the audit row commit together.
 */
export async function reviewHandIn(ctx: AppContext, auth: AuthState, id: number, input: ReviewInput): Promise<ReviewHandIn> {
  const s = await scopeOf(ctx, auth);
  const before = await repo.findHandIn(ctx.db, id);
  if (!before) throw AppError.notFound(MISSION_X_MSG.HAND_IN_NOT_FOUND);
  const mission = await repo.findMission(ctx.db, before.missionId);
  if (!mission) throw AppError.notFound(MISSION_X_MSG.HAND_IN_NOT_FOUND);
  const scope = reviewHouse(s, auth, mission);
  const studentHouse = await repo.houseOf(ctx.db, before.studentId);
  if (scope === null || (scope !== 'all' && studentHouse?.id !== scope)) throw AppError.forbidden();

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockHandIn(tx, id);
    if (!row) throw AppError.notFound(MISSION_X_MSG.HAND_IN_NOT_FOUND);
    if (row.version !== input.version || !reviewAllowed(row.status, input.decision)) {
      const reviewer = row.reviewedBy !== null ? (await repo.findHandIn(tx, id))?.reviewerName ?? null : null;
      const happened = row.version !== input.version ? whatChanged(row, reviewer, lastDecisionOf(row.status)) : input.decision === 'unaccept' ? MISSION_X_MSG.NOT_ACCEPTED : MISSION_X_MSG.NOT_SUBMITTED;
      throw new AppError(STATUS.MESSAGE, row.version !== input.version ? formatMessage(MISSION_X_MSG.STALE, happened) : happened, { httpStatus: 409, data: { status: row.status, version: row.version } });
    }
    const txCtx: AppContext = { ...ctx, db: tx as unknown as Db };
    let houseId: number | null = row.houseId;
    let ledgerEntryId: number | null = row.ledgerEntryId;
    let pointsAwarded = row.pointsAwarded;
    const badge = mission.badgeCriterion as MissionBadgeCriterion | null;
    const source = { kind: MISSION_SOURCE, id: row.id, by: auth.accountId, now };
    if (input.decision === 'accept') {
      const house = await repo.houseOf(tx, row.studentId);
      houseId = house?.id ?? null;
      ledgerEntryId = null;
      pointsAwarded = 0;
      if (house && mission.points > 0) {
        const reason = clip(`Mission X「${mission.title}」通过`, HOUSE_CUP_REASON_MAX);
        const entry = await giveHousePoints(txCtx, auth, { house_id: house.id, venue_id: house.venueId, points: mission.points, reason });
        ledgerEntryId = entry.id;
        pointsAwarded = mission.points;
      }
      if (badge) await awardBadgesFor(tx as unknown as Db, row.studentId, badge, source);
    } else if (input.decision === 'unaccept') {
      if (row.ledgerEntryId !== null) {
        const reason = clip(`撤销 Mission X「${mission.title}」通过：${input.comment}`, HOUSE_CUP_REASON_MAX);
        try {
          await reverseHousePoints(txCtx, auth, row.ledgerEntryId, reason);
        } catch (error) {
          // An admin reversed the entry by hand in the ledger already: the points are back, nothing more to do.
          if (!(error instanceof AppError && error.msg === HOUSE_CUP_MSG.ALREADY_REVERSED)) throw error;
        }
      }
      if (badge) await revokeBadgeAward(tx as unknown as Db, row.studentId, badge, source, input.comment);
      ledgerEntryId = null;
      pointsAwarded = 0;
    }
    const status = statusAfter(input.decision);
    await repo.saveReview(tx, id, { status, comment: input.comment, reviewerId: auth.accountId, now, houseId, ledgerEntryId, pointsAwarded });
    await repo.recordAudit(tx, {
      actorId: auth.accountId,
      action: input.decision === 'accept' ? 'mission_x.hand_in.accept' : input.decision === 'return' ? 'mission_x.hand_in.return' : 'mission_x.hand_in.unaccept',
      entity: repo.HAND_IN_AUDIT_ENTITY,
      entityId: id,
      before: { id, mission_id: row.missionId, student_id: row.studentId, status: row.status, version: row.version, points_awarded: row.pointsAwarded },
      after: { id, mission_id: row.missionId, student_id: row.studentId, status, version: row.version + 1, points_awarded: pointsAwarded, ledger_entry_id: ledgerEntryId, comment: input.comment },
      now,
    });
  });
  const items = await repo.handInsOfMission(ctx.db, mission.id, null);
  return reviewHandInOf(items.find((h) => h.id === id)!);
}
