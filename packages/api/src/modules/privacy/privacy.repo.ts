import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { ERASED_STUDENT_NAME } from '@summit/domain';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, authTokens, studentProfiles, trackingEvents } from '../../db/schema.ts';
import { admissionDecisions, applications, financialAidRequests, studentForms, uploads } from '../../db/schema-admission.ts';
import { certificates } from '../../db/schema-certificates.ts';
import { checklistConfirmations, checklistPreferences, checklistWaivers } from '../../db/schema-checklist.ts';
import { courseFeedback, officeHourBookings, recommendationLetters } from '../../db/schema-classes.ts';
import { cartItems, enrolments, studentNotices, waitlistEntries, wishItems } from '../../db/schema-course-centre.ts';
import { houseAssignments, venueAssignments } from '../../db/schema-courses.ts';
import { courseGrades, essays, submissions } from '../../db/schema-coursework.ts';
import { emailVerifications } from '../../db/schema-email.ts';
import { onboardingSignups } from '../../db/schema-onboarding.ts';
import { parentPayLinks, paymentOrders } from '../../db/schema-payments.ts';
import { studentIdentity } from '../../db/schema-privacy.ts';
import { schoolRecommendations } from '../../db/schema-school.ts';
import { attendance, attendanceChanges, calendarFeeds } from '../../db/schema-teaching.ts';
import { placementSeen } from '../../db/schema-venue-house.ts';

/** The column that names the student in a table (student_id, account_id or owner_id). */
function ownerColumn(table: PgTable): PgColumn {
  const column = Object.values(getTableColumns(table)).find((c) => ['student_id', 'account_id', 'owner_id'].includes(c.name));
  if (!column) throw new Error('table without a student column');
  return column;
}

/**
 * What a data export lists beyond the account, profile and application (decision 064), one section per table,
 * in the order a person reads their file. Secrets (token hashes, capability links, verification codes) are
 * not personal data about the student and are left out.
 */
export const EXPORT_SECTIONS: ReadonlyArray<{ key: string; label: string; table: PgTable }> = [
  { key: 'forms', label: '补充表单', table: studentForms },
  { key: 'decisions', label: '录取结果', table: admissionDecisions },
  { key: 'financial_aid', label: '助学金申请', table: financialAidRequests },
  { key: 'orders', label: '订单与支付', table: paymentOrders },
  { key: 'school_recommendations', label: '学校推荐', table: schoolRecommendations },
  { key: 'venue', label: '会场分配', table: venueAssignments },
  { key: 'house', label: '学院分配', table: houseAssignments },
  { key: 'enrolments', label: '选课结果', table: enrolments },
  { key: 'waitlist', label: '候补', table: waitlistEntries },
  { key: 'wishlist', label: '心愿单', table: wishItems },
  { key: 'cart', label: '选课车', table: cartItems },
  { key: 'attendance', label: '出勤', table: attendance },
  { key: 'attendance_changes', label: '出勤修改', table: attendanceChanges },
  { key: 'grades', label: '成绩', table: courseGrades },
  { key: 'submissions', label: '作业提交', table: submissions },
  { key: 'essays', label: '写作中心', table: essays },
  { key: 'office_hours', label: '答疑预约', table: officeHourBookings },
  { key: 'feedback', label: '课程反馈', table: courseFeedback },
  { key: 'recommendation_letters', label: '推荐信', table: recommendationLetters },
  { key: 'certificates', label: '证书', table: certificates },
  { key: 'onboarding', label: '入学活动报名', table: onboardingSignups },
  { key: 'checklist_confirmations', label: '入学清单确认', table: checklistConfirmations },
  { key: 'checklist_waivers', label: '入学清单豁免', table: checklistWaivers },
  { key: 'checklist_preferences', label: '提醒设置', table: checklistPreferences },
  { key: 'messages', label: '站内消息', table: studentNotices },
];

export async function findStudent(db: Db, userId: number) {
  const [row] = await db
    .select({ account: accounts, profile: studentProfiles, application: applications, identity: studentIdentity })
    .from(accounts)
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .leftJoin(applications, eq(applications.accountId, accounts.id))
    .leftJoin(studentIdentity, eq(studentIdentity.accountId, accounts.id))
    .where(and(eq(accounts.id, userId), eq(accounts.role, 'student')))
    .limit(1);
  return row;
}

export async function exportRows(db: Db, userId: number): Promise<Array<{ key: string; label: string; rows: Array<Record<string, unknown>> }>> {
  const out: Array<{ key: string; label: string; rows: Array<Record<string, unknown>> }> = [];
  for (const section of EXPORT_SECTIONS) {
    const rows = (await db.select().from(section.table).where(eq(ownerColumn(section.table), userId))) as Array<Record<string, unknown>>;
    out.push({ key: section.key, label: section.label, rows });
  }
  return out;
}

export async function listUploadsOf(db: Db, userId: number) {
  return db
    .select({ id: uploads.id, key: uploads.key, fileName: uploads.fileName, contentType: uploads.contentType, sizeBytes: uploads.sizeBytes, provider: uploads.provider, createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.ownerId, userId))
    .orderBy(uploads.id);
}

export async function insertAudit(db: Db, entry: { actorId: number; action: string; entityId: number; before?: unknown; after?: unknown; now: Date }): Promise<void> {
  await db.insert(auditLog).values({ actorId: entry.actorId, action: entry.action, entity: 'student', entityId: String(entry.entityId), before: entry.before ?? null, after: entry.after ?? null, createdAt: entry.now });
}

/** Step-1 answers that say nothing about who the student is: kept so the programme's statistics still add up. */
const STEP1_KEPT = ['grade', 'session_preference', 'track_preference', 'guardian_consent'] as const;

/**
 * Anonymises a student in one transaction (decision 064); false if already erased (checked under a row lock,
 * so two admins erasing at once erase once). Orders and payments stay: they now carry the erased name.
 */
export async function eraseStudentRecords(db: Db, input: { userId: number; actorId: number; now: Date; after: Record<string, unknown> }): Promise<{ revoked: number } | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.userId)).for('update');
    if (!locked) return null;
    const [identity] = await tx.select({ erasedAt: studentIdentity.erasedAt }).from(studentIdentity).where(eq(studentIdentity.accountId, input.userId));
    if (identity?.erasedAt) return null;
    const { userId, now } = input;

    // The phone is freed (a placeholder that can never be a phone number) so the person can register again.
    await tx
      .update(accounts)
      .set({ name: ERASED_STUDENT_NAME, phone: `erased-${userId}`, phoneCode: '00', email: null, passwordHash: null, disabledAt: now, updatedAt: now })
      .where(eq(accounts.id, userId));
    await tx.update(studentProfiles).set({ schoolName: null, userTags: [], updatedAt: now }).where(eq(studentProfiles.accountId, userId));
    const kept = sql.join(STEP1_KEPT.map((k) => sql`${k}::text`), sql`, `);
    await tx
      .update(applications)
      .set({ step1: sql`coalesce((select jsonb_object_agg(key, value) from jsonb_each(${applications.step1}) where key in (${kept})), '{}'::jsonb)`, step2: sql`'{}'::jsonb`, updatedAt: now })
      .where(eq(applications.accountId, userId));
    const cleared = { cardType: null, idNumberCipher: null, idNumberHash: null, idNumberTail: null, keyId: null, erasedAt: now, erasedBy: input.actorId, updatedAt: now };
    await tx.insert(studentIdentity).values({ accountId: userId, ...cleared }).onConflictDoUpdate({ target: studentIdentity.accountId, set: cleared });
    // Free text about the student (forms, essays, messages, recommendation comments) goes; grades and attendance stay as numbers.
    await tx.delete(studentForms).where(eq(studentForms.accountId, userId));
    await tx.delete(studentNotices).where(eq(ownerColumn(studentNotices), userId));
    await tx.delete(emailVerifications).where(eq(ownerColumn(emailVerifications), userId));
    await tx.delete(parentPayLinks).where(eq(parentPayLinks.accountId, userId));
    await tx.delete(calendarFeeds).where(eq(ownerColumn(calendarFeeds), userId));
    await tx.delete(placementSeen).where(eq(ownerColumn(placementSeen), userId));
    await tx.update(trackingEvents).set({ accountId: null }).where(eq(trackingEvents.accountId, userId));
    const revoked = await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(and(eq(authTokens.accountId, userId), isNull(authTokens.revokedAt)))
      .returning({ id: authTokens.id });
    await insertAudit(tx, { actorId: input.actorId, action: 'student.erase', entityId: userId, before: { erased: false }, after: { ...input.after, sessions_revoked: revoked.length }, now });
    return { revoked: revoked.length };
  });
}

/** After the objects are gone from storage: their rows (only those whose object was deleted). */
export async function deleteUploadRows(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(uploads).where(inArray(uploads.id, [...ids]));
}

