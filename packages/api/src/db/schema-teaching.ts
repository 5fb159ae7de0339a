/**
 * The teacher's area and class attendance (decisions 050/051): TFs attached to courses, CSLs' houses,
 * check-in sessions per meeting, one attendance row per (sign-in, student) and the audit of teachers' changes,
 * and each student's calendar-feed key version (the feed token itself is an HMAC, never stored).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ATTENDANCE_STATUSES } from '@summit/domain/api/teaching';
import { accounts } from './schema.ts';
import { courseMeetings, courses, houses } from './schema-courses.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** A TF (teacher type 2) assisting on a course; attached by an admin. */
export const courseAssistants = pgTable(
  'course_assistants',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.accountId] }), index('course_assistants_account_idx').on(t.accountId)],
);

/** A CSL (teacher type 3) and the house whose students they look after (decision 050). */
export const cslHouses = pgTable('csl_houses', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  houseId: integer('house_id')
    .notNull()
    .references(() => houses.id, { onDelete: 'cascade' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A sign-in for one meeting: open from opens_at to closes_at; a check-in from late_after on counts as late. */
export const checkinSessions = pgTable(
  'checkin_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => courseMeetings.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    openedBy: integer('opened_by'),
    opensAt: tstz('opens_at').notNull(),
    closesAt: tstz('closes_at').notNull(),
    lateAfter: tstz('late_after').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkin_sessions_meeting_uq').on(t.meetingId), index('checkin_sessions_course_idx').on(t.courseId), check('checkin_sessions_window_ck', sql`${t.closesAt} > ${t.opensAt}`)],
);

/** One row per student per sign-in: UNIQUE makes a second scan (or a race of two) record nothing new. */
export const attendance = pgTable(
  'attendance',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => checkinSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    source: text('source', { enum: ['qr', 'teacher'] }).notNull(),
    checkedAt: tstz('checked_at').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId] }), index('attendance_student_idx').on(t.studentId)],
);

/** Every change a teacher makes to a student's attendance: who, from what, to what, when, why. */
export const attendanceChanges = pgTable(
  'attendance_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => checkinSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull(),
    actorId: integer('actor_id').notNull(),
    before: text('before', { enum: ATTENDANCE_STATUSES }),
    after: text('after', { enum: ATTENDANCE_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('attendance_changes_session_idx').on(t.sessionId, t.createdAt)],
);

/** The version of a student's calendar-feed key: a reset bumps it, so every older feed URL stops working. */
export const calendarFeeds = pgTable('calendar_feeds', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
