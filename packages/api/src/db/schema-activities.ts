/**
 * Activities (decision 100): one table for every community activity of the summer, the ceremonies' agenda and the
 * attendance of students who opened a ceremony's live link inside its window.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ACTIVITY_KINDS, AUDIENCE_KINDS } from '@summit/domain/activities';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    title: text('title').notNull(),
    /** Sanitised rich text. */
    content: text('content').notNull().default(''),
    opensAt: tstz('opens_at').notNull(),
    closesAt: tstz('closes_at').notNull(),
    audienceKind: text('audience_kind', { enum: AUDIENCE_KINDS }).notNull().default('all'),
    /** Session keys, or venue / house / course ids as strings; empty for 'all'. A student matching any takes part. */
    audienceValues: jsonb('audience_values').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    coverKey: text('cover_key'),
    ctaLabel: text('cta_label').notNull().default(''),
    ctaUrl: text('cta_url').notNull().default(''),
    liveUrl: text('live_url').notNull().default(''),
    replayUrl: text('replay_url').notNull().default(''),
    /** Students see only published activities. */
    published: boolean('published').notNull().default(false),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('activities_kind_idx').on(t.kind, t.opensAt),
    check('activities_window_ck', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/** One line of a ceremony's agenda; `teacher_id` holds the item and sees its cue. */
export const activityAgendaItems = pgTable(
  'activity_agenda_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startsAt: tstz('starts_at').notNull(),
    title: text('title').notNull(),
    speaker: text('speaker').notNull().default(''),
    teacherId: integer('teacher_id').references(() => accounts.id, { onDelete: 'set null' }),
    cue: text('cue').notNull().default(''),
  },
  (t) => [index('activity_agenda_items_activity_idx').on(t.activityId, t.position), index('activity_agenda_items_teacher_idx').on(t.teacherId)],
);

/** A student present at an activity: the first time they opened its live link inside the window. One row each. */
export const activityAttendance = pgTable(
  'activity_attendance',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    attendedAt: tstz('attended_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.studentId] })],
);
