import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { accounts, schools, studentProfiles } from '../../db/schema.ts';

const studentQuery = preparedQuery((db) =>
  db
    .select({ account: accounts, profile: studentProfiles })
    .from(accounts)
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('find_student'),
);

export async function findStudent(db: Db, accountId: number) {
  const rows = await studentQuery(db).execute({ accountId });
  return rows[0];
}

const studentInfoQuery = preparedQuery((db) =>
  db
    .select({
      phone: accounts.phone,
      phoneCode: accounts.phoneCode,
      name: accounts.name,
      email: accounts.email,
      schoolCountryId: studentProfiles.schoolCountryId,
      schoolStateId: studentProfiles.schoolStateId,
      schoolCityId: studentProfiles.schoolCityId,
      schoolZoneId: studentProfiles.schoolZoneId,
      schoolId: studentProfiles.schoolId,
      schoolName: studentProfiles.schoolName,
      infoCompletedAt: studentProfiles.infoCompletedAt,
    })
    .from(accounts)
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('find_student_info'),
);

/** Only what /api/student/info shows: the hottest student read fetches no more than it needs. */
export async function findStudentInfo(db: Db, accountId: number) {
  const rows = await studentInfoQuery(db).execute({ accountId });
  return rows[0];
}

export async function findSchoolById(db: Db, id: number) {
  const rows = await db.select().from(schools).where(eq(schools.id, id)).limit(1);
  return rows[0];
}

export interface StudentInfoWrite {
  name: string;
  email: string;
  countryId: number;
  stateId: number | null;
  cityId: number | null;
  zoneId: number | null;
  schoolId: number | null;
  schoolName: string;
  now: Date;
}

/** Name and email live on the account, the school on the profile: both change together or not at all. */
export async function saveStudentInfo(db: Db, accountId: number, w: StudentInfoWrite): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ name: w.name, email: w.email, updatedAt: w.now }).where(eq(accounts.id, accountId));
    const current = await tx.select({ infoCompletedAt: studentProfiles.infoCompletedAt }).from(studentProfiles).where(eq(studentProfiles.accountId, accountId));
    await tx
      .update(studentProfiles)
      .set({
        schoolCountryId: w.countryId,
        schoolStateId: w.stateId,
        schoolCityId: w.cityId,
        schoolZoneId: w.zoneId,
        schoolId: w.schoolId,
        schoolName: w.schoolName,
        infoCompletedAt: current[0]?.infoCompletedAt ?? w.now,
        updatedAt: w.now,
      })
      .where(eq(studentProfiles.accountId, accountId));
  });
}

export async function findAccount(db: Db, id: number) {
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows[0];
}
