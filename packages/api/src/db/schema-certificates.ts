/**
 * Certificates (decision 058). One row per certificate issued to a student for a course; a
 * reissue revokes the row and inserts a new one. The verification token is an HMAC of the row id under a shared
 * secret (so the student's PDF can be drawn again), and only its SHA-256 is stored for the public lookup.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';
import { courses } from './schema-courses.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The numbers the rule read when it was issued. */
    attendancePct: real('attendance_pct').notNull(),
    finalGrade: real('final_grade').notNull(),
    tokenHash: text('token_hash'),
    issuedBy: integer('issued_by'),
    issuedAt: tstz('issued_at').notNull(),
    revokedAt: tstz('revoked_at'),
    revokedBy: integer('revoked_by'),
    /** The certificate this one replaced (reissue). */
    replacesId: integer('replaces_id'),
  },
  (t) => [
    uniqueIndex('certificates_valid_uq').on(t.studentId, t.courseId).where(sql`${t.revokedAt} is null`),
    uniqueIndex('certificates_token_uq').on(t.tokenHash),
    index('certificates_course_idx').on(t.courseId),
  ],
);
