/**
 * The student's classes (decisions 054/055): office-hour slots and their bookings, course
 * feedback, and recommendation letters with the per-recipient links that open their PDF.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';
import { courses } from './schema-courses.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const courseRef = () =>
  integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });
const studentRef = () =>
  integer('student_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/**
 * A teacher's office-hour slot. `booked` is the seat counter moved in the same statement that checks it (as
 * courses.taken); the check constraint is the last line against overbooking. Deleting sets deleted_at so the
 * bookings it cancelled stay explainable.
 */
export const officeHourSlots = pgTable(
  'office_hour_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: courseRef(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    location: text('location').notNull(),
    note: text('note').notNull().default(''),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    index('office_hour_slots_course_idx').on(t.courseId, t.startsAt),
    check('office_hour_slots_seats_ck', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
    check('office_hour_slots_order_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A booking. One active booking per student and course: a partial unique index decides under contention. */
export const officeHourBookings = pgTable(
  'office_hour_bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => officeHourSlots.id, { onDelete: 'cascade' }),
    courseId: courseRef(),
    studentId: studentRef(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    uniqueIndex('office_hour_bookings_active_uq').on(t.studentId, t.courseId).where(sql`${t.cancelledAt} is null`),
    index('office_hour_bookings_slot_idx').on(t.slotId),
  ],
);

/** Course feedback: once per student and course, after the course's last meeting. Teachers read aggregates only. */
export const courseFeedback = pgTable(
  'course_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: courseRef(),
    studentId: studentRef(),
    ratingContent: smallint('rating_content').notNull(),
    ratingTeaching: smallint('rating_teaching').notNull(),
    ratingWorkload: smallint('rating_workload').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_feedback_student_course_uq').on(t.courseId, t.studentId),
    check('course_feedback_ratings_ck', sql`${t.ratingContent} between 1 and 5 and ${t.ratingTeaching} between 1 and 5 and ${t.ratingWorkload} between 1 and 5`),
  ],
);

/**
 * A recommendation letter a student asked a teacher of a completed course for. The student sees only the status;
 * the body (sanitised rich text) is the teacher's and the recipients'. `verify_code` is set on submission.
 */
export const recommendationLetters = pgTable(
  'recommendation_letters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: studentRef(),
    courseId: courseRef(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    recipients: jsonb('recipients').$type<Array<{ name: string; email: string }>>().notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['requested', 'draft', 'submitted'] }).notNull().default('requested'),
    bodyHtml: text('body_html').notNull().default(''),
    verifyCode: text('verify_code'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    submittedAt: tstz('submitted_at'),
  },
  (t) => [
    uniqueIndex('recommendation_letters_student_course_uq').on(t.studentId, t.courseId),
    uniqueIndex('recommendation_letters_verify_uq').on(t.verifyCode),
    index('recommendation_letters_teacher_idx').on(t.teacherId, t.status),
  ],
);

/** One expiring link per recipient: only the SHA-256 of its 256-bit token is stored. */
export const recommendationLetterLinks = pgTable(
  'recommendation_letter_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    letterId: integer('letter_id')
      .notNull()
      .references(() => recommendationLetters.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    sentAt: tstz('sent_at'),
    openedAt: tstz('opened_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recommendation_letter_links_token_uq').on(t.tokenHash), index('recommendation_letter_links_letter_idx').on(t.letterId)],
);
