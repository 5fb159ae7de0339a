/**
 * Mission X (decision 101): the only code touching mission_x_missions and mission_x_hand_ins. It also reads the
 * facts a rule needs from their owners' tables (a student's house, the guardian's consent on the application, a
 * teacher's type and CSL house). Staff writes add their audit row in the same transaction.
 */
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { HandInStatus, MissionDeliverable, UploadedFile } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { applications } from '../../db/schema-admission.ts';
import { houseAssignments, houses } from '../../db/schema-courses.ts';
import { cslHouses } from '../../db/schema-teaching.ts';
import { missionXHandIns, missionXMissions } from '../../db/schema-mission-x.ts';
import { recordAudit } from '../audit/audit-write.ts';

export const MISSION_AUDIT_ENTITY = 'mission_x';
export const HAND_IN_AUDIT_ENTITY = 'mission_x_hand_in';

export type MissionRow = typeof missionXMissions.$inferSelect & { posterName: string };
export type HandInRow = typeof missionXHandIns.$inferSelect & { reviewerName: string | null; pointsHouse: string | null };

/** The house an acceptance credited (it may differ from the student's house today). */
const creditedHouse = sql<string | null>`(select name from ${houses} ch where ch.id = ${missionXHandIns.houseId})`;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const missionSelect = (db: Db | Tx) =>
  db.select({ m: missionXMissions, posterName: accounts.name }).from(missionXMissions).innerJoin(accounts, eq(accounts.id, missionXMissions.createdBy));

const missionOf = (r: { m: typeof missionXMissions.$inferSelect; posterName: string }): MissionRow => ({ ...r.m, posterName: r.posterName });

export async function findMission(db: Db | Tx, id: number): Promise<MissionRow | undefined> {
  const [row] = await missionSelect(db).where(eq(missionXMissions.id, id)).limit(1);
  return row ? missionOf(row) : undefined;
}

/** The missions of these activities, earliest deadline first; withdrawn ones only when asked. */
export async function listMissions(db: Db, activityIds: number[], opts: { withdrawn: boolean }): Promise<MissionRow[]> {
  if (activityIds.length === 0) return [];
  const rows = await missionSelect(db)
    .where(and(inArray(missionXMissions.activityId, activityIds), opts.withdrawn ? undefined : isNull(missionXMissions.withdrawnAt)))
    .orderBy(asc(missionXMissions.dueAt), asc(missionXMissions.id));
  return rows.map(missionOf);
}

export interface MissionWrite {
  activityId: number;
  title: string;
  brief: string;
  deliverables: MissionDeliverable[];
  points: number;
  dueAt: Date;
  badgeCriterion: string | null;
}

function auditOfMission(m: MissionWrite & { id: number }) {
  return { id: m.id, activity_id: m.activityId, title: m.title, deliverables: m.deliverables, points: m.points, due_at: m.dueAt.toISOString(), badge_criterion: m.badgeCriterion };
}

/** Inserts a mission and its audit row; the partial unique index refuses a second live mission of the same title. */
export async function insertMissionAudited(db: Db, w: MissionWrite & { actorId: number; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(missionXMissions)
      .values({ ...pick(w), createdBy: w.actorId, createdAt: w.now, updatedAt: w.now })
      .returning({ id: missionXMissions.id });
    const id = row!.id;
    await recordAudit(tx, { actorId: w.actorId, action: 'mission_x.create', entity: MISSION_AUDIT_ENTITY, entityId: id, before: null, after: auditOfMission({ ...w, id }), now: w.now });
    return id;
  });
}

function pick(w: MissionWrite) {
  return { activityId: w.activityId, title: w.title, brief: w.brief, deliverables: w.deliverables, points: w.points, dueAt: w.dueAt, badgeCriterion: w.badgeCriterion };
}

/** Saves a live mission's fields (under a row lock); false when it is gone or withdrawn. */
export async function updateMissionAudited(db: Db, id: number, w: MissionWrite & { actorId: number; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(missionXMissions).where(eq(missionXMissions.id, id)).for('update').limit(1);
    if (!before || before.withdrawnAt) return false;
    await tx.update(missionXMissions).set({ ...pick(w), updatedAt: w.now }).where(eq(missionXMissions.id, id));
    await recordAudit(tx, { actorId: w.actorId, action: 'mission_x.update', entity: MISSION_AUDIT_ENTITY, entityId: id, before: auditOfMission({ ...before, id }), after: auditOfMission({ ...w, id }), now: w.now });
    return true;
  });
}

/** Withdraws a mission once: its hand-ins stay. 'already' when someone withdrew it first. */
export async function withdrawMissionAudited(db: Db, id: number, w: { actorId: number; now: Date }): Promise<'ok' | 'already' | 'missing'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(missionXMissions)
      .set({ withdrawnAt: w.now, withdrawnBy: w.actorId, updatedAt: w.now })
      .where(and(eq(missionXMissions.id, id), isNull(missionXMissions.withdrawnAt)))
      .returning({ id: missionXMissions.id, title: missionXMissions.title });
    if (!row) {
      const [exists] = await tx.select({ id: missionXMissions.id }).from(missionXMissions).where(eq(missionXMissions.id, id)).limit(1);
      return exists ? 'already' : 'missing';
    }
    await recordAudit(tx, { actorId: w.actorId, action: 'mission_x.withdraw', entity: MISSION_AUDIT_ENTITY, entityId: id, before: { id, title: row.title, withdrawn: false }, after: { id, title: row.title, withdrawn: true }, now: w.now });
    return 'ok';
  });
}

export async function handInCounts(db: Db, missionIds: number[]): Promise<Map<number, Record<HandInStatus, number>>> {
  const out = new Map<number, Record<HandInStatus, number>>();
  if (missionIds.length === 0) return out;
  const rows = await db
    .select({ missionId: missionXHandIns.missionId, status: missionXHandIns.status, n: count() })
    .from(missionXHandIns)
    .where(inArray(missionXHandIns.missionId, missionIds))
    .groupBy(missionXHandIns.missionId, missionXHandIns.status);
  for (const r of rows) {
    const c = out.get(r.missionId) ?? { submitted: 0, accepted: 0, returned: 0 };
    c[r.status] = Number(r.n);
    out.set(r.missionId, c);
  }
  return out;
}

const handInSelect = (db: Db | Tx) =>
  db.select({ h: missionXHandIns, reviewerName: accounts.name, pointsHouse: creditedHouse }).from(missionXHandIns).leftJoin(accounts, eq(accounts.id, missionXHandIns.reviewedBy));

export async function findHandIn(db: Db | Tx, id: number): Promise<HandInRow | undefined> {
  const [row] = await handInSelect(db).where(eq(missionXHandIns.id, id)).limit(1);
  return row ? { ...row.h, reviewerName: row.reviewerName, pointsHouse: row.pointsHouse } : undefined;
}

export async function handInsOfStudent(db: Db, studentId: number, missionIds: number[]): Promise<HandInRow[]> {
  if (missionIds.length === 0) return [];
  const rows = await handInSelect(db).where(and(eq(missionXHandIns.studentId, studentId), inArray(missionXHandIns.missionId, missionIds)));
  return rows.map((r) => ({ ...r.h, reviewerName: r.reviewerName, pointsHouse: r.pointsHouse }));
}

export type ReviewHandInRow = HandInRow & { studentName: string; houseName: string | null; houseId: number | null };

/** A mission's hand-ins, optionally only those of one house's students; waiting ones first, then by time. */
export async function handInsOfMission(db: Db, missionId: number, onlyHouseId: number | null): Promise<ReviewHandInRow[]> {
  const reviewer = sql<string | null>`(select name from ${accounts} r where r.id = ${missionXHandIns.reviewedBy})`;
  const rows = await db
    .select({ h: missionXHandIns, reviewerName: reviewer, pointsHouse: creditedHouse, studentName: accounts.name, houseName: houses.name, houseId: houseAssignments.houseId })
    .from(missionXHandIns)
    .innerJoin(accounts, eq(accounts.id, missionXHandIns.studentId))
    .leftJoin(houseAssignments, eq(houseAssignments.studentId, missionXHandIns.studentId))
    .leftJoin(houses, eq(houses.id, houseAssignments.houseId))
    .where(and(eq(missionXHandIns.missionId, missionId), onlyHouseId === null ? undefined : eq(houseAssignments.houseId, onlyHouseId)))
    .orderBy(sql`case when ${missionXHandIns.status} = 'submitted' then 0 else 1 end`, asc(missionXHandIns.submittedAt), asc(missionXHandIns.id));
  return rows.map((r) => ({ ...r.h, reviewerName: r.reviewerName, pointsHouse: r.pointsHouse, studentName: r.studentName, houseName: r.houseName, houseId: r.houseId }));
}

export interface HandInWrite {
  missionId: number;
  studentId: number;
  text: string;
  files: UploadedFile[];
  videoUrl: string;
  peopleConsent: boolean;
  now: Date;
}

/**
 * The student's hand-in: inserted, or replacing one not yet accepted (a return, or an edit before review). The same
 * content sent again changes nothing, so a double tap does not move the version a reviewer is looking at. Answers
 * the row, or 'accepted' when the hand-in is accepted and may no longer change.
 */
export async function upsertHandIn(db: Db, w: HandInWrite): Promise<{ id: number } | 'accepted'> {
  const t = missionXHandIns;
  const rows = await db
    .insert(t)
    .values({ missionId: w.missionId, studentId: w.studentId, text: w.text, files: w.files, videoUrl: w.videoUrl, peopleConsent: w.peopleConsent, submittedAt: w.now })
    .onConflictDoUpdate({
      target: [t.missionId, t.studentId],
      set: {
        text: sql`excluded.text`,
        files: sql`excluded.files`,
        videoUrl: sql`excluded.video_url`,
        peopleConsent: sql`excluded.people_consent`,
        status: 'submitted',
        version: sql`${t.version} + 1`,
        submittedAt: sql`excluded.submitted_at`,
      },
      setWhere: and(
        ne(t.status, 'accepted'),
        or(eq(t.status, 'returned'), sql`${t.text} <> excluded.text`, sql`${t.files} <> excluded.files`, sql`${t.videoUrl} <> excluded.video_url`),
      ),
    })
    .returning({ id: t.id });
  if (rows[0]) return rows[0];
  const [existing] = await db.select({ id: t.id, status: t.status }).from(t).where(and(eq(t.missionId, w.missionId), eq(t.studentId, w.studentId))).limit(1);
  if (!existing) throw new Error('hand-in neither inserted nor found');
  return existing.status === 'accepted' ? 'accepted' : { id: existing.id };
}

/** The hand-in under a row lock, for a review's transaction. */
export async function lockHandIn(tx: Tx, id: number): Promise<typeof missionXHandIns.$inferSelect | undefined> {
  const [row] = await tx.select().from(missionXHandIns).where(eq(missionXHandIns.id, id)).for('update').limit(1);
  return row;
}

export async function saveReview(
  tx: Tx,
  id: number,
  v: { status: HandInStatus; comment: string; reviewerId: number; now: Date; houseId: number | null; ledgerEntryId: number | null; pointsAwarded: number },
): Promise<void> {
  await tx
    .update(missionXHandIns)
    .set({ status: v.status, comment: v.comment, reviewedBy: v.reviewerId, reviewedAt: v.now, houseId: v.houseId, ledgerEntryId: v.ledgerEntryId, pointsAwarded: v.pointsAwarded, version: sql`${missionXHandIns.version} + 1` })
    .where(eq(missionXHandIns.id, id));
}

export { recordAudit };

export async function houseOf(db: Db | Tx, studentId: number): Promise<{ id: number; name: string; venueId: number } | null> {
  const [row] = await db
    .select({ id: houses.id, name: houses.name, venueId: houseAssignments.venueId })
    .from(houseAssignments)
    .innerJoin(houses, eq(houses.id, houseAssignments.houseId))
    .where(eq(houseAssignments.studentId, studentId))
    .limit(1);
  return row ?? null;
}

/** The guardian's consent given with step 1 of the application (decision 064's record): time and the tick. */
export async function guardianConsentRecorded(db: Db, studentId: number): Promise<boolean> {
  const [row] = await db.select({ at: applications.consentAt, step1: applications.step1 }).from(applications).where(eq(applications.accountId, studentId)).limit(1);
  const step1 = (row?.step1 ?? {}) as Record<string, unknown>;
  return Boolean(row?.at) && step1.guardian_consent === true;
}

export interface StaffFacts {
  teacherType: number | null;
  isAdmin: boolean;
  disabled: boolean;
  cslHouseId: number | null;
}

export async function staffFacts(db: Db, accountId: number): Promise<StaffFacts | null> {
  const [row] = await db
    .select({ role: accounts.role, teacherType: accounts.teacherType, isAdmin: accounts.isAdmin, disabledAt: accounts.disabledAt, cslHouseId: cslHouses.houseId })
    .from(accounts)
    .leftJoin(cslHouses, eq(cslHouses.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row || row.role !== 'teacher') return null;
  return { teacherType: row.teacherType, isAdmin: row.isAdmin, disabled: row.disabledAt !== null, cslHouseId: row.cslHouseId ?? null };
}

/**
 * Whether a teacher may read a file because it was handed in to a mission they review: they posted the mission, they
 * are staff (type 4; admins read every upload already), or they are the CSL of the student's house.
 */
export async function isFileHandedInToReviewer(db: Db, teacherId: number, keyDirectory: string): Promise<boolean> {
  const res = await db.execute(sql`select exists (
      select 1 from ${missionXHandIns} h join ${missionXMissions} m on m.id = h.mission_id
      where strpos(h.files::text, ${keyDirectory}) > 0
        and (m.created_by = ${teacherId}
             or exists (select 1 from ${accounts} t where t.id = ${teacherId} and t.role = 'teacher' and t.teacher_type in (4, 9) and t.disabled_at is null)
             or exists (select 1 from ${cslHouses} c join ${houseAssignments} ha on ha.house_id = c.house_id
                        where c.account_id = ${teacherId} and ha.student_id = h.student_id))
    ) as handed`);
  return (res as unknown as { rows: Array<{ handed: boolean }> }).rows[0]?.handed === true;
}
