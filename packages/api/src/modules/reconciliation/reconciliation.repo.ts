import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { ReconMismatchQuery, ReconRunListQuery, ReconTrigger } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { reconciliationMismatches, reconciliationRuns } from '../../db/schema-reconciliation.ts';
import { recordAudit } from '../audit/audit-write.ts';
import type { ComparisonTotals, FoundMismatch, KnownElsewhere, OurPayment, OurRefund } from './reconciliation-compare.ts';

export type ReconRunRow = typeof reconciliationRuns.$inferSelect;
export type ReconMismatchRow = typeof reconciliationMismatches.$inferSelect;

/** Orders of one gateway paid in [start, end): refunded ones too, the money came in that day. */
export async function listOurPayments(db: Db, gateway: string, start: Date, end: Date): Promise<OurPayment[]> {
  return db
    .select({ orderNo: paymentOrders.orderNo, amountFen: paymentOrders.amountFen, currency: paymentOrders.currency, providerTradeNo: paymentOrders.providerTradeNo })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.gateway, gateway as never), isNotNull(paymentOrders.paidAt), gte(paymentOrders.paidAt, start), lt(paymentOrders.paidAt, end)))
    .orderBy(paymentOrders.paidAt);
}

/** Refunds of that gateway's orders that succeeded in [start, end). */
export async function listOurRefunds(db: Db, gateway: string, start: Date, end: Date): Promise<OurRefund[]> {
  return db
    .select({ refundNo: paymentRefunds.refundNo, orderNo: paymentOrders.orderNo, amountFen: paymentRefunds.amountFen, currency: paymentRefunds.currency })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
    .where(and(eq(paymentOrders.gateway, gateway as never), eq(paymentRefunds.status, 'succeeded'), isNotNull(paymentRefunds.succeededAt), gte(paymentRefunds.succeededAt, start), lt(paymentRefunds.succeededAt, end)))
    .orderBy(paymentRefunds.succeededAt);
}

/** What we hold about the orders and refunds a bill names. */
export async function lookUpElsewhere(db: Db, orderNos: string[], refundNos: string[]): Promise<KnownElsewhere> {
  const orders = new Map<string, { status: string; paid: boolean }>();
  const refunds = new Map<string, { status: string; orderNo: string }>();
  for (let i = 0; i < orderNos.length; i += 500) {
    const rows = await db
      .select({ orderNo: paymentOrders.orderNo, status: paymentOrders.status, paidAt: paymentOrders.paidAt })
      .from(paymentOrders)
      .where(inArray(paymentOrders.orderNo, orderNos.slice(i, i + 500)));
    for (const r of rows) orders.set(r.orderNo, { status: r.status, paid: r.paidAt !== null });
  }
  for (let i = 0; i < refundNos.length; i += 500) {
    const rows = await db
      .select({ refundNo: paymentRefunds.refundNo, status: paymentRefunds.status, orderNo: paymentOrders.orderNo })
      .from(paymentRefunds)
      .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
      .where(inArray(paymentRefunds.refundNo, refundNos.slice(i, i + 500)));
    for (const r of rows) refunds.set(r.refundNo, { status: r.status, orderNo: r.orderNo });
  }
  return { orders, refunds };
}

/** Starts a run; an admin's run writes its audit row in the same transaction. */
export async function insertRun(db: Db, input: { day: string; gateway: string; trigger: ReconTrigger; actorId: number | null; now: Date }): Promise<ReconRunRow> {
  return db.transaction(async (tx) => {
    const [run] = await tx.insert(reconciliationRuns).values({ day: input.day, gateway: input.gateway, trigger: input.trigger, requestedBy: input.actorId, startedAt: input.now }).returning();
    if (!run) throw new Error('reconciliation run not inserted');
    if (input.trigger === 'admin') {
      await recordAudit(tx, { actorId: input.actorId, action: 'reconciliation.run', entity: 'reconciliation_run', entityId: run.id, after: { day: input.day, gateway: input.gateway }, now: input.now });
    }
    return run;
  });
}

/**
 * Ends a run with what it found. Notes an admin wrote on the same disagreement in an earlier run of the day are
 * carried over, so a re-run does not lose the explanation.
 */
export async function finishRun(db: Db, runId: number, totals: ComparisonTotals, mismatches: FoundMismatch[], now: Date): Promise<ReconRunRow> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .update(reconciliationRuns)
      .set({ ...totals, status: 'succeeded', mismatchCount: mismatches.length, finishedAt: now })
      .where(eq(reconciliationRuns.id, runId))
      .returning();
    if (!run) throw new Error(`reconciliation run ${runId} vanished`);
    if (mismatches.length > 0) {
      const noted = await tx
        .select()
        .from(reconciliationMismatches)
        .where(and(eq(reconciliationMismatches.day, run.day), eq(reconciliationMismatches.gateway, run.gateway), isNotNull(reconciliationMismatches.note)))
        .orderBy(desc(reconciliationMismatches.notedAt));
      const keyOf = (m: { kind: string; orderNo: string; refundNo: string | null }) => `${m.kind}|${m.orderNo}|${m.refundNo ?? ''}`;
      const notes = new Map<string, ReconMismatchRow>();
      for (const n of noted) if (!notes.has(keyOf(n))) notes.set(keyOf(n), n);
      for (let i = 0; i < mismatches.length; i += 500) {
        await tx.insert(reconciliationMismatches).values(
          mismatches.slice(i, i + 500).map((m) => {
            const earlier = notes.get(keyOf(m));
            return { ...m, runId, day: run.day, gateway: run.gateway, note: earlier?.note ?? null, notedBy: earlier?.notedBy ?? null, notedAt: earlier?.notedAt ?? null, createdAt: now };
          }),
        );
      }
    }
    return run;
  });
}

export async function failRun(db: Db, runId: number, reason: string, now: Date): Promise<ReconRunRow> {
  const [run] = await db.update(reconciliationRuns).set({ status: 'failed', failureReason: reason.slice(0, 1000), finishedAt: now }).where(eq(reconciliationRuns.id, runId)).returning();
  if (!run) throw new Error(`reconciliation run ${runId} vanished`);
  return run;
}

/** The latest run of each day and gateway. */
const latestRunIds = sql`(select max(${reconciliationRuns.id}) from ${reconciliationRuns} group by ${reconciliationRuns.day}, ${reconciliationRuns.gateway})`;

export async function listRuns(db: Db, q: ReconRunListQuery, limit = 200): Promise<Array<ReconRunRow & { latest: boolean }>> {
  const where: SQL[] = [];
  if (q.from) where.push(gte(reconciliationRuns.day, q.from));
  if (q.to) where.push(lte(reconciliationRuns.day, q.to));
  if (q.gateway) where.push(eq(reconciliationRuns.gateway, q.gateway));
  return db
    .select({ run: reconciliationRuns, latest: sql<boolean>`${reconciliationRuns.id} in ${latestRunIds}` })
    .from(reconciliationRuns)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(reconciliationRuns.day), desc(reconciliationRuns.id))
    .limit(limit)
    .then((rows) => rows.map((r) => ({ ...r.run, latest: Boolean(r.latest) })));
}

export async function findLatestRun(db: Db, day: string, gateway: string): Promise<ReconRunRow | undefined> {
  const rows = await db
    .select()
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.day, day), eq(reconciliationRuns.gateway, gateway)))
    .orderBy(desc(reconciliationRuns.id))
    .limit(1);
  return rows[0];
}

function mismatchWhere(q: ReconMismatchQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.run_id) where.push(eq(reconciliationMismatches.runId, q.run_id));
  else where.push(sql`${reconciliationMismatches.runId} in ${latestRunIds}`);
  if (q.from) where.push(gte(reconciliationMismatches.day, q.from));
  if (q.to) where.push(lte(reconciliationMismatches.day, q.to));
  if (q.gateway) where.push(eq(reconciliationMismatches.gateway, q.gateway));
  if (q.kind) where.push(eq(reconciliationMismatches.kind, q.kind));
  if (q.resolved === 'yes') where.push(isNotNull(reconciliationMismatches.note));
  if (q.resolved === 'no') where.push(isNull(reconciliationMismatches.note));
  return and(...where);
}

export type MismatchListRow = ReconMismatchRow & { notedByName: string | null; orderPaid: boolean };

export async function listMismatches(db: Db, q: ReconMismatchQuery, page: { limit: number; afterId?: number }): Promise<MismatchListRow[]> {
  const rows = await db
    .select({ m: reconciliationMismatches, notedByName: accounts.name, orderPaidAt: paymentOrders.paidAt })
    .from(reconciliationMismatches)
    .leftJoin(accounts, eq(accounts.id, reconciliationMismatches.notedBy))
    .leftJoin(paymentOrders, eq(paymentOrders.orderNo, reconciliationMismatches.orderNo))
    .where(and(mismatchWhere(q), page.afterId ? lt(reconciliationMismatches.id, page.afterId) : undefined))
    .orderBy(desc(reconciliationMismatches.day), desc(reconciliationMismatches.id))
    .limit(page.limit);
  return rows.map((r) => ({ ...r.m, notedByName: r.notedByName, orderPaid: r.orderPaidAt !== null }));
}

export async function countMismatches(db: Db, q: ReconMismatchQuery): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reconciliationMismatches).where(mismatchWhere(q));
  return Number(row?.n ?? 0);
}

/** Writes the note and its audit row together. */
export async function noteMismatch(db: Db, input: { id: number; note: string; actorId: number; now: Date }): Promise<ReconMismatchRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reconciliationMismatches).where(eq(reconciliationMismatches.id, input.id)).for('update');
    if (!before) return undefined;
    const [after] = await tx
      .update(reconciliationMismatches)
      .set({ note: input.note, notedBy: input.actorId, notedAt: input.now })
      .where(eq(reconciliationMismatches.id, input.id))
      .returning();
    await recordAudit(tx, { actorId: input.actorId, action: 'reconciliation.mismatch.note', entity: 'reconciliation_mismatch', entityId: input.id, before: { note: before.note }, after: { note: input.note }, now: input.now });
    return after;
  });
}
