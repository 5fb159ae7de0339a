/**
 * Programme structure after admission (decisions 039–045): venues, houses, courses with their meetings, and each paid
 * student's venue and house. Sessions are the programme facts' three windows (settings `programme.facts`,
 * decision 029), referred to by key (first|second|third). Selection rounds, wish lists, carts, enrolments and the
 * waitlist live in schema-course-centre.ts; publication of results in schema-venue-house.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COURSE_CATEGORIES, COURSE_LANGUAGES } from '@summit/domain/course-terms';
import { SESSION_KEYS } from '@summit/domain/programme-terms';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** A venue (会场). `place_name` is its stable slug in URLs (/roster/{place_name}, /schedule/{place}). */
export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    placeName: text('place_name').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    isBeijing: boolean('is_beijing').notNull().default(false),
    capacity: integer('capacity').notNull().default(0),
    /** Professional tracks run at this venue, e.g. ['H-'] (docs/product/data.md place_track.professional_track). */
    professionalTracks: jsonb('professional_tracks').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The sessions this venue runs (keys of SESSION_KEYS). */
    sessionKeys: jsonb('session_keys').$type<string[]>().notNull().default(sql`'["first","second","third"]'::jsonb`),
    address: text('address').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('venues_place_name_uq').on(t.placeName), check('venues_capacity_ck', sql`${t.capacity} >= 0`)],
);

/** The twelve houses (domain TWELVE_HOUSES seeds them); admins may edit names, colours and mottos. */
export const houses = pgTable(
  'houses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    englishName: text('english_name').notNull().default(''),
    colour: text('colour').notNull().default('#888888'),
    motto: text('motto').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('houses_code_uq').on(t.code)],
);

/**
 * One class of a course in one period of a session. `taken` is the seat counter the grab moves in the same
 * statement that checks it (docs/design.md §4); the check constraint is the last line of defence against overselling.
 */
export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    teacherId: integer('teacher_id').references(() => accounts.id, { onDelete: 'set null' }),
    teacherName: text('teacher_name').notNull().default(''),
    category: text('category', { enum: COURSE_CATEGORIES }).notNull(),
    sessionKey: text('session_key', { enum: SESSION_KEYS }).notNull(),
    /** The period (时段) within the session, 1-based; a course code may run in several periods. */
    period: smallint('period').notNull().default(1),
    /** null: open to every venue of the session (the programme is online); else only that venue's students. */
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'restrict' }),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    language: text('language', { enum: COURSE_LANGUAGES }).notNull().default('zh'),
    description: text('description').notNull().default(''),
    syllabus: text('syllabus').notNull().default(''),
    /** Hidden from students until published. */
    published: boolean('published').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courses_code_period_uq').on(t.code, t.sessionKey, t.period),
    index('courses_session_idx').on(t.sessionKey, t.category),
    check('courses_seats_ck', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);

/** When a course meets; two courses clash when any of their meetings overlap. */
export const courseMeetings = pgTable(
  'course_meetings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    /** Where it meets: a room, or the online meeting's name; shown on the timetable. */
    location: text('location').notNull().default(''),
  },
  (t) => [index('course_meetings_course_idx').on(t.courseId), check('course_meetings_order_ck', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** A tuition-paid student's venue: set by the bulk rule or moved by hand (audited). */
export const venueAssignments = pgTable(
  'venue_assignments',
  {
    studentId: integer('student_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    method: text('method', { enum: ['rule', 'manual'] }).notNull(),
    assignedBy: integer('assigned_by'),
    assignedAt: tstz('assigned_at').notNull().defaultNow(),
  },
  (t) => [index('venue_assignments_venue_idx').on(t.venueId)],
);

/** A student's house, from a sorting run within their venue (or a manual move, audited). */
export const houseAssignments = pgTable(
  'house_assignments',
  {
    studentId: integer('student_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'restrict' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    /** The sorting run that placed the student (null: moved by hand). */
    runId: integer('run_id'),
    assignedAt: tstz('assigned_at').notNull().defaultNow(),
  },
  (t) => [index('house_assignments_venue_house_idx').on(t.venueId, t.houseId)],
);
