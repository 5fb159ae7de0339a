/** Reads and writes of programmes and applications shared by the programme modules (decision 075). */
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProgrammeDefinition } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, studentProfiles } from '../../db/schema.ts';
import { applications } from '../../db/schema-admission.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { programmeApplications, programmeDocuments, programmes, type StoredProgrammeAnswers } from '../../db/schema-programmes.ts';
import { recordAudit } from '../audit/audit-write.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';

export type ProgrammeRow = typeof programmes.$inferSelect;
export type { StoredProgrammeAnswers };
export type ProgrammeApplicationRow = typeof programmeApplications.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The purposes that pay for the programme itself (not its application fee). */
export const PROGRAMME_FEE_PURPOSES = ['programme_whole', 'programme_deposit', 'programme_final'] as const;

export async function findProgrammeByCode(db: Db, code: string): Promise<ProgrammeRow | undefined> {
  const [row] = await db.select().from(programmes).where(eq(programmes.code, code)).limit(1);
  return row;
}

export async function listProgrammeRows(db: Db): Promise<ProgrammeRow[]> {
  return db.select().from(programmes).orderBy(asc(programmes.id));
}

export async function findApplication(db: Db, programmeId: number, accountId: number): Promise<ProgrammeApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(programmeApplications)
    .where(and(eq(programmeApplications.programmeId, programmeId), eq(programmeApplications.accountId, accountId)))
    .limit(1);
  return row;
}

export async function listApplicationsOfAccount(db: Db, accountId: number): Promise<ProgrammeApplicationRow[]> {
  return db.select().from(programmeApplications).where(eq(programmeApplications.accountId, accountId));
}

/** What eligibility needs to know about an account: its active type, user tags and summer batch. */
export async function findApplicantFacts(db: Db, accountId: number): Promise<{ activeType: number | null; tags: string[]; batch: string }> {
  const [row] = await db
    .select({ activeType: studentProfiles.activeType, tags: studentProfiles.userTags, batch: applications.batch })
    .from(accounts)
    .leftJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .leftJoin(applications, eq(applications.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return { activeType: row?.activeType ?? null, tags: row?.tags ?? [], batch: row?.batch ?? '' };
}

/** "Paid" for the application fee: a paid programme_apply_fee order of this programme. */
export async function isApplyFeePaid(db: Db, programmeId: number, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.programmeId, programmeId), eq(paymentOrders.purpose, 'programme_apply_fee'), eq(paymentOrders.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

/** Fen paid towards the programme fee (whole, deposit, final; less refunds) per account. */
export async function paidFenByAccount(db: Db, programmeId: number, accountIds: number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: paymentOrders.accountId, fen: sql<string>`coalesce(sum(${paymentOrders.amountFen} - ${paymentOrders.refundedFen}), 0)` })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.programmeId, programmeId), inArray(paymentOrders.purpose, [...PROGRAMME_FEE_PURPOSES]), eq(paymentOrders.status, 'paid'), inArray(paymentOrders.accountId, accountIds)))
    .groupBy(paymentOrders.accountId);
  return new Map(rows.map((r) => [r.accountId, Number(r.fen)]));
}

export async function insertProgrammeRow(db: Db, v: { code: string; definition: ProgrammeDefinition; actorId: number | null; now: Date }): Promise<ProgrammeRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programmes)
      .values({ code: v.code, definition: v.definition, updatedBy: v.actorId, createdAt: v.now, updatedAt: v.now })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(tx, { actorId: v.actorId, action: 'programme.create', entity: 'programme', entityId: row.id, after: { code: v.code, name: v.definition.name, status: v.definition.status }, now: v.now });
    return row;
  });
}

export async function updateProgrammeRow(db: Db, v: { code: string; definition: ProgrammeDefinition; actorId: number | null; now: Date }): Promise<ProgrammeRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(programmes).where(eq(programmes.code, v.code)).for('update');
    if (!before) return null;
    const [row] = await tx.update(programmes).set({ definition: v.definition, updatedBy: v.actorId, updatedAt: v.now }).where(eq(programmes.id, before.id)).returning();
    await recordAudit(tx, {
      actorId: v.actorId,
      action: 'programme.update',
      entity: 'programme',
      entityId: before.id,
      before: { name: before.definition.name, status: before.definition.status, steps: before.definition.steps.map((s) => s.key), fees: before.definition.fees },
      after: { name: v.definition.name, status: v.definition.status, steps: v.definition.steps.map((s) => s.key), fees: v.definition.fees },
      now: v.now,
    });
    return row ?? null;
  });
}

/**
 * Saves one step under a row lock: `decide` sees the current row (or none) and answers the new answers,
 * submitted steps and submitted_at, or throws (and the row it created on a first save is rolled back).
 */
export async function saveApplicationStep(
  db: Db,
  v: { programmeId: number; accountId: number; now: Date },
  decide: (current: ProgrammeApplicationRow | undefined) => { answers: StoredProgrammeAnswers; submittedSteps: string[]; submittedAt: Date | null },
): Promise<ProgrammeApplicationRow> {
  return db.transaction(async (tx) => {
    await tx
      .insert(programmeApplications)
      .values({ programmeId: v.programmeId, accountId: v.accountId, createdAt: v.now, updatedAt: v.now })
      .onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(programmeApplications)
      .where(and(eq(programmeApplications.programmeId, v.programmeId), eq(programmeApplications.accountId, v.accountId)))
      .for('update');
    const next = decide(current);
    const [row] = await tx
      .update(programmeApplications)
      .set({ answers: next.answers, submittedSteps: next.submittedSteps, submittedAt: next.submittedAt, updatedAt: v.now })
      .where(eq(programmeApplications.id, current!.id))
      .returning();
    return row!;
  });
}

// Admin lists ------------------------------------------------------------------------------------------------

export type AdminListFilter = 'all' | 'draft' | 'submitted' | 'decided' | 'released' | 'admitted' | 'rejected' | 'waitlisted';

function filterWhere(programmeId: number, filter: AdminListFilter, q: string | undefined): SQL {
  const pa = programmeApplications;
  const parts: Array<SQL | undefined> = [eq(pa.programmeId, programmeId)];
  if (filter === 'draft') parts.push(isNull(pa.submittedAt));
  if (filter === 'submitted') parts.push(isNotNull(pa.submittedAt), isNull(pa.releasedAt));
  if (filter === 'decided') parts.push(isNotNull(pa.decision), isNull(pa.releasedAt));
  if (filter === 'released') parts.push(isNotNull(pa.releasedAt));
  if (filter === 'admitted') parts.push(isNotNull(pa.releasedAt), eq(pa.decision, 'admit'));
  if (filter === 'rejected') parts.push(isNotNull(pa.releasedAt), eq(pa.decision, 'reject'));
  if (filter === 'waitlisted') parts.push(isNotNull(pa.releasedAt), eq(pa.decision, 'waitlist'));
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(accounts.name, like), ilike(accounts.phone, like)));
  }
  return and(...parts)!;
}

export async function listProgrammeApplications(db: Db, programmeId: number, filter: AdminListFilter, q: string | undefined, offset: number, limit: number) {
  const where = filterWhere(programmeId, filter, q);
  const [rows, [count]] = await Promise.all([
    db
      .select({ app: programmeApplications, name: accounts.name, phone: accounts.phone, phoneCode: accounts.phoneCode, visaStatus: programmeDocuments.visaStatus })
      .from(programmeApplications)
      .innerJoin(accounts, eq(accounts.id, programmeApplications.accountId))
      .leftJoin(programmeDocuments, eq(programmeDocuments.applicationId, programmeApplications.id))
      .where(where)
      .orderBy(desc(sql`coalesce(${programmeApplications.submittedAt}, ${programmeApplications.updatedAt})`), desc(programmeApplications.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: sql<string>`count(*)` }).from(programmeApplications).innerJoin(accounts, eq(accounts.id, programmeApplications.accountId)).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findApplicationForAdmin(db: Db, programmeId: number, id: number) {
  const [row] = await db
    .select({ app: programmeApplications, name: accounts.name, phone: accounts.phone, phoneCode: accounts.phoneCode, docs: programmeDocuments })
    .from(programmeApplications)
    .innerJoin(accounts, eq(accounts.id, programmeApplications.accountId))
    .leftJoin(programmeDocuments, eq(programmeDocuments.applicationId, programmeApplications.id))
    .where(and(eq(programmeApplications.programmeId, programmeId), eq(programmeApplications.id, id)))
    .limit(1);
  return row;
}

/** Applications per programme by what admins see (a draft decision counts as submitted until released). */
export async function countApplicationsByProgramme(db: Db) {
  const pa = programmeApplications;
  const rows = await db
    .select({
      programmeId: pa.programmeId,
      draft: sql<string>`count(*) filter (where ${pa.submittedAt} is null)`,
      submitted: sql<string>`count(*) filter (where ${pa.submittedAt} is not null and ${pa.releasedAt} is null)`,
      admitted: sql<string>`count(*) filter (where ${pa.releasedAt} is not null and ${pa.decision} = 'admit')`,
      rejected: sql<string>`count(*) filter (where ${pa.releasedAt} is not null and ${pa.decision} = 'reject')`,
      waitlisted: sql<string>`count(*) filter (where ${pa.releasedAt} is not null and ${pa.decision} = 'waitlist')`,
    })
    .from(pa)
    .groupBy(pa.programmeId);
  return new Map(rows.map((r) => [r.programmeId, { draft: Number(r.draft), submitted: Number(r.submitted), admitted: Number(r.admitted), rejected: Number(r.rejected), waitlisted: Number(r.waitlisted) }]));
}

// Decisions ---------------------------------------------------------------------------------------------------

async function lockApplication(tx: Tx, programmeId: number, id: number): Promise<ProgrammeApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(programmeApplications)
    .where(and(eq(programmeApplications.programmeId, programmeId), eq(programmeApplications.id, id)))
    .for('update');
  return row;
}

const decisionAudit = (r: ProgrammeApplicationRow) => ({ decision: r.decision, offer_type: r.offerType, released: r.releasedAt !== null });

export async function saveDraftDecision(
  db: Db,
  v: { programmeId: number; id: number; actorId: number; now: Date; check: (row: ProgrammeApplicationRow | undefined) => void },
  d: { decision: 'admit' | 'reject' | 'waitlist'; offerType: string | null; note: string },
): Promise<ProgrammeApplicationRow> {
  return db.transaction(async (tx) => {
    const before = await lockApplication(tx, v.programmeId, v.id);
    v.check(before);
    const [row] = await tx
      .update(programmeApplications)
      .set({ decision: d.decision, offerType: d.offerType, decisionNote: d.note, decidedBy: v.actorId, decidedAt: v.now, updatedAt: v.now })
      .where(eq(programmeApplications.id, v.id))
      .returning();
    await recordAudit(tx, { actorId: v.actorId, action: 'programme.decision.save', entity: 'programme_application', entityId: v.id, before: decisionAudit(before!), after: decisionAudit(row!), now: v.now });
    return row!;
  });
}

export async function deleteDraftDecision(db: Db, v: { programmeId: number; id: number; actorId: number; now: Date; check: (row: ProgrammeApplicationRow | undefined) => void }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockApplication(tx, v.programmeId, v.id);
    v.check(before);
    await tx
      .update(programmeApplications)
      .set({ decision: null, offerType: null, decisionNote: '', decidedBy: null, decidedAt: null, updatedAt: v.now })
      .where(eq(programmeApplications.id, v.id));
    await recordAudit(tx, { actorId: v.actorId, action: 'programme.decision.delete', entity: 'programme_application', entityId: v.id, before: decisionAudit(before!), after: null, now: v.now });
  });
}

/** What a student is told when a decision of theirs is released or withdrawn: a notice under 消息 and an SMS. */
export interface DecisionNotice {
  title: string;
  body: string;
  /** The SMS kind and its `item` (the programme's name). */
  sms: { kind: 'programme_result' | 'programme_result_withdrawn'; item: string };
}

/** In the caller's transaction: the notice and the outbox row exist exactly when the change committed. */
async function tellStudent(tx: Tx, accountId: number, applicationId: number, notice: DecisionNotice, now: Date): Promise<number | null> {
  await tx.insert(studentNotices).values({ studentId: accountId, title: notice.title, body: notice.body, createdAt: now });
  return enqueueNotification(tx, { eventKey: `${notice.sms.kind}:${applicationId}:${now.getTime()}`, kind: notice.sms.kind, accountId, params: { item: notice.sms.item }, now });
}

/**
 * Releases the draft decisions among `ids` in one transaction; answers the released rows and the SMS to send once
 * committed. Each released student gets a notice under 消息 and an SMS, written with the release itself.
 */
export async function releaseDraftDecisions(db: Db, v: { programmeId: number; ids: number[]; actorId: number; now: Date; notice: DecisionNotice }): Promise<{ rows: ProgrammeApplicationRow[]; notificationIds: number[] }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(programmeApplications)
      .set({ releasedAt: v.now, releasedBy: v.actorId, updatedAt: v.now })
      .where(
        and(
          eq(programmeApplications.programmeId, v.programmeId),
          inArray(programmeApplications.id, v.ids),
          isNotNull(programmeApplications.decision),
          isNotNull(programmeApplications.submittedAt),
          isNull(programmeApplications.releasedAt),
        ),
      )
      .returning();
    await recordAudit(tx, {
      actorId: v.actorId,
      action: 'programme.decision.release',
      entity: 'programme',
      entityId: v.programmeId,
      after: { ids: rows.map((r) => r.id), released: rows.length },
      now: v.now,
    });
    const notificationIds: number[] = [];
    for (const r of rows) {
      const id = await tellStudent(tx, r.accountId, r.id, v.notice, v.now);
      if (id !== null) notificationIds.push(id);
    }
    return { rows, notificationIds };
  });
}

/**
 * Withdraws a released decision back to a draft (decision 090), on the locked row so a concurrent withdrawal or
 * payment is seen; the student is told in the same transaction.
 */
export async function withdrawReleasedDecision(
  db: Db,
  v: { programmeId: number; id: number; actorId: number; now: Date; check: (row: ProgrammeApplicationRow | undefined, tx: Db) => Promise<void> | void; notice: DecisionNotice },
): Promise<{ row: ProgrammeApplicationRow; notificationIds: number[] }> {
  return db.transaction(async (tx) => {
    const before = await lockApplication(tx, v.programmeId, v.id);
    // The check reads through this transaction: a second pool connection while the row is locked would let
    // a burst of withdrawals (each holding a connection, waiting on the lock) starve the holder (decision 092).
    await v.check(before, tx);
    const [row] = await tx.update(programmeApplications).set({ releasedAt: null, releasedBy: null, updatedAt: v.now }).where(eq(programmeApplications.id, v.id)).returning();
    await recordAudit(tx, { actorId: v.actorId, action: 'programme.decision.withdraw', entity: 'programme_application', entityId: v.id, before: decisionAudit(before!), after: decisionAudit(row!), now: v.now });
    const sms = await tellStudent(tx, row!.accountId, row!.id, v.notice, v.now);
    return { row: row!, notificationIds: sms === null ? [] : [sms] };
  });
}

/** success-card-status: the released decision of one programme for an account, and what it paid towards it. */
export async function findReleasedDecision(db: Db, code: string, accountId: number) {
  const [row] = await db
    .select({ programmeId: programmes.id, decision: programmeApplications.decision, offerType: programmeApplications.offerType })
    .from(programmeApplications)
    .innerJoin(programmes, eq(programmes.id, programmeApplications.programmeId))
    .where(and(eq(programmes.code, code), eq(programmeApplications.accountId, accountId), isNotNull(programmeApplications.releasedAt)))
    .limit(1);
  return row;
}

export async function paidFenOfCode(db: Db, code: string, accountId: number): Promise<number> {
  const [row] = await db
    .select({ fen: sql<string>`coalesce(sum(${paymentOrders.amountFen} - ${paymentOrders.refundedFen}), 0)` })
    .from(paymentOrders)
    .innerJoin(programmes, eq(programmes.id, paymentOrders.programmeId))
    .where(and(eq(programmes.code, code), eq(paymentOrders.accountId, accountId), inArray(paymentOrders.purpose, [...PROGRAMME_FEE_PURPOSES]), eq(paymentOrders.status, 'paid')));
  return Number(row?.fen ?? 0);
}

/** The accounts among `accountIds` that paid this programme's application fee. */
export async function applyFeePaidAccounts(db: Db, programmeId: number, accountIds: number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ accountId: paymentOrders.accountId })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.programmeId, programmeId), eq(paymentOrders.purpose, 'programme_apply_fee'), eq(paymentOrders.status, 'paid'), inArray(paymentOrders.accountId, accountIds)));
  return new Set(rows.map((r) => r.accountId));
}
