/**
 * Programmes as data (docs/decisions/075-programmes.md): one row per programme with its whole
 * definition (form, fees, documents, content) as JSON an admin edits; one application per account and
 * programme with its answers and decision; one documents row per application (passport sealed like ID
 * numbers, visa material and its review).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProgrammeDefinition } from '@summit/domain';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tstz('created_at').notNull().defaultNow();
const updatedAt = () => tstz('updated_at').notNull().defaultNow();

export const programmes = pgTable(
  'programmes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The address segment: /{code}/apply. Never changes once created (orders and links point at the row). */
    code: text('code').notNull(),
    definition: jsonb('definition').$type<ProgrammeDefinition>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => accounts.id),
  },
  (t) => [uniqueIndex('programmes_code_uq').on(t.code)],
);

/** File answers are `{url, name}[]`; text answers strings; checkbox answers string arrays. */
export type StoredProgrammeAnswers = Record<string, Record<string, unknown>>;

export const programmeApplications = pgTable(
  'programme_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<StoredProgrammeAnswers>().notNull().default(sql`'{}'::jsonb`),
    submittedSteps: jsonb('submitted_steps').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Every step submitted: the application is read-only and goes to review (after any application fee). */
    submittedAt: tstz('submitted_at'),
    decision: text('decision', { enum: ['admit', 'reject', 'waitlist'] }),
    offerType: text('offer_type'),
    decisionNote: text('decision_note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decidedAt: tstz('decided_at'),
    /** null = a draft decision only admins see. */
    releasedAt: tstz('released_at'),
    releasedBy: integer('released_by').references(() => accounts.id),
    /** SBP: the chosen duration; its fee is what the student pays. */
    durationKey: text('duration_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('programme_applications_uq').on(t.programmeId, t.accountId),
    index('programme_applications_account_idx').on(t.accountId),
    index('programme_applications_list_idx').on(t.programmeId, t.submittedAt),
  ],
);

export const programmeDocuments = pgTable('programme_documents', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => programmeApplications.id, { onDelete: 'cascade' }),
  /** Sealed like ID numbers (decision 064): AES-GCM under the data key, bound to the account id. */
  passportCipher: text('passport_cipher'),
  passportKeyId: text('passport_key_id'),
  passportTail: text('passport_tail'),
  passportName: text('passport_name'),
  passportExpiresOn: text('passport_expires_on'),
  passportScan: jsonb('passport_scan').$type<{ url: string; name: string }>(),
  passportUpdatedAt: tstz('passport_updated_at'),
  visaStatus: text('visa_status', { enum: ['not_started', 'submitted', 'approved', 'rejected'] }).notNull().default('not_started'),
  visaFiles: jsonb('visa_files').$type<Array<{ url: string; name: string }>>().notNull().default(sql`'[]'::jsonb`),
  visaNote: text('visa_note').notNull().default(''),
  visaReviewNote: text('visa_review_note').notNull().default(''),
  visaReviewedBy: integer('visa_reviewed_by').references(() => accounts.id),
  visaReviewedAt: tstz('visa_reviewed_at'),
  visaUpdatedAt: tstz('visa_updated_at'),
  updatedAt: updatedAt(),
});
