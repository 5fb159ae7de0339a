/**
 * The house cup ledger: the only code that touches house_cup_entries. Rows are inserted, never updated or
 * deleted (decision 060); each insert writes its audit_log row in the same transaction.
 */
import { and, asc, count, desc, eq, gt, max, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HouseCupEntry, HouseTotal } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { houses, venues } from '../../db/schema-courses.ts';
import { houseCupEntries } from '../../db/schema-house-cup.ts';

export const HOUSE_CUP_AUDIT_ENTITY = 'house_cup';

export type HouseCupRow = typeof houseCupEntries.$inferSelect;

const reversal = alias(houseCupEntries, 'reversal');

function entryOf(r: {
  e: HouseCupRow;
  house: { id: number; code: string; name: string; colour: string };
  venueName: string | null;
  giverName: string | null;
  reversedById: number | null;
}): HouseCupEntry {
  return {
    id: r.e.id,
    house: r.house,
    venue: r.e.venueId !== null ? { id: r.e.venueId, name: r.venueName ?? '' } : null,
    points: r.e.points,
    reason: r.e.reason,
    giver: { id: r.e.giverId, name: r.giverName ?? '' },
    created_at: r.e.createdAt.toISOString(),
    reverses_id: r.e.reversesId,
    reversed_by_id: r.reversedById,
  };
}

function ledgerSelect(db: Db) {
  return db
    .select({
      e: houseCupEntries,
      house: { id: houses.id, code: houses.code, name: houses.name, colour: houses.colour },
      venueName: venues.name,
      giverName: accounts.name,
      reversedById: reversal.id,
    })
    .from(houseCupEntries)
    .innerJoin(houses, eq(houses.id, houseCupEntries.houseId))
    .leftJoin(venues, eq(venues.id, houseCupEntries.venueId))
    .leftJoin(accounts, eq(accounts.id, houseCupEntries.giverId))
    .leftJoin(reversal, eq(reversal.reversesId, houseCupEntries.id));
}

export async function findEntry(db: Db, id: number): Promise<HouseCupEntry | undefined> {
  const [row] = await ledgerSelect(db).where(eq(houseCupEntries.id, id)).limit(1);
  return row ? entryOf(row) : undefined;
}

export interface LedgerFilter {
  houseId?: number | undefined;
  venueId?: number | undefined;
}

function ledgerWhere(f: LedgerFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.houseId !== undefined) conds.push(eq(houseCupEntries.houseId, f.houseId));
  if (f.venueId !== undefined) conds.push(eq(houseCupEntries.venueId, f.venueId));
  return conds.length ? and(...conds) : undefined;
}

/** The export's batches (decisions 065, 066): the list's filter, oldest first after `after` (keyset on id). */
export async function ledgerKeysetPage(db: Db, f: LedgerFilter, after: number, limit: number): Promise<HouseCupEntry[]> {
  const rows = await ledgerSelect(db).where(and(ledgerWhere(f), gt(houseCupEntries.id, after))).orderBy(asc(houseCupEntries.id)).limit(limit);
  return rows.map(entryOf);
}

/** A page of the ledger, newest first. */
export async function listLedger(db: Db, f: LedgerFilter & { page: number; pageSize: number }): Promise<{ items: HouseCupEntry[]; total: number }> {
  const where = ledgerWhere(f);
  const [rows, [n]] = await Promise.all([
    ledgerSelect(db)
      .where(where)
      .orderBy(desc(houseCupEntries.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(houseCupEntries).where(where),
  ]);
  return { items: rows.map(entryOf), total: n?.n ?? 0 };
}

/** Each house's total (houses without entries at 0) and the time of the latest entry. */
export async function houseTotals(db: Db): Promise<{ totals: HouseTotal[]; updatedAt: Date | null }> {
  const points = sql<number>`coalesce(sum(${houseCupEntries.points}), 0)::int`;
  const [rows, [latest]] = await Promise.all([
    db
      .select({ h: houses, points })
      .from(houses)
      .leftJoin(houseCupEntries, eq(houseCupEntries.houseId, houses.id))
      .groupBy(houses.id)
      .orderBy(asc(houses.sort), asc(houses.id)),
    db.select({ at: max(houseCupEntries.createdAt) }).from(houseCupEntries),
  ]);
  return {
    totals: rows.map(({ h, points: p }) => ({ house_id: h.id, code: h.code, name: h.name, english_name: h.englishName, colour: h.colour, sort: h.sort, points: Number(p) })),
    updatedAt: latest?.at ?? null,
  };
}

/** The latest entries of one house (the student's card). */
export async function recentOfHouse(db: Db, houseId: number, limit: number): Promise<Array<{ id: number; points: number; reason: string; created_at: string }>> {
  const rows = await db
    .select({ id: houseCupEntries.id, points: houseCupEntries.points, reason: houseCupEntries.reason, createdAt: houseCupEntries.createdAt })
    .from(houseCupEntries)
    .where(eq(houseCupEntries.houseId, houseId))
    .orderBy(desc(houseCupEntries.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, points: r.points, reason: r.reason, created_at: r.createdAt.toISOString() }));
}

export async function houseExists(db: Db, id: number): Promise<{ id: number; code: string; name: string } | undefined> {
  const [row] = await db.select({ id: houses.id, code: houses.code, name: houses.name }).from(houses).where(eq(houses.id, id)).limit(1);
  return row;
}

export async function venueExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, id)).limit(1);
  return Boolean(row);
}

/** Inserts an entry and its audit row; returns the new id. */
export async function insertEntryAudited(db: Db, w: { houseId: number; houseName: string; venueId: number | null; points: number; reason: string; giverId: number; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(houseCupEntries)
      .values({ houseId: w.houseId, venueId: w.venueId, points: w.points, reason: w.reason, giverId: w.giverId, createdAt: w.now })
      .returning({ id: houseCupEntries.id });
    const id = row!.id;
    await tx.insert(auditLog).values({
      actorId: w.giverId,
      action: 'house_cup.give',
      entity: HOUSE_CUP_AUDIT_ENTITY,
      entityId: String(id),
      before: null,
      after: { id, house_id: w.houseId, house: w.houseName, venue_id: w.venueId, points: w.points, reason: w.reason },
      createdAt: w.now,
    });
    return id;
  });
}

export type ReverseOutcome = { kind: 'missing' } | { kind: 'is-reversal' } | { kind: 'already'; reversedById: number } | { kind: 'ok'; id: number };

/**
 * Reverses an entry with a counter-entry of the opposite points, in one transaction with the original locked:
 * a reversal cannot itself be reversed, and an entry is reversed at most once (the unique index is the last line
 * against two admins at once).
 */
export async function reverseEntryAudited(db: Db, w: { id: number; reason: string; actorId: number; now: Date }): Promise<ReverseOutcome> {
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(houseCupEntries).where(eq(houseCupEntries.id, w.id)).for('update').limit(1);
    if (!original) return { kind: 'missing' } as const;
    if (original.reversesId !== null) return { kind: 'is-reversal' } as const;
    const [existing] = await tx.select({ id: houseCupEntries.id }).from(houseCupEntries).where(eq(houseCupEntries.reversesId, w.id)).limit(1);
    if (existing) return { kind: 'already', reversedById: existing.id } as const;
    const [row] = await tx
      .insert(houseCupEntries)
      .values({ houseId: original.houseId, venueId: original.venueId, points: -original.points, reason: w.reason, giverId: w.actorId, reversesId: original.id, createdAt: w.now })
      .returning({ id: houseCupEntries.id });
    const id = row!.id;
    await tx.insert(auditLog).values({
      actorId: w.actorId,
      action: 'house_cup.reverse',
      entity: HOUSE_CUP_AUDIT_ENTITY,
      entityId: String(original.id),
      before: { id: original.id, house_id: original.houseId, points: original.points, reason: original.reason, reversed_by_id: null },
      after: { id: original.id, house_id: original.houseId, points: original.points, reason: original.reason, reversed_by_id: id, reversal: { id, points: -original.points, reason: w.reason } },
      createdAt: w.now,
    });
    return { kind: 'ok', id } as const;
  });
}
