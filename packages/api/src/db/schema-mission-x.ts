/**
 * Mission X (decision 101): missions posted inside an activity of kind 'mission-x', and the students' hand-ins. A
 * withdrawn mission keeps its row and its hand-ins (withdrawn_at); one hand-in per student per mission (unique), whose
 * `version` moves on every change so a review names the state it judged. The 学院杯 points of an acceptance are a
 * ledger entry (house_cup_entries) whose id is kept here; un-accepting reverses it with a counter-entry.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UploadedFile } from '@summit/domain/uploader';
import { MISSION_DELIVERABLES, HAND_IN_STATUSES } from '@summit/domain/mission-x';
import { accounts } from './schema.ts';
import { activities } from './schema-activities.ts';
import { houses } from './schema-courses.ts';
import { houseCupEntries } from './schema-house-cup.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const missionXMissions = pgTable(
  'mission_x_missions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** Plain text (shown escaped, line breaks kept). */
    brief: text('brief').notNull(),
    deliverables: jsonb('deliverables').$type<Array<(typeof MISSION_DELIVERABLES)[number]>>().notNull(),
    points: integer('points').notNull(),
    dueAt: tstz('due_at').notNull(),
    /** A badge criterion awarded on acceptance (badges area), or null. */
    badgeCriterion: text('badge_criterion'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    withdrawnAt: tstz('withdrawn_at'),
    withdrawnBy: integer('withdrawn_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('mission_x_missions_activity_idx').on(t.activityId, t.dueAt),
    // Two identical posts at once make one mission: a live mission's title is unique within its activity.
    uniqueIndex('mission_x_missions_live_title_uq').on(t.activityId, t.title).where(sql`${t.withdrawnAt} is null`),
    check('mission_x_missions_points_ck', sql`${t.points} >= 0 and ${t.points} <= 1000`),
  ],
);

export const missionXHandIns = pgTable(
  'mission_x_hand_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missionXMissions.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: HAND_IN_STATUSES }).notNull().default('submitted'),
    text: text('text').notNull().default(''),
    files: jsonb('files').$type<UploadedFile[]>().notNull().default(sql`'[]'::jsonb`),
    videoUrl: text('video_url').notNull().default(''),
    peopleConsent: boolean('people_consent').notNull().default(false),
    comment: text('comment').notNull().default(''),
    version: integer('version').notNull().default(1),
    submittedAt: tstz('submitted_at').notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
    /** The house credited at acceptance and its ledger entry; null when not accepted or the student had no house. */
    houseId: integer('house_id').references(() => houses.id, { onDelete: 'restrict' }),
    ledgerEntryId: integer('ledger_entry_id').references(() => houseCupEntries.id, { onDelete: 'restrict' }),
    pointsAwarded: integer('points_awarded').notNull().default(0),
  },
  (t) => [
    uniqueIndex('mission_x_hand_ins_mission_student_uq').on(t.missionId, t.studentId),
    index('mission_x_hand_ins_student_idx').on(t.studentId),
    check('mission_x_hand_ins_status_ck', sql`${t.status} in ('submitted', 'accepted', 'returned')`),
  ],
);
