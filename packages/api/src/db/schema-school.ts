/**
 * The school portal (decision 059): a school's recommendation of one of its students, one
 * per student and programme year. Admins read it in the application detail; the audit log keeps every change.
 */
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, schools } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const schoolRecommendations = pgTable(
  'school_recommendations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The school that recommended (the student's school at the time). */
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    programmeYear: smallint('programme_year').notNull(),
    comment: text('comment').notNull(),
    /** The school account that wrote it last. */
    recommendedBy: integer('recommended_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('school_recommendations_student_year_uq').on(t.studentId, t.programmeYear), index('school_recommendations_school_idx').on(t.schoolId, t.programmeYear)],
);
