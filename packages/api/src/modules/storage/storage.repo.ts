import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, smsOutbox, studentProfiles, trackingEvents } from '../../db/schema.ts';
import { applications, financialAidRequests, studentForms, uploads } from '../../db/schema-admission.ts';
import { paymentOrders, paymentRefunds, settings } from '../../db/schema-payments.ts';
import { contentPages } from '../../db/schema-content.ts';
import { venues } from '../../db/schema-courses.ts';
import { allocationRuns, selectionRounds } from '../../db/schema-course-centre.ts';
import { jobs } from '../../db/schema-jobs.ts';
import { assignments, courseGrades, essays, gradeComponents, submissions } from '../../db/schema-coursework.ts';
import { recommendationLetters } from '../../db/schema-classes.ts';
import { adminMessages, messageSegments } from '../../db/schema-messages.ts';
import { programmeApplications, programmeDocuments, programmes } from '../../db/schema-programmes.ts';
import { reconciliationRuns } from '../../db/schema-reconciliation.ts';
import { talentMedia } from '../../db/schema-talent-show.ts';
import { missionXHandIns, missionXMissions } from '../../db/schema-mission-x.ts';
import { activities } from '../../db/schema-activities.ts';
import { quizQuestions } from '../../db/schema-games.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  db: Db,
  row: { ownerId: number; key: string; fileName: string; contentType: string; maxBytes: number; provider: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUploadByKey(db: Db, key: string): Promise<UploadRow | undefined> {
  const rows = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return rows[0];
}

/** Claims a credential's key for the file just received: only the first POST under a key is stored. */
export async function markUploadStored(db: Db, key: string, sizeBytes: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ storedAt: now, sizeBytes })
    .where(and(eq(uploads.key, key), isNull(uploads.storedAt)))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/**
 * Every column that may hold a file address (`/api/oss/file/<key>`) a person still needs: the application's
 * answers, follow-up forms, financial aid, settings (QR codes) and content pages. A file no column refers to is
 * replaced or abandoned. A new feature that stores file addresses adds its column here
 * (upload-retention.test.ts fails for any JSON column that is in neither this list nor the one beside it).
 */
export const FILE_REFERENCE_COLUMNS: readonly PgColumn[] = [
  applications.step1,
  applications.step2,
  studentForms.value,
  financialAidRequests.value,
  settings.value,
  contentPages.published,
  contentPages.draft,
  // Course work (decision 052): what students hand in.
  submissions.files,
  essays.files,
  // Other programmes (decision 075): answers with uploads, rich text, the passport scan and visa material.
  programmeApplications.answers,
  programmes.definition,
  programmeDocuments.passportScan,
  programmeDocuments.visaFiles,
  // Talent show (decision 103): the pictures of students' entries.
  talentMedia.url,
  // Mission X (decision 101): images and videos students hand in.
  missionXHandIns.files,
];

/** JSON columns that mention files only as history or telemetry: they never keep a file alive. */
export const NOT_FILE_REFERENCE_COLUMNS: readonly PgColumn[] = [
  studentProfiles.userTags,
  trackingEvents.payload,
  auditLog.before,
  auditLog.after,
  smsOutbox.params,
  // An activity's audience: the ids of sessions, venues, houses or courses (decision 100).
  activities.audienceValues,
  // A quiz question's choices: short texts (decision 105).
  quizQuestions.choices,
  // Programme structure and allocation: slugs, keys and seat figures, never a student's file.
  venues.professionalTracks,
  venues.sessionKeys,
  selectionRounds.categories,
  allocationRuns.result,
  // Job payloads carry ids, not file addresses (decision 038).
  jobs.payload,
  // Course work: types, rubrics and scores.
  assignments.allowedTypes,
  assignments.rubric,
  submissions.rubricPoints,
  essays.rubricPoints,
  courseGrades.scores,
  // Grade items fed by assignments (their ids) and a student's overridden item values (decision 089).
  gradeComponents.assignmentIds,
  courseGrades.overrides,
  // Recommendation letters: the recipients' names and e-mail addresses (decision 055).
  recommendationLetters.recipients,
  // Admin messages: the segment filter (batch, status, session, venue, house, province ids; decision 061).
  messageSegments.filter,
  adminMessages.filter,
  // Refunds: the policy lines a refund applied (deadline, deductions; decision 068).
  paymentRefunds.policy,
  // Stripe orders: the PaymentIntent id, its client secret and the publishable key (decision 071).
  paymentOrders.stripePay,
  // Programme applications: the step keys submitted.
  programmeApplications.submittedSteps,
  // JSAPI pay parameters: a prepay id, a signature and the payer's open id (decision 070).
  paymentOrders.payParams,
  // Reconciliation runs: counts and amounts per currency (decision 090).
  reconciliationRuns.totalsByCurrency,
  // Mission X: the kinds of hand-in a mission asks for (text, image, video).
  missionXMissions.deliverables,
];

/**
 * The per-upload part of a key, `role/account/<32 hex>/`: unique to one credential, and unchanged by anything a
 * form might do to the file's name.
 */
const KEY_DIRECTORY_PATTERN = '(?:student|teacher|school|sl)/[0-9]+/[0-9a-f]{32}/';

const tableOf = (column: PgColumn) => sql.identifier(getTableConfig(column.table as PgTable).name);

function referencedDirectories() {
  const sources = FILE_REFERENCE_COLUMNS.map(
    (column) => sql`select (regexp_matches(${column}::text, ${KEY_DIRECTORY_PATTERN}, 'g'))[1] as dir from ${tableOf(column)} where ${column} is not null`,
  );
  return sql.join(sources, sql` union all `);
}

const directoryOf = sql`regexp_replace(${uploads.key}, '[^/]*$', '')`;

/**
 * One pass over the referencing columns (not one per upload): files nobody refers to get `unreferenced_since`
 * (kept if already set, so the retention clock is not reset), files referred to again lose it.
 */
export async function markUploadReferences(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    with refs as (select distinct dir from (${referencedDirectories()}) found)
    update ${uploads} set unreferenced_since = case
        when ${directoryOf} in (select dir from refs) then null
        else coalesce(${uploads.unreferencedSince}, ${now.toISOString()}::timestamptz)
      end
    where (${uploads.unreferencedSince} is null) = (${directoryOf} not in (select dir from refs))`);
}

export async function listUploadsUnreferencedBefore(db: Db, cutoff: Date, limit: number): Promise<UploadRow[]> {
  return db.select().from(uploads).where(lte(uploads.unreferencedSince, cutoff)).orderBy(asc(uploads.unreferencedSince)).limit(limit);
}

/** A last look just before deleting: a form saved since the marking pass keeps the file. */
export async function isUploadReferenced(db: Db, key: string): Promise<boolean> {
  const directory = key.replace(/[^/]*$/, '');
  const checks = FILE_REFERENCE_COLUMNS.map(
    (column) => sql`exists (select 1 from ${tableOf(column)} where strpos(${column}::text, ${directory}) > 0)`,
  );
  const res = await db.execute(sql`select (${sql.join(checks, sql` or `)}) as referenced`);
  return (res as unknown as { rows: Array<{ referenced: boolean }> }).rows[0]?.referenced === true;
}

/** Deletes the row only if it is still unreferenced since before the cutoff. */
export async function deleteUnreferencedUpload(db: Db, id: number, cutoff: Date): Promise<boolean> {
  const rows = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), isNotNull(uploads.unreferencedSince), lte(uploads.unreferencedSince, cutoff)))
    .returning({ id: uploads.id });
  return rows.length === 1;
}
