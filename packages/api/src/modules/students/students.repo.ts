/**
 * The only code of the Students console that touches the database (decision 062), and the one
 * WHERE builder of a segment filter: the list, the export, bulk tags and the messages module (count and delivery)
 * all read students through `segmentWhere`, so a message to a saved Students filter reaches exactly the list.
 * Every query runs over `accounts` (role student) joined to `student_profiles`; filters on other tables are
 * EXISTS sub-queries, so callers never need more joins than those two.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { SESSION_NAMES, applyTagChange, type SegmentFilter, type StudentSort } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, schools, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications } from '../../db/schema-admission.ts';
import { courses, houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { enrolments, studentNotices } from '../../db/schema-course-centre.ts';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { attendance, checkinSessions } from '../../db/schema-teaching.ts';
import { courseGrades } from '../../db/schema-coursework.ts';
import { studentIdentity } from '../../db/schema-privacy.ts';
import { likeContains } from '../region/region.queries.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const STUDENT_AUDIT_ENTITY = 'student';

const p = studentProfiles;
const d = admissionDecisions;

/**
 * ID numbers live sealed in student_identity (decision 064): a search matches the stored last four characters
 * exactly, or, with `idHash` (the keyed hash of the whole query read as an ID number), the full number. Nothing else
 * here reads an ID number.
 */
function idNumberMatches(q: string, idHash?: string): SQL | null {
  if (idHash) return sql`select ${studentIdentity.accountId} from ${studentIdentity} where ${studentIdentity.idNumberHash} = ${idHash}`;
  if (!/^[0-9]{3}[0-9Xx]$/.test(q)) return null;
  return sql`select ${studentIdentity.accountId} from ${studentIdentity} where ${studentIdentity.idNumberTail} = ${q.toUpperCase()}`;
}

/**
 * Name (account or legal name), phone digits, ID-number suffix or school name. Written as one set of matching
 * account ids, each table scanned once, rather than an OR evaluated row by row beside the joins: at 50,000
 * students a rare name otherwise walks the whole sorted list probing applications per row (bench:admin).
 */
function searchCondition(q: string, idHash?: string): SQL {
  const pattern = likeContains(q);
  const sources: SQL[] = [
    sql`select ${accounts.id} from ${accounts} where ${accounts.name} ilike ${pattern}`,
    sql`select ${p.accountId} from ${p} where ${p.schoolName} ilike ${pattern}`,
    sql`select ${applications.accountId} from ${applications} where ${applications.step1} ->> 'legal_name' ilike ${pattern}`,
  ];
  if (/^\d{3,11}$/.test(q)) sources.push(sql`select ${accounts.id} from ${accounts} where ${accounts.phone} like ${pattern}`);
  const byId = idNumberMatches(q, idHash);
  if (byId) sources.push(byId);
  return sql`${accounts.id} in (${sql.join(sources, sql` union all `)})`;
}

/** The furthest funnel step as a number (domain STUDENT_STAGES' index); mirrors studentStageOf. */
export const stageRank = sql<number>`(case
  when ${p.tuitionPaidAt} is not null then 6
  when ${p.offerLetter} = 1 then 5
  when ${p.step2SubmittedAt} is not null then 4
  when ${p.applyPaidAt} is not null then 3
  when ${p.step1SubmittedAt} is not null then 2
  when ${p.infoCompletedAt} is not null then 1
  else 0 end)`;

const STAGE_RANK: Record<NonNullable<SegmentFilter['stage']>, number> = { registered: 0, info_completed: 1, signed_up: 2, apply_paid: 3, applied: 4, offer: 5, tuition_paid: 6 };

/** A filter as the list and export run it: with the search's ID hash when the query reads as a whole ID number. */
export type StudentSearchFilter = SegmentFilter & { idHash?: string | undefined };

/** Students (accounts of role student with a profile) the filter matches; an empty filter matches them all. */
export function segmentWhere(f: StudentSearchFilter): SQL {
  const where: SQL[] = [eq(accounts.role, 'student')];
  if (f.batch) {
    const early = sql`coalesce(${p.batchStr}, '') ilike '%eb%'`;
    where.push(f.batch === 'early' ? early : sql`not (${early})`);
  }
  if (f.signup_status) {
    switch (f.signup_status) {
      case 'applied':
        where.push(isNotNull(p.step2SubmittedAt));
        break;
      case 'paid':
        where.push(and(isNull(p.step2SubmittedAt), isNotNull(p.applyPaidAt)) as SQL);
        break;
      case 'signed_up':
        where.push(and(isNull(p.step2SubmittedAt), isNull(p.applyPaidAt), isNotNull(p.step1SubmittedAt)) as SQL);
        break;
      case 'activated':
        where.push(and(isNull(p.step2SubmittedAt), isNull(p.applyPaidAt), isNull(p.step1SubmittedAt)) as SQL);
        break;
    }
  }
  if (f.tuition_paid != null) where.push(f.tuition_paid ? isNotNull(p.tuitionPaidAt) : isNull(p.tuitionPaidAt));
  if (f.session) where.push(eq(p.placeName, SESSION_NAMES[f.session]));
  if (f.province_id != null) where.push(eq(p.schoolStateId, f.province_id));
  if (f.venue_id != null) where.push(sql`exists (select 1 from ${venueAssignments} where ${venueAssignments.studentId} = ${accounts.id} and ${venueAssignments.venueId} = ${f.venue_id})`);
  if (f.house_id != null) where.push(sql`exists (select 1 from ${houseAssignments} where ${houseAssignments.studentId} = ${accounts.id} and ${houseAssignments.houseId} = ${f.house_id})`);
  if (f.school_id != null) where.push(eq(p.schoolId, f.school_id));
  if (f.active_type != null) where.push(eq(p.activeType, f.active_type));
  if (f.stage) where.push(sql`${stageRank} = ${STAGE_RANK[f.stage]}`);
  if (f.tag) where.push(sql`${p.userTags} @> ${JSON.stringify([f.tag])}::jsonb`);
  if (f.user_ids) where.push(f.user_ids.length === 0 ? sql`false` : inArray(accounts.id, f.user_ids));
  if (f.q) where.push(searchCondition(f.q, f.idHash));
  return and(...where) as SQL;
}

export async function countSegment(db: Db | Tx, f: StudentSearchFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).innerJoin(p, eq(p.accountId, accounts.id)).where(segmentWhere(f));
  return row?.n ?? 0;
}

// The list ---------------------------------------------------------------------------------------------------------

const rowColumns = {
  userId: accounts.id,
  name: accounts.name,
  phone: accounts.phone,
  email: accounts.email,
  legalName: sql<string | null>`${applications.step1} ->> 'legal_name'`,
  gender: sql<number | null>`(${applications.step1} ->> 'gender')::int`,
  grade: sql<string | null>`${applications.step1} ->> 'grade'`,
  batch: sql<string | null>`coalesce(${applications.batch}, nullif(${p.batchStr}, ''))`,
  consentAt: applications.consentAt,
  schoolId: p.schoolId,
  schoolName: p.schoolName,
  stateId: p.schoolStateId,
  activeType: p.activeType,
  tags: p.userTags,
  adminNote: p.adminNote,
  /** Registration: the account's creation (the bench's raw-SQL baseline sorts by it too). */
  registeredAt: accounts.createdAt,
  infoCompletedAt: p.infoCompletedAt,
  step1SubmittedAt: p.step1SubmittedAt,
  applyPaidAt: p.applyPaidAt,
  step2SubmittedAt: p.step2SubmittedAt,
  tuitionPaidAt: p.tuitionPaidAt,
  offerLetter: p.offerLetter,
  placeName: p.placeName,
  decision: d.decision,
  decisionReleasedAt: d.releasedAt,
  venue: venues.name,
  house: houses.name,
};

function selectRows(db: Db, where: SQL) {
  return db
    .select(rowColumns)
    .from(accounts)
    .innerJoin(p, eq(p.accountId, accounts.id))
    .leftJoin(applications, eq(applications.accountId, accounts.id))
    .leftJoin(d, eq(d.accountId, accounts.id))
    .leftJoin(venueAssignments, eq(venueAssignments.studentId, accounts.id))
    .leftJoin(venues, eq(venues.id, venueAssignments.venueId))
    .leftJoin(houseAssignments, eq(houseAssignments.studentId, accounts.id))
    .leftJoin(houses, eq(houses.id, houseAssignments.houseId))
    .where(where)
    .$dynamic();
}
export type StudentRow = Awaited<ReturnType<typeof selectRows>>[number];

function orderOf(sort: StudentSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const nulls = order === 'asc' ? sql`nulls first` : sql`nulls last`;
  switch (sort) {
    case 'name':
      return [dir(accounts.name), dir(accounts.id)];
    case 'school':
      return [sql`${p.schoolName} ${sql.raw(order)} ${nulls}`, dir(accounts.id)];
    case 'stage':
      return [dir(stageRank), dir(accounts.createdAt), dir(accounts.id)];
    case 'paid_at':
      return [sql`${p.tuitionPaidAt} ${sql.raw(order)} ${nulls}`, dir(accounts.id)];
    case 'user_id':
      return [dir(accounts.id)];
    case 'registered_at':
      return [dir(accounts.createdAt), dir(accounts.id)];
  }
}

/** One page (OFFSET paging: the console pages a few deep; the export uses keyset) and the filter's total. */
export async function listStudentRows(db: Db, f: StudentSearchFilter, sort: StudentSort, order: 'asc' | 'desc', offset: number, limit: number) {
  const where = segmentWhere(f);
  const [rows, total] = await Promise.all([
    selectRows(db, where).orderBy(...orderOf(sort, order)).limit(limit).offset(offset),
    countSegment(db, f),
  ]);
  return { rows, total };
}

/** The export's batches: the filter's students in account-id order after `after`. */
export function studentRowsAfter(db: Db, f: StudentSearchFilter, after: number, limit: number): Promise<StudentRow[]> {
  return selectRows(db, and(segmentWhere(f), gt(accounts.id, after)) as SQL).orderBy(asc(accounts.id)).limit(limit);
}

export async function findStudentRow(db: Db | Tx, id: number): Promise<StudentRow | null> {
  const [row] = await selectRows(db as Db, and(eq(accounts.role, 'student'), eq(accounts.id, id)) as SQL).limit(1);
  return row ?? null;
}

// The timeline's sources -------------------------------------------------------------------------------------------

/** Everything that happened to one student outside their profile's stamps, each source one indexed query. */
export async function timelineSources(db: Db, id: number) {
  const [orders, refunds, decision, venue, house, courseRows, attendanceRows, grades, notices, edits] = await Promise.all([
    db
      .select({ purpose: paymentOrders.purpose, amountFen: paymentOrders.amountFen, currency: paymentOrders.currency, paidAt: paymentOrders.paidAt, payer: paymentOrders.payer })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.accountId, id), isNotNull(paymentOrders.paidAt))),
    // Each refund that went through, partial ones too, with its own amount.
    db
      .select({ purpose: paymentOrders.purpose, amountFen: paymentRefunds.amountFen, currency: paymentRefunds.currency, succeededAt: paymentRefunds.succeededAt })
      .from(paymentRefunds)
      .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
      .where(and(eq(paymentRefunds.accountId, id), eq(paymentRefunds.status, 'succeeded'))),
    db.select({ decision: d.decision, placeName: d.placeName, track: d.professionalTrack, decidedAt: d.decidedAt, releasedAt: d.releasedAt }).from(d).where(eq(d.accountId, id)),
    db
      .select({ name: venues.name, at: venueAssignments.assignedAt, method: venueAssignments.method })
      .from(venueAssignments)
      .innerJoin(venues, eq(venues.id, venueAssignments.venueId))
      .where(eq(venueAssignments.studentId, id)),
    db.select({ name: houses.name, at: houseAssignments.assignedAt }).from(houseAssignments).innerJoin(houses, eq(houses.id, houseAssignments.houseId)).where(eq(houseAssignments.studentId, id)),
    db
      .select({ code: courses.code, title: courses.title, at: enrolments.createdAt, source: enrolments.source })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.studentId, id)),
    db
      .select({ title: courses.title, status: attendance.status, at: attendance.checkedAt })
      .from(attendance)
      .innerJoin(checkinSessions, eq(checkinSessions.id, attendance.sessionId))
      .innerJoin(courses, eq(courses.id, checkinSessions.courseId))
      .where(eq(attendance.studentId, id)),
    db
      .select({ title: courses.title, grade: courseGrades.finalGrade, at: courseGrades.updatedAt })
      .from(courseGrades)
      .innerJoin(courses, eq(courses.id, courseGrades.courseId))
      .where(and(eq(courseGrades.studentId, id), isNotNull(courseGrades.finalGrade))),
    db.select({ title: studentNotices.title, at: studentNotices.createdAt, readAt: studentNotices.readAt }).from(studentNotices).where(eq(studentNotices.studentId, id)),
    db
      .select({ action: auditLog.action, after: auditLog.after, at: auditLog.createdAt, actorName: accounts.name })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, STUDENT_AUDIT_ENTITY), eq(auditLog.entityId, String(id)))),
  ]);
  return { orders, refunds, decision: decision[0] ?? null, venue: venue[0] ?? null, house: house[0] ?? null, courses: courseRows, attendance: attendanceRows, grades, notices, edits };
}

// Edits ------------------------------------------------------------------------------------------------------------

export function findSchoolById(db: Db, id: number) {
  return db.select().from(schools).where(eq(schools.id, id)).limit(1).then((r) => r[0] ?? null);
}

export interface StudentChanges {
  name?: string;
  gender?: number;
  grade?: string;
  school?: { id: number; name: string; countryId: number; stateId: number | null; cityId: number | null; zoneId: number | null };
  batch?: string;
  activeType?: number;
  tags?: string[];
  adminNote?: string;
}

/** The editable fields as the audit row shows them (snake_case, like the API). */
export function editableSnapshot(r: StudentRow) {
  return {
    name: r.name,
    gender: r.gender,
    grade: r.grade,
    school_id: r.schoolId,
    school: r.schoolName,
    batch: r.batch,
    active_type: r.activeType,
    tags: r.tags,
    admin_note: r.adminNote,
  };
}
type Snapshot = ReturnType<typeof editableSnapshot>;

/**
 * Applies the changes and writes one audit row with the changed fields before and after, in one transaction with
 * the student's profile row locked (two admins editing at once apply one after the other). Null: no such student.
 * 'unchanged': nothing differed, nothing written.
 */
export async function updateStudentAudited(db: Db, id: number, c: StudentChanges, actorId: number, now: Date): Promise<'missing' | 'unchanged' | { before: Partial<Snapshot>; after: Partial<Snapshot> }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: p.accountId }).from(p).innerJoin(accounts, eq(accounts.id, p.accountId)).where(and(eq(p.accountId, id), eq(accounts.role, 'student'))).for('update', { of: p });
    if (!locked) return 'missing';
    const row = await findStudentRow(tx, id);
    if (!row) return 'missing';
    const before = editableSnapshot(row);
    const wanted: Partial<Snapshot> = {};
    if (c.name !== undefined) wanted.name = c.name;
    if (c.gender !== undefined) wanted.gender = c.gender;
    if (c.grade !== undefined) wanted.grade = c.grade;
    if (c.school !== undefined) Object.assign(wanted, { school_id: c.school.id, school: c.school.name });
    if (c.batch !== undefined) wanted.batch = c.batch === '' ? null : c.batch;
    if (c.activeType !== undefined) wanted.active_type = c.activeType;
    if (c.tags !== undefined) wanted.tags = c.tags;
    if (c.adminNote !== undefined) wanted.admin_note = c.adminNote;
    const changedKeys = (Object.keys(wanted) as Array<keyof Snapshot>).filter((k) => JSON.stringify(wanted[k]) !== JSON.stringify(before[k]));
    if (changedKeys.length === 0) return 'unchanged';
    const changed = new Set(changedKeys);

    if (changed.has('name')) await tx.update(accounts).set({ name: c.name!, updatedAt: now }).where(eq(accounts.id, id));
    const profile: Partial<typeof p.$inferInsert> = {};
    if (changed.has('school_id') || changed.has('school')) {
      const s = c.school!;
      Object.assign(profile, { schoolId: s.id, schoolName: s.name, schoolCountryId: s.countryId, schoolStateId: s.stateId, schoolCityId: s.cityId, schoolZoneId: s.zoneId });
    }
    if (changed.has('batch')) profile.batchStr = c.batch!;
    if (changed.has('active_type')) profile.activeType = c.activeType!;
    if (changed.has('tags')) profile.userTags = c.tags!;
    if (changed.has('admin_note')) profile.adminNote = c.adminNote!;
    if (Object.keys(profile).length > 0) await tx.update(p).set({ ...profile, updatedAt: now }).where(eq(p.accountId, id));
    // Gender and grade live in the step-1 answers (the student's own words, corrected by staff); batch on the
    // application too when it has one, since the list reads the application's batch first.
    const step1Patch: Record<string, unknown> = {};
    if (changed.has('gender')) step1Patch.gender = c.gender;
    if (changed.has('grade')) step1Patch.grade = c.grade;
    if (Object.keys(step1Patch).length > 0 || changed.has('batch')) {
      const batchSet = changed.has('batch') ? { batch: c.batch === '' ? null : c.batch! } : {};
      await tx
        .insert(applications)
        .values({ accountId: id, step1: step1Patch, ...batchSet })
        .onConflictDoUpdate({ target: applications.accountId, set: { step1: sql`${applications.step1} || ${JSON.stringify(step1Patch)}::jsonb`, ...batchSet, updatedAt: now } });
    }
    const pick = (s: Partial<Snapshot>) => Object.fromEntries(changedKeys.map((k) => [k, s[k] ?? null])) as Partial<Snapshot>;
    const result = { before: pick(before), after: pick({ ...before, ...wanted }) };
    await tx.insert(auditLog).values({ actorId, action: 'student.update', entity: STUDENT_AUDIT_ENTITY, entityId: String(id), before: result.before, after: result.after, createdAt: now });
    return result;
  });
}

/**
 * Adds and removes tags on every student the filter matches, at most `max` of them (more: 'too_many', nothing
 * written). One audit row per changed student (their page's history stays complete), all in one transaction.
 */
export async function bulkTagAudited(db: Db, f: SegmentFilter, add: readonly string[], remove: readonly string[], max: number, actorId: number, now: Date): Promise<'too_many' | { matched: number; changed: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: accounts.id, tags: p.userTags })
      .from(accounts)
      .innerJoin(p, eq(p.accountId, accounts.id))
      .where(segmentWhere(f))
      .orderBy(asc(accounts.id))
      .limit(max + 1)
      .for('update', { of: p });
    if (rows.length > max) return 'too_many';
    const changes = rows
      .map((r) => ({ id: r.id, before: r.tags, after: applyTagChange(r.tags, add, remove) }))
      .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after));
    // 1,000 per statement keeps the parameter count far below PostgreSQL's 65,535.
    for (let i = 0; i < changes.length; i += 1000) {
      const chunk = changes.slice(i, i + 1000);
      const values = sql.join(chunk.map((c) => sql`(${c.id}::int, ${JSON.stringify(c.after)}::jsonb)`), sql`, `);
      await tx.execute(sql`update ${p} set user_tags = v.tags, updated_at = ${now.toISOString()}::timestamptz from (values ${values}) as v(id, tags) where ${p.accountId} = v.id`);
      await tx.insert(auditLog).values(
        chunk.map((c) => ({ actorId, action: 'student.tags', entity: STUDENT_AUDIT_ENTITY, entityId: String(c.id), before: { tags: c.before }, after: { tags: c.after }, createdAt: now })),
      );
    }
    return { matched: rows.length, changed: changes.length };
  });
}
