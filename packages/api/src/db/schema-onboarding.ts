/**
 * Onboarding sign-ups (decision 048): majors with seats, SSI, podcast, master classes,
 * the pilot study and info sessions are all offerings with a capacity and a closing time. `taken` is the
 * counter a conditional update moves (never past capacity, by a CHECK as well); a sign-up row is unique per
 * (offering, student), and a student confirms at most one major (partial unique index).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const ONBOARDING_KINDS = ['major', 'csi', 'podcast', 'master_class', 'pilot_study', 'info_session'] as const;

export const onboardingOfferings = pgTable(
  'onboarding_offerings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ONBOARDING_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    closesAt: tstz('closes_at').notNull(),
    startsAt: tstz('starts_at'),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    joinUrl: text('join_url'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('onboarding_offerings_taken_ck', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
    check('onboarding_offerings_kind_ck', sql`${t.kind} in ('major', 'csi', 'podcast', 'master_class', 'pilot_study', 'info_session')`),
    index('onboarding_offerings_kind_idx').on(t.kind, t.closesAt),
  ],
);

export const onboardingSignups = pgTable(
  'onboarding_signups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => onboardingOfferings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ONBOARDING_KINDS }).notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('onboarding_signups_offering_student_uq').on(t.offeringId, t.studentId),
    uniqueIndex('onboarding_signups_one_major_uq').on(t.studentId).where(sql`${t.kind} = 'major'`),
    index('onboarding_signups_student_idx').on(t.studentId, t.kind),
  ],
);
