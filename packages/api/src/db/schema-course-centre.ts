/**
 * The course centre (decisions 041/042): selection rounds, wish lists, carts, enrolments (the seats
 * held), waitlists, preference-allocation runs and the in-app notices a waitlist promotion sends.
 * The seat counter itself is courses.taken (schema-courses.ts), moved in the same transaction as the enrolment.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COURSE_CATEGORIES } from '@summit/domain/course-terms';
import { SESSION_KEYS } from '@summit/domain/programme-terms';
import { accounts } from './schema.ts';
import { courses, venues } from './schema-courses.ts';
import { adminMessages } from './schema-messages.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const student = () =>
  integer('student_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
const course = () =>
  integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });

/** A selection round: which session/venue/categories, how seats are given (grab or preference), and when. */
export const selectionRounds = pgTable(
  'selection_rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    sessionKey: text('session_key', { enum: SESSION_KEYS }).notNull(),
    /** null: every venue of the session. */
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'restrict' }),
    categories: jsonb('categories').$type<Array<(typeof COURSE_CATEGORIES)[number]>>().notNull(),
    mode: text('mode', { enum: ['grab', 'preference'] }).notNull(),
    /** Preference mode: seats each student should reach before anyone gets more (decision 085). */
    seatTarget: integer('seat_target').notNull().default(3),
    opensAt: tstz('opens_at').notNull(),
    closesAt: tstz('closes_at').notNull(),
    status: text('status', { enum: ['draft', 'open', 'closed', 'allocated'] }).notNull().default('draft'),
    /** The seed of the committed preference allocation (reproducible tie-break). */
    seed: text('seed'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('selection_rounds_session_idx').on(t.sessionKey, t.status), check('selection_rounds_window_ck', sql`${t.closesAt} > ${t.opensAt}`),
    check('selection_rounds_seat_target_ck', sql`${t.seatTarget} between 1 and 12`),
  ],
);

/** A student's ranked wish list (1 = most wanted): the input of preference allocation. */
export const wishItems = pgTable(
  'wish_items',
  { studentId: student(), courseId: course(), rank: integer('rank').notNull(), createdAt: tstz('created_at').notNull().defaultNow() },
  (t) => [uniqueIndex('wish_items_student_course_uq').on(t.studentId, t.courseId)],
);

/** The cart: courses a student means to take, in the order cart/submit grabs them. */
export const cartItems = pgTable(
  'cart_items',
  {
    studentId: student(),
    courseId: course(),
    sort: integer('sort').notNull(),
    submittedAt: tstz('submitted_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_student_course_uq').on(t.studentId, t.courseId)],
);

/** A seat held. UNIQUE (student, course) is the one-seat-per-course rule the database enforces under contention. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: student(),
    courseId: course(),
    roundId: integer('round_id').references(() => selectionRounds.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['grab', 'allocation', 'waitlist', 'admin'] }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enrolments_student_course_uq').on(t.studentId, t.courseId), index('enrolments_course_idx').on(t.courseId)],
);

/** First come, first promoted: a drop hands its seat to the oldest entry that can take it. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: student(),
    courseId: course(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    promotedAt: tstz('promoted_at'),
  },
  (t) => [uniqueIndex('waitlist_entries_student_course_uq').on(t.studentId, t.courseId), index('waitlist_entries_course_idx').on(t.courseId, t.createdAt)],
);

/** A preference allocation computed for a round: dry runs are kept; the committed one has committed_at. */
export const allocationRuns = pgTable(
  'allocation_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roundId: integer('round_id')
      .notNull()
      .references(() => selectionRounds.id, { onDelete: 'cascade' }),
    seed: text('seed').notNull(),
    result: jsonb('result').notNull(),
    createdBy: integer('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    committedAt: tstz('committed_at'),
  },
  (t) => [index('allocation_runs_round_idx').on(t.roundId)],
);

/** In-app notices to a student (a waitlist promotion); shown on the timetable and /student/card/course. */
export const studentNotices = pgTable(
  'student_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: student(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    readAt: tstz('read_at'),
    /** The admin message this notice delivers (null for the other senders); one notice per message and student. */
    messageId: integer('message_id').references(() => adminMessages.id, { onDelete: 'cascade' }),
    /** 'html': body is sanitised rich text (admin messages); every other sender writes plain text. */
    format: text('format', { enum: ['text', 'html'] }).notNull().default('text'),
  },
  (t) => [index('student_notices_student_idx').on(t.studentId, t.createdAt), uniqueIndex('student_notices_message_student_uq').on(t.messageId, t.studentId)],
);
