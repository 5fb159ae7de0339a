/**
 * The information seminar's tables (decision 099): the only code that touches them. Assignments are serialised by
 * one advisory lock, so concurrent sign-ups see each other's loads and the rule's choice is deterministic; the
 * counsellor's `assigned` is raised in the same transaction with `assigned < capacity` in the WHERE, and the CHECK
 * constraint is the last line against overfilling. Staff writes add their audit row in the same transaction.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CounsellorCandidate, SeminarSignupStatus } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { auditLog, schools } from '../../db/schema.ts';
import { lockNaturalKey } from '../../db/natural-key-lock.ts';
import { wecomCallbackReceipts, wecomCounsellorProvinces, wecomCounsellors, wecomCounsellorSchools, wecomSeminarSignups, wecomSeminars } from '../../db/schema-wecom-seminar.ts';

export const SEMINAR_AUDIT_ENTITY = 'wecom_seminar';
export const COUNSELLOR_AUDIT_ENTITY = 'wecom_counsellor';

export type SeminarRow = typeof wecomSeminars.$inferSelect;
export type CounsellorRow = typeof wecomCounsellors.$inferSelect;
export type SignupRow = typeof wecomSeminarSignups.$inferSelect;

// ---- Seminars -------------------------------------------------------------------------------------------------

export async function listSeminars(db: Db, opts: { openOnly: boolean }): Promise<Array<SeminarRow & { signups: number; connected: number }>> {
  const rows = await db
    .select({
      s: wecomSeminars,
      signups: sql<number>`count(${wecomSeminarSignups.id})::int`,
      connected: sql<number>`count(${wecomSeminarSignups.connectedAt})::int`,
    })
    .from(wecomSeminars)
    .leftJoin(wecomSeminarSignups, eq(wecomSeminarSignups.seminarId, wecomSeminars.id))
    .where(opts.openOnly ? eq(wecomSeminars.open, true) : undefined)
    .groupBy(wecomSeminars.id)
    .orderBy(asc(wecomSeminars.startsAt), asc(wecomSeminars.id));
  return rows.map((r) => ({ ...r.s, signups: Number(r.signups), connected: Number(r.connected) }));
}

export async function findSeminar(db: Db, id: number): Promise<SeminarRow | undefined> {
  const [row] = await db.select().from(wecomSeminars).where(eq(wecomSeminars.id, id)).limit(1);
  return row;
}

type SeminarValues = Pick<SeminarRow, 'title' | 'description' | 'location' | 'startsAt' | 'open'>;
const seminarAudit = (s: SeminarValues & { id: number }) => ({ id: s.id, title: s.title, location: s.location, starts_at: s.startsAt.toISOString(), open: s.open });

/** A new seminar, unless one with the same title and start exists (a double submit answers that one). */
export async function insertSeminarAudited(db: Db, v: SeminarValues, actorId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockNaturalKey(tx, 'wecom_seminar', `${v.title}@${v.startsAt.toISOString()}`);
    const [existing] = await tx
      .select({ id: wecomSeminars.id })
      .from(wecomSeminars)
      .where(and(eq(wecomSeminars.title, v.title), eq(wecomSeminars.startsAt, v.startsAt)))
      .limit(1);
    if (existing) return existing.id;
    const [row] = await tx.insert(wecomSeminars).values({ ...v, createdAt: now }).returning({ id: wecomSeminars.id });
    const id = row!.id;
    await tx.insert(auditLog).values({ actorId, action: 'wecom_seminar.create', entity: SEMINAR_AUDIT_ENTITY, entityId: String(id), before: null, after: seminarAudit({ ...v, id }), createdAt: now });
    return id;
  });
}

export async function updateSeminarAudited(db: Db, id: number, v: SeminarValues, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(wecomSeminars).where(eq(wecomSeminars.id, id)).for('update').limit(1);
    if (!before) return false;
    await tx.update(wecomSeminars).set(v).where(eq(wecomSeminars.id, id));
    await tx.insert(auditLog).values({ actorId, action: 'wecom_seminar.update', entity: SEMINAR_AUDIT_ENTITY, entityId: String(id), before: seminarAudit(before), after: seminarAudit({ ...v, id }), createdAt: now });
    return true;
  });
}

// ---- Counsellors ----------------------------------------------------------------------------------------------

export interface CounsellorFull extends CounsellorRow {
  stateIds: number[];
  schools: Array<{ id: number; name: string }>;
  connected: number;
}

export async function listCounsellors(db: Db, ids?: number[]): Promise<CounsellorFull[]> {
  const rows = await db
    .select()
    .from(wecomCounsellors)
    .where(ids ? inArray(wecomCounsellors.id, ids.length ? ids : [0]) : undefined)
    .orderBy(asc(wecomCounsellors.id));
  if (rows.length === 0) return [];
  const idList = rows.map((r) => r.id);
  const [provinces, schoolRows, connected] = await Promise.all([
    db.select().from(wecomCounsellorProvinces).where(inArray(wecomCounsellorProvinces.counsellorId, idList)).orderBy(asc(wecomCounsellorProvinces.stateId)),
    db
      .select({ counsellorId: wecomCounsellorSchools.counsellorId, id: schools.id, name: schools.name })
      .from(wecomCounsellorSchools)
      .innerJoin(schools, eq(schools.id, wecomCounsellorSchools.schoolId))
      .where(inArray(wecomCounsellorSchools.counsellorId, idList))
      .orderBy(asc(schools.id)),
    db
      .select({ id: wecomSeminarSignups.counsellorId, n: count() })
      .from(wecomSeminarSignups)
      .where(and(inArray(wecomSeminarSignups.counsellorId, idList), isNotNull(wecomSeminarSignups.connectedAt)))
      .groupBy(wecomSeminarSignups.counsellorId),
  ]);
  return rows.map((r) => ({
    ...r,
    stateIds: provinces.filter((p) => p.counsellorId === r.id).map((p) => p.stateId),
    schools: schoolRows.filter((s) => s.counsellorId === r.id).map((s) => ({ id: s.id, name: s.name })),
    connected: Number(connected.find((c) => c.id === r.id)?.n ?? 0),
  }));
}

export async function existingSchoolIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: schools.id }).from(schools).where(inArray(schools.id, ids));
  return rows.map((r) => r.id);
}

export async function findSchoolNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.select({ id: schools.id, name: schools.name }).from(schools).where(inArray(schools.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface CounsellorValues {
  name: string;
  wecomUserid: string;
  intro: string;
  capacity: number;
  active: boolean;
  stateIds: number[];
  schoolIds: number[];
}

const counsellorAudit = (id: number, v: CounsellorValues) => ({ id, name: v.name, wecom_userid: v.wecomUserid, capacity: v.capacity, active: v.active, province_ids: v.stateIds, school_ids: v.schoolIds });

async function writeCoverage(tx: Db, id: number, v: CounsellorValues): Promise<void> {
  await tx.delete(wecomCounsellorProvinces).where(eq(wecomCounsellorProvinces.counsellorId, id));
  await tx.delete(wecomCounsellorSchools).where(eq(wecomCounsellorSchools.counsellorId, id));
  if (v.stateIds.length) await tx.insert(wecomCounsellorProvinces).values(v.stateIds.map((stateId) => ({ counsellorId: id, stateId })));
  if (v.schoolIds.length) await tx.insert(wecomCounsellorSchools).values(v.schoolIds.map((schoolId) => ({ counsellorId: id, schoolId })));
}

export type CounsellorWrite = { kind: 'ok'; id: number } | { kind: 'taken' } | { kind: 'missing' } | { kind: 'below-assigned' };

/** A new counsellor, keyed by their WeCom user id: the same user id again is refused (a double submit answers the first). */
export async function insertCounsellorAudited(db: Db, v: CounsellorValues, actorId: number, now: Date): Promise<CounsellorWrite> {
  return db.transaction(async (tx) => {
    await lockNaturalKey(tx, 'wecom_counsellor', v.wecomUserid);
    const [existing] = await tx.select().from(wecomCounsellors).where(eq(wecomCounsellors.wecomUserid, v.wecomUserid)).limit(1);
    if (existing) {
      // The same counsellor sent again (a double submit) answers the first; anything different is a clash.
      const [provinces, schoolRows] = await Promise.all([
        tx.select({ id: wecomCounsellorProvinces.stateId }).from(wecomCounsellorProvinces).where(eq(wecomCounsellorProvinces.counsellorId, existing.id)),
        tx.select({ id: wecomCounsellorSchools.schoolId }).from(wecomCounsellorSchools).where(eq(wecomCounsellorSchools.counsellorId, existing.id)),
      ]);
      const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b).join(',');
      const same =
        existing.name === v.name && existing.capacity === v.capacity && existing.active === v.active && existing.intro === v.intro && ids(provinces) === v.stateIds.join(',') && ids(schoolRows) === v.schoolIds.join(',');
      return same ? ({ kind: 'ok', id: existing.id } as const) : ({ kind: 'taken' } as const);
    }
    const [row] = await tx
      .insert(wecomCounsellors)
      .values({ name: v.name, wecomUserid: v.wecomUserid, intro: v.intro, capacity: v.capacity, active: v.active, createdAt: now })
      .returning({ id: wecomCounsellors.id });
    const id = row!.id;
    await writeCoverage(tx, id, v);
    await tx.insert(auditLog).values({ actorId, action: 'wecom_counsellor.create', entity: COUNSELLOR_AUDIT_ENTITY, entityId: String(id), before: null, after: counsellorAudit(id, v), createdAt: now });
    return { kind: 'ok', id } as const;
  });
}

export async function updateCounsellorAudited(db: Db, id: number, v: CounsellorValues, actorId: number, now: Date): Promise<CounsellorWrite> {
  return db.transaction(async (tx) => {
    // The assignment lock: a capacity change and an assignment never interleave.
    await lockNaturalKey(tx, 'wecom_seminar_assign', 'all');
    const [before] = await tx.select().from(wecomCounsellors).where(eq(wecomCounsellors.id, id)).for('update').limit(1);
    if (!before) return { kind: 'missing' } as const;
    if (v.capacity < before.assigned) return { kind: 'below-assigned' } as const;
    const [clash] = await tx
      .select({ id: wecomCounsellors.id })
      .from(wecomCounsellors)
      .where(and(eq(wecomCounsellors.wecomUserid, v.wecomUserid), sql`${wecomCounsellors.id} <> ${id}`))
      .limit(1);
    if (clash) return { kind: 'taken' } as const;
    const [prevProvinces, prevSchools] = await Promise.all([
      tx.select({ id: wecomCounsellorProvinces.stateId }).from(wecomCounsellorProvinces).where(eq(wecomCounsellorProvinces.counsellorId, id)),
      tx.select({ id: wecomCounsellorSchools.schoolId }).from(wecomCounsellorSchools).where(eq(wecomCounsellorSchools.counsellorId, id)),
    ]);
    await tx.update(wecomCounsellors).set({ name: v.name, wecomUserid: v.wecomUserid, intro: v.intro, capacity: v.capacity, active: v.active }).where(eq(wecomCounsellors.id, id));
    await writeCoverage(tx, id, v);
    const prev: CounsellorValues = { name: before.name, wecomUserid: before.wecomUserid, intro: before.intro, capacity: before.capacity, active: before.active, stateIds: prevProvinces.map((p) => p.id).sort((a, b) => a - b), schoolIds: prevSchools.map((s) => s.id).sort((a, b) => a - b) };
    await tx.insert(auditLog).values({ actorId, action: 'wecom_counsellor.update', entity: COUNSELLOR_AUDIT_ENTITY, entityId: String(id), before: counsellorAudit(id, prev), after: counsellorAudit(id, v), createdAt: now });
    return { kind: 'ok', id } as const;
  });
}

// ---- Sign-ups -------------------------------------------------------------------------------------------------

export interface SignupValues {
  seminarId: number;
  keyHash: string;
  role: string;
  name: string;
  phone: string;
  grade: string;
  stateId: number;
  schoolId: number | null;
  schoolName: string;
  contactState: string;
}

/** Inserts the sign-up unless the phone already signed up for the seminar; answers the row that holds the phone. */
export async function insertSignup(db: Db, v: SignupValues, now: Date): Promise<SignupRow> {
  await db
    .insert(wecomSeminarSignups)
    .values({ ...v, createdAt: now })
    .onConflictDoNothing({ target: [wecomSeminarSignups.seminarId, wecomSeminarSignups.phone] });
  const [row] = await db
    .select()
    .from(wecomSeminarSignups)
    .where(and(eq(wecomSeminarSignups.seminarId, v.seminarId), eq(wecomSeminarSignups.phone, v.phone)))
    .limit(1);
  return row!;
}

export async function findSignup(db: Db, id: number): Promise<SignupRow | undefined> {
  const [row] = await db.select().from(wecomSeminarSignups).where(eq(wecomSeminarSignups.id, id)).limit(1);
  return row;
}

export async function findCounsellor(db: Db, id: number): Promise<CounsellorRow | undefined> {
  const [row] = await db.select().from(wecomCounsellors).where(eq(wecomCounsellors.id, id)).limit(1);
  return row;
}

export type AssignOutcome = { kind: 'assigned'; counsellorId: number } | { kind: 'none' } | { kind: 'missing' };

/**
 * Assigns the sign-up a counsellor (once): under the assignment lock, reads every active counsellor's load and
 * coverage, lets `pick` choose, and raises that counsellor's count in the same transaction.
 */
export async function assignSignup(db: Db, id: number, pick: (candidates: CounsellorCandidate[], who: { stateId: number; schoolId: number | null }) => { id: number; rule: string } | null, now: Date): Promise<AssignOutcome> {
  return db.transaction(async (tx) => {
    await lockNaturalKey(tx, 'wecom_seminar_assign', 'all');
    const [signup] = await tx.select().from(wecomSeminarSignups).where(eq(wecomSeminarSignups.id, id)).for('update').limit(1);
    if (!signup) return { kind: 'missing' } as const;
    if (signup.counsellorId !== null) return { kind: 'assigned', counsellorId: signup.counsellorId } as const;
    const active = await tx.select().from(wecomCounsellors).where(eq(wecomCounsellors.active, true));
    const ids = active.map((c) => c.id);
    const [provinces, schoolRows] = ids.length
      ? await Promise.all([
          tx.select().from(wecomCounsellorProvinces).where(inArray(wecomCounsellorProvinces.counsellorId, ids)),
          tx.select().from(wecomCounsellorSchools).where(inArray(wecomCounsellorSchools.counsellorId, ids)),
        ])
      : [[], []];
    const candidates: CounsellorCandidate[] = active.map((c) => ({
      id: c.id,
      capacity: c.capacity,
      assigned: c.assigned,
      stateIds: provinces.filter((p) => p.counsellorId === c.id).map((p) => p.stateId),
      schoolIds: schoolRows.filter((s) => s.counsellorId === c.id).map((s) => s.schoolId),
    }));
    const choice = pick(candidates, { stateId: signup.stateId, schoolId: signup.schoolId });
    if (!choice) return { kind: 'none' } as const;
    const [raised] = await tx
      .update(wecomCounsellors)
      .set({ assigned: sql`${wecomCounsellors.assigned} + 1` })
      .where(and(eq(wecomCounsellors.id, choice.id), sql`${wecomCounsellors.assigned} < ${wecomCounsellors.capacity}`, eq(wecomCounsellors.active, true)))
      .returning({ id: wecomCounsellors.id });
    if (!raised) return { kind: 'none' } as const;
    await tx.update(wecomSeminarSignups).set({ counsellorId: choice.id, assignRule: choice.rule, assignedAt: now }).where(eq(wecomSeminarSignups.id, id));
    return { kind: 'assigned', counsellorId: choice.id } as const;
  });
}

/**
 * The sign-up's contact-me code, made once: the row stays locked while `create` asks WeCom, so a double tap asks
 * once and both answers carry the same code.
 */
export async function ensureContactWay(db: Db, id: number, create: (signup: SignupRow, counsellorUserid: string) => Promise<{ configId: string; qrCode: string }>): Promise<SignupRow | undefined> {
  return db.transaction(async (tx) => {
    const [signup] = await tx.select().from(wecomSeminarSignups).where(eq(wecomSeminarSignups.id, id)).for('update').limit(1);
    if (!signup || signup.qrCode !== null || signup.counsellorId === null) return signup;
    // Read with this transaction's connection: the waiting double taps hold the pool's others.
    const counsellor = await findCounsellor(tx, signup.counsellorId);
    const way = await create(signup, counsellor!.wecomUserid);
    const [updated] = await tx.update(wecomSeminarSignups).set({ configId: way.configId, qrCode: way.qrCode }).where(eq(wecomSeminarSignups.id, id)).returning();
    return updated;
  });
}

export type CallbackOutcome = 'connected' | 'already' | 'unknown_state' | 'wrong_member' | 'ignored' | 'replay';

/**
 * Records a verified callback by its signature (a second one with the same signature is a replay: nothing happens)
 * and applies an add event to the sign-up its `state` names, when the member who was added is its counsellor.
 */
export async function applyCallback(db: Db, w: { signature: string; event: string; changeType: string; state: string; userId: string; externalUserId: string; now: Date }): Promise<CallbackOutcome> {
  return db.transaction(async (tx) => {
    const isAdd = w.event === 'change_external_contact' && (w.changeType === 'add_external_contact' || w.changeType === 'add_half_external_contact');
    let outcome: CallbackOutcome = 'ignored';
    if (isAdd && w.state) {
      const [signup] = await tx.select().from(wecomSeminarSignups).where(eq(wecomSeminarSignups.contactState, w.state)).for('update').limit(1);
      if (!signup || signup.counsellorId === null) outcome = 'unknown_state';
      else {
        const counsellor = await findCounsellor(tx, signup.counsellorId);
        if (!counsellor || counsellor.wecomUserid !== w.userId) outcome = 'wrong_member';
        else if (signup.connectedAt !== null) outcome = 'already';
        else outcome = 'connected';
      }
    }
    const [receipt] = await tx
      .insert(wecomCallbackReceipts)
      .values({ signature: w.signature, event: w.event, changeType: w.changeType, outcome, receivedAt: w.now })
      .onConflictDoNothing({ target: wecomCallbackReceipts.signature })
      .returning({ id: wecomCallbackReceipts.id });
    if (!receipt) return 'replay';
    if (outcome === 'connected') {
      await tx
        .update(wecomSeminarSignups)
        .set({ connectedAt: w.now, externalUserid: w.externalUserId || null })
        .where(and(eq(wecomSeminarSignups.contactState, w.state), isNull(wecomSeminarSignups.connectedAt)));
    }
    return outcome;
  });
}

// ---- Admin list -----------------------------------------------------------------------------------------------

export interface SignupFilter {
  seminarId?: number | undefined;
  counsellorId?: number | undefined;
  status?: SeminarSignupStatus | undefined;
  q?: string | undefined;
}

function signupWhere(f: SignupFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.seminarId !== undefined) conds.push(eq(wecomSeminarSignups.seminarId, f.seminarId));
  if (f.counsellorId !== undefined) conds.push(eq(wecomSeminarSignups.counsellorId, f.counsellorId));
  if (f.status === 'unassigned') conds.push(isNull(wecomSeminarSignups.counsellorId));
  if (f.status === 'assigned') conds.push(and(isNotNull(wecomSeminarSignups.counsellorId), isNull(wecomSeminarSignups.connectedAt))!);
  if (f.status === 'connected') conds.push(isNotNull(wecomSeminarSignups.connectedAt));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(wecomSeminarSignups.name, like), ilike(wecomSeminarSignups.phone, like), ilike(wecomSeminarSignups.schoolName, like))!);
  }
  return conds.length ? and(...conds) : undefined;
}

export interface AdminSignupRow {
  s: SignupRow;
  seminarTitle: string;
  counsellorName: string | null;
}

function adminSelect(db: Db) {
  return db
    .select({ s: wecomSeminarSignups, seminarTitle: wecomSeminars.title, counsellorName: wecomCounsellors.name })
    .from(wecomSeminarSignups)
    .innerJoin(wecomSeminars, eq(wecomSeminars.id, wecomSeminarSignups.seminarId))
    .leftJoin(wecomCounsellors, eq(wecomCounsellors.id, wecomSeminarSignups.counsellorId));
}

export async function listSignups(db: Db, f: SignupFilter & { page: number; pageSize: number }): Promise<{ items: AdminSignupRow[]; total: number }> {
  const where = signupWhere(f);
  const [items, [n]] = await Promise.all([
    adminSelect(db)
      .where(where)
      .orderBy(desc(wecomSeminarSignups.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(wecomSeminarSignups).where(where),
  ]);
  return { items, total: n?.n ?? 0 };
}

export async function signupKeysetPage(db: Db, f: SignupFilter, after: number, limit: number): Promise<AdminSignupRow[]> {
  return adminSelect(db)
    .where(and(signupWhere(f), gt(wecomSeminarSignups.id, after)))
    .orderBy(asc(wecomSeminarSignups.id))
    .limit(limit);
}
