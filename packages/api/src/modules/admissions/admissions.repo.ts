/**
 * The only code of the admissions module that touches the database. Every write runs in one transaction
 * that locks the student's profile row first (so two admins acting on one student queue up), asks the
 * caller's rule check against what it read, writes, and adds the audit_log row.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdmissionStage, FinancialAidStatus } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { studentIdentity } from '../../db/schema-privacy.ts';
import { admissionDecisions, applications, financialAidRequests } from '../../db/schema-admission.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { likeContains } from '../region/region.queries.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';

export type DecisionRow = typeof admissionDecisions.$inferSelect;
export type AidRow = typeof financialAidRequests.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// 'student': the privacy panel's reveals, exports and erasure (decision 064) show in the drawer's record too.
export const AUDIT_ENTITY = { decision: 'admission_decision', aid: 'financial_aid_request', privacy: 'student' } as const;

// Lists -------------------------------------------------------------------------------------------------------

export interface ApplicationFilter {
  batch?: string | undefined;
  stage?: AdmissionStage | undefined;
  schoolId?: number | undefined;
  schoolName?: string | undefined;
  stateId?: number | undefined;
  q?: string | undefined;
  /** With q: the keyed hash of q read as a full ID number (decision 064), matched beside name, phone and school. */
  idHash?: string | undefined;
}

const p = studentProfiles;
const d = admissionDecisions;

/** The stage as SQL conditions, in the same precedence as the domain's admissionStageOf. */
function stageCondition(stage: AdmissionStage): SQL {
  const unpaidTuition = isNull(p.tuitionPaidAt);
  switch (stage) {
    case 'tuition_paid':
      return isNotNull(p.tuitionPaidAt);
    case 'released':
      return and(unpaidTuition, isNotNull(d.releasedAt)) as SQL;
    case 'decided':
      return and(unpaidTuition, isNotNull(d.accountId), isNull(d.releasedAt)) as SQL;
    case 'submitted':
      return and(unpaidTuition, isNull(d.accountId), isNotNull(p.step2SubmittedAt)) as SQL;
    case 'paid':
      return and(unpaidTuition, isNull(d.accountId), isNull(p.step2SubmittedAt), isNotNull(p.applyPaidAt)) as SQL;
    case 'step1':
      return and(unpaidTuition, isNull(d.accountId), isNull(p.step2SubmittedAt), isNull(p.applyPaidAt)) as SQL;
  }
}

function applicationWhere(f: ApplicationFilter): SQL {
  const where: SQL[] = [isNotNull(p.step1SubmittedAt), eq(accounts.role, 'student')];
  if (f.batch) where.push(eq(applications.batch, f.batch));
  if (f.stage) where.push(stageCondition(f.stage));
  if (f.schoolId !== undefined) where.push(eq(p.schoolId, f.schoolId));
  if (f.schoolName) where.push(ilike(p.schoolName, likeContains(f.schoolName)));
  if (f.stateId !== undefined) where.push(eq(p.schoolStateId, f.stateId));
  if (f.q) {
    const pattern = likeContains(f.q);
    const byId: SQL[] = [];
    // ID numbers are sealed (decision 064): a full number matches by its hash, four characters by the clear tail.
    if (f.idHash) byId.push(sql`exists (select 1 from ${studentIdentity} where ${studentIdentity.accountId} = ${p.accountId} and ${studentIdentity.idNumberHash} = ${f.idHash})`);
    if (/^[0-9]{3}[0-9Xx]$/.test(f.q)) byId.push(sql`exists (select 1 from ${studentIdentity} where ${studentIdentity.accountId} = ${p.accountId} and ${studentIdentity.idNumberTail} = ${f.q.toUpperCase()})`);
    where.push(or(ilike(accounts.name, pattern), ilike(accounts.phone, pattern), ilike(p.schoolName, pattern), ...byId) as SQL);
  }
  return and(...where) as SQL;
}

const applicationColumns = {
  accountId: p.accountId,
  name: accounts.name,
  phoneCode: accounts.phoneCode,
  phone: accounts.phone,
  schoolName: p.schoolName,
  stateId: p.schoolStateId,
  batch: applications.batch,
  step1SubmittedAt: p.step1SubmittedAt,
  step2SubmittedAt: p.step2SubmittedAt,
  applyPaidAt: p.applyPaidAt,
  tuitionPaidAt: p.tuitionPaidAt,
  decision: d.decision,
  releasedAt: d.releasedAt,
};

/** One page of applications, newest submission first, and the total for the same filter. */
export async function listApplications(db: Db, f: ApplicationFilter, offset: number, limit: number) {
  const where = applicationWhere(f);
  const rows = await db
    .select(applicationColumns)
    .from(p)
    .innerJoin(accounts, eq(accounts.id, p.accountId))
    .leftJoin(applications, eq(applications.accountId, p.accountId))
    .leftJoin(d, eq(d.accountId, p.accountId))
    .where(where)
    .orderBy(desc(sql`coalesce(${p.step2SubmittedAt}, ${p.step1SubmittedAt})`), desc(p.accountId))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(p)
    .innerJoin(accounts, eq(accounts.id, p.accountId))
    .leftJoin(applications, eq(applications.accountId, p.accountId))
    .leftJoin(d, eq(d.accountId, p.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The export's batches (decisions 065, 066): the list's filter, in student id order after `after` (keyset). */
export function applicationKeysetPage(db: Db, f: ApplicationFilter, after: number, limit: number) {
  return db
    .select(applicationColumns)
    .from(p)
    .innerJoin(accounts, eq(accounts.id, p.accountId))
    .leftJoin(applications, eq(applications.accountId, p.accountId))
    .leftJoin(d, eq(d.accountId, p.accountId))
    .where(and(applicationWhere(f), gt(p.accountId, after)))
    .orderBy(asc(p.accountId))
    .limit(limit);
}

const aidColumns = {
  aid: financialAidRequests,
  name: accounts.name,
  phone: accounts.phone,
  schoolName: p.schoolName,
  tuitionPaidAt: p.tuitionPaidAt,
};

export function aidKeysetPage(db: Db, status: FinancialAidStatus | undefined, after: number, limit: number) {
  return db
    .select(aidColumns)
    .from(financialAidRequests)
    .innerJoin(accounts, eq(accounts.id, financialAidRequests.accountId))
    .leftJoin(p, eq(p.accountId, financialAidRequests.accountId))
    .where(and(status ? eq(financialAidRequests.status, status) : undefined, gt(financialAidRequests.accountId, after)))
    .orderBy(asc(financialAidRequests.accountId))
    .limit(limit);
}

export async function listAidRequests(db: Db, status: FinancialAidStatus | undefined, offset: number, limit: number) {
  const where = status ? eq(financialAidRequests.status, status) : undefined;
  const rows = await db
    .select(aidColumns)
    .from(financialAidRequests)
    .innerJoin(accounts, eq(accounts.id, financialAidRequests.accountId))
    .leftJoin(p, eq(p.accountId, financialAidRequests.accountId))
    .where(where)
    .orderBy(desc(financialAidRequests.createdAt), desc(financialAidRequests.accountId))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(financialAidRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

// Detail ------------------------------------------------------------------------------------------------------

export async function findApplicationDetail(db: Db, accountId: number) {
  const [row] = await db
    .select({ account: accounts, profile: p, application: applications, decision: d, aid: financialAidRequests })
    .from(p)
    .innerJoin(accounts, eq(accounts.id, p.accountId))
    .leftJoin(applications, eq(applications.accountId, p.accountId))
    .leftJoin(d, eq(d.accountId, p.accountId))
    .leftJoin(financialAidRequests, eq(financialAidRequests.accountId, p.accountId))
    .where(and(eq(p.accountId, accountId), eq(accounts.role, 'student')))
    .limit(1);
  if (!row) return undefined;
  const orders = await db
    .select({
      orderNo: paymentOrders.orderNo,
      purpose: paymentOrders.purpose,
      amountFen: paymentOrders.amountFen,
      currency: paymentOrders.currency,
      status: paymentOrders.status,
      provider: paymentOrders.provider,
      channel: paymentOrders.channel,
      payer: paymentOrders.payer,
      createdAt: paymentOrders.createdAt,
      paidAt: paymentOrders.paidAt,
    })
    .from(paymentOrders)
    .where(eq(paymentOrders.accountId, accountId))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(100);
  const actor = sql<string | null>`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${auditLog.actorId})`;
  const audit = await db
    .select({ id: auditLog.id, action: auditLog.action, actorId: auditLog.actorId, actorName: actor, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(inArray(auditLog.entity, Object.values(AUDIT_ENTITY)), eq(auditLog.entityId, String(accountId))))
    .orderBy(desc(auditLog.id))
    .limit(200);
  return { ...row, orders, audit };
}

// Writes ------------------------------------------------------------------------------------------------------

export interface Subject {
  accountId: number;
  step2SubmittedAt: Date | null;
  tuitionPaidAt: Date | null;
  decision: DecisionRow | null;
}

/** Locks the students' profile rows (in id order, so concurrent bulk releases cannot deadlock). */
async function lockSubjects(tx: Tx, ids: number[]): Promise<Map<number, Subject>> {
  const profiles = await tx
    .select({ accountId: p.accountId, step2SubmittedAt: p.step2SubmittedAt, tuitionPaidAt: p.tuitionPaidAt })
    .from(p)
    .innerJoin(accounts, eq(accounts.id, p.accountId))
    .where(and(inArray(p.accountId, ids), eq(accounts.role, 'student')))
    .orderBy(p.accountId)
    .for('update', { of: p });
  const decisions = profiles.length ? await tx.select().from(d).where(inArray(d.accountId, profiles.map((r) => r.accountId))) : [];
  const byId = new Map(decisions.map((r) => [r.accountId, r]));
  return new Map(profiles.map((r) => [r.accountId, { ...r, decision: byId.get(r.accountId) ?? null }]));
}

/** What the audit log keeps of a decision. */
export function decisionSnapshot(r: DecisionRow | null) {
  if (!r) return null;
  return {
    decision: r.decision,
    place_name: r.placeName,
    professional_track: r.professionalTrack,
    note: r.note,
    released_at: r.releasedAt?.toISOString() ?? null,
    letter_no: r.letterNo,
  };
}

async function audit(tx: Tx, a: { actorId: number | null; action: string; entity: string; accountId: number; before: unknown; after: unknown; now: Date }) {
  await tx.insert(auditLog).values({ actorId: a.actorId, action: a.action, entity: a.entity, entityId: String(a.accountId), before: a.before, after: a.after, createdAt: a.now });
}

/** The offer mirror on student_profiles (docs/product/data.md offer_letter: null none, 0 drafted, 1 released). */
async function mirrorOffer(tx: Tx, accountId: number, r: Pick<DecisionRow, 'decision' | 'placeName' | 'professionalTrack'> | null, released: boolean, now: Date) {
  const offer = r?.decision === 'offer';
  await tx
    .update(p)
    .set({
      offerLetter: offer ? (released ? 1 : 0) : null,
      offerCreatedAt: offer && released ? now : null,
      placeName: offer ? r.placeName : null,
      professionalTrack: offer ? r.professionalTrack : null,
      updatedAt: now,
    })
    .where(eq(p.accountId, accountId));
}

export interface WriteMeta {
  accountId: number;
  /** Null for the platform itself (the overdue job releasing a place, decision 072). */
  actorId: number | null;
  now: Date;
  /** Throws (an AppError) when the rule refuses; runs on the locked rows. */
  check: (s: Subject | null) => void;
}

export async function saveDraftDecision(
  db: Db,
  m: WriteMeta,
  v: { decision: DecisionRow['decision']; placeName: string | null; professionalTrack: string | null; note: string | null },
): Promise<DecisionRow> {
  return db.transaction(async (tx) => {
    const subject = (await lockSubjects(tx, [m.accountId])).get(m.accountId) ?? null;
    m.check(subject);
    const set = { decision: v.decision, placeName: v.placeName, professionalTrack: v.professionalTrack, note: v.note, decidedBy: m.actorId, decidedAt: m.now, updatedAt: m.now };
    const [row] = await tx
      .insert(d)
      .values({ accountId: m.accountId, ...set })
      .onConflictDoUpdate({ target: d.accountId, set })
      .returning();
    if (!row) throw new Error('decision not saved');
    await mirrorOffer(tx, m.accountId, row, false, m.now);
    await audit(tx, { actorId: m.actorId, action: 'admission.decision.save', entity: AUDIT_ENTITY.decision, accountId: m.accountId, before: decisionSnapshot(subject?.decision ?? null), after: decisionSnapshot(row), now: m.now });
    return row;
  });
}

export async function deleteDraftDecision(db: Db, m: WriteMeta): Promise<void> {
  await db.transaction(async (tx) => {
    const subject = (await lockSubjects(tx, [m.accountId])).get(m.accountId) ?? null;
    m.check(subject);
    await tx.delete(d).where(and(eq(d.accountId, m.accountId), isNull(d.releasedAt)));
    await mirrorOffer(tx, m.accountId, null, false, m.now);
    await audit(tx, { actorId: m.actorId, action: 'admission.decision.delete', entity: AUDIT_ENTITY.decision, accountId: m.accountId, before: decisionSnapshot(subject?.decision ?? null), after: null, now: m.now });
  });
}

/** Back to draft. The verify code stays on the row, so an old letter's verification now reads "not valid". */
export async function withdrawDecision(db: Db, m: WriteMeta): Promise<DecisionRow> {
  return db.transaction(async (tx) => {
    const subject = (await lockSubjects(tx, [m.accountId])).get(m.accountId) ?? null;
    m.check(subject);
    const [row] = await tx.update(d).set({ releasedAt: null, releasedBy: null, updatedAt: m.now }).where(eq(d.accountId, m.accountId)).returning();
    if (!row) throw new Error('decision not withdrawn');
    await mirrorOffer(tx, m.accountId, row, false, m.now);
    await audit(tx, { actorId: m.actorId, action: 'admission.decision.withdraw', entity: AUDIT_ENTITY.decision, accountId: m.accountId, before: decisionSnapshot(subject?.decision ?? null), after: decisionSnapshot(row), now: m.now });
    return row;
  });
}

export interface ReleaseMeta {
  ids: number[];
  actorId: number;
  now: Date;
  /** The skip reason for a subject, or null to release it. */
  skipReason: (s: Subject | null) => string | null;
  newVerifyCode: () => string;
  letterNo: (accountId: number) => string;
}

/** Releases every releasable draft among `ids` in ONE transaction; the rest come back with a reason. */
export async function releaseDecisions(
  db: Db,
  m: ReleaseMeta,
): Promise<{ released: number[]; skipped: Array<{ userId: number; reason: string }>; notificationIds: number[] }> {
  return db.transaction(async (tx) => {
    const subjects = await lockSubjects(tx, m.ids);
    const released: number[] = [];
    const notificationIds: number[] = [];
    const skipped: Array<{ userId: number; reason: string }> = [];
    for (const id of m.ids) {
      const subject = subjects.get(id) ?? null;
      const reason = m.skipReason(subject);
      if (reason || !subject?.decision) {
        skipped.push({ userId: id, reason: reason ?? 'no_decision' });
        continue;
      }
      const before = subject.decision;
      const offer = before.decision === 'offer';
      const [row] = await tx
        .update(d)
        .set({
          releasedAt: m.now,
          releasedBy: m.actorId,
          // A fresh code per release: a letter from before a withdrawal stays invalid.
          verifyCode: offer ? m.newVerifyCode() : before.verifyCode,
          letterNo: offer ? (before.letterNo ?? m.letterNo(id)) : before.letterNo,
          updatedAt: m.now,
        })
        .where(eq(d.accountId, id))
        .returning();
      if (!row) throw new Error('decision not released');
      await mirrorOffer(tx, id, row, true, m.now);
      await audit(tx, { actorId: m.actorId, action: 'admission.decision.release', entity: AUDIT_ENTITY.decision, accountId: id, before: decisionSnapshot(before), after: decisionSnapshot(row), now: m.now });
      // One SMS per release (a re-release after a withdrawal is news again), written with the release itself.
      const sms = await enqueueNotification(tx, { eventKey: `decision_released:${id}:${m.now.getTime()}`, kind: 'decision_released', accountId: id, now: m.now });
      if (sms !== null) notificationIds.push(sms);
      released.push(id);
    }
    return { released, skipped, notificationIds };
  });
}

export function aidSnapshot(r: AidRow | null) {
  return r ? { status: r.status, granted_fen: r.grantedFen } : null;
}

export async function decideAid(
  db: Db,
  m: { accountId: number; actorId: number; now: Date; check: (aid: AidRow | null, tuitionPaid: boolean) => void },
  v: { status: 'granted' | 'declined'; grantedFen: number },
): Promise<AidRow> {
  return db.transaction(async (tx) => {
    // Same lock order as the decision writes: the profile row first, then the request.
    const [profile] = await tx.select({ tuitionPaidAt: p.tuitionPaidAt }).from(p).where(eq(p.accountId, m.accountId)).for('update');
    const [aid] = await tx.select().from(financialAidRequests).where(eq(financialAidRequests.accountId, m.accountId)).for('update');
    m.check(aid ?? null, profile?.tuitionPaidAt != null);
    const [row] = await tx
      .update(financialAidRequests)
      .set({ status: v.status, grantedFen: v.grantedFen, decidedBy: m.actorId, decidedAt: m.now, updatedAt: m.now })
      .where(eq(financialAidRequests.accountId, m.accountId))
      .returning();
    if (!row) throw new Error('aid not decided');
    await audit(tx, { actorId: m.actorId, action: 'financial_aid.decide', entity: AUDIT_ENTITY.aid, accountId: m.accountId, before: aidSnapshot(aid ?? null), after: aidSnapshot(row), now: m.now });
    return row;
  });
}

export async function findAidItem(db: Db, accountId: number) {
  const [row] = await db
    .select({ aid: financialAidRequests, name: accounts.name, phone: accounts.phone, schoolName: p.schoolName, tuitionPaidAt: p.tuitionPaidAt })
    .from(financialAidRequests)
    .innerJoin(accounts, eq(accounts.id, financialAidRequests.accountId))
    .leftJoin(p, eq(p.accountId, financialAidRequests.accountId))
    .where(eq(financialAidRequests.accountId, accountId))
    .limit(1);
  return row;
}

/** The application fee is paid (inside the money transaction): the first payment stamps the profile. */
export async function stampApplyFeePaid(tx: Tx, accountId: number, at: Date, now: Date): Promise<void> {
  await tx
    .update(studentProfiles)
    .set({ applyPaidAt: at, updatedAt: now })
    .where(and(eq(studentProfiles.accountId, accountId), isNull(studentProfiles.applyPaidAt)));
}
