import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools } from '../../db/schema.ts';

export type SchoolRow = typeof schools.$inferSelect;

export interface SchoolFilter {
  countryId?: number | undefined;
  stateId?: number | undefined;
  cityId?: number | undefined;
  type?: number | undefined;
  name?: string | undefined;
  schoolId?: number | undefined;
}

/** What the user typed, matched literally: % and _ are not wildcards, \ is not an escape. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchSchools(db: Db, filter: SchoolFilter, limit: number): Promise<SchoolRow[]> {
  const where: SQL[] = [];
  if (filter.countryId !== undefined) where.push(eq(schools.countryId, filter.countryId));
  if (filter.stateId !== undefined) where.push(eq(schools.stateId, filter.stateId));
  if (filter.cityId !== undefined) where.push(eq(schools.cityId, filter.cityId));
  if (filter.type !== undefined) where.push(eq(schools.type, filter.type));
  if (filter.schoolId !== undefined) where.push(eq(schools.id, filter.schoolId));
  if (filter.name) {
    const pattern = likeContains(filter.name);
    // Backslash is PostgreSQL's default LIKE escape; ILIKE folds Latin case, Chinese has none.
    where.push(or(ilike(schools.name, pattern), ilike(schools.aliases, pattern)) as SQL);
  }
  return db
    .select()
    .from(schools)
    .where(where.length > 0 ? and(...where) : undefined)
    // Byte order is the same on PGlite and any PostgreSQL locale, so pages never reshuffle between them.
    .orderBy(sql`${schools.name} collate "C"`, asc(schools.id))
    .limit(limit);
}

export interface SchoolSeed {
  name: string;
  aliases: string;
  countryId: number;
  stateId: number | null;
  cityId: number | null;
  zoneId: number | null;
  type: number;
  category: number;
}

/** Idempotent: a school already there (same name and country) is left as it is. */
export async function insertSchools(db: Db, rows: readonly SchoolSeed[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(schools).values([...rows]).onConflictDoNothing().returning({ id: schools.id });
  return inserted.length;
}

export async function findSchoolByName(db: Db, name: string, countryId: number): Promise<SchoolRow | undefined> {
  const rows = await db.select().from(schools).where(and(eq(schools.name, name), eq(schools.countryId, countryId))).limit(1);
  return rows[0];
}
