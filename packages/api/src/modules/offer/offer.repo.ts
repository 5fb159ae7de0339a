import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, financialAidRequests } from '../../db/schema-admission.ts';

/** The student's name, journey stamps and admission decision (if any) in one read. */
export async function findOfferSubject(db: Db, accountId: number) {
  const rows = await db
    .select({
      name: accounts.name,
      profile: {
        infoCompletedAt: studentProfiles.infoCompletedAt,
        step1SubmittedAt: studentProfiles.step1SubmittedAt,
        tuitionPaidAt: studentProfiles.tuitionPaidAt,
        offerLetter: studentProfiles.offerLetter,
        offerCreatedAt: studentProfiles.offerCreatedAt,
        placeName: studentProfiles.placeName,
        professionalTrack: studentProfiles.professionalTrack,
      },
      decision: {
        decision: admissionDecisions.decision,
        placeName: admissionDecisions.placeName,
        professionalTrack: admissionDecisions.professionalTrack,
        releasedAt: admissionDecisions.releasedAt,
        verifyCode: admissionDecisions.verifyCode,
        letterNo: admissionDecisions.letterNo,
      },
    })
    .from(accounts)
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .leftJoin(admissionDecisions, eq(admissionDecisions.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return rows[0];
}
export type OfferSubject = NonNullable<Awaited<ReturnType<typeof findOfferSubject>>>;

/**
 * Gives a released offer its letter number and verification code if the release did not (older rows):
 * only fills what is missing, so a value set at release is never replaced.
 */
export async function fillOfferIdentifiers(db: Db, accountId: number, ids: { verifyCode: string; letterNo: string }): Promise<{ verifyCode: string | null; letterNo: string | null }> {
  const released = and(eq(admissionDecisions.accountId, accountId), isNotNull(admissionDecisions.releasedAt));
  await db.update(admissionDecisions).set({ verifyCode: ids.verifyCode }).where(and(released, isNull(admissionDecisions.verifyCode)));
  await db.update(admissionDecisions).set({ letterNo: ids.letterNo }).where(and(released, isNull(admissionDecisions.letterNo)));
  const [row] = await db
    .select({ verifyCode: admissionDecisions.verifyCode, letterNo: admissionDecisions.letterNo })
    .from(admissionDecisions)
    .where(eq(admissionDecisions.accountId, accountId));
  return row ?? { verifyCode: null, letterNo: null };
}

/** The released offer behind a verification code, with the student's name and current offer stamp. */
export async function findOfferByVerifyCode(db: Db, verifyCode: string) {
  const rows = await db
    .select({
      name: accounts.name,
      offerLetter: studentProfiles.offerLetter,
      decision: admissionDecisions.decision,
      placeName: admissionDecisions.placeName,
      professionalTrack: admissionDecisions.professionalTrack,
      releasedAt: admissionDecisions.releasedAt,
      letterNo: admissionDecisions.letterNo,
    })
    .from(admissionDecisions)
    .innerJoin(accounts, eq(accounts.id, admissionDecisions.accountId))
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, admissionDecisions.accountId))
    .where(eq(admissionDecisions.verifyCode, verifyCode))
    .limit(1);
  return rows[0];
}

export type AidRequestRow = typeof financialAidRequests.$inferSelect;

export async function findAidRequest(db: Db, accountId: number): Promise<AidRequestRow | undefined> {
  const [row] = await db.select().from(financialAidRequests).where(eq(financialAidRequests.accountId, accountId));
  return row;
}

/**
 * Creates the request, or replaces the answers of one still pending. Returns undefined when a decided
 * request is in the way (an admin decided between the caller's read and this write).
 */
export async function upsertPendingAidRequest(db: Db, accountId: number, value: Record<string, unknown>, now: Date): Promise<AidRequestRow | undefined> {
  const rows = await db
    .insert(financialAidRequests)
    .values({ accountId, value, status: 'pending', grantedFen: 0, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: financialAidRequests.accountId,
      set: { value, updatedAt: now },
      setWhere: eq(financialAidRequests.status, 'pending'),
    })
    .returning();
  return rows[0];
}
