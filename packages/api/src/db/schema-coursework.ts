/**
 * Course work (decisions 052/053): assignments and what students hand in, the writing
 * centre's essays, and course grades (weighted components, per-student scores, the publication time).
 * Who may touch a row is decided by the course: its teacher (courses.teacher_id) or an admin; students by
 * their enrolment.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RubricCriterion, UploadedFile } from '@summit/domain';
import { accounts } from './schema.ts';
import { courses } from './schema-courses.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const course = () =>
  integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });
const student = () =>
  integer('student_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const assignments = pgTable(
  'assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: course(),
    title: text('title').notNull(),
    /** Sanitised rich text (content-sanitiser). */
    instructions: text('instructions').notNull().default(''),
    dueAt: tstz('due_at').notNull(),
    allowedTypes: jsonb('allowed_types').$type<string[]>().notNull(),
    maxSizeMb: integer('max_size_mb').notNull(),
    maxScore: integer('max_score').notNull().default(100),
    rubric: jsonb('rubric').$type<RubricCriterion[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('assignments_course_idx').on(t.courseId, t.dueAt), check('assignments_size_ck', sql`${t.maxSizeMb} > 0`)],
);

/** One row per (assignment, student): a resubmission replaces text and files and counts a version. */
export const submissions = pgTable(
  'submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: student(),
    text: text('text').notNull().default(''),
    files: jsonb('files').$type<UploadedFile[]>().notNull().default(sql`'[]'::jsonb`),
    submittedAt: tstz('submitted_at').notNull(),
    late: boolean('late').notNull().default(false),
    versions: integer('versions').notNull().default(1),
    score: real('score'),
    rubricPoints: jsonb('rubric_points').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    comment: text('comment').notNull().default(''),
    gradedAt: tstz('graded_at'),
    gradedBy: integer('graded_by'),
  },
  (t) => [uniqueIndex('submissions_assignment_student_uq').on(t.assignmentId, t.studentId), index('submissions_student_idx').on(t.studentId)],
);

/** The writing centre: an essay a student drafts, then hands in to a course's teacher for review. */
export const essays = pgTable(
  'essays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: student(),
    courseId: course(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    files: jsonb('files').$type<UploadedFile[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['draft', 'submitted', 'reviewed'] }).notNull().default('draft'),
    submittedAt: tstz('submitted_at'),
    score: real('score'),
    rubricPoints: jsonb('rubric_points').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    comment: text('comment').notNull().default(''),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: integer('reviewed_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('essays_student_idx').on(t.studentId, t.updatedAt), index('essays_course_idx').on(t.courseId, t.status)],
);

/** A course's grade components (作业 40, 期末 60 …); weights sum to 100, checked on write. */
export const gradeComponents = pgTable(
  'grade_components',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: course(),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The assignments that feed this item (decision 089); empty: the teacher types its score by hand. */
    assignmentIds: jsonb('assignment_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index('grade_components_course_idx').on(t.courseId), check('grade_components_weight_ck', sql`${t.weight} between 1 and 100`)],
);

/** A student's scores in a course (component id → 0–100) and the final grade computed from them on write. */
export const courseGrades = pgTable(
  'course_grades',
  {
    courseId: course(),
    studentId: student(),
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** Component id → the teacher's score replacing the one computed from assignments (decision 089). */
    overrides: jsonb('overrides').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    finalGrade: real('final_grade'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.studentId] })],
);

/** When a course's grades become visible to its students; no row: never. */
export const gradePublications = pgTable('grade_publications', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  publishAt: tstz('publish_at').notNull(),
  createdBy: integer('created_by'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
