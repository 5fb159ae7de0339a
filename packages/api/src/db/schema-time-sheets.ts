/**
 * Volunteers' and trainees' hours (工时, decision 065). Minutes, not hours, so half-hour steps
 * and totals stay exact integers; the check keeps a row to one day's worth in half hours.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

export const timeSheetEntries = pgTable(
  'time_sheet_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    activity: text('activity').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    /** Why an entry was rejected (or a word on approval). */
    note: text('note').notNull().default(''),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('time_sheet_entries_student_idx').on(t.studentId, t.workDate),
    check('time_sheet_entries_minutes_ck', sql`${t.minutes} between 30 and 1440 and ${t.minutes} % 30 = 0`),
  ],
);
