/**
 * Certificates' database work (decision 058). Reads enrolments, sign-ins with attendance (teaching) and published
 * final grades (coursework); writes certificates and their audit rows.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { courses } from '../../db/schema-courses.ts';
import { enrolments } from '../../db/schema-course-centre.ts';
import { attendance, checkinSessions } from '../../db/schema-teaching.ts';
import { courseGrades, gradePublications } from '../../db/schema-coursework.ts';
import { certificates } from '../../db/schema-certificates.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;
export type CertificateRow = typeof certificates.$inferSelect;

async function rowsOf<T>(db: Runner, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function findCourse(db: Runner, courseId: number) {
  const [row] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return row ?? null;
}

export interface StandingRow {
  student_id: number;
  student_name: string;
  /** Closed sign-ins of the course and how many of them the student attended (present or late). */
  closed: number;
  attended: number;
  /** The final grade, only once the course's grades are published. */
  final_grade: number | null;
}

/** Every enrolled student of a course with the numbers the rule reads. */
export async function courseStanding(db: Runner, courseId: number, now: Date): Promise<StandingRow[]> {
  const at = now.toISOString();
  const rows = await rowsOf<StandingRow>(
    db,
    sql`select e.student_id, coalesce(a.name, '') as student_name,
          (select count(*)::int from ${checkinSessions} s where s.course_id = e.course_id and s.closes_at <= ${at}::timestamptz) as closed,
          (select count(*)::int from ${checkinSessions} s join ${attendance} t on t.session_id = s.id and t.student_id = e.student_id
             where s.course_id = e.course_id and s.closes_at <= ${at}::timestamptz and t.status in ('present', 'late')) as attended,
          (select g.final_grade from ${courseGrades} g join ${gradePublications} p on p.course_id = g.course_id and p.publish_at <= ${at}::timestamptz
             where g.course_id = e.course_id and g.student_id = e.student_id) as final_grade
        from ${enrolments} e join ${accounts} a on a.id = e.student_id
        where e.course_id = ${courseId}
        order by a.name, e.student_id`,
  );
  return rows.map((r) => ({ ...r, student_id: Number(r.student_id), closed: Number(r.closed), attended: Number(r.attended), final_grade: r.final_grade === null ? null : Number(r.final_grade) }));
}

const viewColumns = {
  cert: certificates,
  studentName: accounts.name,
  courseTitle: courses.title,
};

export async function listByCourse(db: Runner, courseId: number) {
  return db.select(viewColumns).from(certificates).innerJoin(accounts, eq(accounts.id, certificates.studentId)).innerJoin(courses, eq(courses.id, certificates.courseId)).where(eq(certificates.courseId, courseId)).orderBy(certificates.id);
}

export async function listByStudent(db: Runner, studentId: number) {
  return db.select(viewColumns).from(certificates).innerJoin(accounts, eq(accounts.id, certificates.studentId)).innerJoin(courses, eq(courses.id, certificates.courseId)).where(eq(certificates.studentId, studentId)).orderBy(sql`${certificates.issuedAt} desc, ${certificates.id} desc`);
}

export async function findById(db: Runner, id: number) {
  const [row] = await db.select(viewColumns).from(certificates).innerJoin(accounts, eq(accounts.id, certificates.studentId)).innerJoin(courses, eq(courses.id, certificates.courseId)).where(eq(certificates.id, id));
  return row ?? null;
}

export async function findByTokenHash(db: Runner, hash: string) {
  const [row] = await db.select(viewColumns).from(certificates).innerJoin(accounts, eq(accounts.id, certificates.studentId)).innerJoin(courses, eq(courses.id, certificates.courseId)).where(eq(certificates.tokenHash, hash));
  return row ?? null;
}

/** Students of the course who already hold a certificate row (valid or revoked): issuing skips them. */
export async function studentsWithCertificate(db: Runner, courseId: number): Promise<Set<number>> {
  const rows = await db.selectDistinct({ id: certificates.studentId }).from(certificates).where(eq(certificates.courseId, courseId));
  return new Set(rows.map((r) => r.id));
}

export async function insertCertificate(
  tx: Tx,
  v: { studentId: number; courseId: number; attendancePct: number; finalGrade: number; issuedBy: number; now: Date; replacesId?: number },
): Promise<CertificateRow | null> {
  const [row] = await tx
    .insert(certificates)
    .values({ studentId: v.studentId, courseId: v.courseId, attendancePct: v.attendancePct, finalGrade: v.finalGrade, issuedBy: v.issuedBy, issuedAt: v.now, replacesId: v.replacesId ?? null })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function setTokenHash(tx: Tx, id: number, hash: string) {
  await tx.update(certificates).set({ tokenHash: hash }).where(eq(certificates.id, id));
}

/** Revokes a valid certificate; null when it was already revoked (a concurrent revoke lost). */
export async function revoke(tx: Tx, id: number, actorId: number, now: Date): Promise<CertificateRow | null> {
  const [row] = await tx
    .update(certificates)
    .set({ revokedAt: now, revokedBy: actorId })
    .where(and(eq(certificates.id, id), sql`${certificates.revokedAt} is null`))
    .returning();
  return row ?? null;
}

export async function audit(tx: Runner, v: { actorId: number; action: string; entityId: number; before: unknown; after: unknown; now: Date }) {
  await tx.insert(auditLog).values({ actorId: v.actorId, action: v.action, entity: 'certificate', entityId: String(v.entityId), before: v.before, after: v.after, createdAt: v.now });
}
