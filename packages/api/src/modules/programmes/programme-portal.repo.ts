/**
 * The after-offer portal's reads and writes (decision 075): a programme's paid orders, the chosen
 * duration, and the documents row (passport sealed like ID numbers, visa files and their review).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PaymentPurpose } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { programmeApplications, programmeDocuments, programmes } from '../../db/schema-programmes.ts';
import { recordAudit } from '../audit/audit-write.ts';
import type { ProgrammeApplicationRow, ProgrammeRow } from './programmes.repo.ts';

export type ProgrammeDocumentsRow = typeof programmeDocuments.$inferSelect;

export const PROGRAMME_FEE_PURPOSES = ['programme_whole', 'programme_deposit', 'programme_final'] as const satisfies readonly PaymentPurpose[];

export async function findProgrammeById(db: Db, id: number): Promise<ProgrammeRow | undefined> {
  const [row] = await db.select().from(programmes).where(eq(programmes.id, id)).limit(1);
  return row;
}

export async function findApplicationById(db: Db, programmeId: number, id: number): Promise<ProgrammeApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(programmeApplications)
    .where(and(eq(programmeApplications.programmeId, programmeId), eq(programmeApplications.id, id)))
    .limit(1);
  return row;
}

export interface PaidProgrammeOrder {
  id: number;
  purpose: PaymentPurpose;
  amountFen: number;
  paidAt: Date;
  payer: 'student' | 'parent';
}

/** Paid orders of one programme for one account, earliest first (refunded orders no longer count). */
export async function listPaidProgrammeOrders(db: Db, accountId: number, programmeId: number): Promise<PaidProgrammeOrder[]> {
  const rows = await db
    .select({ id: paymentOrders.id, purpose: paymentOrders.purpose, amountFen: paymentOrders.amountFen, paidAt: paymentOrders.paidAt, payer: paymentOrders.payer })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.programmeId, programmeId), eq(paymentOrders.status, 'paid')))
    .orderBy(asc(paymentOrders.paidAt), asc(paymentOrders.id));
  return rows.flatMap((r) => (r.paidAt ? [{ ...r, paidAt: r.paidAt }] : []));
}

/** Whether any part of the programme fee (not the application fee) has been paid. */
export async function hasPaidProgrammeFee(db: Db, accountId: number, programmeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.programmeId, programmeId), inArray(paymentOrders.purpose, [...PROGRAMME_FEE_PURPOSES]), eq(paymentOrders.status, 'paid')))
    .limit(1);
  return rows.length > 0;
}

export async function saveDurationKey(db: Db, applicationId: number, durationKey: string, now: Date): Promise<void> {
  await db.update(programmeApplications).set({ durationKey, updatedAt: now }).where(eq(programmeApplications.id, applicationId));
}

export async function findDocuments(db: Db, applicationId: number): Promise<ProgrammeDocumentsRow | undefined> {
  const [row] = await db.select().from(programmeDocuments).where(eq(programmeDocuments.applicationId, applicationId)).limit(1);
  return row;
}

export interface PassportWrite {
  cipher: string;
  keyId: string;
  masked: string;
  name: string;
  expiresOn: string;
  scan: { url: string; name: string };
}

export async function savePassport(db: Db, applicationId: number, p: PassportWrite, now: Date): Promise<ProgrammeDocumentsRow> {
  const values = {
    passportCipher: p.cipher,
    passportKeyId: p.keyId,
    passportTail: p.masked,
    passportName: p.name,
    passportExpiresOn: p.expiresOn,
    passportScan: p.scan,
    passportUpdatedAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(programmeDocuments)
    .values({ applicationId, ...values })
    .onConflictDoUpdate({ target: programmeDocuments.applicationId, set: values })
    .returning();
  return row!;
}

export async function saveVisaSubmission(db: Db, applicationId: number, v: { files: Array<{ url: string; name: string }>; note: string }, now: Date): Promise<ProgrammeDocumentsRow> {
  const values = { visaStatus: 'submitted' as const, visaFiles: v.files, visaNote: v.note, visaUpdatedAt: now, updatedAt: now };
  const [row] = await db
    .insert(programmeDocuments)
    .values({ applicationId, ...values })
    .onConflictDoUpdate({ target: programmeDocuments.applicationId, set: values })
    .returning();
  return row!;
}

/**
 * A staff decision on a submitted visa, with its audit row, in one transaction. Null when the visa is not
 * (or no longer) submitted: the row is locked, so two reviewers cannot both decide.
 */
export async function reviewVisaAudited(
  db: Db,
  r: { applicationId: number; programmeCode: string; status: 'approved' | 'rejected'; note: string; actorId: number; now: Date },
): Promise<ProgrammeDocumentsRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(programmeDocuments).where(eq(programmeDocuments.applicationId, r.applicationId)).for('update');
    if (!current || current.visaStatus !== 'submitted') return null;
    const [row] = await tx
      .update(programmeDocuments)
      .set({ visaStatus: r.status, visaReviewNote: r.note, visaReviewedBy: r.actorId, visaReviewedAt: r.now, updatedAt: r.now })
      .where(eq(programmeDocuments.applicationId, r.applicationId))
      .returning();
    await recordAudit(tx, {
      actorId: r.actorId,
      action: 'programme.visa.review',
      entity: 'programme_application',
      entityId: r.applicationId,
      before: { status: current.visaStatus },
      after: { programme: r.programmeCode, status: r.status, note: r.note },
      now: r.now,
    });
    return row ?? null;
  });
}

/** The reveal of a full passport number is itself an audit row (students.reveal_id). */
export async function auditPassportReveal(db: Db, r: { applicationId: number; programmeCode: string; actorId: number; now: Date }): Promise<void> {
  await recordAudit(db, { actorId: r.actorId, action: 'programme.passport.reveal', entity: 'programme_application', entityId: r.applicationId, after: { programme: r.programmeCode }, now: r.now });
}
