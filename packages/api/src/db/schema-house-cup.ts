/**
 * The house cup ledger (decision 060). Append-only: the app never updates or deletes a row;
 * a reversal is a new row naming the one it reverses. The unique index lets each entry be reversed once, even
 * when two admins press 冲正 together.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';
import { houses, venues } from './schema-courses.ts';

export const houseCupEntries = pgTable(
  'house_cup_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'restrict' }),
    /** Where the points were earned; null: programme-wide. */
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'restrict' }),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    giverId: integer('giver_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** The entry this one reverses (a counter-entry of the opposite points). */
    reversesId: integer('reverses_id').references((): AnyPgColumn => houseCupEntries.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('house_cup_entries_house_idx').on(t.houseId, t.id),
    uniqueIndex('house_cup_entries_reverses_uq').on(t.reversesId),
    check('house_cup_entries_points_ck', sql`${t.points} <> 0`),
  ],
);
