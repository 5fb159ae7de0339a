/**
 * Tables of the admission journey (decisions 007, 009–012): the application form, follow-up forms, decisions and offer
 * letters, financial aid, and uploaded files. The journey's status stamps stay on `student_profiles`
 * (step1/2_submitted_at, offer_letter, place_name, …): they are what the status object reads on every
 * request; these tables hold the content behind them.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tstz('created_at').notNull().defaultNow();
const updatedAt = () => tstz('updated_at').notNull().defaultNow();
const accountRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/**
 * One application per student. `step1` / `step2` hold the draft or, once the matching
 * `student_profiles.stepN_submitted_at` is set, the submitted answers (read-only from then on).
 * `batch` is decided when step 1 is submitted (MRD, EB1, EB2, RD); guardian consent is recorded with the
 * time and the version of the consent text the guardian agreed to.
 */
export const applications = pgTable(
  'applications',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    step1: jsonb('step1').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    step2: jsonb('step2').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    batch: text('batch'),
    consentVersion: text('consent_version'),
    consentAt: tstz('consent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('applications_batch_idx').on(t.batch)],
);

/** Named follow-up forms (docs/product/data.md form record: form_name, submitted_at, value), e.g. additional-info. */
export const studentForms = pgTable(
  'student_forms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountRef('account_id'),
    formName: text('form_name').notNull(),
    value: jsonb('value').notNull(),
    submittedAt: tstz('submitted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('student_forms_account_form_uq').on(t.accountId, t.formName)],
);

/**
 * The admission decision for one student. `released_at` null = a draft only admins see. For an offer,
 * `student_profiles.offer_letter` mirrors it (0 drafted, 1 released) and `verify_code` (256-bit,
 * base64url) is the public verification address of the offer letter, made at release.
 */
export const admissionDecisions = pgTable(
  'admission_decisions',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['offer', 'reject', 'waitlist'] }).notNull(),
    placeName: text('place_name'),
    professionalTrack: text('professional_track'),
    note: text('note'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decidedAt: tstz('decided_at').notNull().defaultNow(),
    releasedAt: tstz('released_at'),
    releasedBy: integer('released_by').references(() => accounts.id),
    verifyCode: text('verify_code'),
    letterNo: text('letter_no'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admission_decisions_verify_uq').on(t.verifyCode),
    uniqueIndex('admission_decisions_letter_no_uq').on(t.letterNo),
    index('admission_decisions_released_idx').on(t.releasedAt),
  ],
);

/** A financial-aid request; an admin grants an amount (fen) that lowers the tuition order, or declines. */
export const financialAidRequests = pgTable('financial_aid_requests', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: ['pending', 'granted', 'declined'] }).notNull().default('pending'),
  grantedFen: integer('granted_fen').notNull().default(0),
  decidedBy: integer('decided_by').references(() => accounts.id),
  decidedAt: tstz('decided_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An uploaded file. A credential creates the row (`stored_at` null) with the size and type it allows; the
 * storage provider's POST (or, for remote storage, the first read) confirms it. `key` is
 * `<role>/<account id>/<random>/<safe name>`: the prefix ties a file to its owner.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: accountRef('owner_id'),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    maxBytes: integer('max_bytes').notNull(),
    sizeBytes: integer('size_bytes'),
    provider: text('provider').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    /** When the file was seen in storage: our own POST (local) or a HEAD on the bucket object (S3/OSS). */
    storedAt: tstz('stored_at'),
    /**
     * Set by the retention sweep when no form or setting refers to the file any more (replaced or abandoned),
     * cleared when one does again; the object and row are deleted once this is older than the retention period.
     */
    unreferencedSince: tstz('unreferenced_since'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_key_uq').on(t.key), index('uploads_owner_idx').on(t.ownerId), index('uploads_unreferenced_idx').on(t.unreferencedSince)],
);
