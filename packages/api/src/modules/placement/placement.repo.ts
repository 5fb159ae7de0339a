/**
 * Venue and house results (decision 040): reads for the success card, the house pages and rosters;
 * audited writes for the bulk venue rule, manual moves, house sorting runs and publication times.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { houseForLatecomer, type SessionKey } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { houseSortingRuns, placementSeen, resultPublications, type ResultKind } from '../../db/schema-venue-house.ts';

export const PLACEMENT_AUDIT_ENTITY = 'placement';

export type VenueRow = typeof venues.$inferSelect;
export type HouseRow = typeof houses.$inferSelect;
export type PublicationRow = typeof resultPublications.$inferSelect;

export async function listVenues(db: Db): Promise<VenueRow[]> {
  return db.select().from(venues).orderBy(asc(venues.sort), asc(venues.id));
}

export async function findVenueByPlace(db: Db, placeName: string): Promise<VenueRow | undefined> {
  const [row] = await db.select().from(venues).where(eq(venues.placeName, placeName)).limit(1);
  return row;
}

export async function findVenue(db: Db, id: number): Promise<VenueRow | undefined> {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row;
}

export async function listHouses(db: Db): Promise<HouseRow[]> {
  return db.select().from(houses).orderBy(asc(houses.sort), asc(houses.id));
}

export async function listPublications(db: Db): Promise<PublicationRow[]> {
  return db.select().from(resultPublications);
}

/** The publish time that applies to a venue: its own row, else the programme-wide row (venue_id null). */
export function publishAtFor(rows: readonly PublicationRow[], kind: ResultKind, venueId: number | null): Date | null {
  const own = venueId === null ? undefined : rows.find((r) => r.kind === kind && r.venueId === venueId);
  const all = rows.find((r) => r.kind === kind && r.venueId === null);
  return (own ?? all)?.publishAt ?? null;
}

export const isPublished = (at: Date | null, now: Date) => at !== null && at.getTime() <= now.getTime();

/**
 * For the course centre (after-admission interface): whether the venue result that applies to `venueId` is visible now.
 * Without a venue id: whether any venue result is visible.
 */
export async function isVenueResultPublished(db: Db, now: Date, venueId: number | null = null): Promise<boolean> {
  const rows = await db.select().from(resultPublications).where(and(eq(resultPublications.kind, 'venue'), lte(resultPublications.publishAt, now)));
  if (venueId === null) return rows.length > 0;
  const all = await db.select().from(resultPublications).where(eq(resultPublications.kind, 'venue'));
  return isPublished(publishAtFor(all, 'venue', venueId), now);
}

export interface StudentPlacement {
  tuitionPaidAt: Date | null;
  placeName: string | null;
  venue: VenueRow | null;
  house: HouseRow | null;
  seen: { venueSeenAt: Date | null; houseSeenAt: Date | null } | null;
}

/** The caller's own placement; undefined when the account has no student profile. */
export async function findStudentPlacement(db: Db, studentId: number): Promise<StudentPlacement | undefined> {
  const [row] = await db
    .select({
      tuitionPaidAt: studentProfiles.tuitionPaidAt,
      placeName: studentProfiles.placeName,
      venue: venues,
      house: houses,
      venueSeenAt: placementSeen.venueSeenAt,
      houseSeenAt: placementSeen.houseSeenAt,
      seenId: placementSeen.studentId,
    })
    .from(studentProfiles)
    .leftJoin(venueAssignments, eq(venueAssignments.studentId, studentProfiles.accountId))
    .leftJoin(venues, eq(venues.id, venueAssignments.venueId))
    .leftJoin(houseAssignments, and(eq(houseAssignments.studentId, studentProfiles.accountId), eq(houseAssignments.venueId, venueAssignments.venueId)))
    .leftJoin(houses, eq(houses.id, houseAssignments.houseId))
    .leftJoin(placementSeen, eq(placementSeen.studentId, studentProfiles.accountId))
    .where(eq(studentProfiles.accountId, studentId))
    .limit(1);
  if (!row) return undefined;
  return {
    tuitionPaidAt: row.tuitionPaidAt,
    placeName: row.placeName,
    venue: row.venue,
    house: row.house,
    seen: row.seenId === null ? null : { venueSeenAt: row.venueSeenAt, houseSeenAt: row.houseSeenAt },
  };
}

/** Idempotent: the first time a student saw a result is kept. */
export async function markSeen(db: Db, studentId: number, kind: ResultKind, now: Date): Promise<void> {
  const column = kind === 'venue' ? 'venueSeenAt' : 'houseSeenAt';
  await db
    .insert(placementSeen)
    .values({ studentId, [column]: now })
    .onConflictDoUpdate({
      target: placementSeen.studentId,
      set: kind === 'venue' ? { venueSeenAt: sql`coalesce(${placementSeen.venueSeenAt}, excluded.venue_seen_at)` } : { houseSeenAt: sql`coalesce(${placementSeen.houseSeenAt}, excluded.house_seen_at)` },
    });
}

/** Members per house in one venue (or every venue when venueId is null, restricted to `venueIds`). */
export async function houseCounts(db: Db, venueIds: readonly number[]): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  if (venueIds.length === 0) return out;
  const rows = await db
    .select({ venueId: houseAssignments.venueId, houseId: houseAssignments.houseId, n: count() })
    .from(houseAssignments)
    .where(inArray(houseAssignments.venueId, [...venueIds]))
    .groupBy(houseAssignments.venueId, houseAssignments.houseId);
  for (const r of rows) {
    const m = out.get(r.venueId) ?? new Map<number, number>();
    m.set(r.houseId, r.n);
    out.set(r.venueId, m);
  }
  return out;
}

export async function venueStudentCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ venueId: venueAssignments.venueId, n: count() }).from(venueAssignments).groupBy(venueAssignments.venueId);
  return new Map(rows.map((r) => [r.venueId, r.n]));
}

/** Names of a venue's students per house (for the roster of staff and the venue's own students). */
export async function houseMemberNames(db: Db, venueId: number): Promise<Array<{ houseId: number; name: string }>> {
  return db
    .select({ houseId: houseAssignments.houseId, name: accounts.name })
    .from(houseAssignments)
    .innerJoin(accounts, eq(accounts.id, houseAssignments.studentId))
    .where(eq(houseAssignments.venueId, venueId))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

export async function latestRuns(db: Db): Promise<Map<number, typeof houseSortingRuns.$inferSelect>> {
  const rows = await db.select().from(houseSortingRuns).where(eq(houseSortingRuns.committed, true)).orderBy(desc(houseSortingRuns.id));
  const out = new Map<number, typeof houseSortingRuns.$inferSelect>();
  for (const r of rows) if (!out.has(r.venueId)) out.set(r.venueId, r);
  return out;
}

// Admin reads -------------------------------------------------------------------------------------------------

export interface PaidStudentRow {
  id: number;
  name: string;
  phone: string;
  placeName: string | null;
  schoolName: string | null;
  schoolStateId: number | null;
  schoolCityId: number | null;
  schoolId: number | null;
  venueId: number | null;
  method: string | null;
  houseName: string | null;
}

const paidColumns = {
  id: accounts.id,
  name: accounts.name,
  phone: accounts.phone,
  placeName: studentProfiles.placeName,
  schoolName: studentProfiles.schoolName,
  schoolStateId: studentProfiles.schoolStateId,
  schoolCityId: studentProfiles.schoolCityId,
  schoolId: studentProfiles.schoolId,
  venueId: venueAssignments.venueId,
  method: venueAssignments.method,
  houseName: houses.name,
};

/** Tuition-paid students, with their venue and house. */
export async function listPaidStudents(db: Db, filter: { placeName?: string; venueId?: number | null; q?: string; limit?: number }): Promise<{ rows: PaidStudentRow[]; total: number }> {
  const where = and(
    isNotNull(studentProfiles.tuitionPaidAt),
    filter.placeName ? eq(studentProfiles.placeName, filter.placeName) : undefined,
    filter.venueId === null ? isNull(venueAssignments.venueId) : filter.venueId !== undefined ? eq(venueAssignments.venueId, filter.venueId) : undefined,
    filter.q ? or(ilike(accounts.name, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), eq(accounts.phone, filter.q)) : undefined,
  );
  const base = () =>
    db
      .select(paidColumns)
      .from(studentProfiles)
      .innerJoin(accounts, eq(accounts.id, studentProfiles.accountId))
      .leftJoin(venueAssignments, eq(venueAssignments.studentId, studentProfiles.accountId))
      .leftJoin(houseAssignments, eq(houseAssignments.studentId, studentProfiles.accountId))
      .leftJoin(houses, eq(houses.id, houseAssignments.houseId));
  const [rows, totals] = await Promise.all([
    filter.limit === undefined ? base().where(where).orderBy(asc(accounts.id)) : base().where(where).orderBy(asc(accounts.id)).limit(filter.limit),
    db
      .select({ n: count() })
      .from(studentProfiles)
      .innerJoin(accounts, eq(accounts.id, studentProfiles.accountId))
      .leftJoin(venueAssignments, eq(venueAssignments.studentId, studentProfiles.accountId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Paid students per session name without a venue. */
export async function countUnassignedPaid(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ placeName: studentProfiles.placeName, n: count() })
    .from(studentProfiles)
    .leftJoin(venueAssignments, eq(venueAssignments.studentId, studentProfiles.accountId))
    .where(and(isNotNull(studentProfiles.tuitionPaidAt), isNull(venueAssignments.venueId)))
    .groupBy(studentProfiles.placeName);
  return new Map(rows.map((r) => [r.placeName ?? '', r.n]));
}

// Audited writes ----------------------------------------------------------------------------------------------

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function audit(tx: Tx, w: { actorId: number; action: string; entityId: string; before: unknown; after: unknown; now: Date }) {
  await tx.insert(auditLog).values({ actorId: w.actorId, action: w.action, entity: PLACEMENT_AUDIT_ENTITY, entityId: w.entityId, before: w.before, after: w.after, createdAt: w.now });
}

/**
 * Writes a bulk venue plan: every placement, and one audit row summarising it. With `replace`, the students'
 * old assignments (and their houses, which belonged to the old venue) go first. `check` runs inside the
 * transaction after the venues are locked, so two admins cannot overfill a venue together.
 */
export async function applyVenuePlanAudited(
  db: Db,
  w: {
    actorId: number;
    now: Date;
    plan: (tx: Db) => Promise<{ placements: ReadonlyArray<{ studentId: number; venueId: number }>; replace: readonly number[]; summary: unknown }>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: venues.id }).from(venues).for('update');
    const p = await w.plan(tx as unknown as Db);
    const plan = { ...w, ...p };
    if (plan.replace.length) {
      await tx.delete(houseAssignments).where(inArray(houseAssignments.studentId, [...plan.replace]));
      await tx.delete(venueAssignments).where(inArray(venueAssignments.studentId, [...plan.replace]));
    }
    if (plan.placements.length) {
      await tx
        .insert(venueAssignments)
        .values(plan.placements.map((p) => ({ studentId: p.studentId, venueId: p.venueId, method: 'rule' as const, assignedBy: w.actorId, assignedAt: w.now })))
        .onConflictDoNothing({ target: venueAssignments.studentId });
      // Placed into venues already sorted: their smallest houses (decision 045); the venues are locked above.
      const byVenue = new Map<number, number[]>();
      for (const p of plan.placements) byVenue.set(p.venueId, [...(byVenue.get(p.venueId) ?? []), p.studentId]);
      for (const [venueId, studentIds] of byVenue) await placeLatecomersTx(tx, { venueId, studentIds, actorId: w.actorId, now: w.now });
    }
    await audit(tx, { actorId: w.actorId, action: 'placement.venue_rule', entityId: 'venues', before: null, after: plan.summary, now: w.now });
  });
}

/** Students of a session assigned per venue, read inside a transaction (for the capacity check). */
export async function assignedPerVenue(tx: Tx | Db, placeName: string): Promise<Map<number, number>> {
  const rows = await tx
    .select({ venueId: venueAssignments.venueId, n: count() })
    .from(venueAssignments)
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, venueAssignments.studentId))
    .where(eq(studentProfiles.placeName, placeName))
    .groupBy(venueAssignments.venueId);
  return new Map(rows.map((r) => [r.venueId, r.n]));
}

/**
 * Moves one student to a venue by hand. Their house belonged to the old venue, so it is dropped; if the new venue
 * has been sorted they join its smallest house (decision 045), else its sorting places them. Returns the new
 * house id, or null. `check` sees the locked venue's count of the student's session.
 */
export async function moveStudentAudited(
  db: Db,
  w: { studentId: number; venueId: number; actorId: number; now: Date; check: (tx: Db, before: { venueId: number | null }) => Promise<void> },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, w.venueId)).for('update');
    const [old] = await tx.select().from(venueAssignments).where(eq(venueAssignments.studentId, w.studentId)).for('update');
    const [oldHouse] = await tx.select({ houseId: houseAssignments.houseId }).from(houseAssignments).where(eq(houseAssignments.studentId, w.studentId));
    await w.check(tx as unknown as Db, { venueId: old?.venueId ?? null });
    const changed = old?.venueId !== w.venueId;
    if (changed) {
      await tx.delete(houseAssignments).where(eq(houseAssignments.studentId, w.studentId));
      // A new venue (and house) is news again: the card marks it new and offers the reveal (decision 045).
      await tx.update(placementSeen).set({ venueSeenAt: null, houseSeenAt: null }).where(eq(placementSeen.studentId, w.studentId));
    }
    await tx
      .insert(venueAssignments)
      .values({ studentId: w.studentId, venueId: w.venueId, method: 'manual', assignedBy: w.actorId, assignedAt: w.now })
      .onConflictDoUpdate({ target: venueAssignments.studentId, set: { venueId: w.venueId, method: 'manual', assignedBy: w.actorId, assignedAt: w.now } });
    await audit(tx, {
      actorId: w.actorId,
      action: 'placement.venue_move',
      entityId: String(w.studentId),
      before: old ? { venue_id: old.venueId, method: old.method, house_id: oldHouse?.houseId ?? null } : null,
      after: { venue_id: w.venueId, method: 'manual' },
      now: w.now,
    });
    // Into a venue already sorted (its houses exist, published or not): straight into its smallest house.
    const placed = changed ? await placeLatecomersTx(tx, { venueId: w.venueId, studentIds: [w.studentId], actorId: w.actorId, now: w.now }) : [];
    return placed[0]?.houseId ?? null;
  });
}

/**
 * Decision 045: students who arrive in a venue after it was sorted (a manual move, the bulk rule's later
 * placements, or anyone left without a house) join the venue's smallest house, ties broken by the venue's
 * sorting seed and the student's id (domain `houseForLatecomer`), one at a time in id order, each audited
 * (`placement.house_latecomer`). A venue never sorted is left alone: its first sorting run places everyone.
 * Call inside a transaction that holds the venue's row lock (every writer of the venue's houses takes it).
 */
export async function placeLatecomersTx(tx: Tx, w: { venueId: number; studentIds: readonly number[]; actorId: number; now: Date }): Promise<Array<{ studentId: number; houseId: number }>> {
  if (w.studentIds.length === 0) return [];
  const [run] = await tx
    .select({ id: houseSortingRuns.id, seed: houseSortingRuns.seed })
    .from(houseSortingRuns)
    .where(and(eq(houseSortingRuns.venueId, w.venueId), eq(houseSortingRuns.committed, true)))
    .orderBy(desc(houseSortingRuns.id))
    .limit(1);
  if (!run) return [];
  const houseRows = await tx.select({ id: houses.id }).from(houses);
  const counts = await tx
    .select({ houseId: houseAssignments.houseId, n: count() })
    .from(houseAssignments)
    .where(eq(houseAssignments.venueId, w.venueId))
    .groupBy(houseAssignments.houseId);
  const sizes = new Map(houseRows.map((h) => [h.id, 0]));
  for (const c of counts) sizes.set(c.houseId, c.n);
  const placed: Array<{ studentId: number; houseId: number }> = [];
  for (const studentId of [...new Set(w.studentIds)].sort((a, b) => a - b)) {
    const houseId = houseForLatecomer([...sizes].map(([id, members]) => ({ houseId: id, members })), run.seed, studentId);
    if (houseId === null) break;
    const before = sizes.get(houseId) ?? 0;
    // Only a student of this venue without a house: every writer of the venue's houses holds its row lock.
    const [here] = await tx.select({ id: venueAssignments.studentId }).from(venueAssignments).where(and(eq(venueAssignments.studentId, studentId), eq(venueAssignments.venueId, w.venueId)));
    if (!here) continue;
    const [row] = await tx
      .insert(houseAssignments)
      .values({ studentId, houseId, venueId: w.venueId, runId: null, assignedAt: w.now })
      .onConflictDoNothing({ target: houseAssignments.studentId })
      .returning({ studentId: houseAssignments.studentId });
    if (!row) continue;
    sizes.set(houseId, before + 1);
    placed.push({ studentId, houseId });
    await audit(tx, {
      actorId: w.actorId,
      action: 'placement.house_latecomer',
      entityId: String(studentId),
      before: null,
      after: { venue_id: w.venueId, house_id: houseId, rule: 'smallest', seed: run.seed, run_id: run.id, members_before: before },
      now: w.now,
    });
  }
  return placed;
}

/** Students of a venue without a house (for the admin's 补分学院 and its count). */
export async function unhousedStudentIds(tx: Tx | Db, venueId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: venueAssignments.studentId })
    .from(venueAssignments)
    .leftJoin(houseAssignments, eq(houseAssignments.studentId, venueAssignments.studentId))
    .where(and(eq(venueAssignments.venueId, venueId), isNull(houseAssignments.studentId)))
    .orderBy(asc(venueAssignments.studentId));
  return rows.map((r) => r.id);
}

/** POST /api/admin/placement/house-latecomers: places every unhoused student of a sorted venue, in one transaction. */
export async function placeVenueLatecomersAudited(db: Db, w: { venueId: number; actorId: number; now: Date; check: (tx: Db) => Promise<void> }): Promise<Array<{ studentId: number; houseId: number }>> {
  return db.transaction(async (tx) => {
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, w.venueId)).for('update');
    await w.check(tx as unknown as Db);
    const ids = await unhousedStudentIds(tx, w.venueId);
    return placeLatecomersTx(tx, { venueId: w.venueId, studentIds: ids, actorId: w.actorId, now: w.now });
  });
}

export async function venueStudentsForSorting(tx: Tx | Db, venueId: number): Promise<Array<{ id: number; school: string | null }>> {
  const rows = await tx
    .select({ id: venueAssignments.studentId, schoolId: studentProfiles.schoolId, schoolName: studentProfiles.schoolName })
    .from(venueAssignments)
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, venueAssignments.studentId))
    .where(eq(venueAssignments.venueId, venueId));
  return rows.map((r) => ({ id: r.id, school: r.schoolId !== null ? `id:${r.schoolId}` : r.schoolName ? `name:${r.schoolName}` : null }));
}

/**
 * Replaces a venue's houses with a new run. `plan` runs inside the transaction on the venue's locked row, so
 * a publication or a move racing the run is seen; it throws to refuse (e.g. the house result is out).
 */
export async function replaceHouseRunAudited(
  db: Db,
  w: {
    venueId: number;
    seed: string;
    actorId: number;
    now: Date;
    plan: (tx: Db) => Promise<Array<{ studentId: number; houseId: number }>>;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, w.venueId)).for('update');
    const placements = await w.plan(tx as unknown as Db);
    await tx.update(houseSortingRuns).set({ committed: false }).where(eq(houseSortingRuns.venueId, w.venueId));
    const [run] = await tx
      .insert(houseSortingRuns)
      .values({ venueId: w.venueId, seed: w.seed, studentCount: placements.length, committed: true, createdBy: w.actorId, createdAt: w.now })
      .returning({ id: houseSortingRuns.id });
    const runId = run!.id;
    await tx.delete(houseAssignments).where(eq(houseAssignments.venueId, w.venueId));
    if (placements.length) {
      await tx
        .insert(houseAssignments)
        .values(placements.map((p) => ({ studentId: p.studentId, houseId: p.houseId, venueId: w.venueId, runId, assignedAt: w.now })))
        .onConflictDoUpdate({ target: houseAssignments.studentId, set: { houseId: sql`excluded.house_id`, venueId: sql`excluded.venue_id`, runId, assignedAt: w.now } });
    }
    await audit(tx, { actorId: w.actorId, action: 'placement.house_sort', entityId: String(w.venueId), before: null, after: { run_id: runId, seed: w.seed, students: placements.length }, now: w.now });
    return runId;
  });
}

/** Advisory lock space (decision 092): one publication time is set by one transaction at a time. */
const PUBLICATION_LOCK_SPACE = 4114;

/** Sets (or clears) one publication time; `check` sees the current row locked. */
export async function setPublicationAudited(
  db: Db,
  w: { kind: ResultKind; venueId: number | null; publishAt: Date | null; actorId: number; now: Date; check: (current: PublicationRow | undefined) => void },
): Promise<void> {
  await db.transaction(async (tx) => {
    // FOR UPDATE locks nothing while the row does not exist yet: two first saves at once would both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLICATION_LOCK_SPACE}, hashtext(${`${w.kind}:${w.venueId ?? 'all'}`}))`);
    const where = and(eq(resultPublications.kind, w.kind), w.venueId === null ? isNull(resultPublications.venueId) : eq(resultPublications.venueId, w.venueId));
    const [current] = await tx.select().from(resultPublications).where(where).for('update');
    w.check(current);
    if (w.publishAt === null) {
      await tx.delete(resultPublications).where(where);
    } else if (current) {
      await tx.update(resultPublications).set({ publishAt: w.publishAt, publishedBy: w.actorId }).where(eq(resultPublications.id, current.id));
    } else {
      await tx.insert(resultPublications).values({ kind: w.kind, venueId: w.venueId, publishAt: w.publishAt, publishedBy: w.actorId, createdAt: w.now });
    }
    if (w.kind === 'house' && w.venueId !== null) {
      await tx.update(houseSortingRuns).set({ published: w.publishAt !== null && w.publishAt <= w.now }).where(and(eq(houseSortingRuns.venueId, w.venueId), eq(houseSortingRuns.committed, true)));
    }
    await audit(tx, {
      actorId: w.actorId,
      action: 'placement.publish',
      entityId: `${w.kind}:${w.venueId ?? 'all'}`,
      before: current ? { publish_at: current.publishAt.toISOString() } : null,
      after: { publish_at: w.publishAt?.toISOString() ?? null },
      now: w.now,
    });
  });
}
