import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIVE_REFUND_STATUSES, type RefundStatus } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { recordAudit } from '../audit/audit-write.ts';

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewRefund = typeof paymentRefunds.$inferInsert;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A refund with what the admin pages show beside it (order, student, who asked, who approved). */
export interface RefundListRow {
  refund: RefundRow;
  orderNo: string;
  purpose: (typeof paymentOrders.$inferSelect)['purpose'];
  payer: (typeof paymentOrders.$inferSelect)['payer'];
  studentName: string;
  requestedByName: string | null;
  approvedByName: string | null;
}

const requester = alias(accounts, 'refund_requester');
const approver = alias(accounts, 'refund_approver');

function listSelect(db: Db) {
  return db
    .select({
      refund: paymentRefunds,
      orderNo: paymentOrders.orderNo,
      purpose: paymentOrders.purpose,
      payer: paymentOrders.payer,
      studentName: accounts.name,
      requestedByName: requester.name,
      approvedByName: approver.name,
    })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
    .innerJoin(accounts, eq(accounts.id, paymentRefunds.accountId))
    .leftJoin(requester, eq(requester.id, paymentRefunds.requestedBy))
    .leftJoin(approver, eq(approver.id, paymentRefunds.approvedBy));
}

export async function listRefunds(db: Db, q: { status?: RefundStatus; accountId?: number; limit: number; offset: number }): Promise<{ total: number; rows: RefundListRow[] }> {
  const where = and(q.status ? eq(paymentRefunds.status, q.status) : undefined, q.accountId ? eq(paymentRefunds.accountId, q.accountId) : undefined);
  const [total] = await db.select({ n: count() }).from(paymentRefunds).where(where);
  const rows = await listSelect(db).where(where).orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id)).limit(q.limit).offset(q.offset);
  return { total: total?.n ?? 0, rows };
}

export async function findRefundView(db: Db, refundNo: string): Promise<RefundListRow | undefined> {
  const rows = await listSelect(db).where(eq(paymentRefunds.refundNo, refundNo)).limit(1);
  return rows[0];
}

export async function findRefundByNo(db: Db | Tx, refundNo: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo)).limit(1);
  return rows[0];
}

export async function findRefundByIdempotencyKey(db: Db | Tx, key: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key)).limit(1);
  return rows[0];
}

/** A double submit without a key: the same admin's identical live request on the order within the window (decision 092). */
export async function findRecentSameRefund(db: Db | Tx, w: { orderId: number; amountFen: number; reason: string; requestedBy: number; since: Date }): Promise<RefundRow | undefined> {
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.orderId, w.orderId),
        eq(paymentRefunds.amountFen, w.amountFen),
        eq(paymentRefunds.reason, w.reason),
        eq(paymentRefunds.requestedBy, w.requestedBy),
        inArray(paymentRefunds.status, [...LIVE_REFUND_STATUSES]),
        sql`${paymentRefunds.createdAt} >= ${w.since}`,
      ),
    )
    .orderBy(desc(paymentRefunds.id))
    .limit(1);
  return rows[0];
}

/** The order row, locked until the transaction ends: every refund of one order is decided one at a time. */
export async function lockOrderByNo(tx: Tx, orderNo: string) {
  const rows = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).for('update');
  return rows[0];
}

export async function lockOrderById(tx: Tx, id: number) {
  const rows = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
  return rows[0];
}

/** Sum of the order's refunds that took or may still take money back. */
export async function sumLiveRefunds(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ fen: sql<string | number | null>`coalesce(sum(${paymentRefunds.amountFen}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderId, orderId), inArray(paymentRefunds.status, [...LIVE_REFUND_STATUSES])));
  return Number(row?.fen ?? 0);
}

/** Live refund sums for several orders at once (the student page). */
export async function liveRefundsByOrder(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: paymentRefunds.orderId, fen: sql<string | number>`sum(${paymentRefunds.amountFen})` })
    .from(paymentRefunds)
    .where(and(inArray(paymentRefunds.orderId, orderIds), inArray(paymentRefunds.status, [...LIVE_REFUND_STATUSES])))
    .groupBy(paymentRefunds.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.fen)]));
}

export async function insertRefund(tx: Tx, values: NewRefund): Promise<RefundRow> {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

/** The student's orders that took money (paid or refunded), newest first. */
export async function listMoneyOrders(db: Db, accountId: number) {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), inArray(paymentOrders.status, ['paid', 'refunded'])))
    .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id));
}

export async function findAccountRole(db: Db, accountId: number): Promise<{ id: number; role: string; name: string } | undefined> {
  const rows = await db.select({ id: accounts.id, role: accounts.role, name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return rows[0];
}

/**
 * requested → processing, only for a refund that may be sent (no approval needed, or approved): the one
 * conditional update that decides which caller sends it.
 */
export async function claimForSubmit(db: Db, refundId: number, now: Date): Promise<RefundRow | undefined> {
  const rows = await db
    .update(paymentRefunds)
    .set({ status: 'processing', submittedAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentRefunds.id, refundId),
        eq(paymentRefunds.status, 'requested'),
        or(eq(paymentRefunds.approvalRequired, false), isNotNull(paymentRefunds.approvedBy)),
      ),
    )
    .returning();
  return rows[0];
}

export async function saveProviderRefundNo(db: Db, refundId: number, providerRefundNo: string, now: Date): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ providerRefundNo, updatedAt: now })
    .where(and(eq(paymentRefunds.id, refundId), isNull(paymentRefunds.providerRefundNo)));
}

/** For the reconciler: refunds processing since before `before`, and sendable requests never sent. */
export async function listStaleRefunds(db: Db, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(
      or(
        and(eq(paymentRefunds.status, 'processing'), lt(paymentRefunds.updatedAt, before)),
        and(
          eq(paymentRefunds.status, 'requested'),
          lt(paymentRefunds.updatedAt, before),
          or(eq(paymentRefunds.approvalRequired, false), isNotNull(paymentRefunds.approvedBy)),
        ),
      ),
    )
    .orderBy(asc(paymentRefunds.updatedAt))
    .limit(limit);
}

/** Touches a refund the reconciler asked about, so it is asked again only after another interval. */
export async function touchRefund(db: Db, refundId: number, now: Date): Promise<void> {
  await db.update(paymentRefunds).set({ updatedAt: now }).where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'processing')));
}

interface RefundDecision {
  refund: Pick<RefundRow, 'id' | 'refundNo' | 'status' | 'requestedBy' | 'amountFen'>;
  actorId: number;
  now: Date;
}

/**
 * A second admin approves a request still waiting for approval, with its audit row; false when it no longer
 * waits. `UPDATE … WHERE status = 'requested' AND approved_by IS NULL`: a concurrent approval or rejection that
 * committed first makes this one match nothing (PostgreSQL re-checks the row after waiting on its lock).
 */
export async function approveRefundAudited(db: Db, d: RefundDecision): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(paymentRefunds)
      .set({ approvedBy: d.actorId, approvedAt: d.now, updatedAt: d.now })
      .where(and(eq(paymentRefunds.id, d.refund.id), eq(paymentRefunds.status, 'requested'), eq(paymentRefunds.approvalRequired, true), isNull(paymentRefunds.approvedBy)))
      .returning({ id: paymentRefunds.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, {
      actorId: d.actorId,
      action: 'refund.approve',
      entity: 'payment_refund',
      entityId: d.refund.refundNo,
      before: { status: d.refund.status, requested_by: d.refund.requestedBy },
      after: { status: 'requested', approved_by: d.actorId, amount_fen: d.refund.amountFen },
      now: d.now,
    });
    return true;
  });
}

/** Ends a request waiting for approval (nothing was sent), with its audit row; false when it no longer waits (same conditional update as approval). */
export async function rejectRefundAudited(db: Db, d: RefundDecision & { reason: string | undefined }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(paymentRefunds)
      .set({ status: 'rejected', approvedBy: d.actorId, approvedAt: d.now, failureReason: d.reason ? `驳回：${d.reason}` : '驳回', updatedAt: d.now })
      .where(and(eq(paymentRefunds.id, d.refund.id), eq(paymentRefunds.status, 'requested'), isNull(paymentRefunds.approvedBy)))
      .returning({ id: paymentRefunds.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, {
      actorId: d.actorId,
      action: 'refund.reject',
      entity: 'payment_refund',
      entityId: d.refund.refundNo,
      before: { status: d.refund.status, amount_fen: d.refund.amountFen },
      after: { status: 'rejected', reason: d.reason ?? null },
      now: d.now,
    });
    return true;
  });
}
