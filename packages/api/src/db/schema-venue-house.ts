/**
 * Publication of the venue and house results, house sorting runs and what each student has seen (
 * decision 040). A result is visible to students once now ≥ publish_at; the course centre reads
 * `result_publications` (kind 'venue') to know whether a student may select.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';
import { venues } from './schema-courses.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const RESULT_KINDS = ['venue', 'house'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/**
 * When a result becomes visible. venue_id null: the venue result for every venue at once (the usual case: one
 * announcement); a row per venue overrides it for that venue. One row per (kind, venue).
 */
export const resultPublications = pgTable(
  'result_publications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: RESULT_KINDS }).notNull(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    publishAt: tstz('publish_at').notNull(),
    publishedBy: integer('published_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT: one programme-wide row per kind as well (PostgreSQL 15+; PGlite is 18).
    unique('result_publications_kind_venue_uq').on(t.kind, t.venueId).nullsNotDistinct(),
    check('result_publications_kind_ck', sql`${t.kind} in ('venue', 'house')`),
  ],
);

/** One house sorting of a venue: the seed makes it reproducible; `committed` marks the run whose houses stand. */
export const houseSortingRuns = pgTable(
  'house_sorting_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    seed: text('seed').notNull(),
    studentCount: integer('student_count').notNull().default(0),
    committed: boolean('committed').notNull().default(true),
    published: boolean('published').notNull().default(false),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('house_sorting_runs_venue_idx').on(t.venueId, t.createdAt)],
);

/** When the student first saw each published result (success-card-status cards.is_new). */
export const placementSeen = pgTable('placement_seen', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  venueSeenAt: tstz('venue_seen_at'),
  houseSeenAt: tstz('house_seen_at'),
});
