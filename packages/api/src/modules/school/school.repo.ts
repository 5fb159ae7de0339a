/**
 * The only code of the school portal that touches the database. Every student query is scoped by the school id
 * in its WHERE clause (never filtered afterwards), so another school's student is simply not found.
 */
import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SchoolDecision, SignupStatus } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, schools, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications } from '../../db/schema-admission.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { schoolRecommendations } from '../../db/schema-school.ts';
import { likeContains } from '../region/region.queries.ts';

const p = studentProfiles;
const d = admissionDecisions;
const rec = schoolRecommendations;

export const AUDIT_ENTITY_RECOMMENDATION = 'school_recommendation';

/** The school an account speaks for (null when the account is not bound to one). */
export async function findSchoolOfAccount(db: Db, accountId: number): Promise<{ schoolId: number; schoolName: string } | null> {
  const [row] = await db
    .select({ schoolId: schools.id, schoolName: schools.name })
    .from(accounts)
    .innerJoin(schools, eq(schools.id, accounts.schoolId))
    .where(and(eq(accounts.id, accountId), eq(accounts.role, 'school')))
    .limit(1);
  return row ?? null;
}

export interface StudentFilter {
  q?: string | undefined;
  signupStatus?: SignupStatus | undefined;
  batch?: string | undefined;
  decision?: SchoolDecision | undefined;
  tuition?: 'paid' | 'unpaid' | undefined;
  appliedOnly?: boolean | undefined;
}

function signupCondition(status: SignupStatus): SQL {
  switch (status) {
    case 'applied':
      return isNotNull(p.step2SubmittedAt);
    case 'paid':
      return and(isNull(p.step2SubmittedAt), isNotNull(p.applyPaidAt)) as SQL;
    case 'signed_up':
      return and(isNull(p.step2SubmittedAt), isNull(p.applyPaidAt), isNotNull(p.step1SubmittedAt)) as SQL;
    case 'activated':
      return and(isNull(p.step2SubmittedAt), isNull(p.applyPaidAt), isNull(p.step1SubmittedAt)) as SQL;
  }
}

function decisionCondition(decision: SchoolDecision): SQL {
  // A draft is not a decision to the school: only released rows count.
  if (decision === 'none') return or(isNull(d.accountId), isNull(d.releasedAt)) as SQL;
  return and(eq(d.decision, decision), isNotNull(d.releasedAt)) as SQL;
}

const batchExpr = sql<string | null>`coalesce(${applications.batch}, nullif(${p.batchStr}, ''))`;

function studentWhere(schoolId: number, f: StudentFilter): SQL {
  const where: SQL[] = [eq(p.schoolId, schoolId), eq(accounts.role, 'student')];
  if (f.appliedOnly) where.push(isNotNull(p.step1SubmittedAt));
  if (f.signupStatus) where.push(signupCondition(f.signupStatus));
  if (f.batch) where.push(sql`${batchExpr} = ${f.batch}`);
  if (f.decision) where.push(decisionCondition(f.decision));
  if (f.tuition) where.push(f.tuition === 'paid' ? isNotNull(p.tuitionPaidAt) : isNull(p.tuitionPaidAt));
  if (f.q) {
    const pattern = likeContains(f.q);
    const byName = [ilike(accounts.name, pattern), sql`${applications.step1} ->> 'legal_name' ilike ${pattern}`];
    // Digits search the phone number (the list shows it masked; the school may know it in full).
    if (/^\d{3,11}$/.test(f.q)) byName.push(ilike(accounts.phone, pattern));
    where.push(or(...byName) as SQL);
  }
  return and(...where) as SQL;
}

function studentColumns(year: number) {
  return {
    accountId: p.accountId,
    name: accounts.name,
    phoneCode: accounts.phoneCode,
    phone: accounts.phone,
    email: accounts.email,
    legalName: sql<string | null>`${applications.step1} ->> 'legal_name'`,
    grade: sql<string | null>`${applications.step1} ->> 'grade'`,
    batch: batchExpr,
    activatedAt: p.activatedAt,
    infoCompletedAt: p.infoCompletedAt,
    step1SubmittedAt: p.step1SubmittedAt,
    applyPaidAt: p.applyPaidAt,
    step2SubmittedAt: p.step2SubmittedAt,
    tuitionPaidAt: p.tuitionPaidAt,
    decision: d.decision,
    decisionPlace: d.placeName,
    decisionTrack: d.professionalTrack,
    releasedAt: d.releasedAt,
    venueId: venueAssignments.venueId,
    venueName: venues.name,
    houseName: houses.name,
    recommended: sql<boolean>`exists (select 1 from ${rec} where ${rec.studentId} = ${p.accountId} and ${rec.programmeYear} = ${year})`,
  };
}

export type SchoolStudentRow = Awaited<ReturnType<typeof selectStudents>>[number];

function selectStudents(db: Db, year: number, where: SQL) {
  return db
    .select(studentColumns(year))
    .from(p)
    .innerJoin(accounts, eq(accounts.id, p.accountId))
    .leftJoin(applications, eq(applications.accountId, p.accountId))
    .leftJoin(d, eq(d.accountId, p.accountId))
    .leftJoin(venueAssignments, eq(venueAssignments.studentId, p.accountId))
    .leftJoin(venues, eq(venues.id, venueAssignments.venueId))
    .leftJoin(houseAssignments, eq(houseAssignments.studentId, p.accountId))
    .leftJoin(houses, eq(houses.id, houseAssignments.houseId))
    .where(where)
    .$dynamic();
}

/** One page of the school's students, the latest activity first, and the total for the same filter. */
export async function listSchoolStudents(db: Db, schoolId: number, year: number, f: StudentFilter, offset: number, limit: number) {
  const where = studentWhere(schoolId, f);
  const rows = await selectStudents(db, year, where)
    .orderBy(desc(sql`coalesce(${p.step2SubmittedAt}, ${p.step1SubmittedAt}, ${p.activatedAt})`), desc(p.accountId))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(p)
    .innerJoin(accounts, eq(accounts.id, p.accountId))
    .leftJoin(applications, eq(applications.accountId, p.accountId))
    .leftJoin(d, eq(d.accountId, p.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The school's students in id order, `batchSize` at a time (keyset paging: each batch is one indexed query, and
 * only one batch is in memory while the export streams it out).
 */
export async function* iterateSchoolStudents(db: Db, schoolId: number, year: number, f: StudentFilter, batchSize = 500): AsyncGenerator<SchoolStudentRow[]> {
  let after = 0;
  for (;;) {
    const rows = await selectStudents(db, year, and(studentWhere(schoolId, f), gt(p.accountId, after)) as SQL)
      .orderBy(asc(p.accountId))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.accountId;
    if (rows.length < batchSize) return;
  }
}

/** One of the school's students; undefined for an unknown id and for another school's student alike. */
export async function findSchoolStudent(db: Db, schoolId: number, year: number, studentId: number): Promise<SchoolStudentRow | undefined> {
  const [row] = await selectStudents(db, year, and(studentWhere(schoolId, {}), eq(p.accountId, studentId)) as SQL).limit(1);
  return row;
}

export type RecommendationRow = typeof schoolRecommendations.$inferSelect & { recommendedByName: string | null; schoolName: string | null };

/** A student's recommendations, newest programme year first. */
export async function findRecommendations(db: Db, studentId: number): Promise<RecommendationRow[]> {
  return db
    .select({
      id: rec.id,
      studentId: rec.studentId,
      schoolId: rec.schoolId,
      programmeYear: rec.programmeYear,
      comment: rec.comment,
      recommendedBy: rec.recommendedBy,
      createdAt: rec.createdAt,
      updatedAt: rec.updatedAt,
      recommendedByName: accounts.name,
      schoolName: schools.name,
    })
    .from(rec)
    .leftJoin(accounts, eq(accounts.id, rec.recommendedBy))
    .leftJoin(schools, eq(schools.id, rec.schoolId))
    .where(eq(rec.studentId, studentId))
    .orderBy(desc(rec.programmeYear));
}

function snapshot(r: typeof schoolRecommendations.$inferSelect | undefined) {
  return r ? { school_id: r.schoolId, programme_year: r.programmeYear, comment: r.comment } : null;
}

/**
 * Writes (comment) or withdraws (null) the school's recommendation for this year, with its audit row, in one
 * transaction. The student must still be the school's: checked inside the transaction on the locked profile.
 */
/** The student a school recommends: applied or not, and the admission decision (released or not). */
export interface RecommendTarget {
  step1SubmittedAt: Date | null;
  decision: 'offer' | 'reject' | 'waitlist' | null;
  releasedAt: Date | null;
}

export async function writeRecommendation(
  db: Db,
  w: { schoolId: number; studentId: number; year: number; actorId: number; now: Date; comment: string | null; check: (student: RecommendTarget | undefined) => void },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [student] = await tx
      .select({ step1SubmittedAt: p.step1SubmittedAt, decision: d.decision, releasedAt: d.releasedAt })
      .from(p)
      .innerJoin(accounts, eq(accounts.id, p.accountId))
      .leftJoin(d, eq(d.accountId, p.accountId))
      .where(and(eq(p.accountId, w.studentId), eq(p.schoolId, w.schoolId), eq(accounts.role, 'student')))
      .for('update', { of: p });
    w.check(student);
    const where = and(eq(rec.studentId, w.studentId), eq(rec.programmeYear, w.year));
    const [before] = await tx.select().from(rec).where(where).for('update');
    let after: typeof schoolRecommendations.$inferSelect | undefined;
    if (w.comment === null) {
      if (!before) return;
      await tx.delete(rec).where(eq(rec.id, before.id));
    } else if (before) {
      [after] = await tx.update(rec).set({ comment: w.comment, schoolId: w.schoolId, recommendedBy: w.actorId, updatedAt: w.now }).where(eq(rec.id, before.id)).returning();
    } else {
      [after] = await tx
        .insert(rec)
        .values({ studentId: w.studentId, schoolId: w.schoolId, programmeYear: w.year, comment: w.comment, recommendedBy: w.actorId, createdAt: w.now, updatedAt: w.now })
        .returning();
    }
    await tx.insert(auditLog).values({
      actorId: w.actorId,
      action: w.comment === null ? 'school.recommendation.withdraw' : 'school.recommendation.save',
      entity: AUDIT_ENTITY_RECOMMENDATION,
      entityId: String(w.studentId),
      before: snapshot(before),
      after: snapshot(after),
      createdAt: w.now,
    });
  });
}
