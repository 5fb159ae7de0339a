/**
 * The talent show (decision 103). A show is the settings of one activity of kind 'talent-show' (decision 100):
 * rules, criteria with weights, judges, the number of finalists and the time results are published. Entries are
 * one per student per show, each carrying the guardian's consent (who, relation, when, which text); likes are one
 * row per student per entry with the entry's counter moved in the same transaction; a judge's score sheet is one
 * row per judge per entry with one score per criterion.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';
import { activities } from './schema-activities.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const talentShows = pgTable('talent_shows', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  rulesText: text('rules_text').notNull().default(''),
  /** Judging starts once the rules are published; null: a draft only teachers see. */
  rulesPublishedAt: tstz('rules_published_at'),
  finalistCount: integer('finalist_count').notNull().default(3),
  /** The server withholds results before this time; null: not scheduled. */
  resultsAt: tstz('results_at'),
  /** Set once, by the first read at or after results_at: finalists marked and their badges awarded. */
  finalizedAt: tstz('finalized_at'),
  updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const talentCriteria = pgTable(
  'talent_criteria',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => talentShows.activityId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    weight: integer('weight').notNull(),
  },
  (t) => [index('talent_criteria_show_idx').on(t.activityId, t.position), check('talent_criteria_weight_ck', sql`${t.weight} between 1 and 100`)],
);

export const talentJudges = pgTable(
  'talent_judges',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => talentShows.activityId, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.teacherId] }), index('talent_judges_teacher_idx').on(t.teacherId)],
);

export const talentEntries = pgTable(
  'talent_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'hidden'] }).notNull().default('pending'),
    reviewNote: text('review_note').notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
    /** The guardian's consent to show a minor's image: who, their relation, when, which text; ticked by the student's account. */
    guardianName: text('guardian_name').notNull(),
    guardianRelation: text('guardian_relation').notNull(),
    consentAt: tstz('consent_at').notNull(),
    consentVersion: text('consent_version').notNull(),
    /** Kept exact by the like and unlike transactions (the like rows are the truth; this is their count). */
    likesCount: integer('likes_count').notNull().default(0),
    /** Set when results are finalised: 1 … finalist_count. */
    finalistRank: integer('finalist_rank'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('talent_entries_student_uq').on(t.activityId, t.studentId),
    index('talent_entries_gallery_idx').on(t.activityId, t.status, t.id),
    check('talent_entries_likes_ck', sql`${t.likesCount} >= 0`),
  ],
);

/** The entry's pictures, in order: platform file addresses (`/api/oss/file/<key>`) of the student's own uploads. */
export const talentMedia = pgTable(
  'talent_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => talentEntries.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
  },
  (t) => [uniqueIndex('talent_media_entry_uq').on(t.entryId, t.position)],
);

export const talentLikes = pgTable(
  'talent_likes',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => talentEntries.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.studentId] }), index('talent_likes_student_idx').on(t.studentId)],
);

export const talentSheets = pgTable(
  'talent_sheets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => talentEntries.id, { onDelete: 'cascade' }),
    judgeId: integer('judge_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('talent_sheets_entry_judge_uq').on(t.entryId, t.judgeId), index('talent_sheets_judge_idx').on(t.judgeId)],
);

export const talentSheetScores = pgTable(
  'talent_sheet_scores',
  {
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => talentSheets.id, { onDelete: 'cascade' }),
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => talentCriteria.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.criterionId] }), check('talent_sheet_scores_range_ck', sql`${t.score} between 0 and 10`)],
);
