/**
 * Venues and the twelve houses: the only code of the venues module that touches the database. Every admin
 * write runs in one transaction with its audit_log row; "before" is read with the row locked.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { TWELVE_HOUSES, type HouseRecord, type HouseUpdate, type Venue, type VenueInput } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { courses, houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';

export type VenueRow = typeof venues.$inferSelect;
export type HouseRow = typeof houses.$inferSelect;

export interface AuditEntry {
  actorId: number;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  now: Date;
}

export async function writeAudit(db: Db, a: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ actorId: a.actorId, action: a.action, entity: a.entity, entityId: a.entityId, before: a.before, after: a.after, createdAt: a.now });
}

// Venues ----------------------------------------------------------------------------------------------------

const studentsAt = sql<number>`(select count(*)::int from ${venueAssignments} where ${venueAssignments.venueId} = ${venues.id})`;
const coursesAt = sql<number>`(select count(*)::int from ${courses} where ${courses.venueId} = ${venues.id})`;

function venueOf(row: VenueRow & { students: number; courses: number }): Venue {
  return {
    id: row.id,
    place_name: row.placeName,
    name: row.name,
    city: row.city,
    is_beijing: row.isBeijing,
    capacity: row.capacity,
    professional_tracks: row.professionalTracks,
    session_keys: row.sessionKeys as Venue['session_keys'],
    address: row.address,
    sort: row.sort,
    students: Number(row.students),
    courses: Number(row.courses),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every venue in display order, with its assigned students and venue-only courses counted. */
export async function listVenues(db: Db): Promise<Venue[]> {
  const rows = await db
    .select({ v: venues, students: studentsAt, courses: coursesAt })
    .from(venues)
    .orderBy(asc(venues.sort), asc(venues.id));
  return rows.map((r) => venueOf({ ...r.v, students: r.students, courses: r.courses }));
}

export async function getVenue(db: Db, id: number): Promise<Venue | null> {
  const [row] = await db.select({ v: venues, students: studentsAt, courses: coursesAt }).from(venues).where(eq(venues.id, id));
  return row ? venueOf({ ...row.v, students: row.students, courses: row.courses }) : null;
}

export async function findVenueByPlaceName(db: Db, placeName: string): Promise<VenueRow | null> {
  const [row] = await db.select().from(venues).where(eq(venues.placeName, placeName));
  return row ?? null;
}

const venueColumns = (v: VenueInput) => ({
  placeName: v.place_name,
  name: v.name,
  city: v.city,
  isBeijing: v.is_beijing,
  capacity: v.capacity,
  professionalTracks: v.professional_tracks,
  sessionKeys: [...v.session_keys],
  address: v.address,
  sort: v.sort,
});

export async function insertVenueAudited(db: Db, input: VenueInput, actorId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(venues)
      .values({ ...venueColumns(input), createdAt: now, updatedAt: now })
      .returning({ id: venues.id });
    if (!row) throw new Error('venue insert returned nothing');
    await writeAudit(tx, { actorId, action: 'venue.create', entity: 'venue', entityId: String(row.id), before: null, after: input, now });
    return row.id;
  });
}

/** false when the venue does not exist. */
export async function updateVenueAudited(db: Db, id: number, input: VenueInput, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(venues).where(eq(venues.id, id)).for('update');
    if (!before) return false;
    await tx
      .update(venues)
      .set({ ...venueColumns(input), updatedAt: now })
      .where(eq(venues.id, id));
    const { createdAt: _c, updatedAt: _u, ...was } = before;
    await writeAudit(tx, { actorId, action: 'venue.update', entity: 'venue', entityId: String(id), before: was, after: input, now });
    return true;
  });
}

/** 'missing' | 'in-use' (courses or students refer to it) | 'deleted'. */
export async function deleteVenueAudited(db: Db, id: number, actorId: number, now: Date): Promise<'missing' | 'in-use' | 'deleted'> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(venues).where(eq(venues.id, id)).for('update');
    if (!before) return 'missing';
    const [used] = await tx.select({ n: sql<number>`(${studentsAt}) + (${coursesAt})` }).from(venues).where(eq(venues.id, id));
    if (Number(used?.n ?? 0) > 0) return 'in-use';
    await tx.delete(venues).where(eq(venues.id, id));
    const { createdAt: _c, updatedAt: _u, ...was } = before;
    await writeAudit(tx, { actorId, action: 'venue.delete', entity: 'venue', entityId: String(id), before: was, after: null, now });
    return 'deleted';
  });
}

// Houses ----------------------------------------------------------------------------------------------------

/** The twelve houses exist on every deployment: inserted on first need, never duplicated, admins' edits kept. */
export async function ensureHouses(db: Db): Promise<void> {
  await db
    .insert(houses)
    .values(TWELVE_HOUSES.map((h, index) => ({ code: h.code, name: h.name, englishName: h.english, colour: h.colour, sort: index + 1 })))
    .onConflictDoNothing({ target: houses.code });
}

export async function listHouses(db: Db): Promise<HouseRecord[]> {
  const students = sql<number>`(select count(*)::int from ${houseAssignments} where ${houseAssignments.houseId} = ${houses.id})`;
  const rows = await db.select({ h: houses, students }).from(houses).orderBy(asc(houses.sort), asc(houses.id));
  return rows.map(({ h, students: n }) => ({ id: h.id, code: h.code, name: h.name, english_name: h.englishName, colour: h.colour, motto: h.motto, sort: h.sort, students: Number(n) }));
}

export async function countHouses(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(houses);
  return row?.n ?? 0;
}

export async function updateHouseAudited(db: Db, id: number, input: HouseUpdate, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(houses).where(eq(houses.id, id)).for('update');
    if (!before) return false;
    await tx.update(houses).set({ name: input.name, englishName: input.english_name, colour: input.colour, motto: input.motto }).where(eq(houses.id, id));
    await writeAudit(tx, {
      actorId,
      action: 'house.update',
      entity: 'house',
      entityId: String(id),
      before: { name: before.name, english_name: before.englishName, colour: before.colour, motto: before.motto },
      after: input,
      now,
    });
    return true;
  });
}
