/**
 * Onboarding sign-ups (decision 048): the only code touching `onboarding_offerings` and `onboarding_signups`.
 * A seat is taken by one conditional UPDATE (`taken < capacity and closes_at > now`) in the transaction that
 * inserts the unique sign-up row, so concurrent requests can never oversell nor count a student twice.
 */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions } from '../../db/schema-admission.ts';
import { onboardingOfferings, onboardingSignups } from '../../db/schema-onboarding.ts';
import { AppError, ONBOARDING_MSG, type OfferingKind } from '@summit/domain';
import { lockNaturalKey } from '../../db/natural-key-lock.ts';

export type OfferingRow = typeof onboardingOfferings.$inferSelect;
export const ONBOARDING_AUDIT_ENTITY = 'onboarding_offering';

/** The journey stamps the gates need: offer, its release, tuition. */
export async function findStudentState(db: Db, studentId: number) {
  const [row] = await db
    .select({
      offerLetter: studentProfiles.offerLetter,
      offerCreatedAt: studentProfiles.offerCreatedAt,
      tuitionPaidAt: studentProfiles.tuitionPaidAt,
      professionalTrack: studentProfiles.professionalTrack,
      decision: admissionDecisions.decision,
      releasedAt: admissionDecisions.releasedAt,
      decisionTrack: admissionDecisions.professionalTrack,
    })
    .from(studentProfiles)
    .leftJoin(admissionDecisions, eq(admissionDecisions.accountId, studentProfiles.accountId))
    .where(eq(studentProfiles.accountId, studentId))
    .limit(1);
  return row;
}

export function listOfferings(db: Db, kind?: OfferingKind): Promise<OfferingRow[]> {
  const q = db.select().from(onboardingOfferings);
  return (kind ? q.where(eq(onboardingOfferings.kind, kind)) : q).orderBy(asc(onboardingOfferings.kind), asc(onboardingOfferings.startsAt), asc(onboardingOfferings.id));
}

export async function findOffering(db: Db, id: number): Promise<OfferingRow | undefined> {
  const [row] = await db.select().from(onboardingOfferings).where(eq(onboardingOfferings.id, id));
  return row;
}

export async function signedUpOfferingIds(db: Db, studentId: number, kind: OfferingKind): Promise<Set<number>> {
  const rows = await db
    .select({ id: onboardingSignups.offeringId })
    .from(onboardingSignups)
    .where(and(eq(onboardingSignups.studentId, studentId), eq(onboardingSignups.kind, kind)));
  return new Set(rows.map((r) => r.id));
}

/** The students among `studentIds` holding a sign-up of this kind. */
export async function studentsWithSignupOfKind(db: Db, studentIds: readonly number[], kind: OfferingKind): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: onboardingSignups.studentId })
    .from(onboardingSignups)
    .where(and(inArray(onboardingSignups.studentId, [...studentIds]), eq(onboardingSignups.kind, kind)));
  return new Set(rows.map((r) => r.id));
}

export type SignupOutcome = 'ok' | 'missing' | 'closed' | 'full' | 'already';

/** Thrown inside a transaction to roll it back with an outcome. */
class Rollback extends Error {
  constructor(readonly outcome: SignupOutcome) {
    super(outcome);
  }
}

async function takeSeat(tx: Db, offeringId: number, now: Date): Promise<void> {
  const taken = await tx
    .update(onboardingOfferings)
    .set({ taken: sql`${onboardingOfferings.taken} + 1` })
    .where(and(eq(onboardingOfferings.id, offeringId), sql`${onboardingOfferings.taken} < ${onboardingOfferings.capacity}`, gt(onboardingOfferings.closesAt, now)))
    .returning({ id: onboardingOfferings.id });
  if (taken.length === 0) {
    const [row] = await tx.select({ closesAt: onboardingOfferings.closesAt }).from(onboardingOfferings).where(eq(onboardingOfferings.id, offeringId));
    throw new Rollback(!row ? 'missing' : row.closesAt <= now ? 'closed' : 'full');
  }
}

async function releaseSeat(tx: Db, offeringId: number): Promise<void> {
  await tx
    .update(onboardingOfferings)
    .set({ taken: sql`greatest(${onboardingOfferings.taken} - 1, 0)` })
    .where(eq(onboardingOfferings.id, offeringId));
}

/**
 * Signs the student up. For a single-choice kind (the major) an existing choice is given back in the same
 * transaction, so a full or closed new major leaves the old one in place.
 */
export async function signUp(db: Db, w: { offeringId: number; studentId: number; now: Date; singleChoice: boolean }): Promise<SignupOutcome> {
  try {
    await db.transaction(async (tx) => {
      const [offering] = await tx.select().from(onboardingOfferings).where(eq(onboardingOfferings.id, w.offeringId));
      if (!offering) throw new Rollback('missing');
      if (offering.closesAt <= w.now) throw new Rollback('closed');
      if (w.singleChoice) {
        const previous = await tx
          .select({ offeringId: onboardingSignups.offeringId, closesAt: onboardingOfferings.closesAt })
          .from(onboardingSignups)
          .innerJoin(onboardingOfferings, eq(onboardingOfferings.id, onboardingSignups.offeringId))
          .where(and(eq(onboardingSignups.studentId, w.studentId), eq(onboardingSignups.kind, offering.kind)))
          .for('update', { of: onboardingSignups });
        for (const p of previous) {
          if (p.offeringId === w.offeringId) throw new Rollback('already');
          if (p.closesAt <= w.now) throw new Rollback('closed');
          await tx.delete(onboardingSignups).where(and(eq(onboardingSignups.studentId, w.studentId), eq(onboardingSignups.offeringId, p.offeringId)));
          await releaseSeat(tx, p.offeringId);
        }
      }
      const inserted = await tx
        .insert(onboardingSignups)
        .values({ offeringId: w.offeringId, studentId: w.studentId, kind: offering.kind, createdAt: w.now })
        .onConflictDoNothing()
        .returning({ id: onboardingSignups.id });
      if (inserted.length === 0) throw new Rollback('already');
      await takeSeat(tx, w.offeringId, w.now);
    });
    return 'ok';
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    throw error;
  }
}

export type CancelOutcome = 'ok' | 'missing' | 'closed' | 'not_signed_up';

export async function cancelSignup(db: Db, w: { offeringId: number; studentId: number; now: Date }): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const [offering] = await tx.select({ closesAt: onboardingOfferings.closesAt }).from(onboardingOfferings).where(eq(onboardingOfferings.id, w.offeringId));
    if (!offering) return 'missing';
    if (offering.closesAt <= w.now) return 'closed';
    const deleted = await tx
      .delete(onboardingSignups)
      .where(and(eq(onboardingSignups.offeringId, w.offeringId), eq(onboardingSignups.studentId, w.studentId)))
      .returning({ id: onboardingSignups.id });
    if (deleted.length === 0) return 'not_signed_up';
    await releaseSeat(tx, w.offeringId);
    return 'ok';
  });
}

// Admin --------------------------------------------------------------------------------------------------------

export interface OfferingValues {
  kind: OfferingKind;
  title: string;
  description: string;
  capacity: number;
  closesAt: Date;
  startsAt: Date | null;
  durationMinutes: number;
  joinUrl: string | null;
}

export async function insertOfferingAudited(db: Db, w: { values: OfferingValues; actorId: number; now: Date }): Promise<OfferingRow> {
  return db.transaction(async (tx) => {
    // One offering of a kind and title: a double-submitted create finds the first one's offering (decision 092).
    await lockNaturalKey(tx, 'onboarding_offering', `${w.values.kind}:${w.values.title}`);
    const same = await tx.select({ id: onboardingOfferings.id }).from(onboardingOfferings).where(and(eq(onboardingOfferings.kind, w.values.kind), eq(onboardingOfferings.title, w.values.title)));
    if (same.length > 0) throw AppError.reload(ONBOARDING_MSG.OFFERING_DUPLICATE);
    const [row] = await tx
      .insert(onboardingOfferings)
      .values({ ...w.values, createdBy: w.actorId, createdAt: w.now, updatedAt: w.now })
      .returning();
    await tx.insert(auditLog).values({ actorId: w.actorId, action: 'create', entity: ONBOARDING_AUDIT_ENTITY, entityId: String(row!.id), before: null, after: w.values, createdAt: w.now });
    return row!;
  });
}

/** Updates an offering; a capacity below the seats already taken is refused (`below`), never applied. */
export async function updateOfferingAudited(db: Db, w: { id: number; values: OfferingValues; actorId: number; now: Date }): Promise<{ kind: 'ok'; row: OfferingRow } | { kind: 'missing' | 'below' }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(onboardingOfferings).where(eq(onboardingOfferings.id, w.id)).for('update');
    if (!before) return { kind: 'missing' as const };
    const [row] = await tx
      .update(onboardingOfferings)
      .set({ ...w.values, kind: before.kind, updatedAt: w.now })
      .where(and(eq(onboardingOfferings.id, w.id), lte(onboardingOfferings.taken, w.values.capacity)))
      .returning();
    if (!row) return { kind: 'below' as const };
    await tx.insert(auditLog).values({ actorId: w.actorId, action: 'update', entity: ONBOARDING_AUDIT_ENTITY, entityId: String(w.id), before, after: w.values, createdAt: w.now });
    return { kind: 'ok' as const, row };
  });
}

export async function listSignups(db: Db, opts: { kind?: OfferingKind; limit: number }) {
  const q = db
    .select({
      offeringId: onboardingSignups.offeringId,
      kind: onboardingSignups.kind,
      offeringTitle: onboardingOfferings.title,
      studentId: onboardingSignups.studentId,
      name: accounts.name,
      phoneCode: accounts.phoneCode,
      phone: accounts.phone,
      createdAt: onboardingSignups.createdAt,
    })
    .from(onboardingSignups)
    .innerJoin(onboardingOfferings, eq(onboardingOfferings.id, onboardingSignups.offeringId))
    .innerJoin(accounts, eq(accounts.id, onboardingSignups.studentId));
  return (opts.kind ? q.where(eq(onboardingSignups.kind, opts.kind)) : q).orderBy(asc(onboardingSignups.kind), asc(onboardingSignups.offeringId), desc(onboardingSignups.createdAt)).limit(opts.limit);
}
